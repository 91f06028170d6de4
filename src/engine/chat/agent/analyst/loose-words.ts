// Which unexplained words of a question may be let go, by the kind of word each is (word-kind.ts): a careful analyst
// declines only for a word naming a thing or a condition the model lacks. An adverb of degree ("completely",
// "ever") changes no number; a verb changes none when it only links words the plan explains ("which crop lost the
// most plantings", "days logged as rain") or when the chosen member's description says it ("people who died").
// "All time" is "ever"; a word for a span ("turnaround time") is what a measure kept in hours or days measures.
// An adverb of manner ("quickly approved") is a condition. Numbers, negations, nouns, adjectives and comparisons are never let go here: they are
// applied elsewhere or declined.

import type { Field } from './catalog.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS } from './text.js';
import { columnUnit } from './units.js';
import { wordKind } from './word-kind.js';

/** Words after a verb that belong to it ("picked up", "came in", "logged as"): skipped to reach its complement. */
const PARTICLES = /^(up|down|out|off|in|on|at|as|into|onto|over|away|back|to|for|from|with|by|the|a|an|of)$/;

/** Words of ranking between a verb and its object ("caught the most meteors"). */
const RANKS = /^(most|least|fewest|more|fewer|highest|lowest|biggest|largest|smallest|greatest|top)$/;

/** Whether token `i` is a time word (a date, a month, a period), not a word of the model. */
const timeWord = (q: Question, i: number) =>
  q.time.spans.some(([s, e]) => q.tokens[i].start < e && s < q.tokens[i].end);

/**
 * A verb whose object is the measure, named by its own word after the verb's particles and ranking words: "which
 * crop lost the most plantings", "which telescope caught the most meteors". Not a verb whose complement is a place,
 * a time or a value ("trips did we refund in Porto": the refunding is a condition), nor one after "what" or "who",
 * which asks for what did it ("what caused the most fees").
 */
const linking = (q: Question, i: number, measure: Field) => {
  if (/^(what|who|whom)$/.test(q.tokens[i - 1]?.norm ?? '')) return false;
  // "people were killed by earthquakes": in the passive, what follows "by" does the verb; it is not its object.
  if (q.tokens[i + 1]?.norm === 'by' && /^(is|are|was|were|be|been|being|get|got)$/.test(q.tokens[i - 1]?.norm ?? ''))
    return false;
  const names = new Set(measure.keys.flat());
  let j = i + 1;
  while (q.tokens[j] && (PARTICLES.test(q.tokens[j].norm) || RANKS.test(q.tokens[j].norm))) j++;
  const next = q.tokens[j];
  return !!next && !timeWord(q, j) && !FILLER.has(next.lemma) && names.has(next.lemma);
};

/**
 * "orders that arrived late", "jobs finished early": a verb right before the word of a chosen yes/no member (Late,
 * Overtime) says how the row's event went — the member is the condition, the verb only carries it.
 */
const flagState = (q: Question, i: number, chosen: Field[]) => {
  let j = i + 1; // "clocked in late": past the verb's particle
  while (q.tokens[j] && /^(up|in|out|off|back|down)$/.test(q.tokens[j].norm)) j++;
  const next = q.tokens[j];
  // The member's whole name, one word of its own: no preposition or filler ("arrested during the riots" is no state of
  // a member During the riots).
  const own = !!next && !FILLER.has(next.lemma) && !FUNCTION_WORDS.has(next.lemma);
  return own && chosen.some((f) => f.type === 'boolean' && f.keys.some((k) => k.length === 1 && k[0] === next.lemma));
};

/**
 * "subscribers who roamed abroad" with Roaming chosen ("the line was used abroad that month"): a word next to a
 * chosen yes/no member's own word that its description says restates it; so does the doer of its verb.
 */
const restated = (q: Question, i: number, chosen: Field[]) =>
  !q.negated.has(i) &&
  !/\d/.test(q.tokens[i].norm) &&
  chosen.some((f) => {
    if (f.type !== 'boolean') return false;
    const own = (l: string | undefined) => l !== undefined && (l === f.otherwise || f.keys.some((k) => k.includes(l)));
    // "manual payers" of Auto-pay: the one who does its verb ("payer" of pay), after its word or its "no".
    const doer = /^(\p{L}{3,}?)e?rs?$/u.exec(q.tokens[i].norm)?.[1];
    const said = f.described.has(q.tokens[i].lemma) || (doer !== undefined && own(doer));
    return said && [i - 1, i + 1].some((j) => own(q.tokens[j]?.lemma));
  });

/** The described words of the chosen members, from descriptions that state no exception ("not", "excluding"). */
const describedBy = (fields: Field[]) =>
  new Set(fields.filter((f) => !f.described.has('not') && !f.described.has('exclud')).flatMap((f) => [...f.described]));

/**
 * "PA turnaround time", "avg run length in days": a word for a span of time, where the measure chosen is kept in a
 * unit of time (Avg turnaround (hrs), Avg run (days)) — the span is what it measures.
 */
const spanOfMeasure = (q: Question, i: number, measure: Field | undefined) =>
  !!measure?.isMeasure &&
  /^(time|times|length|lengths|duration|durations)$/.test(q.tokens[i].norm) &&
  columnUnit(measure) !== undefined;

/**
 * Whether the unexplained word at `i` may be let go. `chosen`: the plan's members, the measure first, once known;
 * until then only adverbs and light verbs are.
 */
export function looseWord(q: Question, i: number, chosen: Field[] = []): boolean {
  if (restated(q, i, chosen)) return true;
  // "over all time", "the all-time most": "ever", which changes no number.
  if (q.tokens[i].norm === 'time' && q.tokens[i - 1]?.norm === 'all') return true;
  if (spanOfMeasure(q, i, chosen[0])) return true;
  const kind = wordKind(q.tokens, i);
  if (kind === 'degree') return !q.negated.has(i);
  if (kind !== 'verb') return false;
  if (q.negated.has(i)) return false;
  if (!chosen.length || /^(what|who|whom)$/.test(q.tokens[i - 1]?.norm ?? '')) return false;
  return linking(q, i, chosen[0]) || flagState(q, i, chosen) || describedBy(chosen).has(q.tokens[i].lemma);
}
