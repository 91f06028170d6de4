// Time in a question, precisely: absolute and relative ranges against the engine's clock ("in February 2024",
// "Q3 2024", "last 90 days", "since March", "between May and July 2023", "year to date", "last year vs the year
// before", "last Monday"), recurring weekdays ("on Mondays", "weekends") and grain words ("monthly", "by week",
// "over time"). Ranges are whole days, inclusive, in the engine's wall-clock UTC, as ISO dates.

import { ownTable } from '../../../../util/own.js';
import { add, startOf } from '../../../data/time.js';
import { NUMBER_WORDS } from './text.js';

import { GRAINS, RECURRING, TREND, WEEKDAYS, quarterSpan, type Grain, type Span, type Unit } from './time-grains.js';

export type { Grain, Unit } from './time-grains.js';

export interface DayRange {
  /** First day, inclusive (YYYY-MM-DD); absent: no lower bound. */
  from?: string;
  /** Last day, inclusive; absent: no upper bound. */
  to?: string;
}

export interface TimeAsk {
  /** One range, or two to compare (in the order asked). */
  ranges: DayRange[];
  grain?: Grain;
  /** ISO days of the week (1 = Monday) the question keeps ("on Mondays", "weekends"). */
  weekdays?: number[];
  /** Character spans of the question the time words took. */
  spans: [number, number][];
  /** "which month had the most …": the periods are ranked, not listed in order. */
  ranked?: boolean;
  /** "the 2024 season": a year said as a season (of which date, the question must say when a source has several). */
  season?: boolean;
  /** "over time", "trend": no grain named, only one asked for (monthly by default). */
  trend?: boolean;
  /** "since 2000": the range runs to today, not to the end of a named period. */
  untilNow?: boolean;
  grainWord?: [number, number]; // a grain said as an adjective ("daily"), which a title may own (grain-word.ts)
}

const DAY = 86_400_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NUMBERS = ownTable<number>({ a: 1, an: 1, ...NUMBER_WORDS });

const MON =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '(?:1[89]|20)\\d\\d';
// A year before 1800 ("wheat prices in 1650"): a period only where no thing counted follows it ("in 1500 cases" is a
// number), at the end or before a word that links, groups or compares; alone, only after "in", "during" or "from".
const OLD_DIGITS = '1[0-7]\\d\\d';
const BARE_OLD = new RegExp(`^${OLD_DIGITS}$`);
const OLD_YEAR = `${OLD_DIGITS}(?=[,.;:?!)]*(?:$| (?:by|vs|versus|and|or|to|thru|through|until|till|compared|against|for|per|with|in|on|at|of|when|where|while|during|under|across|each|every|broken|split|grouped|ranked|sorted)\\b))`;
const DAYN = '(?:3[01]|[12]\\d|0?[1-9])(?:st|nd|rd|th)?';
const WD = `(?:${WEEKDAYS.join('|')})`;
const UNIT = '(?:day|week|month|quarter|year)s?';
const NUM = `(?:\\d+|${Object.keys(NUMBERS).join('|')})`;
const QTR = `(?:q[1-4]|h[12]|(?:the )?(?:first|second|third|fourth|1st|2nd|3rd|4th) (?:quarter|half))`;
/** A decade or a century: "the 1990s", "the 90s", "the '80s"; "the 1700s" (a year of hundreds before 2000). */
const DECADE = `(?:the )?(?:(?:1\\d|20)\\d0|'?\\d0)'?s`;

/** One range expression: absolute (dates, months, quarters, years) or relative to now. */
const REX = [
  `\\d{4}-\\d{2}-\\d{2}`,
  `${MON} ${DAYN},? ${YEAR}`,
  `${DAYN} (?:of )?${MON},? ${YEAR}`,
  `${QTR}(?: of)?,? ${YEAR}`,
  `${YEAR},? ${QTR}`,
  `${MON},? (?:of )?${YEAR}`,
  `${MON} ${DAYN}(?![\\d])`,
  `${DAYN} of ${MON}`,
  `(?:the )?(?:last|past|previous|prior|trailing) ${NUM} ${UNIT}`,
  `${NUM} ${UNIT} ago`,
  `(?:the )?(?:last|previous|prior|this|current|past) (?:week|month|quarter|year|${WD})`,
  `(?:the )?(?:year|month|quarter|week) before last`,
  `(?:year|month|quarter|week)[ -]to[ -]date|ytd|mtd|qtd`,
  DECADE,
  `today|yesterday`,
  YEAR,
  OLD_YEAR,
  QTR,
  MON,
  WD,
].join('|');

