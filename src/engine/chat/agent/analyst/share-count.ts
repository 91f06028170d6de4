// Shares of a count the model defines. "what pct of matches ended in a draw", where Draws counts the matches its
// model filter keeps and Result has a value "draw": the model's own count is the part (its condition is the model's),
// and the whole is the source's plain count the question names (Matches).

import { plainCount } from './booleans.js';
import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { pastForm } from './time-field.js';

/** Whether, in a share, token `i` is the whole one-word name of a count the model filters (Draws). */
export function filteredCountNamed(q: Question, source: SourceInfo, i: number): boolean {
  const lemma = q.tokens[i].lemma;
  // "were refunded": a verb's past form is the event's value (status refunded), read as before.
  return (
    q.share &&
    !pastForm(q.tokens[i].norm) &&
    !!plainCount(source) &&
    source.measures.some((m) => m.agg === 'count' && m.filtered && m.keys.some((k) => k.length === 1 && k[0] === lemma))
  );
}

/**
 * Of a share of the plain count with no part, the one count the model filters that the question names whole by
 * other words (Draws of Matches): the part and the whole as two measures.
 */
export function filteredPart(q: Question, measure: Field, source: SourceInfo): Field | undefined {
  if (measure !== plainCount(source)) return undefined;
  const mine = new Set(measure.keys.flat());
  const asked = new Set(q.tokens.map((t) => t.lemma));
  const parts = source.measures.filter(
    (m) =>
      m.agg === 'count' &&
      m.filtered &&
      m.keys.some((k) => k.length > 0 && k.every((w) => asked.has(w) && !mine.has(w))),
  );
  return parts.length === 1 ? parts[0] : undefined;
}

/**
 * Of a measure the model defines as a percent of two of its measures (Late delivery %), those two: part and whole.
 * `pair`: which of its pairs, the ratio (the part restricting the whole) or any percent of two (`percentOf`).
 */
export function ratioParts(
  measure: Field,
  source: SourceInfo,
  pair: 'ratio' | 'percentOf' = 'ratio',
): { part: Field; whole: Field } | undefined {
  const of = (column: string | undefined) => source.measures.find((m) => m.column === column);
  const [part, whole] = [of(measure[pair]?.part), of(measure[pair]?.whole)];
  return part && whole ? { part, whole } : undefined;
}
