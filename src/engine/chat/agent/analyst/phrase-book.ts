// The shape of the local analyst's phrase book: every fixed sentence it writes (declines, the reading of the query,
// the answer's lead, tool titles), one book per language (./phrases/*.ts, each `satisfies PhraseBook`, so a missing
// or unknown key fails the type check). Arguments come in already formatted: member titles as the model writes
// them, numbers and dates by the locale (./phrases.ts), lists joined. Only the wording is the book's.

export type AggWord = 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max' | 'number';
export type GrainWord = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface PhraseBook {
  // ─── Lists and marks ───
  /** Joins names listed side by side ("A, B, C"). */
  comma: string;
  /** "A and B" (clauses, breakdowns); "A or B" (values, alternatives). */
  and: (items: string[]) => string;
  or: (items: string[]) => string;
  /** A user's own words, quoted. */
  quote: (text: string) => string;
  /** A member title inside a sentence ("Revenue" → "revenue" in English). */
  inline: (title: string) => string;

  // ─── The turn ───
  /** The answer to an empty question; the example stays in English (the analyst reads English). */
  askSomething: string;
  /** Thinking, before the model is searched. */
  looking: string;
  /** Thinking, before the query runs. */
  willQuery: (reading: string) => string;
  /** The tool card's title: the measure, and its breakdown when there is one. */
  queryTitle: (measure: string, groups: string[]) => string;
  couldNotRun: (error: string) => string;
  /** After a decline, when the values of some sources could not be read: the sources (bold, joined) and why. */
  valuesUnread: (sources: string, error: string) => string;

  // ─── The reading of a query ───
  agg: Record<AggWord, string>;
  measureAgg: (measure: string, agg: string) => string;
  /** A measure per entity: divided by the entity's distinct count. */
  dividedBy: (count: string) => string;
  /** A share's whole, a measure of its own ("Deaths from disease as a share of Deaths"). */
  shareOf: (whole: string) => string;
  by: (groups: string) => string;
  byWeekday: string;
  byHour: string;
  per: Record<GrainWord, string>;
  /** Weekday names as kept days ("Mondays"), Monday first. */
  weekdays: [string, string, string, string, string, string, string];
  onDays: (days: string) => string;
  forRange: (field: string, range: string) => string;
  /** Only rows where a date is set ("with a cancellation date"). */
  hasDate: (field: string) => string;
  where: (conditions: string) => string;
  keeping: (conditions: string) => string;
  top: (n: string) => string;
  bottom: (n: string) => string;
  highestFirst: string;
  lowestFirst: string;
  comparing: (a: string, b: string) => string;
  shareWhere: (conditions: string) => string;
  shareOfTotal: string;
  /** The whole reading: its parts joined, then the source. */
  reading: (parts: string[], source: string) => string;
  // Conditions
  isTrue: (field: string) => string;
  isFalse: (field: string) => string;
  /** A member with no value recorded (NULL). */
  isUnset: (field: string) => string;
  isAny: (field: string, values: string) => string;
  isNone: (field: string, values: string) => string;
  compares: (field: string, op: string, values: string) => string;
  // Ranges of whole days (dates already formatted)
  rangeDays: (from: string, to: string) => string;
  rangeFrom: (from: string) => string;
  rangeUpTo: (to: string) => string;

  // ─── The answer ───
  measured: (reading: string) => string;
  noRows: string;
  comparison: (a: string, va: string, b: string, vb: string, difference: string, percentage: string) => string;
  noPercentage: string;
  sharePart: (percentage: string, part: string, total: string) => string;
  single: (value: string) => string;
  periods: (count: string, plural: Intl.LDMLPluralRule) => string;
  lowest: (label: string, value: string) => string;
  highest: (label: string, value: string) => string;
  showing: (shown: string, total: string) => string;
  shareAxis: (measure: string) => string;

  // ─── Declines (names come bold, lists joined) ───
  noSources: string;
  whichValue: (words: string, fields: string) => string;
  whichBreakdown: (fields: string) => string;
  whichColumn: (words: string, fields: string) => string;
  unmapped: (words: string, count: number, source: string, measures: string, dimensions: string | undefined) => string;
  /** A proper name no value of the source is ("Koi" where restaurants are Koi Houston, Luigi Chicago…). */
  noValue: (words: string, source: string, dimensions: string) => string;
  noMeasure: (source: string, measures: string, agg: AggWord | undefined) => string;
  noAggOf: (agg: AggWord, fields: string, measures: string) => string;
  whichMeasure: (fields: string) => string;
  compareWhat: (value: string) => string;
  whichDate: (fields: string) => string;
  noDate: (source: string) => string;
  rankWhat: (limit: string, measure: string) => string;
  twoPeriodsBroken: string;
  shareOfWhat: string;
  notShareable: (measure: string) => string;
  whichData: (options: string) => string;
  measureIn: (measure: string, source: string) => string;
}
