// "how many plantings did pests wipe out", "which crop lost the most plantings to hail": a value of a cause (a
// dimension its model titles the cause or reason of what happened) is the subject, or the "to", of the verb saying
// what it did; any value ends a clause from "because" ("because the item was damaged"), is the label a verb puts on
// the rows ("marked urgent") or the end direction words name ("headed to Spain"): the value explains those words.

import type { Field } from './catalog.js';
import { directionAt, participle } from './cues.js';
import { endOf } from './ends.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, lemma } from './text.js';

const CAUSES = new Set(['cause', 'reason'].map(lemma));
const PARTICLE = /^(out|off|down|up|away)$/;
/** Verbs that put a label on a row: general English, no model's words. */
const LABEL =
  /^(marked|flagged|tagged|labell?ed|classified|categori[sz]ed|classed|coded|listed|rated|graded|designated|deemed|turned|proved|proven|found|confirmed|ended)$/;
/** Verbs of making a row or passing it on ("filed", "placed", "routed"): the value after them says how or where. */
const CREATE =
  /^(filed|lodged|raised|placed|submitted|logged|received|made|sent|routed|assigned|referred|booked|entered|registered|escalated|forwarded|transferred)$/;
/** Verbs a reason's clause is said with ("the item was damaged", "it got lost"). */
const COPULA = /^(was|were|is|are|got|get|gets|had|has|been|being|be)$/;

/** Marks taken the verb a value of a cause dimension (words `start` to `end`) is the subject or the "to" of. */
export function causeVerb(q: Question, field: Field, start: number, end: number, taken: boolean[], known: Set<string>) {
  const free = (i: number) =>
    i >= 0 && i < q.tokens.length && !taken[i] && !q.aggs.has(i) && !known.has(q.tokens[i].lemma);
  // "claims marked urgent", "flagged as fraud", "turned out to be fraud": a verb putting a label on the rows, before
  // any value, is that value.
  let label = start - 1;
  while (label > start - 4 && /^(as|to|be|being|out|up)$/.test(q.tokens[label]?.norm ?? '')) label--;
  if (free(label) && LABEL.test(q.tokens[label].norm)) for (let i = label; i < start; i++) taken[i] = true;
  // "requests filed over the phone", "tickets routed to billing": a verb making or passing on the rows, then a
  // preposition, before the value.
  let made = start - 1;
  while (made > start - 3 && /^(the|a|an|our|their)$/.test(q.tokens[made]?.norm ?? '')) made--;
  if (
    /^(via|by|through|over|on|to|with|from|in|at)$/.test(q.tokens[made]?.norm ?? '') &&
    CREATE.test(q.tokens[made - 1]?.norm ?? '')
  )
    if (free(made - 1)) taken[made - 1] = true;
  // "units headed to Spain" on the ship-to country: the direction words of the value's own end are its.
  const cue = directionAt(q, start);
  if (cue && endOf(field) === cue.end) for (let i = cue.at; i < start; i++) if (free(i)) taken[i] = true;
  // "returns because the item was damaged", "claims due to water damage": the clause from "because" ("due to", "owing
  // to") to the value says it is the cause (its subject, one noun no member is named by, and "was", "got" with it).
  const because = q.tokens.findIndex(
    (t, i) =>
      i < start &&
      i >= start - 5 &&
      (t.norm === 'because' || (/^(due|owing)$/.test(t.norm) && q.tokens[i + 1]?.norm === 'to')),
  );
  const clause = because >= 0 ? [...Array(start - because).keys()].map((k) => because + k) : [];
  const nouns = clause.slice(1).filter((i) => !FUNCTION_WORDS.has(q.tokens[i].lemma) && !COPULA.test(q.tokens[i].norm));
  if (clause.length && clause.every(free) && nouns.length <= 1) {
    clause.forEach((i) => (taken[i] = true));
    return;
  }
  if (!field.keys.some((k) => k.some((w) => CAUSES.has(w)))) return;
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
