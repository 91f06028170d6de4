// Starter questions built from the data model the viewer can see ("Revenue by region", "Orders per month"), for a
// chat whose host gave no `starter-prompts`; loaded with the chat's parts once the model has arrived. Titles inside the
// question keep their acronyms ("Worldwide gross by MPAA rating").

import type { MetaMember, MetaResponse } from '../../api/types.js';
import { inlineTitle as lower } from '../../util/titles.js';

const visible = (m: MetaMember & { public?: boolean; isVisible?: boolean }) =>
  m.public !== false && m.isVisible !== false && !m.primaryKey;

/** Up to three questions about the first view (or cube) of the model: a measure by a category, over time, … */
export function suggestedQuestions(meta: MetaResponse | undefined): string[] {
  const cube =
    meta?.cubes.find((c) => c.type === 'view' && c.measures.length) ?? meta?.cubes.find((c) => c.measures.length);
  if (!cube) return [];
  const measures = cube.measures.filter(visible);
  const categories = cube.dimensions.filter(
    (d) => visible(d) && d.type === 'string' && !/name|email|id$/i.test(d.name),
  );
  const time = cube.dimensions.find((d) => visible(d) && d.type === 'time');
  const title = (m: MetaMember) => m.shortTitle ?? m.title;
  const out: string[] = [];
  if (measures[0] && categories[0]) out.push(`${title(measures[0])} by ${lower(title(categories[0]))}`);
  const second = measures.find((m) => m.aggType === 'count') ?? measures[1];
  if (second && time) out.push(`${title(second)} per month`);
  const third = measures.find((m) => m !== measures[0] && m !== second);
  if (third && categories[1]) out.push(`${title(third)} by ${lower(title(categories[1]))}`);
  return [...new Set(out)];
}
