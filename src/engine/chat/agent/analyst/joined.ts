// A view's columns of a joined entity: a prefix several columns share ("appointments_" of appointments_scheduled_at,
// with appointments_visit_type beside it), as views with `prefix: true` name them.

import type { Field, SourceInfo } from './catalog.js';
import { lemma, lemmas } from './text.js';

/**
 * The prefix of `f`'s column naming a joined entity ("vets_"), when at least two of `among` share it and not every
 * one of them is titled by its word (key_account and key_accounts, Key account and Key accounts, are one cube's own).
 */
export function joinedPrefix(f: Field, among: Field[]): string | undefined {
  const cut = f.column.indexOf('_');
  const prefix = cut > 0 ? f.column.slice(0, cut + 1) : '';
  const sharing = prefix ? among.filter((x) => x.column.startsWith(prefix)) : [];
  const word = lemma(prefix.slice(0, -1));
  const own = sharing.every((x) => lemmas(x.title)[0] === word);
  return sharing.length >= 2 && !own ? prefix : undefined;
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
