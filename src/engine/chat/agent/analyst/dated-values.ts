// Values that carry a year, a weekday or a month in their own words ("Fall 2025", "FY2023 budget", "Black Friday
// Blitz"): a question naming one, or two words or more of it, names the value, not a period of the source's date
// ("enrollments in fall 2025" are the term's; "the black friday campaign" is no Friday).

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { fold, tokenize } from './text.js';
import { categorical, type ValueIndex } from './values.js';

const TIME_WORD =
  /^((19|20)\d\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)$/;

/** The folded words of each dimension's values with a year, weekday or month among them, read once per value index. */
const datedOf = new WeakMap<ValueIndex, Map<string, string[][]>>();
function dated(values: ValueIndex, field: string): string[][] {
  let byField = datedOf.get(values);
  if (!byField) datedOf.set(values, (byField = new Map<string, string[][]>()));
  let out = byField.get(field);
  if (!out) {
    out = (values.get(field) ?? [])
      .map((v) => tokenize(v).map((t) => fold(t.text)))
      .filter((words) => words.some((w) => TIME_WORD.test(w)));
    byField.set(field, out);
  }
  return out;
}

/** A value's words whole, and each run of two words or more of them with a time word among them. */
function runs(words: string[]): string[][] {
  const out = [words];
  for (let a = 0; a < words.length; a++)
    for (let b = a + 2; b <= words.length; b++)
      if (b - a < words.length && words.slice(a, b).some((w) => TIME_WORD.test(w))) out.push(words.slice(a, b));
  return out;
}

/**
 * `q` with the time words a value's words cover given back to the values, when every time word of the question is
 * part of such a value; otherwise `q` itself. Only values with a time word among their words are read, and only when a
 * time word was read as a period.
 */
export function datedValues(q: Question, source: SourceInfo, values: ValueIndex): Question {
  const timed = q.tokens.map((t) => q.time.spans.some(([s, e]) => t.start < e && s < t.end));
  if (!q.tokens.some((t, i) => timed[i] && TIME_WORD.test(t.norm))) return q;
  const norms = q.tokens.map((t) => t.norm);
  const covered = new Set<number>();
  for (const f of categorical(source))
    for (const value of dated(values, f.name))
      for (const words of runs(value))
        for (let i = 0; i + words.length <= norms.length; i++)
          if (words.every((w, k) => norms[i + k] === w) && words.some((_, k) => timed[i + k]))
            for (let k = 0; k < words.length; k++) covered.add(i + k);
  if (!covered.size || timed.some((t, i) => t && !covered.has(i))) return q;
  const taken = q.taken.map((t, i) => t && !covered.has(i));
  return { ...q, taken, time: { ...q.time, ranges: [], spans: [], weekdays: undefined } };
}
