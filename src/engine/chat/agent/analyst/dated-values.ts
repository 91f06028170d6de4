// Values that carry a year in their own words ("Fall 2025", "Season 2024", "FY2023 budget"): a question naming one
// names the value, not the year as a period of the source's date ("enrollments in fall 2025" are the term's).

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { fold, tokenize } from './text.js';
import { categorical, type ValueIndex } from './values.js';

const YEAR = /^(19|20)\d\d$/;

/** The folded words of each dimension's values that have a year among them, read once per value index. */
const datedOf = new WeakMap<ValueIndex, Map<string, string[][]>>();
function dated(values: ValueIndex, field: string): string[][] {
  let byField = datedOf.get(values);
  if (!byField) datedOf.set(values, (byField = new Map<string, string[][]>()));
  let out = byField.get(field);
  if (!out) {
    out = (values.get(field) ?? [])
      .filter((v) => /\d{4}/.test(v))
      .map((v) => tokenize(v).map((t) => fold(t.text)))
      .filter((words) => words.some((w) => YEAR.test(w)));
    byField.set(field, out);
  }
  return out;
}

/**
 * `q` with the time words a value's words cover given back to the values, when every time word of the question is
 * part of such a value; otherwise `q` itself. Only values with a year among their words are read, and only when a
 * year was read as a period.
 */
export function datedValues(q: Question, source: SourceInfo, values: ValueIndex): Question {
  const timed = q.tokens.map((t) => q.time.spans.some(([s, e]) => t.start < e && s < t.end));
  if (!q.tokens.some((t, i) => timed[i] && YEAR.test(t.norm))) return q;
  const norms = q.tokens.map((t) => t.norm);
  const covered = new Set<number>();
  for (const f of categorical(source))
    for (const words of dated(values, f.name)) {
      for (let i = 0; i + words.length <= norms.length; i++)
        if (words.every((w, k) => norms[i + k] === w) && words.some((_, k) => timed[i + k]))
          for (let k = 0; k < words.length; k++) covered.add(i + k);
    }
  if (!covered.size || timed.some((t, i) => t && !covered.has(i))) return q;
  const taken = q.taken.map((t, i) => t && !covered.has(i));
  return { ...q, taken, time: { ...q.time, ranges: [], spans: [] } };
}
