// Nouns of a status value written as a past form ("rejections" of the stage Rejected, "cancellations" of Cancelled,
// "approvals" of Approved): a question saying the noun names the value, and counts the rows having it ("rejections
// by reason": applications at stage rejected, by their rejection reason).

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { eventRoot } from './time-field.js';
import { plainCount } from './booleans.js';
import { fold, lemma, plural } from './text.js';
import { categorical, type ValueIndex } from './values.js';

/** Per value index and dimension: the one-word past-form values by the root of their event, read once. */
const rootsOf = new WeakMap<ValueIndex, Map<string, Map<string, string>>>();
function roots(values: ValueIndex, field: string): Map<string, string> {
  let byField = rootsOf.get(values);
  if (!byField) rootsOf.set(values, (byField = new Map<string, Map<string, string>>()));
  let out = byField.get(field);
  if (!out) {
    out = new Map<string, string>();
    for (const v of values.get(field) ?? []) if (/^\p{L}{4,}ed$/u.test(fold(v))) out.set(eventRoot(lemma(fold(v))), v);
    byField.set(field, out);
  }
  return out;
}

/**
 * `q` with each plural noun that names no measure and is the noun of one past-form value of the source written as
 * that value (its index kept in `valueNouns`); otherwise `q` itself.
 */
export function valueNouns(q: Question, source: SourceInfo, values: ValueIndex): Question {
  const measureWords = new Set(source.measures.flatMap((m) => m.keys.flat()));
  let tokens = q.tokens;
  const at: number[] = [];
  q.tokens.forEach((t, i) => {
    if (q.taken[i] || q.aggs.has(i) || !plural(t.norm) || measureWords.has(t.lemma)) return;
    // "shipments by carrier" over Shipments with a status Shipped: the source's own noun is all its rows.
    if (source.named.has(t.lemma)) return;
    // "what % of bookings were cancelled" over rows described as bookings (All bookings): the rows, no status Booked.
    if (plainCount(source)?.described.has(t.lemma)) return;
    const root = eventRoot(t.lemma);
    const hits = categorical(source).flatMap((f) => roots(values, f.name).get(root) ?? []);
    if (hits.length !== 1 || lemma(fold(hits[0])) === t.lemma) return;
    const norm = fold(hits[0]);
    if (tokens === q.tokens) tokens = [...q.tokens];
    tokens[i] = { ...t, text: hits[0], norm, lemma: lemma(norm) };
    at.push(i);
  });
  return at.length ? { ...q, tokens, valueNouns: at } : q;
}
