// A value two dimensions hold, one a grouping of the other ("Dentist": an occupation, and the group of occupations
// before their specialty): the finer dimension when its value covers the same rows (no other value of it extends
// this one: "Dentist - Oral"), the grouping when the question says to put the kinds together ("all fields
// combined", those words then read); otherwise undefined (the question must say which).

import { keyOf, type Field } from './catalog.js';
import type { Question } from './question.js';
import type { ValueIndex } from './values.js';
import { fold } from './text.js';

/** Words that title a grouping of another dimension's values. */
const GROUPING = new Set(['group', 'category', 'family', 'class', 'kind', 'type', 'sector', 'division']);

/** Words that ask for the kinds of a thing put together. */
const COMBINED = /^(all|combined|together|overall|any|every|kinds?|types?|sorts?)$/;

export function groupingOf(
  q: Question,
  fields: Field[],
  value: string,
  values: ValueIndex,
): { field: Field; used: number[] } | undefined {
  if (fields.length !== 2) return undefined;
  const [a, b] = fields.map((f) => values.get(f.name) ?? []);
  if (!a.length || !b.length || a.length === b.length) return undefined;
  const [fine, coarse] = a.length > b.length ? fields : [fields[1], fields[0]];
  // The coarser is titled as a grouping of the finer: its words and a word of grouping (Occupation group).
  const own = keyOf(fine.title);
  const group = keyOf(coarse.title);
  if (!own.every((w) => group.includes(w)) || !group.some((w) => GROUPING.has(w))) return undefined;
  const v = fold(value);
  // The finer values that extend this one ("Professor - Biology" of Professor): the grouping puts them together.
  const extended = (values.get(fine.name) ?? []).some((x) => {
    const f = fold(x);
    return f !== v && f.startsWith(v) && /^[^\p{L}\p{N}]/u.test(f.slice(v.length).trimStart());
  });
  const said = q.tokens.flatMap((t, i) => (COMBINED.test(t.norm) ? [i] : []));
  if (said.length) return { field: coarse, used: said };
  return extended ? undefined : { field: fine, used: [] };
}
