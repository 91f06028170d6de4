// "PRs merged with zero reviews", "days with no precipitation": "zero" or "no" before a word naming a number column
// is that column equal to 0, a condition like "over 100" (plan-values.ts applies it). Before anything else, the
// word is left unexplained, so the question declines: a number or a negation is never dropped silently.

import type { SourceInfo } from './catalog.js';
import type { NumericAsk, Question } from './question.js';

/** The "zero X" and "no X" conditions of `q` on a number column of `source`; marks their words taken. */
export function zeroBounds(q: Question, source: SourceInfo, taken: boolean[]): NumericAsk[] {
  const numbers = source.dimensions.filter((d) => d.type === 'number' && !/(^|_)id$/.test(d.column));
  const out: NumericAsk[] = [];
  q.tokens.forEach((t, i) => {
    // Not "no-show", "no." (a hyphen or a dot after the word makes another word).
    if (taken[i] || !/^(zero|no|0)$/.test(t.norm) || /^[-.]/.test(q.text[t.end] ?? '')) return;
    const j = q.tokens[i + 1]?.norm === 'any' ? i + 2 : i + 1;
    const next = q.tokens[j];
    if (!next || taken[j]) return;
    // The column's whole name, or two words of it at least ("zero year-round habitat" of Year-round habitat share).
    const run = (k: string[]) => {
      let m = 0;
      while (m < k.length && q.tokens[j + m]?.lemma === k[m]) m++;
      return m === k.length || m >= 2;
    };
    const named = numbers.filter((d) => d.keys.some(run));
    if (named.length !== 1) return;
    out.push({ op: '=', value: 0, start: i, end: j });
    for (let k = i; k < j; k++) taken[k] = true;
  });
  return out;
}
