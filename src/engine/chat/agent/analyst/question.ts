// A question read once, before any model is looked at: its tokens, time words, aggregation words, ranking
// ("top 5", "which … the most"), numeric conditions ("over 100", "at least 5"), the phrases that name a breakdown
// ("by region", "for each ward") and whether it compares or asks for a share.

import { sortOrder } from './sort-order.js';
import { ownTable } from '../../../../util/own.js';
import { orBoundAt } from './or-bound.js';
import { parseTime, type TimeAsk } from './time-range.js';
import { averagedGrain } from './grain-word.js';
import { NUMBER_WORDS, aggregationWords, fold, tokenize } from './text.js';
import { plainWording } from './wording.js';
import { refineAggregations } from './agg-words.js';
import type { Aggregation, Token } from './text.js';
import { AMOUNT, COMPARATORS, INLINE_UNITS, MEASURE_UNIT, SCALE_WORDS, toNumber } from './amounts.js';
import type { Comparison } from './amounts.js';
import { durationWord } from './units.js';

export interface NumericAsk {
  op: Comparison;
  value: number;
  /** Upper bound of "between a and b". */
  upTo?: number;
  /** Token indexes [start, end) of the whole condition. */
  start: number;
  end: number;
  /** A duration unit written after the number ("over 2 hours"): seconds per unit, and the unit word's index. */
  unit?: { seconds: number; at: number };
  /** A unit of measure written on the number ("5000g"): the column must be kept in it. */
  written?: string;
}

export interface Question {
  text: string;
  folded: string;
  tokens: Token[];
  time: TimeAsk;
  /** Tokens already explained (time words, ranking, numeric conditions, aggregation words). */
  taken: boolean[];
  /** Aggregation asked for, by token index of its word. */
  aggs: Map<number, Aggregation>;
  /** "top 5": DESC with a limit; "which … the most": DESC. */
  rank?: { dir: 'DESC' | 'ASC'; limit?: number; word: number };
  numeric: NumericAsk[];
  /** Token index lists following a breakdown word ("by", "per", "which", "top 5"…). */
  groupPhrases: number[][];
  /** Those that come before "with" ("sites with …"): a breakdown only if what follows ranks or bounds a measure. */
  withPhrases: Set<number[]>;
  compares: boolean;
  share: boolean;
  /** Token indexes preceded by a negation ("not", "non-"), mapped to the negation's index. */
  negated: Map<number, number>;
  /** Whether superlatives rank groups ("which …", "with the most …") rather than aggregate. */
  ranks: boolean;
  /** Tokens that were nouns of a status value, now written as it ("rejections": rejected; value-nouns.ts). */
  valueNouns?: number[];
  /** The instant the question is asked at (ms): "this season" is the one going on then (season-value.ts). */
  now?: number;
}

// "slowest", "fastest": of a time taken (resolution, delivery, acceleration), the most and the least of it.
const DESC_WORDS = /^(top|most|highest|largest|biggest|greatest|best|max|maximum|more|busiest|slowest|slower)$/;
const ASC_WORDS = /^(bottom|least|lowest|smallest|fewest|worst|min|minimum|fewer|less|quietest|fastest|quickest)$/;
/** Words asking for a share ("pct of payments", "what proportion of"), as a token and anywhere in the question. */
const SHARE_WORDS = 'percent|percentage|pct|share|proportion|fraction';
const SHARE_WORD = new RegExp(`^(%|${SHARE_WORDS})$`);
const SHARE_TEXT = new RegExp(`\\b(${SHARE_WORDS})\\b|%`);
const TRIGGERS = new Set([
  'by',
  'per',
  'each',
  'every',
  'across',
  'which',
  'what',
  'among',
  'rank',
  'ranked',
  'breakdown',
]);
const BOUNDARY = new Set([
  'in',
  'on',
  'at',
  'for',
  'from',
  'with',
  'of',
  'the',
  'a',
  'an',
  'to',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'did',
  'do',
  'does',
  'that',
  'who',
  'where',
  'when',
  'than',
  'vs',
  'versus',
  'by',
  'per',
  'over',
  'during',
]);