/** Patterns built once: a question is read with dozens of them, on every message. */
const patterns = new Map<string, RegExp>();
function compiled(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let re = patterns.get(key);
  if (!re) patterns.set(key, (re = new RegExp(source, flags)));
  return re;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthIndex = (word: string) => MONTHS.indexOf(word.slice(0, 3));
const num = (word: string) => NUMBERS[word] ?? Number(word);

/** The latest span of `unit` length starting at month `month` (0-11) whose start is not after today. */
function latest(now: number, build: (year: number) => Span): Span {
  const year = new Date(now).getUTCFullYear();
  const candidate = build(year);
  return candidate.start <= now ? candidate : build(year - 1);
}

/** Resolves one REX match; `yearHint` is the year a later expression named ("May" in "May to July 2023"). */
function resolve(text: string, now: number, yearHint?: number): Span | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  const today = startOf('day', now);
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) {
    const start = Date.UTC(+m[1], +m[2] - 1, +m[3]);
    return { start, end: start + DAY, year: +m[1], unit: 'day' };
  }
  if ((m = compiled(`^(${MON}) (${DAYN}),? (${YEAR})$`).exec(t))) {
    const start = Date.UTC(+m[3], monthIndex(m[1]), parseInt(m[2]));
    return { start, end: start + DAY, year: +m[3], unit: 'day' };
  }
  if ((m = compiled(`^(${DAYN}) (?:of )?(${MON}),? (${YEAR})$`).exec(t))) {
    const start = Date.UTC(+m[3], monthIndex(m[2]), parseInt(m[1]));
    return { start, end: start + DAY, year: +m[3], unit: 'day' };
  }
  if ((m = compiled(`^(${QTR})(?: of)?,? (${YEAR})$`).exec(t))) return quarterSpan(m[1], +m[2]);
  if ((m = compiled(`^(${YEAR}),? (${QTR})$`).exec(t))) return quarterSpan(m[2], +m[1]);
  if ((m = compiled(`^(${MON}),? (?:of )?(${YEAR})$`).exec(t))) {
    const y = +m[2];
    return {
      start: Date.UTC(y, monthIndex(m[1]), 1),
      end: Date.UTC(y, monthIndex(m[1]) + 1, 1),
      year: y,
      unit: 'month',
    };
  }
  if ((m = compiled(`^(${MON}) (${DAYN})$`).exec(t) ?? compiled(`^(${DAYN}) of (${MON})$`).exec(t))) {
    const [mon, d] = /^\d/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
    const build = (y: number): Span => {
      const start = Date.UTC(y, monthIndex(mon), parseInt(d));
      return { start, end: start + DAY, unit: 'day' };
    };
    return yearHint !== undefined ? build(yearHint) : latest(now, build);
  }
  if ((m = compiled(`^(?:the )?(?:last|past|previous|prior|trailing) (${NUM}) (${UNIT})$`).exec(t))) {
    const unit = m[2].replace(/s$/, '') as Unit;
    return { start: add(unit, today, -num(m[1])) + (unit === 'day' ? DAY : 0), end: today + DAY };
  }
  if ((m = compiled(`^(${NUM}) (${UNIT}) ago$`).exec(t))) {
    const unit = m[2].replace(/s$/, '') as Unit;
    const start = add(unit, startOf(unit, now), -num(m[1]));
    return { start, end: add(unit, start, 1), unit };
  }
  if ((m = compiled(`^(?:the )?(last|previous|prior|this|current|past) (${WD})$`).exec(t))) {
    const dow = WEEKDAYS.indexOf(m[2]) + 1;
    const todayDow = ((new Date(today).getUTCDay() + 6) % 7) + 1;
    let back = (todayDow - dow + 7) % 7;
    if (back === 0 && m[1] !== 'this' && m[1] !== 'current') back = 7;
    return { start: today - back * DAY, end: today - back * DAY + DAY, unit: 'day' };
  }
  if ((m = /^(?:the )?(last|previous|prior|this|current|past) (week|month|quarter|year)$/.exec(t))) {
    const unit = m[2] as Unit;
    const current = startOf(unit, now);
    const start = m[1] === 'this' || m[1] === 'current' ? current : add(unit, current, -1);
    return { start, end: add(unit, start, 1), unit };
  }
  if ((m = /^(?:the )?(year|month|quarter|week) before last$/.exec(t))) {
    const unit = m[1] as Unit;
    const start = add(unit, startOf(unit, now), -2);
    return { start, end: add(unit, start, 1), unit };
  }
  if ((m = compiled(`^${DECADE}$`).exec(t))) {
    const digits = /(\d+)/.exec(t)![1];
    const thisYear = new Date(now).getUTCFullYear();
    // "the 90s": the latest decade of that name that has begun.
    let first = digits.length === 4 ? +digits : 2000 + +digits;
    if (digits.length === 2 && first > thisYear) first -= 100;
    const years = digits.length === 4 && first % 100 === 0 && first < 2000 ? 100 : 10;
    return { start: Date.UTC(first, 0, 1), end: Date.UTC(first + years, 0, 1), year: first };
  }
  if ((m = /^(year|month|quarter|week)[ -]to[ -]date$|^(y|m|q)td$/.exec(t))) {
    const unit = (m[1] ?? { y: 'year', m: 'month', q: 'quarter' }[m[2]]) as Unit;
    return { start: startOf(unit, now), end: today + DAY };
  }
  if (t === 'today') return { start: today, end: today + DAY, unit: 'day' };
  if (t === 'yesterday') return { start: today - DAY, end: today, unit: 'day' };
  if (compiled(`^(?:${YEAR}|${OLD_DIGITS})$`).test(t))
    return { start: Date.UTC(+t, 0, 1), end: Date.UTC(+t + 1, 0, 1), year: +t, unit: 'year' };
  if (compiled(`^${QTR}$`).test(t))
    return yearHint !== undefined ? quarterSpan(t, yearHint) : latest(now, (y) => quarterSpan(t, y));
  if (compiled(`^${MON}$`).test(t)) {
    const build = (y: number): Span => ({
      start: Date.UTC(y, monthIndex(t), 1),
      end: Date.UTC(y, monthIndex(t) + 1, 1),
      unit: 'month',
    });
    return yearHint !== undefined ? build(yearHint) : latest(now, build);
  }
  if (compiled(`^${WD}$`).test(t)) return resolve(`this ${t}`, now);
  return undefined;
}

