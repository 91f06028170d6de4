// The local analyst's sentences in Italian. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'conteggio',
  count_distinct: 'conteggio dei valori distinti',
  sum: 'somma',
  avg: 'media',
  min: 'minimo',
  max: 'massimo',
  number: 'calcolato',
};

export default {
  comma: ', ',
  ...lists('it'),
  quote: (text) => `«${text}»`,
  inline: (title) => title,

  askSomething: 'Fammi una domanda sui tuoi dati, in inglese, per esempio «revenue by region last year».',
  looking: 'Cerco i dati che corrispondono alla domanda. ',
  willQuery: (reading) => `Interrogherò: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` per ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Non sono riuscito a eseguire la query: ${error}`,
  valuesUnread: (sources, error) =>
    `Non sono riuscito a leggere i valori di ${sources} (${error}), quindi forse non ho riconosciuto un valore che lì nomina.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `diviso per ${count}`,
  shareOf: (whole) => `come quota di ${whole}`,
  by: (groups) => `per ${groups}`,
  byWeekday: 'per giorno della settimana',
  byHour: 'per ora del giorno',
  per: { day: 'al giorno', week: 'alla settimana', month: 'al mese', quarter: 'al trimestre', year: 'all’anno' },
  weekdays: ['il lunedì', 'il martedì', 'il mercoledì', 'il giovedì', 'il venerdì', 'il sabato', 'la domenica'],
  onDays: (days) => `solo ${days}`,
  forRange: (field, range) => `per ${field} ${range}`,
  hasDate: (field) => `con ${field} valorizzato`,
  where: (conditions) => `con ${conditions}`,
  keeping: (conditions) => `tenendo i gruppi con ${conditions}`,
  top: (n) => `i primi ${n}`,
  bottom: (n) => `gli ultimi ${n}`,
  highestFirst: 'dal più alto al più basso',
  lowestFirst: 'dal più basso al più alto',
  comparing: (x, y) => `confrontando ${x} con ${y}`,
  shareWhere: (conditions) => `come quota con ${conditions}`,
  shareOfTotal: 'come quota di ciascuno sul totale',
  reading: (parts, source) => `${parts.join(', ')}, da ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `non ${field}`,
  isUnset: (field) => `${field} non registrato`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: non ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `dal ${from} al ${to}`,
  rangeFrom: (from) => `dal ${from}`,
  rangeUpTo: (to) => `fino al ${to}`,

  measured: (reading) => `Ho misurato: ${reading}`,
  noRows: 'Nessuna riga corrisponde: il risultato è vuoto, quindi non c’è alcun numero da riportare.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. La differenza (${y} meno ${x}) è **${difference}**, ${percentage}.`,
  noPercentage: 'nessuna percentuale (il primo valore è zero)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} su ${total}.`,
  single: (value) => `Il risultato è **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'periodo' : 'periodi'}:`,
  lowest: (label, value) => `Il più basso: **${label}** con **${value}**.`,
  highest: (label, value) => `Il più alto: **${label}** con **${value}**.`,
  showing: (shown, total) => `Sono mostrate ${shown} righe su ${total}.`,
  shareAxis: (measure) => `Quota di ${measure} (%)`,

  noSources: 'Non ho trovato dati a cui hai accesso, quindi non posso rispondere.',
  whichValue: (words, fields) => `Non so quale ${words} intendi: è un valore di ${fields}.`,
  whichBreakdown: (fields) => `Non so quale suddivisione intendi: ${fields}. Indicane una.`,
  whichColumn: (words, fields) => `Non so a quale colonna si riferisce ${words}: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Non so quale numero vuoi: ${words} non ${count > 1 ? 'corrispondono' : 'corrisponde'} a nulla in **${source}**. Posso rispondere su ${measures}${dimensions ? `, per ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Non ho trovato ${words} in **${source}**: nessun valore di ${dimensions} è scritto così.`,
  noMeasure: (source, measures, agg) =>
    `Non ho trovato in **${source}** alcuna misura${agg ? ` (${AGG[agg]})` : ''} per questa domanda. Contiene: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `Il modello non ha una misura «${AGG[agg]}» di ${fields}. Misure disponibili: ${measures}.`,
  whichMeasure: (fields) => `Non so quale misura intendi: ${fields}. Dimmi quale.`,
  compareWhat: (value) => `Non so con cosa confrontare ${value}: indica una colonna o una suddivisione («by …»).`,
  whichDate: (fields) => `Non so quale data intendi: ${fields}. Indicane una.`,
  noDate: (source) => `Non posso applicare le date: **${source}** non ha nessuna data per filtrare o raggruppare.`,
  rankWhat: (limit, measure) =>
    `Non so cosa classificare: di’ di cosa vuoi i primi ${limit} (per esempio «top ${limit} … by ${measure}»).`,
  twoPeriodsBroken:
    'Non posso confrontare due periodi suddivisi: chiedi i due totali, oppure un solo periodo per gruppo.',
  shareOfWhat: 'Non so di cosa calcolare la quota: indica la parte (un valore, come uno stato) o una suddivisione.',
  notShareable: (measure) => `Non posso suddividere ${measure} in quote: non è né un conteggio né una somma.`,
  whichData: (options) => `Non so a quali dati ti riferisci: ${options}.`,
  measureIn: (measure, source) => `**${measure}** in ${source}`,
} satisfies PhraseBook;
