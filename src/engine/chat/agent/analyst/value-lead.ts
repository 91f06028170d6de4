// A value named by its leading word in the user's own form: "nuclear" for Nuclear Energy, "mites" for Mite
// infestation, "volcano" for Volcanic activity. A word that maps to nothing else, and is the first word (or that word's stem, less an adjective's
// ending) of exactly one value of several words, names that value: the value's first word is the one that tells it
// from the others ("Fossil Fuels", "Nuclear Energy"), where a later word ("Aurora Grand") may be shared or common.

import { lemma, type Token } from './text.js';
import { wordKind } from './word-kind.js';

/** An adjective's or a noun's ending, taken off to meet the word the other way round ("volcanic" and "volcano"). */
const ENDING = /(?:ical|ic|al|ous|ian|an|ese|ish|y|o|e|a|s)$/;
const root = (w: string) => w.replace(ENDING, '');

/**
 * The one value whose first word is the question's word at `i`, or is made of the same root; none when several
 * values (of any field) lead with it. `parts`: each word of a value of several words → "field\0value" keys.
 */
export function leadValue(
  tokens: Token[],
  i: number,
  parts: Map<string, Set<string>>,
  fold: (s: string) => string,
  /** Whether the next word leaves this field's value free: it names no other dimension, nor a value of one. */
  owns: (field: string) => boolean,
  /** Whether the next word names this field ("kingsbridge's home games" of the home club). */
  namedNext: (field: string) => boolean = () => false,
): { field: string; value: string; edits: number }[] {
  const norm = tokens[i].norm;
  const kind = wordKind(tokens, i);
  if (norm.length < 4 || (kind !== 'noun' && kind !== 'adjective')) return [];
  const mine = root(norm);
  let leads = new Set<string>();
  let inside = false;
  for (const [word, owners] of parts) {
    const same = word === norm || lemma(word) === tokens[i].lemma || (mine.length >= 5 && root(word) === mine);
    if (!same) continue;
    for (const o of owners)
      if (fold(o.split('\u0000')[1]).split(/[^\p{L}\p{N}]+/u)[0] === word) leads.add(o);
      else inside = true;
  }
  // "kingsbridge's home games": of values of several fields led by the word, the one of the field named next.
  const named = [...leads].filter((o) => namedNext(o.split('\u0000')[0]));
  if (leads.size > 1 && named.length === 1) leads = new Set(named);
  // "films based on a book": a word inside another value ("Based on Book/Short Story") may be that one's; none then.
  if (leads.size !== 1 || inside) return [];
  const [field, value] = [...leads][0].split('\u0000');
  // "did grand partners send us": a word qualifying a value of another dimension after it is no value of its own.
  return owns(field) ? [{ field, value, edits: 1 }] : [];
}
