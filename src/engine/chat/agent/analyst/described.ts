// What a member's description may name. A description is weak evidence: a word of it that names another member the
// question names whole is that member's, no evidence for this one ("Total cost: repair plus other costs" does not
// answer "total repair cost" when Repair cost is a measure and both its words are asked).

import { FUNCTION_WORDS, fold, lemma, plural } from './text.js';

/** What this module reads of a member (the catalog's Field, which imports this module). */
interface Field {
  /** The member's names, as lemmas. */
  keys: string[][];
  /** The words of its description, as lemmas. */
  described: Set<string>;
}

/** Each field's names of two content words or more, aggregation words aside (kept per field). */
const longNames = new WeakMap<Field, string[][]>();
const namesOf = (f: Field) => {
  let out = longNames.get(f);
  if (!out) {
    out = f.keys.map((k) => k.filter((w) => !w.startsWith('agg:'))).filter((k) => k.length > 1);
    longNames.set(f, out);
  }
  return out;
};

/** The words of the names of `fields` that `words` spell whole (two content words or more, aggregation words aside). */
export function wholeNames(fields: Field[], words: (string | undefined)[]): Set<string> {
  const out = new Set<string>();
  const asked = new Set(words);
  for (const f of fields) for (const k of namesOf(f)) if (k.every((w) => asked.has(w))) for (const w of k) out.add(w);
  return out;
}

/**
 * The nouns a source's description opens with, as lemmas: what its rows are ("Incidents and rider complaints logged
 * against a route": incident, complaint). Only plurals before the first other word (a verb, a preposition): a
 * modifier ("rider") or what the rows are about is no name of them.
 */
export function rowNouns(description: string): string[] {
  const out: string[] = [];
  for (const w of fold(description)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    if (/^(and|or)$/.test(w)) continue;
    if (FUNCTION_WORDS.has(lemma(w)) || /ed$/.test(w)) break;
    if (plural(w) && lemma(w) !== w) out.push(lemma(w));
  }
  return out;
}

/**
 * A source's description names its rows, weaker than its title: the nouns it opens with are description words of
 * its one count of all rows, when no member is named by them.
 */
export function describedRows(fields: Field[], description: string | undefined, plain: Field | undefined): void {
  if (!description || !plain) return;
  const known = new Set(fields.flatMap((f) => f.keys.flat()));
  for (const w of rowNouns(description)) if (!known.has(w)) plain.described.add(w);
}
