// Guards on a plan's measure: readings the planner could make from the words alone that a careful analyst would not
// ("how many F grades" is no average grade).

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';

/** The measures whose values add up across rows: a count is of these, never of an average or an extreme. */
const ADDITIVE = new Set(['count', 'count_distinct', 'sum']);

/**
 * "how many F grades", "how many excellent scores": a count asked, with no other aggregation, of a measure that does
 * not add up (Average grade), by a word that also names a dimension the plan filters or breaks down by (Letter
 * grade = F): the rows are counted, by the source's one count. Undefined when that is not the reading.
 */
export function countNotAverage(
  q: Question,
  source: SourceInfo,
  measure: Field,
  used: number[],
  asked: string[],
  onFields: Field[],
): Field | undefined {
  if (!asked.includes('count') || asked.some((a) => a !== 'count') || ADDITIVE.has(measure.agg ?? '')) return;
  const counts = source.measures.filter((m) => m.agg === 'count');
  if (counts.length !== 1) return;
  const restated = used.some((u) => onFields.some((f) => f.keys.some((k) => k.includes(q.tokens[u].lemma))));
  return restated ? counts[0] : undefined;
}
