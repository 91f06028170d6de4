// The rows a filtered count keeps, applied to what is asked. "crop failures by cause": a count (or total) the model
// filters (Crop failures: failed plantings) broken down lists only the groups of the rows it keeps; the other rows
// would add a group of nothing (an empty cause with 0). "unique guests with a completed stay": the rows a count named
// beside the measure keeps.

import { keyOf, type Field, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import { oppositeOf } from './otherwise.js';
import type { Question } from './question.js';

/** The words of what a filtered measure keeps: its kept values' (completed), or a flag's name (in_territory). */
export const keptWords = (m: Field): string[] =>
  (m.keeps ?? []).flatMap((k) => {
    if (typeof k.value === 'string') return keyOf(k.value);
    // A yes/no member kept false is said by its opposite too ("failed" of Passed: false).
    const words = keyOf(k.member);
    return k.value ? words : [...words, ...words.flatMap((w) => oppositeOf(w) ?? [])];
  });

/** What a filtered measure keeps, as conditions on the source's members; undefined when one is no member of it. */
export function keptAsFilters(source: SourceInfo, m: Field): Filter[] | undefined {
  const out: Filter[] = [];
  for (const k of m.keeps ?? []) {
    const field = source.dimensions.find((d) => d.column === k.member);
    if (!field) return undefined;
    out.push({ field, op: '=', values: [k.value] });
  }
  return out;
}

/** The filters a filtered count or sum keeps, as conditions on the source's members, when it is broken down by a text. */
export function keptForGroups(source: SourceInfo, measure: Field, groups: Field[], filters: Filter[]): Filter[] {
  if (!groups.length || !groups.every((g) => g.type === 'string') || !measure.keeps?.length) return [];
  if (!['count', 'sum'].includes(measure.agg ?? '') || measure.columnOf || measure.distinctOf) return [];
  return (keptAsFilters(source, measure) ?? []).filter((k) => !filters.some((f) => f.field === k.field));
}

/**
 * "unique guests with a completed stay", "avg lead time of completed stays": a filtered count that the words left
 * unexplained name whole, in a row (Completed stays, kept to the status completed), keeps the measure asked to its
 * rows. Adds its filters (where they start) and takes its words; returns how many filters it added.
 */
export function keptNamed(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  measure: Field,
  filters: Filter[],
  at: Map<Filter, number>,
): number {
  for (const m of source.measures) {
    if (m === measure || m.agg !== 'count' || !m.keeps?.length) continue;
    const runs = m.keys
      .map((k) => k.filter((w) => !w.startsWith('agg:')))
      .filter((k) => k.length > 1)
      .flatMap((k) =>
        q.tokens
          .flatMap((_, i) => (k.every((w, j) => !taken[i + j] && q.tokens[i + j]?.lemma === w) ? [i] : []))
          .map((i) => k.map((_, j) => i + j)),
      );
    if (!runs.length) continue;
    const kept = keptAsFilters(source, m);
    if (!kept || kept.some((k) => filters.some((f) => f.field === k.field))) continue;
    for (const k of kept) {
      filters.push(k);
      at.set(k, runs[0][0]);
    }
    runs[0].forEach((i) => (taken[i] = true));
    return kept.length;
  }
  return 0;
}
