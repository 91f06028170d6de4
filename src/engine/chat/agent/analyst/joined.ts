// A view's columns of a joined entity: a prefix several columns share ("appointments_" of appointments_scheduled_at,
// with appointments_visit_type beside it), as views with `prefix: true` name them.

import type { Field, SourceInfo } from './catalog.js';
import { lemma, lemmas } from './text.js';

/** The prefix of `f`'s column naming a joined entity ("vets_"), when at least two of `among` share it. */
export function joinedPrefix(f: Field, among: Field[]): string | undefined {
  const cut = f.column.indexOf('_');
  const prefix = cut > 0 ? f.column.slice(0, cut + 1) : '';
  return prefix && among.filter((x) => x.column.startsWith(prefix)).length >= 2 ? prefix : undefined;
}

/** The lemma of the joined entity `f` is a column of ("vet" of vets_specialty), if it is one's. */
export function prefixWord(f: Field, among: Field[]): string | undefined {
  const prefix = joinedPrefix(f, among);
  return prefix && lemma(prefix.slice(0, -1));
}

/**
 * The lemma of the joined entity `f` is a column of, when its title does not say it ("campaign" of Start date,
 * campaigns_started_at; none of Deaths that year, deaths_in_year).
 */
export function entityWord(f: Field, source: SourceInfo, among: Field[] = source.fields): string | undefined {
  const word = prefixWord(f, among);
  return word && !lemmas(f.title).includes(word) ? word : undefined;
}
