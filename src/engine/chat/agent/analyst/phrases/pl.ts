// The local analyst's sentences in Polish. Questions are still read in English: examples stay English.

import type { AggWord, PhraseBook } from '../phrase-book.js';
import { lists } from './lists.js';

const AGG: Record<AggWord, string> = {
  count: 'liczba',
  count_distinct: 'liczba unikalnych wartości',
  sum: 'suma',
  avg: 'średnia',
  min: 'minimum',
  max: 'maksimum',
  number: 'wyliczana',
};

const PERIODS: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'okres', few: 'okresy', many: 'okresów' };

export default {
  comma: ', ',
  ...lists('pl'),
  quote: (text) => `„${text}”`,
  inline: (title) => title,

  askSomething: 'Zadaj mi pytanie o swoje dane, po angielsku, na przykład „revenue by region last year”.',
  looking: 'Szukam danych pasujących do pytania. ',
  willQuery: (reading) => `Sprawdzę: ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` według ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `Nie udało mi się wykonać zapytania: ${error}`,
  valuesUnread: (sources, error) =>
    `Nie udało mi się odczytać wartości ${sources} (${error}), więc mogłem nie rozpoznać podanej tam wartości.`,

  agg: AGG,
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `podzielone przez ${count}`,
  shareOf: (whole) => `jako udział w ${whole}`,
  by: (groups) => `według ${groups}`,
  byWeekday: 'według dnia tygodnia',
  byHour: 'według godziny dnia',
  per: { day: 'dziennie', week: 'tygodniowo', month: 'miesięcznie', quarter: 'kwartalnie', year: 'rocznie' },
  weekdays: ['w poniedziałki', 'we wtorki', 'w środy', 'w czwartki', 'w piątki', 'w soboty', 'w niedziele'],
  onDays: (days) => `tylko ${days}`,
  forRange: (field, range) => `dla ${field} ${range}`,
  hasDate: (field) => `z wypełnionym polem ${field}`,
  where: (conditions) => `z warunkiem ${conditions}`,
  keeping: (conditions) => `tylko grupy z warunkiem ${conditions}`,
  top: (n) => `${n} najwyższych`,
  bottom: (n) => `${n} najniższych`,
  highestFirst: 'od najwyższej',
  lowestFirst: 'od najniższej',
  comparing: (x, y) => `porównując ${x} z ${y}`,
  shareWhere: (conditions) => `jako udział dla ${conditions}`,
  shareOfTotal: 'jako udział każdego w sumie',
  reading: (parts, source) => `${parts.join(', ')}, ze źródła ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `nie ${field}`,
  isUnset: (field) => `${field}: brak danych`,
  isAny: (field, values) => `${field}: ${values}`,
  isNone: (field, values) => `${field}: nie ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `od ${from} do ${to}`,
  rangeFrom: (from) => `od ${from}`,
  rangeUpTo: (to) => `do ${to}`,

  measured: (reading) => `Zmierzyłem: ${reading}`,
  noRows: 'Żaden wiersz nie pasuje: wynik jest pusty, więc nie ma liczby do podania.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. Różnica (${y} minus ${x}) wynosi **${difference}**, ${percentage}.`,
  noPercentage: 'bez wartości procentowej (pierwsza wartość to zero)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} z ${total}.`,
  single: (value) => `Wynik to **${value}**.`,
  periods: (count, plural) => `${count} ${PERIODS[plural] ?? 'okresu'}:`,
  lowest: (label, value) => `Najniżej: **${label}** z wartością **${value}**.`,
  highest: (label, value) => `Najwyżej: **${label}** z wartością **${value}**.`,
  showing: (shown, total) => `Wyświetlono ${shown} z ${total} wierszy.`,
  shareAxis: (measure) => `Udział w ${measure} (%)`,

  noSources: 'Nie znalazłem żadnych danych, do których masz dostęp, więc nie mogę odpowiedzieć.',
  whichValue: (words, fields) => `Nie wiem, o które ${words} chodzi: to wartość pola ${fields}.`,
  whichBreakdown: (fields) => `Nie wiem, o jaki podział chodzi: ${fields}. Wskaż jeden.`,
  whichColumn: (words, fields) => `Nie wiem, której kolumny dotyczy ${words}: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `Nie wiem, o jaką liczbę chodzi: ${words} nie ${count > 1 ? 'odpowiadają' : 'odpowiada'} niczemu w **${source}**. Mogę odpowiedzieć o ${measures}${dimensions ? `, według ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `Nie znalazłem ${words} w **${source}**: żadna wartość pól ${dimensions} nie jest tak zapisana.`,
  noMeasure: (source, measures, agg) =>
    `Nie znalazłem w **${source}** miary${agg ? ` (${AGG[agg]})` : ''} dla tego pytania. Dostępne są: ${measures}.`,
  noAggOf: (agg, fields, measures) => `Model nie ma miary „${AGG[agg]}” dla ${fields}. Dostępne miary: ${measures}.`,
  whichMeasure: (fields) => `Nie wiem, o którą miarę chodzi: ${fields}. Powiedz, o którą.`,
  compareWhat: (value) => `Nie wiem, z czym porównać ${value}: wskaż kolumnę lub podział („by …”).`,
  whichDate: (fields) => `Nie wiem, o którą datę chodzi: ${fields}. Wskaż jedną.`,
  noDate: (source) => `Nie mogę zastosować dat: **${source}** nie ma daty do filtrowania ani grupowania.`,
  rankWhat: (limit, measure) =>
    `Nie wiem, co uszeregować: powiedz, czego ${limit} najlepszych chcesz (na przykład „top ${limit} … by ${measure}”).`,
  twoPeriodsBroken: 'Nie mogę porównać dwóch okresów z podziałem: zapytaj o dwie sumy albo o jeden okres według grup.',
  shareOfWhat: 'Nie wiem, udział czego policzyć: wskaż część (wartość, np. status) lub podział.',
  notShareable: (measure) => `Nie mogę podzielić ${measure} na udziały: to nie jest liczba ani suma.`,
  whichData: (options) => `Nie wiem, o które dane chodzi: ${options}.`,
  measureIn: (measure, source) => `**${measure}** w ${source}`,
} satisfies PhraseBook;
