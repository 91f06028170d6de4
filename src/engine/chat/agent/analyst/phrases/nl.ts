// The local analyst's sentences in Dutch. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'aantal',
  count_distinct: 'aantal unieke waarden',
  sum: 'som',
  avg: 'gemiddelde',
  min: 'minimum',
  max: 'maximum',
  number: 'berekend',
};

export default {
  comma: ', ',
  ...lists('nl'),
  quote: (text) => `‘${text}’`,
  inline: (title) => title,

  askSomething: 'Stel me een vraag over je gegevens, in het Engels, bijvoorbeeld ‘revenue by region last year’.',
  looking: 'Ik zoek de gegevens die bij de vraag passen. ',
  willQuery: (reading) => `Ik vraag op: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` per ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Ik kon de query niet uitvoeren: ${error}`,
  valuesUnread: (sources, error) =>
    `Ik kon de waarden van ${sources} niet lezen (${error}); een waarde die u daar noemt, heb ik daardoor misschien niet herkend.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `gedeeld door ${count}`,
  shareOf: (whole) => `als aandeel van ${whole}`,
  by: (groups) => `per ${groups}`,
  byWeekday: 'per dag van de week',
  byHour: 'per uur van de dag',
  per: { day: 'per dag', week: 'per week', month: 'per maand', quarter: 'per kwartaal', year: 'per jaar' },
  weekdays: [
    "'s maandags",
    "'s dinsdags",
    "'s woensdags",
    "'s donderdags",
    "'s vrijdags",
    "'s zaterdags",
    "'s zondags",
  ],
  onDays: (days) => `alleen ${days}`,
  forRange: (field, range) => `voor ${field} ${range}`,
  hasDate: (field) => `met ${field} ingevuld`,
  where: (conditions) => `met ${conditions}`,
  keeping: (conditions) => `alleen groepen met ${conditions}`,
  top: (n) => `de hoogste ${n}`,
  bottom: (n) => `de laagste ${n}`,
  highestFirst: 'van hoog naar laag',
  lowestFirst: 'van laag naar hoog',
  comparing: (x, y) => `${x} vergeleken met ${y}`,
  shareWhere: (conditions) => `als aandeel met ${conditions}`,
  shareOfTotal: 'als aandeel van elk in het totaal',
  reading: (parts, source) => `${parts.join(', ')}, uit ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `niet ${field}`,
  isUnset: (field) => `${field} niet vastgelegd`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: niet ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `van ${from} tot en met ${to}`,
  rangeFrom: (from) => `vanaf ${from}`,
  rangeUpTo: (to) => `tot en met ${to}`,

  measured: (reading) => `Ik heb gemeten: ${reading}`,
  noRows: 'Geen enkele rij past: het resultaat is leeg, dus er is geen getal om te noemen.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. Het verschil (${y} min ${x}) is **${difference}**, ${percentage}.`,
  noPercentage: 'geen percentage (de eerste waarde is nul)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} van ${total}.`,
  single: (value) => `Het resultaat is **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'periode' : 'periodes'}:`,
  lowest: (label, value) => `Laagste: **${label}** met **${value}**.`,
  highest: (label, value) => `Hoogste: **${label}** met **${value}**.`,
  showing: (shown, total) => `${shown} van ${total} rijen getoond.`,
  shareAxis: (measure) => `Aandeel in ${measure} (%)`,

  noSources: 'Ik heb geen gegevens gevonden waar je toegang toe hebt, dus ik kan dit niet beantwoorden.',
  whichValue: (words, fields) => `Ik weet niet welke ${words} je bedoelt: het is een waarde van ${fields}.`,
  whichBreakdown: (fields) => `Ik weet niet welke uitsplitsing je bedoelt: ${fields}. Noem er één.`,
  whichColumn: (words, fields) => `Ik weet niet over welke kolom ${words} gaat: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Ik weet niet welk getal je wilt: ${words} ${count > 1 ? 'komen' : 'komt'} met niets overeen in **${source}**. Ik kan antwoorden over ${measures}${dimensions ? `, per ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Ik heb ${words} niet gevonden in **${source}**: geen waarde van ${dimensions} wordt zo geschreven.`,
  noMeasure: (source, measures, agg) =>
    `Ik heb in **${source}** geen maatstaf${agg ? ` (${AGG[agg]})` : ''} voor deze vraag gevonden. Er is: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `Het model heeft geen maatstaf ‘${AGG[agg]}’ van ${fields}. Beschikbare maatstaven: ${measures}.`,
  whichMeasure: (fields) => `Ik weet niet welke maatstaf je bedoelt: ${fields}. Zeg welke.`,
  compareWhat: (value) =>
    `Ik weet niet waarmee ik ${value} moet vergelijken: noem een kolom of een uitsplitsing (‘by …’).`,
  whichDate: (fields) => `Ik weet niet welke datum je bedoelt: ${fields}. Noem er één.`,
  noDate: (source) =>
    `Ik kan de datums niet toepassen: **${source}** heeft geen datum om op te filteren of te groeperen.`,
  rankWhat: (limit, measure) =>
    `Ik weet niet wat ik moet rangschikken: zeg waarvan je de top ${limit} wilt (bijvoorbeeld ‘top ${limit} … by ${measure}’).`,
  twoPeriodsBroken:
    'Ik kan geen twee uitgesplitste periodes vergelijken: vraag naar de twee totalen, of naar één periode per groep.',
  shareOfWhat:
    'Ik weet niet waarvan je een aandeel wilt: noem het deel (een waarde, zoals een status) of een uitsplitsing.',
  notShareable: (measure) => `Ik kan ${measure} niet in aandelen verdelen: het is geen aantal en geen som.`,
  whichData: (options) => `Ik weet niet welke gegevens je bedoelt: ${options}.`,
  measureIn: (measure, source) => `**${measure}** in ${source}`,
} satisfies PhraseBook;