/** The duration unit written at token `at` ("2 hours"), for a condition to compare a column kept in another. */
function durationAt(norm: string[], at: number): Pick<NumericAsk, 'unit'> {
  const seconds = durationWord(norm[at] ?? '');
  return seconds === undefined ? {} : { unit: { seconds, at } };
}

/** A number with a scale ("100k") or a unit of measure ("5000g") written on it, and a percent sign. */
const INLINE_NUMBER = new RegExp(`^(-?\\d[\\d,]*(?:\\.\\d+)?)(?:(k|m|bn)|(${MEASURE_UNIT}))?%?$`);

/** A whole count, in digits or words ("3", "three"). */
const isCount = (w: string) => /^\d+$/.test(w) || NUMBER_WORDS[w] !== undefined;

/** Token index of the token starting at or covering character `at`. */
const tokenAt = (tokens: Token[], at: number) => tokens.findIndex((t) => t.end > at);

export function readQuestion(asked: string, now: number): Question {
  const text = plainWording(asked);
  const folded = fold(text);
  const tokens = tokenize(text);
  const time = averagedGrain(folded, seasonOf(folded, parseShorthandTime(folded, now)));
  const taken = tokens.map((t) => time.spans.some(([s, e]) => t.start < e && s < t.end));
  const q: Question = {
    text,
    folded,
    tokens,
    time,
    taken,
    aggs: new Map(),
    numeric: [],
    groupPhrases: [],
    withPhrases: new Set(),
    compares: /\b(vs\.?|versus|compare[ds]?|comparison|against)\b/.test(folded),
    // "states with obesity above 17%": a percent written on a number is its unit, no share asked ("8% of their
    // households" is one).
    share: SHARE_TEXT.test(folded.replace(/\d(?:[.,]\d+)?\s*(?:%|percent\b|pct\b)(?!\s*of\b)/g, ' ')),
    negated: new Map(),
    ranks: /\b(which|what|with the|having the|ha[sd] the|have the|rank(ed)?)\b/.test(folded),
    now,
  };
  const norm = tokens.map((t) => t.norm);
  norm.forEach((w, i) => {
    // "zero year-round habitat": none of it ("no" is not read so: "no shows", "no. of").
    const none = w === 'zero' && !/^[-.]/.test(text[tokens[i].end] ?? '');
    if (!/^(not|non|excluding|except|without)$/.test(w) && !none) return;
    let j = i + 1;
    // "not counting cancelled ones", "not including refunds": the word after the verb is the one excluded.
    for (; /^(in|from|at|for|the|a|an|of|on|by|using|counting|including)$/.test(norm[j] ?? ''); j++)
      taken[j] ||= /^(counting|including)$/.test(norm[j]);
    if (j < tokens.length) q.negated.set(j, i);
  });
  // Numeric conditions: "over 100", "at least 5", "between 10 and 20".
  for (let i = 0; i < tokens.length; i++) {
    if (taken[i]) continue;
    const one = norm[i];
    const two = `${one} ${norm[i + 1] ?? ''}`;
    // "10 m/s", "5k/h": a unit of a rate, no scale word.
    const rate = (j: number) => text[tokens[j]?.end] === '/';
    const unit = (j: number) => (rate(j) ? 1 : (SCALE_WORDS[norm[j] ?? ''] ?? 1));
    if (
      one === 'between' &&
      /^-?\d/.test(norm[i + 1] ?? '') &&
      norm[i + 2] === 'and' &&
      /^-?\d/.test(norm[i + 3] ?? '')
    ) {
      q.numeric.push({
        op: '>=',
        value: toNumber(norm[i + 1]),
        upTo: toNumber(norm[i + 3]),
        start: i,
        end: i + 4,
        ...durationAt(norm, i + 4),
      });
      for (let j = i; j < i + 4; j++) taken[j] = true;
      continue;
    }
    // "5 or more goals", "2 or fewer stars", "100k or more": the number and its bound; "40 bushels or more": the unit
    // between them.
    const orBound = orBoundAt(norm, i);
    if (orBound) {
      const { op, gap } = orBound;
      const end = gap ? i + 1 : i + 3;
      q.numeric.push({ op, value: toNumber(one), start: i, end, ...durationAt(norm, end) });
      for (const j of [i, i + 1 + gap, i + 2 + gap]) taken[j] = true;
      continue;
    }
    // "65 and older", "90+", "200k+": the number and up.
    const andUp = norm[i + 1] === 'and' && /^(older|over|above|up)$/.test(norm[i + 2]);
    const up = !AMOUNT.test(one) ? 0 : text[tokens[i].end] === '+' ? 1 : andUp ? 3 : 0;
    if (up) {
      q.numeric.push({ op: '>=', value: toNumber(one), start: i, end: i + up });
      for (let j = i; j < i + up; j++) taken[j] = true;
      continue;
    }
    for (const [words, len] of [
      [two, 2],
      [one, 1],
    ] as const) {
      const op = COMPARATORS.find(([p]) => p.test(words))?.[1];
      // "more than an hour": one of the unit.
      const a =
        /^an?$/.test(norm[i + len] ?? '') && /^(second|minute|hour|day|week|month|year)$/.test(norm[i + len + 1]);
      // "at least one cancelled trip": any.
      const one = words === 'at least' && /^(one|a|an|any)$/.test(norm[i + len] ?? '');
      const n = a || one ? '1' : norm[i + len];
      // "5000g", "12kg": a unit of measure written on the number, kept to be checked against the column's.
      const inline = INLINE_NUMBER.exec(n ?? '');
      if (op && inline) {
        // "over 100m", "under 2.5k": the unit written on the number.
        const scale = inline[2] ? (rate(i + len) ? 1 : INLINE_UNITS[inline[2]]) : unit(i + len + 1);
        const end = i + len + 1 + (!inline[2] && !one && scale > 1 ? 1 : 0);
        const measured = inline[3] ? { written: inline[3] } : {};
        q.numeric.push({
          op,
          value: toNumber(inline[1]) * scale,
          start: i,
          end,
          ...measured,
          ...durationAt(norm, end),
        });
        for (let j = i; j < end; j++) taken[j] = true;
        break;
      }
    }
  }
  // "biggest first", "largest to smallest", "in descending order": the groups' order, no quantity (sort-order.ts).
  const sorted = sortOrder(norm, taken);
  if (sorted) [q.rank, q.time.ranked] = [{ dir: sorted.dir, word: sorted.used[0] }, true];
  for (const i of sorted?.used ?? []) taken[i] = true;
  // Ranking: "top 5", "bottom 3", "5 largest", "the most", "highest".
  for (let i = 0; i < tokens.length && !q.rank; i++) {
    if (taken[i]) continue;
    const w = norm[i];
    const next = norm[i + 1] ?? '';
    if (/^(top|bottom|best|worst|first)$/.test(w) && (/^\d+$/.test(next) || NUMBER_WORDS[next])) {
      q.rank = { dir: /^(bottom|worst)$/.test(w) ? 'ASC' : 'DESC', limit: toNumber(next), word: i };
      taken[i] = taken[i + 1] = true;
      q.groupPhrases.push(phrase(norm, taken, i + 2));
    } else if (isCount(w) && (DESC_WORDS.test(next) || ASC_WORDS.test(next))) {
      q.rank = { dir: ASC_WORDS.test(next) ? 'ASC' : 'DESC', limit: toNumber(w), word: i + 1 };
      taken[i] = true;
      q.groupPhrases.push(phrase(norm, taken, i + 2));
    } else if (isCount(w) && /^(the|which|what|list|show|name)$/.test(norm[i - 1] ?? '') && !isCount(next)) {
      // "the three hotels with the fewest bookings", "which 3 cities…": the count of a ranking said elsewhere.
      const dir = norm.slice(i + 1).find((x) => DESC_WORDS.test(x) || ASC_WORDS.test(x));
      // ("which 3 months …" ranks periods where the time words took the unit: time-range.ts.)
      if (dir && next && (!/^(day|week|month|quarter|year)s?$/.test(next) || taken[i + 1])) {
        q.rank = { dir: ASC_WORDS.test(dir) ? 'ASC' : 'DESC', limit: toNumber(w), word: norm.indexOf(dir, i + 1) };
        taken[i] = true;
        q.groupPhrases.push(phrase(norm, taken, i + 1));
      }
    }
  }
  for (const { agg, start, end } of aggregationWords(folded)) {
    const i = tokenAt(tokens, start);
    if (i < 0 || taken[i] || q.aggs.has(i)) continue;
    // "over 90 min": a unit after a number, not the minimum.
    if (/^\d/.test(norm[i - 1] ?? '') && durationWord(norm[i]) !== undefined) continue;
    q.aggs.set(i, agg);
    let j = i + 1;
    for (; j < tokens.length && tokens[j].start < end; j++) taken[j] = true;
    // "cars by number of cylinders": a breakdown by what follows (the count is of the rows, the number is the group);
    // "top 5 states by number of zip codes" ranks the states by the count.
    if (agg === 'count' && norm[i - 1] === 'by' && j > i + 1 && !q.rank) {
      const p = phrase(norm, taken, j);
      if (p.length) q.groupPhrases.push(p);
    }
  }
  refineAggregations(q.aggs, tokens, folded, taken);
  // "departments with the most visits", "cities having more than 100": the words before "with" name a breakdown.
  norm.forEach((w, i) => {
    if (!/^(with|having|that|where)$/.test(w) || taken[i]) return;
    let j = i + 1;
    while (/^(the|a|an|have|has|had)$/.test(norm[j] ?? '')) j++;
    // "with the most …" ranks; "with more than 150 …" is a condition.
    const ranks =
      (DESC_WORDS.test(norm[j] ?? '') || ASC_WORDS.test(norm[j] ?? '')) && !q.numeric.some((n) => n.start === j);
    if (!ranks && !q.numeric.some((n) => n.start >= j && n.start <= j + 3)) return;
    const back: number[] = [];
    for (let k = i - 1; k >= 0 && back.length < 3 && !taken[k] && !BOUNDARY.has(norm[k]) && !TRIGGERS.has(norm[k]); k--)
      back.unshift(k);
    if (back.length) {
      q.groupPhrases.push(back);
      if (!ranks) q.withPhrases.add(back);
    }
  });
  // Breakdown phrases: the words after "by", "per", "for each", "which"…
  norm.forEach((w, i) => {
    if (!TRIGGERS.has(w) || taken[i]) return;
    // "the average across all countries": the rows aggregated over, one number (not "by country").
    if (w === 'across' && /^(all|every)$/.test(norm[i + 1] ?? '') && phrase(norm, taken, i + 2).length === 1) {
      taken[i] = taken[i + 1] = taken[i + 2] = true;
      return;
    }
    // "what % of the unemployed", "what share of sales": the share asked, no breakdown.
    if (/^(what|which)$/.test(w) && SHARE_WORD.test(norm[i + 1] ?? '') && norm[i + 2] === 'of') return;
    const p = phrase(norm, taken, i + 1);
    if (p.length) q.groupPhrases.push(p);
  });
  // "grade distribution": the word before names the breakdown.
  norm.forEach((w, i) => {
    if (w !== 'distribution' || taken[i] || !i || taken[i - 1] || BOUNDARY.has(norm[i - 1])) return;
    taken[i] = true;
    q.groupPhrases.push([i - 1]);
  });
  return q;
}

