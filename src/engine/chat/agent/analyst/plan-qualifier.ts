// "top 10 teams by away goals": the noun a ranking is of names its breakdown, even when a count is named by it too
// (Teams), and of dimensions it names alike (Home team, Away team) the one whose own word the question writes in
// what it ranks by (away).

import type { Match } from './catalog.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS } from './text.js';

/** Whether `part` is the noun right after a ranking ("top 10 teams") and a "by" follows it. */
export function rankedNoun(q: Question, part: number[]): boolean {
  if (!q.rank || !part.length) return false;
  const first = Math.min(...part);
  const last = Math.max(...part);
  return (first === q.rank.word + 2 || first === q.rank.word + 1) && q.tokens[last + 1]?.norm === 'by';
}

/** Of dimensions tied on the same words, the one whose own word the question writes outside `part`. */
export function qualifiedBy(q: Question, best: Match[], part: number[]): Match | undefined {
  const keys = best.map((b) => new Set(b.field.keys.flat()));
  const own = (i: number) =>
    [...keys[i]].filter((w) => !FUNCTION_WORDS.has(w) && keys.every((k, j) => j === i || !k.has(w)));
  // Outside the part, or a word of the part the tie did not use ("which drop-off store": drop and off, taken by the
  // Drop-off date, qualify Dropoff store over Collect store).
  const used = new Set(best.flatMap((b) => b.used));
  const outside = (j: number) => !part.includes(j) || !used.has(j);
  const hits = best.filter((_, i) => own(i).some((w) => q.tokens.some((t, j) => outside(j) && t.lemma === w)));
  return hits.length === 1 ? hits[0] : undefined;
}
