// The local analyst's sentences in German. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'Anzahl',
  count_distinct: 'Anzahl verschiedener Werte',
  sum: 'Summe',
  avg: 'Durchschnitt',
  min: 'Minimum',
  max: 'Maximum',
  number: 'berechnet',
};

export default {
  comma: ', ',
  ...lists('de'),
  quote: (text) => `„${text}“`,
  inline: (title) => title,

  askSomething: 'Stellen Sie mir eine Frage zu Ihren Daten – auf Englisch, zum Beispiel „revenue by region last year“.',
  looking: 'Ich suche die Daten, die zur Frage passen. ',
  willQuery: (reading) => `Ich frage ab: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` nach ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Ich konnte die Abfrage nicht ausführen: ${error}`,
  valuesUnread: (sources, error) =>
    `Ich konnte die Werte von ${sources} nicht lesen (${error}); ein Wert, den Sie dort nennen, ist mir darum vielleicht entgangen.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `geteilt durch ${count}`,
  shareOf: (whole) => `als Anteil an ${whole}`,
  by: (groups) => `nach ${groups}`,
  byWeekday: 'nach Wochentag',
  byHour: 'nach Tagesstunde',
  per: { day: 'pro Tag', week: 'pro Woche', month: 'pro Monat', quarter: 'pro Quartal', year: 'pro Jahr' },
  weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'],
  onDays: (days) => `nur ${days}`,
  forRange: (field, range) => `für ${field} ${range}`,
  hasDate: (field) => `mit gesetztem Feld ${field}`,
  where: (conditions) => `gefiltert auf ${conditions}`,
  keeping: (conditions) => `nur Gruppen mit ${conditions}`,
  top: (n) => `die ${n} höchsten`,
  bottom: (n) => `die ${n} niedrigsten`,
  highestFirst: 'absteigend sortiert',
  lowestFirst: 'aufsteigend sortiert',
  comparing: (x, y) => `${x} im Vergleich zu ${y}`,
  shareWhere: (conditions) => `als Anteil für ${conditions}`,
  shareOfTotal: 'als Anteil jeder Gruppe an der Summe',
  reading: (parts, source) => `${parts.join(', ')}, aus ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `nicht ${field}`,
  isUnset: (field) => `${field} nicht erfasst`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: nicht ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `vom ${from} bis ${to}`,
  rangeFrom: (from) => `ab ${from}`,
  rangeUpTo: (to) => `bis ${to}`,

  measured: (reading) => `Ich habe gemessen: ${reading}`,
  noRows: 'Keine Zeile passt: Das Ergebnis ist leer, es gibt also keine Zahl zu nennen.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. Die Differenz (${y} minus ${x}) beträgt **${difference}**, ${percentage}.`,
  noPercentage: 'ohne Prozentwert (der erste Wert ist null)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} von ${total}.`,
  single: (value) => `Das Ergebnis ist **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'Zeitraum' : 'Zeiträume'}:`,
  lowest: (label, value) => `Am niedrigsten: **${label}** mit **${value}**.`,
  highest: (label, value) => `Am höchsten: **${label}** mit **${value}**.`,
  showing: (shown, total) => `Angezeigt werden ${shown} von ${total} Zeilen.`,
  shareAxis: (measure) => `Anteil an ${measure} (%)`,

  noSources: 'Ich habe keine Daten gefunden, auf die Sie Zugriff haben, und kann die Frage daher nicht beantworten.',
  whichValue: (words, fields) => `Ich weiß nicht, welches ${words} Sie meinen: Es ist ein Wert von ${fields}.`,
  whichBreakdown: (fields) => `Ich weiß nicht, welche Aufschlüsselung Sie meinen: ${fields}. Bitte nennen Sie eine.`,
  whichColumn: (words, fields) => `Ich weiß nicht, auf welche Spalte sich ${words} bezieht: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Ich weiß nicht, welche Zahl Sie möchten: ${words} ${count > 1 ? 'passen' : 'passt'} zu nichts in **${source}**. Ich kann Fragen zu ${measures} beantworten${dimensions ? `, nach ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Ich habe ${words} in **${source}** nicht gefunden: Kein Wert von ${dimensions} lautet so.`,
  noMeasure: (source, measures, agg) =>
    `Ich habe in **${source}** keine passende Kennzahl${agg ? ` (${AGG[agg]})` : ''} für diese Frage gefunden. Vorhanden sind: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `Das Modell hat für ${fields} keine Kennzahl „${AGG[agg]}“. Vorhandene Kennzahlen: ${measures}.`,
  whichMeasure: (fields) => `Ich weiß nicht, welche Kennzahl Sie meinen: ${fields}. Bitte sagen Sie, welche.`,
  compareWhat: (value) =>
    `Ich weiß nicht, womit ${value} verglichen werden soll: Nennen Sie eine Spalte oder eine Aufschlüsselung („by …“).`,
  whichDate: (fields) => `Ich weiß nicht, welches Datum Sie meinen: ${fields}. Bitte nennen Sie eines.`,
  noDate: (source) =>
    `Ich kann die Zeitangabe nicht anwenden: **${source}** hat kein Datum zum Filtern oder Gruppieren.`,
  rankWhat: (limit, measure) =>
    `Ich weiß nicht, was in die Rangfolge soll: Sagen Sie, wovon Sie die Top ${limit} möchten (zum Beispiel „top ${limit} … by ${measure}“).`,
  twoPeriodsBroken:
    'Ich kann zwei Zeiträume nicht aufgeschlüsselt vergleichen: Fragen Sie nach den beiden Summen oder nach einem Zeitraum je Gruppe.',
  shareOfWhat:
    'Ich weiß nicht, wovon Sie einen Anteil möchten: Nennen Sie den Teil (einen Wert wie einen Status) oder eine Aufschlüsselung.',
  notShareable: (measure) =>
    `Ich kann ${measure} nicht in Anteile aufteilen: Es ist weder eine Anzahl noch eine Summe.`,
  whichData: (options) => `Ich weiß nicht, welche Daten Sie meinen: ${options}.`,
  measureIn: (measure, source) => `**${measure}** in ${source}`,
} satisfies PhraseBook;
