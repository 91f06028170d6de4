// A code kept as a number, named after the words of its column: "county fips 06037" is the County FIPS code 6037,
// "store no 0042" the store number 42. The digits may be written with leading zeros, as codes are printed; the column is
// a number dimension titled as a code, an id or a number, named by the word right before the digits (and the one before
// that, when two columns share it: "county fips" of County FIPS code beside State FIPS code). A whole number right after
// the word of a number column of another kind is its value too: "people in group 2", "wards of district 7".

import type { Field, SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS } from './text.js';

/** Title words of a column whose numbers are codes, not quantities. */
const CODE = /^(code|id|number|no|nr)$/;

/** The code filters the question writes ("fips 06037"), and the tokens they use. */
export function numberedCodes(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
): { filters: Filter[]; used: number[] } {
  const filters: Filter[] = [];
  const used: number[] = [];
  const numbers = source.dimensions.filter((d) => d.type === 'number');
  const isCode = (d: Field) =>
    d.title
      .toLowerCase()
      .split(/\W+/)
      .some((w) => CODE.test(w));
  const codes = numbers.filter(isCode);
  // A number a condition reads ("model year 2018 or older", "group 3 or above") is its bound, not a value.
  const bound = (i: number) => q.numeric.some((n) => i >= n.start && i < n.end);
  q.tokens.forEach((t, i) => {
    const word = q.tokens[i - 1];
    if (!word || !/^\d+$/.test(t.norm) || taken[i] || taken[i - 1]) return;
    const names = (d: Field, j: number) => !!q.tokens[j] && d.keys.some((k) => k.includes(q.tokens[j].lemma));
    const coded = t.norm.length >= 2 && codes.some((d) => names(d, i - 1));
    // A label's number ends its phrase: one a word follows is a count of that word ("rated 5 stars", cues.ts).
    const next = q.tokens[i + 1];
    const ends = !next || taken[i + 1] || FUNCTION_WORDS.has(next.lemma) || FUNCTION_WORDS.has(next.norm);
    if (!coded && (bound(i) || !ends)) return;
    let fit = (coded ? codes : numbers.filter((d) => !isCode(d))).filter((d) => names(d, i - 1));
    const before = fit.filter((d) => i >= 2 && !taken[i - 2] && names(d, i - 2));
    if (fit.length > 1 && before.length === 1) fit = before;
    if (fit.length !== 1) return;
    filters.push({ field: fit[0], op: '=', values: [Number(t.norm)] });
    used.push(i - 1, i, ...(fit === before ? [i - 2] : []));
  });
  return { filters, used };
}
