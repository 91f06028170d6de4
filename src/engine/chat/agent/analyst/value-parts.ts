// A value a single word names without being all of it (values.ts reads the question's words against the values):
// an adjective or demonym of a one-word value, or the one value of several words the word is a part of.

import { FILLER, FUNCTION_WORDS, fold, lemma, plural, type Token } from './text.js';

/** Words of a value written with an apostrophe inside, as one word ("ohare" of O'Hare). */
export const elided = (value: string) => [...fold(value).matchAll(/\p{L}+'\p{L}+/gu)].map((m) => m[0].replace("'", ''));

/** Each side of a value written "A / B" (Lawyer / Judge), as said and in the singular: a name of the value alone. */
export function slashSides(value: string): string[] {
  const sides = value.split('/').map((side) =>
    fold(side)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  if (sides.length < 2 || sides.some((ws) => !ws.some((w) => /\p{L}{3}/u.test(w)))) return [];
  return sides.flatMap((ws) => [...new Set([ws.join(' '), ws.map(lemma).join(' ')])]);
}

/** Endings of adjectives and demonyms made from a value ("snowy" → Snow, "Estonian" → Estonia, "Swedish" → Sweden). */
const ADJECTIVE = /(?:y|ish|ian|an|n|ese|ic|al|i)$/;

const commonPrefix = (a: string, b: string) => {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  return p;
};

/**
 * A value a single word names without being all of it: an adjective or demonym of a one-word value ("snowy" → Snow,
 * "Swedish" → Sweden: the word without its ending begins the one value it can), or the one value of several words it
 * is a part of ("Hopper" → Edward Hopper; not a word several values share).
 */
export function partOf(
  norm: string,
  exact: Map<string, { field: string; value: string }[]>,
  parts: Map<string, Set<string>>,
  /** Whether the next word names this field. */
  owns: (field: string) => boolean,
  /** Whether the word is written as a name of this field's. */
  capitalized: (field: string) => boolean,
  /** Whether another word of the question names this field ("how many fields does …": Field). */
  counted: (field: string) => boolean = () => false,
): { field: string; value: string; edits: number }[] {
  if (norm.length >= 5 && ADJECTIVE.test(norm)) {
    // "Chinese" → China, "Maltese" → Malta: -ese after a dropped final a; "southern", "northeastern": -ern.
    const cuts = [
      norm.replace(/(?:ish|ian|ese|ic|al|an|y|i)$/, ''),
      norm.replace(/n$/, ''),
      norm.replace(/ese$/, 'a'),
      norm.replace(/ern$/, ''),
    ];
    for (const cut of cuts) {
      const base = cut.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
      const hit = exact.get(base) ?? exact.get(cut);
      if (hit && base.length >= 3) return hit.map((v) => ({ ...v, edits: 1 }));
    }
    const stem = norm.replace(/(?:ish|ian|ese|ic|an|i)$/, '');
    if (stem.length >= 4 && stem !== norm) {
      const fits = [...exact.entries()].filter(
        ([v]) => !v.includes(' ') && v.length <= stem.length + 3 && commonPrefix(v, stem) >= stem.length - 1,
      );
      const values = fits.flatMap(([, vs]) => vs);
      if (new Set(values.map((v) => `${v.field}\u0000${v.value}`)).size === 1 && owns(values[0].field))
        return [{ ...values[0], edits: 1 }];
    }
  }
  // "how many fields does hillcrest have": of the values it is part of, not those of the field counted.
  const all = [...(parts.get(norm) ?? [])];
  const owners = all.length > 1 ? new Set(all.filter((o) => !counted(o.split('\u0000')[0]))) : new Set(all);
  if (owners.size !== 1) return [];
  const [field, value] = [...owners][0].split('\u0000');
  return capitalized(field) ? [{ field, value, edits: 1 }] : [];
}

type Owners = Map<string, Set<string>>;

/**
 * The owners ("field\0value") of `word` as the capitalized last word of their value, when all are one value (folded).
 */
function lastOf(word: string, parts: Owners): { field: string; value: string; edits: number }[] {
  const owners: string[][] = [];
  let one: string | undefined;
  for (const o of parts.get(word) ?? []) {
    const [field, v] = o.split('\u0000');
    // Stop at a second value: the word is no one value's (a word of many values costs no more than two).
    if (one !== undefined && fold(v) !== one) return [];
    one = fold(v);
    owners.push([field, v]);
  }
  if (!owners.length) return [];
  // A name's noun, capitalized as names are ("White-tailed Deer"), not the generic noun of a phrase ("Chain repair").
  const last =
    owners[0][1]
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .at(-1) ?? '';
  if (fold(last) !== word || !/^\p{Lu}/u.test(last)) return [];
  return owners.map(([field, v]) => ({ field, value: v, edits: 1 }));
}

/**
 * "the deer", "bullfrog habitat", "the hawks": the last word of exactly one value of several words (White-tailed Deer,
 * American Bullfrog, Riverton Hawks) — the noun the value's other words qualify — said alone, as written or in the
 * singular. None when the word is a word of any other value, or qualifies a noun naming the value's own dimension
 * ("grand hotels" are no hotel Aurora Grand: hotels that are grand).
 */
export function headOf(
  norm: string,
  singular: string,
  parts: Owners,
  /** Whether the next word names this field. */
  namedNext: (field: string) => boolean,
): { field: string; value: string; edits: number }[] {
  if (norm.length < 4) return [];
  // The word as written, else its singular ("snakes": snake, not the stem "snak").
  const forms = [norm, norm.replace(/s$/, ''), norm.replace(/es$/, ''), singular];
  const hits = forms.map((w) => lastOf(w, parts)).find((h) => h.length) ?? [];
  return hits.some((h) => namedNext(h.field)) ? [] : hits;
}

/**
 * "garter snakes" of Common Gartersnake, "wood pecker" of Woodpecker: two words the value writes as one, the whole
 * value or the last word of one value of several words.
 */
export function joinedOf(
  a: string,
  b: string,
  singular: (w: string) => string,
  exact: Map<string, { field: string; value: string }[]>,
  parts: Owners,
): { field: string; value: string; edits: number }[] {
  if (a.length < 3 || b.length < 3 || /\d/.test(a + b)) return [];
  const joined = a + b;
  const whole = exact.get(joined) ?? exact.get(joined.replace(/s$/, '')) ?? exact.get(singular(joined));
  if (whole) return whole.map((v) => ({ ...v, edits: 1 }));
  return headOf(joined, singular(joined), parts, () => false);
}

/**
 * "the unlimited plans", "premium rooms": a word capitalized in two values or more of the one field the plural noun
 * after it names (Unlimited Max, Unlimited Starter, Business Unlimited of Plan) and of no other field's values: the
 * kind of those values, all of them.
 */
export function familyOf(
  norm: string,
  parts: Owners,
  /** Whether the next word is a plural noun naming the field. */
  namedNext: (field: string) => boolean,
): { field: string; value: string; edits: number }[] {
  const all = parts.get(norm);
  if (norm.length < 3 || !all || all.size < 2) return [];
  const owners = [...all].map((o) => o.split('\u0000'));
  if (owners.some(([f]) => f !== owners[0][0]) || !namedNext(owners[0][0])) return [];
  const capitalized = ([, v]: string[]) =>
    v.split(/[^\p{L}\p{N}]+/u).some((w) => fold(w) === norm && /^\p{Lu}/u.test(w));
  return owners.every(capitalized) ? owners.map(([f, value]) => ({ field: f, value, edits: 1 })) : [];
}

/**
 * Whether the word at `i` qualifies what follows, so it names no value by a part of it: a plural noun after it ("long
 * trips", "young players": no driver Anna Long; not "this", "vs", nor a verb's "reaches"), or "how" before it ("how
 * long").
 */
export function qualifiesNext(tokens: Token[], i: number): boolean {
  const after = tokens[i + 1];
  const noun =
    !!after &&
    plural(after.norm) &&
    !FUNCTION_WORDS.has(after.lemma) &&
    !FILLER.has(after.lemma) &&
    !/(ch|sh|x|ss)es$/.test(after.norm);
  return noun || tokens[i - 1]?.norm === 'how';
}

/**
 * "loads for hartwell": a word of five letters or more after "for", "at", "from" or "with" that opens the one value
 * (of two words or more) it is a word of (Hartwell Foods) is that name's, as if capitalized — not a generic word
 * ("for premium": no name opens with it alone), nor a name's later word ("grand" of Aurora Grand).
 */
export function opensName(tokens: Token[], i: number, parts: Owners): boolean {
  const norm = tokens[i].norm;
  if (norm.length < 5 || !/^(for|at|from|with)$/.test(tokens[i - 1]?.norm ?? '')) return false;
  const owners = [...(parts.get(norm) ?? [])];
  return owners.length === 1 && fold(owners[0].split('\u0000')[1]).startsWith(`${norm} `);
}