/** The span `unit`s before `span` ("the year before"): same length in units, shifted one back. */
function before(span: Span, unit: Unit): Span {
  return { start: add(unit, span.start, -1), end: add(unit, span.end, -1), unit };
}

const toRange = (s: Span): DayRange => ({ from: iso(s.start), to: iso(s.end - DAY) });

/** Masks a matched span with spaces, so later patterns cannot match inside it (positions are kept). */
function mask(text: string, start: number, end: number): string {
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

/** Words that cannot name a time dimension between "by" and a grain ("per guest last year" is no grain). */
const NOT_A_NAME = new Set(
  'last this next previous past prior the a an of each every current same or for one per by'.split(' '),
);

/** Words asking how a number changed between two periods: the comparison's difference and its percent answer them. */
export const CHANGE = /\b(?:change|changes|difference|diff|delta|growth|increase|decrease|rise|drop|swing|yoy)\b/;

const LINK = '(?:vs\\.?|versus|compared (?:to|with)|against|and|to|with)';
const PRIOR = `(?:the )?(?:(year|month|quarter|week|day) before|(?:previous|prior|preceding) (year|month|quarter|week|day|period)|same period (?:a |the )?(year|month) (?:before|earlier)|same period last year)`;

/** Reads the time words of a folded question against `now` (ms). */
export function parseTime(folded: string, now: number): TimeAsk {
  let text = folded;
  const spans: [number, number][] = [];
  const take = (start: number, end: number) => {
    spans.push([start, end]);
    text = mask(text, start, end);
  };
  const ask: TimeAsk = { ranges: [], spans };
  for (const [pattern, grain] of GRAINS) {
    const m = pattern.exec(text);
    if (m) {
      if (!ask.grain && pattern === TREND) ask.trend = true;
      ask.grain ??= grain;
      take(m.index, m.index + m[0].length);
    }
  }
  // "which month had the most bookings", "which census year …": periods of that grain, ranked (a name left free).
  if (!ask.grain) {
    const which = /\b(?:which|what) ((?:[a-z]+[ -]){0,2}?)(day|week|month|quarter|year)\b/.exec(text);
    if (which && !which[1].split(/[ -]/).some((w) => NOT_A_NAME.has(w) || /^(in|on|at|to|is|was|has|had)$/.test(w))) {
      ask.grain = which[2] as Grain;
      ask.ranked = true;
      take(which.index + which[0].length - which[2].length, which.index + which[0].length);
    }
  }
  // "top 5 years by anomaly", "top 5 warmest years", "which 3 months had the most sales", "the 5 years with the highest
  // …": periods ranked, the number left for the ranking's limit.
  if (!ask.grain) {
    const top = compiled(
      `\\b(?:(?:top|bottom|which|what) ${NUM} (?:[a-z]+est )?(day|week|month|quarter|year)s\\b|the ${NUM} (day|week|month|quarter|year)s (?=with|that|having|when)\\b)`,
    ).exec(text);
    if (top) {
      const unit = top[1] ?? top[2];
      ask.grain = unit as Grain;
      ask.ranked = true;
      const at = top.index + top[0].trimEnd().length - unit.length - 1;
      take(at, at + unit.length + 1);
    }
  }
  // "by check-in quarter", "per signup month": the grain, and the words between name the time dimension (left free).
  if (!ask.grain) {
    const named = /\b(?:by|per) ((?:[a-z]+[ -]){1,2}?)(day|week|month|quarter|year)\b/.exec(text);
    if (named && !named[1].split(/[ -]/).some((w) => NOT_A_NAME.has(w))) {
      ask.grain = named[2] as Grain;
      const at = named.index + named[0].length - named[2].length;
      take(at, at + named[2].length);
    }
  }
  for (const [pattern, days] of RECURRING) {
    const m = pattern.exec(text);
    if (m) {
      ask.weekdays = [...(ask.weekdays ?? []), ...days];
      take(m.index, m.index + m[0].length);
    }
  }
  const at = (source: string) => compiled(`(?<![\\w-])(?:${source})(?![\\w-])`);
  // Two periods compared: "2023 vs 2024", "last year vs the year before", "compare Q1 and Q2 2024".
  let m = at(`(?:compare )?(${REX}) ${LINK} (${PRIOR}|${REX})`).exec(text);
  if (m && (/\b(vs\.?|versus|compared|against)\b/.test(m[0]) || /\bcompare\b/.test(text))) {
    const [left, right] = splitPair(m[0]);
    // "the 2009 stock, june vs july": a year said elsewhere is the months' year.
    const own = resolveOrPrior(right, now)?.year;
    const elsewhere = own === undefined ? BARE_YEAR.exec(mask(text, m.index, m.index + m[0].length)) : null;
    const hint = own ?? (elsewhere ? Number(elsewhere[0]) : undefined);
    const a = resolve(left, now, hint);
    const b = a && ((elsewhere && resolve(right, now, hint)) || resolveOrPrior(right, now, a));
    if (a && b) {
      ask.ranges = [toRange(a), toRange(b)];
      take(m.index, m.index + m[0].length);
      if (elsewhere) take(elsewhere.index, elsewhere.index + elsewhere[0].length);
      return ask;
    }
  }
  // A range between two expressions: "between May and July 2023", "from Q1 to Q3 2024", "Jan-Mar 2024".
  m = at(
    `(?:between (${REX}) and (${REX}))|(?:from (${REX}) (?:to|until|till|through|thru|-) (${REX}))|(?:(${REX}) ?(?:-|to|through|thru|until) ?(${REX}))`,
  ).exec(text);
  if (m) {
    const [l, r] = m[1] !== undefined ? [m[1], m[2]] : m[3] !== undefined ? [m[3], m[4]] : [m[5], m[6]];
    // "between 1200 and 1500" is an amount's range as often as one of years: years before 1800 only with "from".
    const old = m[3] === undefined && [l, r].some((side) => BARE_OLD.test(side.trim()));
    const b = old ? undefined : resolve(r, now);
    const a = b && resolve(l, now, b.year);
    if (a && b && CHANGE.test(text)) {
      // "the change in the anomaly from 2022 to 2023": the two periods compared, not one range.
      ask.ranges = [toRange(a), toRange(b)];
      take(m.index, m.index + m[0].length);
      return ask;
    }
    if (a && b) {
      const start =
        a.start <= b.start || b.year !== undefined || a.year !== undefined ? a.start : add('year', a.start, -1);
      ask.ranges = [toRange({ start, end: Math.max(b.end, start + DAY) })];
      take(m.index, m.index + m[0].length);
      return ask;
    }
  }
  // Open ranges: "since March", "after 2023-05-01", "before 2024", "until June 2024", "from May on". A bare "from"
  // names the period itself ("cars from 1975", "orders from last month"): it falls to the period below.
  m = at(
    `(since|after|from|starting|before|until|till|through|up to|prior to) (${REX}) (?:on|onwards?)(?![\\w-])|(since|after|starting|before|until|till|through|up to|prior to) (${REX})`,
  ).exec(text);
  if (m && m[1] === undefined) [m[1], m[2]] = [m[3], m[4]];
  if (m) {
    const s = resolve(m[2], now);
    if (s) {
      const today = startOf('day', now);
      const range =
        m[1] === 'since' || m[1] === 'from' || m[1] === 'starting'
          ? { start: s.start, end: today + DAY }
          : m[1] === 'after'
            ? { start: s.end, end: today + DAY }
            : undefined;
      if (range) ask.untilNow = true;
      ask.ranges = [
        range
          ? toRange(range)
          : m[1] === 'before' || m[1] === 'prior to'
            ? { to: iso(s.start - DAY) }
            : { to: iso(s.end - DAY) },
      ];
      take(m.index, m.index + m[0].length);
      return ask;
    }
  }
  m = at(
    `(?<!\\b(?:over|above|under|below|than|least|most|top|bottom|exceeding|of) )(?:(in|during|for|on|of|within|at|from) )?(${REX})`,
  ).exec(text);
  // A bare month or weekday name needs a preposition ("may I see…" is no month); a year before 1800 "in" or "during"
  // ("invoices of 1250" is an amount).
  const old = m && BARE_OLD.test(m[2].trim());
  if (m && (old ? /^(in|during)$/.test(m[1] ?? '') : m[1] || !compiled(`^(?:${MON})$`).test(m[2]))) {
    const s = resolve(m[2], now);
    if (s) {
      ask.ranges = [toRange(s)];
      take(m.index, m.index + m[0].length);
      // "the 2009 stock in june": a bare year and a period without one are that period of that year.
      // (Not a part of the year asked for a share: "what pct of 2025's tests were in december".)
      const other = /'s\b|%|\b(?:pct|percent|share)\b/.test(folded)
        ? null
        : at(`(?:in|during|for|of) (${REX})`).exec(text);
      const [y0, y1] = other ? [m[2], other[1]].map((t) => (/^\d{4}$/.test(t.trim()) ? Number(t) : undefined)) : [];
      const rest = y0 ? other?.[1] : m[2];
      if (other && rest && (y0 === undefined) !== (y1 === undefined) && !/\d{4}/.test(rest)) {
        const within = resolve(rest, now, y0 ?? y1);
        if (within) {
          ask.ranges = [toRange(within)];
          take(other.index, other.index + other[0].length);
        }
      }
    }
  }
  return ask;
}

/** A year written alone ("2009"). */ const BARE_YEAR = /(?<![\w-])(?:19|20)\d{2}(?![\w-])/;

/** The two sides of a comparison match, split at its link word. */
function splitPair(text: string): [string, string] {
  const t = text.replace(/^compare /, '');
  const m = compiled(`^(${REX}) ${LINK} (.+)$`).exec(t);
  return m ? [m[1], m[2]] : [t, ''];
}

/** The right side of a comparison: an expression, or "the year before" relative to the left side `a`. */
function resolveOrPrior(text: string, now: number, a?: Span): Span | undefined {
  const prior = compiled(`^${PRIOR}$`).exec(text);
  if (prior) {
    if (!a) return undefined;
    const named = (prior[1] ?? prior[2] ?? prior[3] ?? (/last year/.test(text) ? 'year' : undefined)) as
      Unit | 'period' | undefined;
    if (named === 'period' || !named) {
      const length = a.end - a.start;
      return a.unit ? before(a, a.unit) : { start: a.start - length, end: a.start };
    }
    return before(a, named);
  }
  return resolve(text, now);
}
