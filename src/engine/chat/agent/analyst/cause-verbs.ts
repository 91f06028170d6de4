// "how many plantings did pests wipe out", "which crop lost the most plantings to hail": a value of a cause (a
// dimension its model titles the cause or reason of what happened) is the subject, or the "to", of the verb saying
// what it did, or ends a clause from "because" ("because the item was damaged"); the value explains those words, as it
// does a verb labelling the rows with it, whatever the dimension ("marked urgent").

import type { Field } from './catalog.js';
import { directionAt, participle } from './cues.js';
import { endOf } from './ends.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, lemma } from './text.js';

const CAUSES = new Set(['cause', 'reason'].map(lemma));
const PARTICLE = /^(out|off|down|up|away)$/;
/** Verbs that put a label on a row: general English, no model's words. */
const LABEL =
  /^(marked|flagged|tagged|labell?ed|classified|categori[sz]ed|classed|coded|listed|rated|graded|designated|deemed)$/;
/** Verbs a reason's clause is said with ("the item was damaged", "it got lost"). */
const COPULA = /^(was|were|is|are|got|get|gets|had|has|been|being|be)$/;

/** Marks taken the verb a value of a cause dimension (words `start` to `end`) is the subject or the "to" of. */
export function causeVerb(q: Question, field: Field, start: number, end: number, taken: boolean[], known: Set<string>) {
  const free = (i: number) =>
    i >= 0 && i < q.tokens.length && !taken[i] && !q.aggs.has(i) && !known.has(q.tokens[i].lemma);
  // "claims marked urgent", "flagged as fraud": a verb putting a label on the rows, before any value, is that value.
  const label = q.tokens[start - 1]?.norm === 'as' ? start - 2 : start - 1;
  if (free(label) && LABEL.test(q.tokens[label].norm)) for (let i = label; i < start; i++) taken[i] = true;
  // "units headed to Spain" on the ship-to country: the direction words of the value's own end are its.
  const cue = directionAt(q, start);
  if (cue && endOf(field) === cue.end) for (let i = cue.at; i < start; i++) if (free(i)) taken[i] = true;
  if (!field.keys.some((k) => k.some((w) => CAUSES.has(w)))) return;
  // "returns because the item was damaged": the clause from "because" to the value says that reason (its subject, one
  // noun no member is named by, and its verb "was", "got" come with it).
  const because = q.tokens.findIndex((t, i) => i < start && i >= start - 5 && t.norm === 'because');
  const clause = because >= 0 ? [...Array(start - because).keys()].map((k) => because + k) : [];
  const nouns = clause.slice(1).filter((i) => !FUNCTION_WORDS.has(q.tokens[i].lemma) && !COPULA.test(q.tokens[i].norm));
  if (clause.length && clause.every(free) && nouns.length <= 1) {
    clause.forEach((i) => (taken[i] = true));
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
