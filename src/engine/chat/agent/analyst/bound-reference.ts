// The point a bound is measured from. In "more than 0.5 °C above the baseline" the words "above the baseline" say
// what the column's zero is (an anomaly is already measured from its baseline), not a second condition: they belong
// to the bound. Only when the word after "above" names no number member of the source: "more than 100 above the
// target", with a Target column, compares two columns, which a bound on one column is not.

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';

/** Token indexes of an "above the X" right after a lower bound that names the bound's own zero. */
export function boundReference(q: Question, source: SourceInfo, taken: boolean[]): number[] {
  const used: number[] = [];
  for (const n of q.numeric) {
    if (n.op !== '>' && n.op !== '>=') continue;
    // A unit word may sit between the number and "above" ("0.5 °C above").
    const j = [n.end, n.end + 1].find((i) => /^(above|over)$/.test(q.tokens[i]?.norm ?? ''));
    if (j === undefined || taken[j]) continue;
    const k = q.tokens[j + 1]?.norm === 'the' ? j + 2 : j + 1;
    const word = q.tokens[k];
    if (!word || taken[k] || /^\d/.test(word.norm)) continue;
    // The reference is one word the question ends on or follows with no further word of its own.
    if (q.tokens[k + 1] && !taken[k + 1]) continue;
    const compared = source.fields.some((f) => f.type === 'number' && f.keys.some((key) => key.includes(word.lemma)));
    if (compared) continue;
    used.push(...Array.from({ length: k - j + 1 }, (_, i) => j + i));
  }
  return used;
}
