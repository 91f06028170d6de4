// The grain words of a question ("monthly", "by week", "over time") and its recurring weekdays ("on Mondays",
// "weekends"), as patterns the time reader (time-range.ts) tries in order: the first grain found wins; and the spans
// of a year's quarters and halves.

import { ownTable } from '../../../../util/own.js';

export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type Grain = Unit | 'weekday' | 'hour';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export const TREND = /\bover time\b|\btrend(?:s|ing)?\b/;
export const GRAINS: [RegExp, Grain][] = [
  [
    /\b(?:by|per|each|for each|every) (?:week ?day|weekday|day of (?:the )?week)\b|\bweekday (?:pattern|breakdown)\b/,
    'weekday',
  ],
  [/\bhourly\b|\b(?:by|per|each|every) (?:the )?hour(?: of (?:the )?day)?\b/, 'hour'],
  [/\bdaily\b|\bday by day\b|\b(?:by|per|each|every|for each) (?:the )?day\b/, 'day'],
  [/\bweekly\b|\bweek by week\b|\b(?:by|per|each|every|for each) (?:the )?week\b/, 'week'],
  [/\bmonthly\b|\bmonth by month\b|\b(?:by|per|each|every|for each) (?:the )?month\b/, 'month'],
  [/\bquarterly\b|\bquarter by quarter\b|\b(?:by|per|each|every|for each) (?:the )?quarter\b/, 'quarter'],
  [/\b(?:yearly|annual(?:ly)?|year over year|yoy)\b|\byear by year\b|\b(?:by|per|each|every|for each) year\b/, 'year'],
  // "by date" is daily unless a grain is named: "monthly revenue by the date the tickets were sold" names which date.
  [/\b(?:by|per|each|every|for each) (?:the )?date\b/, 'day'],
  // Last: a trend is monthly unless a grain is named ("usage trend by quarter").
  [TREND, 'month'],
];

export const RECURRING: [RegExp, number[]][] = [
  [/\b(?:on )?weekends?\b/, [6, 7]],
  [/\b(?:on )?(?:weekdays|working days|business days)\b/, [1, 2, 3, 4, 5]],
  ...WEEKDAYS.map((d, i): [RegExp, number[]] => [new RegExp(`\\b(?:on )?${d}s\\b`), [i + 1]]),
];

/** A period a time expression names, in ms. */
export interface Span {
  start: number;
  /** Exclusive end, in ms. */
  end: number;
  /** Whether the text named the year (for "between May and July 2023"). */
  year?: number;
  /** For "the year before": the unit the expression stands for. */
  unit?: Unit;
}

const ORDINAL = ownTable<number>({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
});

/** A quarter or half of `year`: "q3", "h1", "the second quarter", "first half". */
export function quarterSpan(word: string, year: number): Span {
  const w = word.replace(/^the /, '');
  const half = /^h([12])$/.exec(w) ?? /^(\w+) half$/.exec(w);
  if (half) {
    const h = ORDINAL[half[1]] ?? Number(half[1]);
    return { start: Date.UTC(year, (h - 1) * 6, 1), end: Date.UTC(year, h * 6, 1), year };
  }
  const q = /^q([1-4])$/.exec(w)?.[1] ?? ORDINAL[w.split(' ')[0]];
  const n = Number(q);
  return { start: Date.UTC(year, (n - 1) * 3, 1), end: Date.UTC(year, n * 3, 1), year, unit: 'quarter' };
}
