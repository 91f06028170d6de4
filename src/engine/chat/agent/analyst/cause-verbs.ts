// "how many plantings did pests wipe out", "which crop lost the most plantings to hail": a value of a cause (a
// dimension its model titles the cause or reason of what happened) is the subject, or the "to", of the verb saying
// what it did; the value explains that verb, or the clause it ends after "because" ("because the item was damaged").

import type { Field } from './catalog.js';
import { participle } from './cues.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, lemma } from './text.js';

const CAUSES = new Set(['cause', 'reason'].map(lemma));
const PARTICLE = /^(out|off|down|up|away)$/;
const COPULA = /^(is|are|was|were|got|been)$/;

/** Marks taken the verb a value of a cause dimension (words `start` to `end`) is the subject or the "to" of. */
export function causeVerb(q: Question, field: Field, start: number, end: number, taken: boolean[], known: Set<string>) {
  if (!field.keys.some((k) => k.some((w) => CAUSES.has(w)))) return;
  const free = (i: number) =>
    i >= 0 && i < q.tokens.length && !taken[i] && !q.aggs.has(i) && !known.has(q.tokens[i].lemma);
  // "returns were because the item was damaged": "because" and the clause's subject and verb before the value.
  let j = start - 1;
  while (j >= 0 && COPULA.test(q.tokens[j].norm) && free(j)) j--;
  const clause = j < start - 1 ? [j, j - 1, j - 2].findIndex((b) => q.tokens[b]?.norm === 'because') : -1;
  if (clause >= 0 && [...Array(clause).keys()].every((k) => free(j - k))) {
    for (let i = j - clause; i < start; i++) taken[i] = true;
    return;
  }
  // "did pests wipe out": the word after the value, after an auxiliary (a subject), a particle with it.
  const subject = /^(did|do|does|will|would|can|could)$/.test(q.tokens[start - 1]?.norm ?? '');
  if (subject && free(end) && !FUNCTION_WORDS.has(q.tokens[end].lemma) && !/^\d/.test(q.tokens[end].norm)) {
    taken[end] = true;
    if (PARTICLE.test(q.tokens[end + 1]?.norm ?? '')) taken[end + 1] = true;
    return;
  }
  // "lost … to hail": a past form before the "to" of the value.
  if (q.tokens[start - 1]?.norm !== 'to') return;
  const verb = q.tokens.findIndex((_, i) => i < start - 1 && free(i) && participle(q, i));
  if (verb >= 0) taken[verb] = taken[start - 1] = true;
}
