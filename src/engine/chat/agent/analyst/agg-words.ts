// Aggregation words read after the patterns of text.ts: an average's "#" ("avg # of retail jobs" averages the jobs,
// counts nothing) and a misspelt aggregation word ("avrage mileage").

import { editDistance, type Aggregation, type Token } from './text.js';

const AGG_TYPOS: [string, Aggregation][] = [
  ['average', 'avg'],
  ['maximum', 'max'],
  ['minimum', 'min'],
];

/** Updates `aggs` (by token index) and `taken` of a question's tokens; `folded` is the question folded. */
export function refineAggregations(
  aggs: Map<number, Aggregation>,
  tokens: Token[],
  folded: string,
  taken: boolean[],
): void {
  // "avg # of retail jobs": the "#" after an average is the quantity averaged, no count.
  for (const [i, a] of aggs)
    if (a === 'count' && aggs.get(i - 1) === 'avg' && /#\s*$/.test(folded.slice(0, tokens[i].start))) {
      aggs.delete(i);
      taken[i] = true;
    }
  // "avrage mileage", "maximim": a misspelt aggregation word of six letters or more, one edit away, is that word.
  tokens.forEach((t, i) => {
    const w = t.norm;
    if (w.length < 6 || taken[i] || aggs.has(i)) return;
    const agg = AGG_TYPOS.find(([x]) => editDistance(w, x, 1) <= 1);
    if (agg) aggs.set(i, agg[1]);
  });
}

/** Whether a word was read as an aggregation only as a misspelling of one ("avrage", and "overage" too). */
export const misspeltAggregation = (w: string) =>
  !AGG_TYPOS.some(([x]) => x === w) && AGG_TYPOS.some(([x]) => editDistance(w, x, 1) <= 1);
