// "crop failures by cause": a count (or total) the model filters (Crop failures: failed plantings) broken down lists
// only the groups of the rows it keeps; the other rows would add a group of nothing (an empty cause with 0).

import type { Field, SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';

/** The filters a filtered count or sum keeps, as conditions on the source's members, when it is broken down by a text. */
export function keptForGroups(source: SourceInfo, measure: Field, groups: Field[], filters: Filter[]): Filter[] {
  if (!groups.length || !groups.every((g) => g.type === 'string') || !measure.keeps?.length) return [];
  if (!['count', 'sum'].includes(measure.agg ?? '') || measure.columnOf || measure.distinctOf) return [];
  const out: Filter[] = [];
  for (const k of measure.keeps) {
    const field = source.dimensions.find((d) => d.column === k.member);
    if (!field) return [];
    if (!filters.some((f) => f.field === field)) out.push({ field, op: '=', values: [k.value] });
  }
  return out;
}
