// "orders placed in december", "claims filed last year", "tickets logged since march": a verb by which a row comes
// into being, right after the rows' noun, names the rows' own date, the one time dimension titled by that noun
// ("Order date"), though no date is titled by the verb. And a date phrase right after such an event word is that
// event's date, not another's the question also names ("orders placed in december were delivered late").

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS } from './text.js';

/** Verbs by which a row is made (their past forms' stems); general English, not any model's. */
const MAKING = /^(plac|creat|submitt|fil|book|lodg|rais|logg|open|regist|issu|enter|record|made|sign|start)/;
const PAST = /(ed|made)$/;

/**
 * Token indexes, per time dimension, of the making verbs that name it: the verb follows the rows' noun and exactly
 * one of `times` is titled by that noun.
 */
export function madeDates(q: Question, times: Field[], free: boolean[]): Map<Field, number[]> {
  const out = new Map<Field, number[]>();
  q.tokens.forEach((tok, i) => {
    if (i === 0 || !free[i] || !PAST.test(tok.norm) || !MAKING.test(tok.norm)) return;
    const noun = q.tokens[i - 1].lemma;
    if (FUNCTION_WORDS.has(noun)) return;
    const titled = times.filter((t) => t.keys.some((k) => k.includes(noun)));
    if (titled.length === 1) out.set(titled[0], [...(out.get(titled[0]) ?? []), i]);
  });
  return out;
}

/**
 * Whether token `i` stands right before the question's date phrase (only function words between: "signups in 2024") or
 * right after it ("2024 signups").
 */
export function nextToDate(q: Question, i: number): boolean {
  const span = q.time.spans[0];
  if (!span) return false;
  // The phrase's own first token is found (it holds tokens); the one before it may be a function word ("in").
  let before = q.tokens.findIndex((t) => t.start >= span[0]) - 1;
  while (before >= 0 && FUNCTION_WORDS.has(q.tokens[before].lemma)) before--;
  const after = q.tokens.findIndex((t) => t.start >= span[1]);
  return i === before || (i === after && q.tokens[i - 1]?.end === span[1]);
}

/** Of event words tied (`used` per candidate), the candidate whose word alone stands next to the date phrase, or all. */
export function dateNextTo<T extends { used: number[] }>(q: Question, tied: T[]): T[] {
  const next = tied.filter((c) => c.used.some((i) => nextToDate(q, i)));
  return next.length === 1 ? next : tied;
}

const START = /^(start|begin|beginning|from|opened|open)$/;
const END = /^(end|ending|finish|until|to|closed|close)$/;

/**
 * "hours booked in 2025" with Booking start and Booking end: of a span's two dates the event names alike, its start,
 * unless the question says its end ("bookings ending in march", "finished"): a booking is of the year it begins in.
 */
export function spanStart<T extends { field: Field }>(q: Question, tied: T[]): T[] {
  if (tied.length !== 2) return tied;
  const words = (f: Field) => new Set(f.keys.flat());
  const [a, b] = tied.map((t) => words(t.field));
  const ends = (w: Set<string>) => [...w].some((x) => END.test(x));
  const starts = (w: Set<string>) => [...w].some((x) => START.test(x));
  const start = starts(a) && ends(b) ? tied[0] : starts(b) && ends(a) ? tied[1] : undefined;
  const saysEnd = q.tokens.some((t) =>
    /^(end|ended|ending|ends|finish|finished|finishing|until|closed|returned)$/.test(t.norm),
  );
  return start && !saysEnd ? [start] : tied;
}

/** Whether `lemma` alone is the whole name of a measure of `source` ("signups": Sign-ups). */
export const wholeName = (source: SourceInfo, lemma: string) =>
  source.measures.some((m) => m.keys.some((k) => k.length === 1 && k[0] === lemma));

/**
 * "what % of 2025 contracts ended up cancelled": in a share, an event's word after the period and a verb ("were",
 * "ended up") says what the part is, not when: the period dates the whole's rows.
 */
export function sharePart(q: Question, i: number): boolean {
  if (!q.share || !q.time.spans.some(([, end]) => end <= q.tokens[i].start)) return false;
  const before = q.tokens.slice(Math.max(0, i - 3), i).map((t) => t.norm);
  return before.some((w) => /^(were|was|are|is|got|get|been|ended|end)$/.test(w));
}
