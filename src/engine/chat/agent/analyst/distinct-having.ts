// "how many routes had at least one cancelled trip": a count of things with at least one row is a distinct count over
// the rows, no condition on each thing's count.

import { rowNoun } from './booleans.js';
import { distinctCount, rank, tie, wholly, type Field, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS } from './text.js';
import { categorical } from './values.js';
import { keptAsFilters } from './kept-groups.js';

/**
 * "how many routes had at least one cancelled trip": the distinct count of the text member the counted noun names
 * wholly, over the rows the count asked of (Cancelled trips) keeps — one number, not the count per route. None when
 * the count's own filter is not a plain condition, or no one member is named so.
 */
export function distinctHaving(
  q: Question,
  source: SourceInfo,
  onMeasure: Question['numeric'],
  measure: Field,
  counted: number[],
  taken: boolean[],
): { field: Field; keeps: Filter[]; used: number[] } | undefined {
  const n = onMeasure.length === 1 ? onMeasure[0] : undefined;
  if (!n || n.op !== '>=' || n.value !== 1) return undefined;
  // The rows' noun after "at least one" ("trip" of Scheduled trips) is the rows, the condition's words beside.
  const rows = q.tokens.flatMap((t, i) => (i >= n.end && i <= n.end + 2 && rowNoun(source, t.lemma) ? [i] : []));
  // "how many routes" already read as the distinct count of Route: the condition's other words must be filters
  // taken ("cancelled": Cancelled = true), not a count's title left aside (Failed deliveries, filtered unsaid).
  const loose = q.tokens.some((t, i) => i >= n.end && i < rows[0] && !taken[i] && !FUNCTION_WORDS.has(t.lemma));
  // The model's own distinct count (Active members) as well.
  if (measure.distinctOf || measure.agg === 'count_distinct')
    return rows.length && !loose ? { field: measure, keeps: [], used: rows } : undefined;
  if (measure.agg !== 'count' || (measure.filtered && !measure.keeps)) return undefined;
  const only = q.tokens.map((t, i) => (counted.includes(i) && i < n.start ? t.lemma : undefined));
  const named = tie(rank(categorical(source), only)).filter((m) => wholly(m.field, only));
  if (named.length !== 1) return undefined;
  const keeps = keptAsFilters(source, measure);
  if (!keeps) return undefined;
  return { field: distinctCount(named[0].field), keeps, used: [...named[0].used, ...rows] };
}
