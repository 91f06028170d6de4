// Guards on a plan's measure: readings the planner could make from the words alone that a careful analyst would not
// ("how many F grades" is no average grade).

import type { Field, SourceInfo } from './catalog.js';
import { participle } from './cues.js';
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

/**
 * "how many courses were dropped": the counted noun is no row of the source (no measure counts it) and a value of
 * the rows follows it as a participle (status Dropped). The rows in that state (the drops) and the distinct nouns
 * among them (the courses with a drop) both fit: a careful analyst asks which.
 */
export const rowsOrDistinct = (q: Question, valuesAt: number[], counted: number[]) =>
  counted.length > 0 && valuesAt.some((i) => i > counted[0] && participle(q, i));

/** Whether the question names all the words of one of the measure's titles (its title, a synonym; not its column). */
export const titled = (m: Field, q: Question) =>
  m.keys
    .slice(1)
    .some((k) => k.length > 0 && k.every((w) => w.startsWith('agg:') || q.tokens.some((t) => t.lemma === w)));
