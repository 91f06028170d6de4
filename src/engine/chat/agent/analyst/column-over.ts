// "wheat price in 1750" on a source titled Wheat prices and wages (Playfair), one row every five years: the words
// name its number column Wheat price, which measures aggregate (Average, Highest, Lowest wheat price), not the
// source's rows to count (Years recorded, named by the source's title) — unless a count is asked ("how many …").

import type { Match, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { lemmas } from './text.js';

/** The words of a title before any bracket ("Wheat price (shillings per quarter)": wheat, price). */
const titleLemmas = (title: string) => lemmas(title.replace(/\(.*$/, ''));

/**
 * Of the measures matched, those over the number column the question names whole, when a count matched by the
 * same words is their rival; the measures unchanged otherwise.
 */
export function columnOverRows(q: Question, source: SourceInfo, measures: Match[]): Match[] {
  if ([...q.aggs.values()].includes('count')) return measures;
  const counts = measures.filter((m) => m.field.agg === 'count');
  const over = measures.filter((m) => m.field.agg !== 'count' && m.field.over !== undefined);
  if (!counts.length || !over.length) return measures;
  const columns = new Set(over.map((m) => m.field.over));
  if (columns.size !== 1) return measures;
  const column = source.dimensions.find((d) => d.column === [...columns][0] && d.type === 'number');
  if (!column) return measures;
  const words = titleLemmas(column.title);
  const said = (m: Match) => m.used.map((i) => q.tokens[i].lemma);
  // The column's whole title said, and the count named by those words alone.
  const whole = words.length > 0 && over.every((m) => words.every((w) => said(m).includes(w)));
  const same = counts.every((c) => c.used.length > 0 && said(c).every((w) => words.includes(w)));
  return whole && same ? measures.filter((m) => m.field.agg !== 'count') : measures;
}