const KIND = /^(?:kind|type|sort|category|class|variety)s?$/;

/** Up to four free tokens from `from`, stopping at a boundary word; "and" joins two parts. */
function phrase(norm: string[], taken: boolean[], from: number): number[] {
  const out: number[] = [];
  for (let i = from; i < norm.length && out.length < 5; i++) {
    // "for each kind of weather", "by type of room": the noun after "of" is what is broken down.
    if (norm[i] === 'of' && out.length && KIND.test(norm[out[out.length - 1]]) && !taken[i + 1]) continue;
    if (taken[i] || (BOUNDARY.has(norm[i]) && norm[i] !== 'and') || /^\d/.test(norm[i])) break;
    out.push(i);
  }
  while (out.length && norm[out[out.length - 1]] === 'and') out.pop();
  return out;
}

/** Whether a superlative word ranks groups rather than aggregates ("which ward has the most visits"). */
export function rankingWord(q: Question, i: number): 'DESC' | 'ASC' | undefined {
  const w = q.tokens[i]?.norm ?? '';
  return DESC_WORDS.test(w) ? 'DESC' : ASC_WORDS.test(w) ? 'ASC' : undefined;
}

/** A superlative's direction: ranking words and the superlatives of aggregation ("longest", "cheapest"). */
export function superlativeDir(q: Question, i: number): 'DESC' | 'ASC' | undefined {
  const agg = q.aggs.get(i);
  return rankingWord(q, i) ?? (agg === 'max' ? 'DESC' : agg === 'min' ? 'ASC' : undefined);
}

