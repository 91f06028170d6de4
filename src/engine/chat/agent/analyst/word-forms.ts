// A noun made from a verb names what the verb does: "shipments" are what was shipped, "arrivals" who arrived,
// "cancellations" what was cancelled. A measure titled by such a noun gets a name of the verb's stem as well, so a
// question that says the verb ("how many were shipped", "orders cancelled last week") names it. General English
// suffixes only (-ment, -ation, -ion, -al, -ure, -ery, -ance, -ence, -age, -th); the stemmer (text.ts) meets the verb's
// forms on one stem ("cancelled", "cancels": cancel).

import { FUNCTION_WORDS, lemma } from './text.js';

/** Noun suffixes after a verb's stem ("-ery" and "-eries" keep their "er": deliver-y). */
const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ions', 'ion', 'als', 'al', 'ures', 'ure', 'ances', 'ance'];
const MORE = ['ences', 'ence', 'ages', 'age', 'ths', 'th', 'ies', 'y'];

/**
 * The verb stems a noun of an event may be made from, as written and as lemmas ("shipments": ship; "donations":
 * donat, as "donated" reads; "closures": clos, as "closed"): each suffix it ends in cut, the stem left of 3 letters
 * or more, with and without a final "e".
 */
export function verbsOf(word: string): [string, string][] {
  const out = new Map<string, string>();
  for (const suffix of [...SUFFIXES, ...MORE]) {
    const base = word.slice(0, -suffix.length);
    if (!word.endsWith(suffix) || base.length < 3 || ((suffix === 'y' || suffix === 'ies') && !base.endsWith('er')))
      continue;
    for (const b of [base, `${base}e`]) if (!out.has(lemma(b))) out.set(lemma(b), b);
  }
  out.delete(lemma(word));
  return [...out].filter(([v]) => !FUNCTION_WORDS.has(v)).map(([v, b]) => [b, v]);
}

/**
 * A measure's names with a noun made from a verb, again with the verb's lemma in its place, and the verb's stems as
 * written (a question writing "shipped" writes the measure's word, not a synonym of it).
 */
export function verbKeys(keys: string[][], titleWords: string[]): { keys: string[][]; written: string[] } {
  const out: string[][] = [];
  const written: string[] = [];
  for (const w of titleWords)
    for (const [b, v] of verbsOf(w)) {
      written.push(b);
      for (const k of keys) if (k.includes(lemma(w))) out.push(k.map((x) => (x === lemma(w) ? v : x)));
    }
  return { keys: out, written };
}
