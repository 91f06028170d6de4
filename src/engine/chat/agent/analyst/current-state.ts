// "how many orders are open right now", "tickets in progress currently": a question about the present, with no
// period named, asks for the rows in the state that is going on now — the one value of a status-like dimension that
// means it (active, open, ongoing, current). Counting every row ever would answer another question.

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { fold, lemma } from './text.js';
import { categorical, type ValueIndex } from './values.js';

const NOW_WORDS = /\b(?:right now|currently|at the moment|at present|as of (?:now|today))\b/;
const CURRENT = /^(?:active|open|ongoing|current|outstanding|running)$/;

/** Per value index and source: the values meaning "going on now", read once. */
const currentOf = new WeakMap<ValueIndex, WeakMap<SourceInfo, string[]>>();
function currentValues(source: SourceInfo, values: ValueIndex): string[] {
  let bySource = currentOf.get(values);
  if (!bySource) currentOf.set(values, (bySource = new WeakMap<SourceInfo, string[]>()));
  let out = bySource.get(source);
  if (!out) {
    out = categorical(source).flatMap((f) => (values.get(f.name) ?? []).filter((v) => CURRENT.test(fold(v))));
    bySource.set(source, out);
  }
  return out;
}

/**
 * `q` with its "now" words written as the one value of the source meaning "going on now", when no period is named
 * and the question does not say a value of that kind already; otherwise `q` itself.
 */
export function currentState(q: Question, source: SourceInfo, values: ValueIndex): Question {
  const m = NOW_WORDS.exec(q.folded);
  if (!m || q.time.ranges.length) return q;
  const hits = currentValues(source, values);
  if (hits.length !== 1 || q.tokens.some((t) => CURRENT.test(t.norm))) return q;
  const end = m.index + m[0].length;
  const within = q.tokens.map((t, i) => (t.start >= m.index && t.end <= end ? i : -1)).filter((i) => i >= 0);
  const last = within.at(-1);
  if (last === undefined) return q;
  const norm = fold(hits[0]);
  const tokens = [...q.tokens];
  tokens[last] = { ...q.tokens[last], text: hits[0], norm, lemma: lemma(norm) };
  const taken = q.taken.map((t, i) => (i === last ? false : t || within.includes(i)));
  return { ...q, tokens, taken };
}

/** A date that ends a row's time ("End date", "Closed at", "Churn date"): empty while the row is going on. */
const ENDING = /\b(?:end|ended|ends|finish(?:ed)?|closed?|terminat\w*|cancell?ed|cancell?ation|churn\w*|left)\b/;

/**
 * "subscribers on each plan right now": with no value of the source meaning "going on now", a question about the
 * present with no period named keeps the rows whose one ending date is empty. Its "now" words are marked taken.
 */
export function ongoing(
  q: Question,
  source: SourceInfo,
  values: ValueIndex,
  taken: boolean[],
): { field: Field; at: number } | undefined {
  const m = NOW_WORDS.exec(q.folded);
  // A state the question says itself ("open stores right now") is its own filter.
  if (!m || q.time.ranges.length || currentValues(source, values).length || q.tokens.some((t) => CURRENT.test(t.norm)))
    return undefined;
  const ends = source.dimensions.filter(
    (d) => d.type === 'time' && !d.yearNumber && ENDING.test(`${fold(d.title)} ${d.column.replace(/_/g, ' ')}`),
  );
  if (ends.length !== 1) return undefined;
  const end = m.index + m[0].length;
  const within = q.tokens.flatMap((t, i) => (t.start >= m.index && t.end <= end ? [i] : []));
  for (const i of within) taken[i] = true;
  return { field: ends[0], at: within[0] ?? q.tokens.length };
}
