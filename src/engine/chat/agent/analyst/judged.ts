// "the brand with the best reviews", "the district with the busiest stops": a word judging the rows a count counts
// asks what they say or what happens at them, not how many there are.

import { countNames } from './booleans.js';
import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { lemmas } from './text.js';

/** Words of a judgment on a scale: a rating, a score, stars, satisfaction, a grade. */
const JUDGMENT = new Set(lemmas('rating rated score star satisfaction grade'));

/**
 * The thing judged (the word after "best", "worst" with a breakdown, or after "busiest") named as the source's rows,
 * over a count: the source's one average of a judgment ("best reviews": Avg rating, "1 to 5 stars"), which says how
 * good they are; null when there is none (the count would answer what the question does not ask); undefined when the
 * question judges nothing so.
 */
export function judgedMeasure(
  q: Question,
  source: SourceInfo,
  measure: Field,
  busy: number,
  grouped: boolean,
): Field | null | undefined {
  const judged = busy >= 0 ? busy : grouped ? q.tokens.findIndex((t) => /^(best|worst)$/.test(t.norm)) : -1;
  const thing = judged >= 0 ? q.tokens[judged + 1]?.lemma : undefined;
  if (!thing || measure.agg !== 'count' || !(source.named.has(thing) || countNames(source, thing))) return undefined;
  const judging = (m: Field) => [...m.keys.flat(), ...m.described].some((w) => JUDGMENT.has(w));
  const scored = busy >= 0 ? [] : source.measures.filter((m) => m.agg === 'avg' && judging(m));
  return scored.length === 1 ? scored[0] : null;
}
