// "matches with 5 or more goals" where a segment says "5 goals or more" (High-scoring matches): a numeric condition a
// segment's title or description states — the same number, the same bound and the noun it counts — is that segment,
// the model's own condition, even with no column to compare.

import { keyOf, type Field, type Match, type SourceInfo } from './catalog.js';
import type { Comparison } from './plan.js';
import type { NumericAsk, Question } from './question.js';
import { SCALE_WORDS } from './amounts.js';
import { fold, lemmas } from './text.js';

/** Bounds a text writes around its number: before it ("at least 5") or after its noun ("5 goals or more"). */
const BEFORE: [RegExp, Comparison][] = [
  [/(?:at least|no less than|minimum of)\s+$/, '>='],
  [/(?:more than|over|above|greater than)\s+$/, '>'],
  [/(?:at most|no more than|up to)\s+$/, '<='],
  [/(?:fewer than|less than|under|below)\s+$/, '<'],
];
const AFTER: [RegExp, Comparison][] = [
  [/^\s*(?:\p{L}+\s+)?(?:or more|and more|or over|or above|and over|and above|and older|and up|\+)/u, '>='],
  [/^\s*(?:\p{L}+\s+)?(?:or fewer|or less|or under|or below)/u, '<='],
];

/**
 * The numbers a folded text writes, a scale word read ("over 100 million people": 100000000, "orders over $2.5k":
 * 2500), each with the text before and after it.
 */
export function statedNumbers(text: string): { value: number; before: string; after: string }[] {
  return [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)(?: ?(k|thousand|m|million|bn|billion)\b)?/g)].map((m) => ({
    value: Number(m[1].replace(/,/g, '')) * (m[2] ? SCALE_WORDS[m[2]] : 1),
    before: text.slice(0, m.index),
    after: text.slice(m.index + m[0].length),
  }));
}

/** The bounds a segment's title and description state: number, comparison and the lemmas of the words after it. */
function bounds(f: Field): { value: number; op: Comparison; words: string[] }[] {
  const out: { value: number; op: Comparison; words: string[] }[] = [];
  for (const text of [fold(f.title), fold(f.note ?? '')])
    for (const { value, before, after } of statedNumbers(text)) {
      const op = (BEFORE.find(([p]) => p.test(before)) ?? AFTER.find(([p]) => p.test(after)))?.[1];
      if (op) out.push({ value, op, words: lemmas(after).slice(0, 4) });
    }
  return out;
}

/**
 * The segment stating the condition `n` of `q` on the noun written right after it, with the tokens it explains (the
 * condition and the noun).
 */
export function boundSegment(
  q: Question,
  source: SourceInfo,
  n: NumericAsk,
): { field: Field; used: number[] } | undefined {
  const noun = q.tokens[n.end];
  if (!noun) return undefined;
  const hits = source.dimensions.filter(
    (d) =>
      d.segment &&
      bounds(d).some(
        (b) => b.value === n.value && b.op === n.op && n.upTo === undefined && b.words.includes(noun.lemma),
      ),
  );
  if (hits.length !== 1) return undefined;
  const used: number[] = [];
  for (let i = n.start; i <= n.end; i++) used.push(i);
  return { field: hits[0], used };
}

/**
 * "how many months saw more than 1000 deaths" where a count is titled "Months over 1,000 deaths": the count stating the
 * condition `n` (the same number, bound and noun after it), when the question says every other word of its title —
 * the model's own condition. Its words, the condition's among them, are marked in `taken`.
 */
export function boundCount(q: Question, source: SourceInfo, n: NumericAsk, taken: boolean[]): Match | undefined {
  const noun = q.tokens[n.end];
  // A share's part is the condition on all the rows ("what % of shipments were over 30 kg"), not the count stating it.
  if (!noun || n.upTo !== undefined || q.share) return undefined;
  const said = new Set(q.tokens.map((t) => t.lemma));
  const hits = source.measures.filter(
    (m) =>
      m.agg === 'count' &&
      m.filtered &&
      bounds({ ...m, note: undefined }).some(
        (b) => b.value === n.value && b.op === n.op && b.words.includes(noun.lemma),
      ) &&
      keyOf(m.title).every((w) => /^\d/.test(w) || said.has(w)),
  );
  if (hits.length !== 1) return undefined;
  const title = new Set(keyOf(hits[0].title));
  const used = q.tokens.flatMap((t, i) =>
    (i >= n.start && i < n.end) || (title.has(t.lemma) && !taken[i]) ? [i] : [],
  );
  used.forEach((i) => (taken[i] = true));
  return { field: hits[0], score: used.length, used };
}

/**
 * "what pct of the population was 65+": in a share, the one measure the model filters whose title states the bound
 * (People 65 and over) is the part, when no column is named or only the one it sums ("visitors": Visitors in the
 * row); in any question, when that column is named. The bound's words are marked taken.
 */
export function boundMeasure(q: Question, source: SourceInfo, n: NumericAsk, taken: boolean[], column?: Field) {
  // Not in a share, only over its own column ("how many people were 65+" is no row of 65 people or more).
  if ((!q.share && !column) || n.upTo !== undefined) return undefined;
  const hits = source.measures.filter((m) => m.filtered && bounds(m).some((b) => b.value === n.value && b.op === n.op));
  if (hits.length !== 1 || (column && column.column !== hits[0].over)) return undefined;
  for (let i = n.start; i < n.end; i++) taken[i] = true;
  return hits[0];
}