/**
 * "the 2024 season", "season 2025": the year read is the season's (the word is taken with it, and marked: which of
 * several dates a season is of, the question must say).
 */
function seasonOf(folded: string, time: TimeAsk): TimeAsk {
  if (time.ranges.length !== 1) return time;
  for (const m of folded.matchAll(/\b(?:(?:19|20)\d\d season|season (?:19|20)\d\d)\b/g)) {
    const year = m[0].indexOf('season') === 0 ? m.index + 7 : m.index;
    if (!time.spans.some(([s, e]) => s <= year && year + 4 <= e)) continue;
    const at = m.index + m[0].indexOf('season');
    return { ...time, season: true, spans: [...time.spans, [at, at + 6]] };
  }
  return time;
}

/** Period shorthand ("last yr", "past 3 wks", "this qtr"), written out for the time reader. */
const PERIODS = ownTable<string>({
  yr: 'year',
  yrs: 'years',
  mth: 'month',
  mths: 'months',
  mos: 'months',
  wk: 'week',
  wks: 'weeks',
  qtr: 'quarter',
  qtrs: 'quarters',
  yday: 'yesterday',
  yest: 'yesterday',
  tdy: 'today',
});

/** The time words of a folded question, its period shorthand written out; spans stay on the question as written. */
function parseShorthandTime(folded: string, now: number): TimeAsk {
  let text = '';
  const at: number[] = [];
  let last = 0;
  for (const m of folded.matchAll(/\b(yrs?|mths?|mos|wks?|qtrs?|yday|yest|tdy)\b/g)) {
    for (let i = last; i < m.index; i++) at.push(i);
    text += folded.slice(last, m.index);
    const word = PERIODS[m[1]];
    for (let i = 0; i < word.length; i++) at.push(m.index + Math.min(i, m[1].length - 1));
    text += word;
    last = m.index + m[1].length;
  }
  if (!at.length) return parseTime(folded, now);
  for (let i = last; i < folded.length; i++) at.push(i);
  text += folded.slice(last);
  const ask = parseTime(text, now);
  return { ...ask, spans: ask.spans.map(([s, e]): [number, number] => [at[s], at[e - 1] + 1]) };
}
