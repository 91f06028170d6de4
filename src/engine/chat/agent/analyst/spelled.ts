// Titles a question spells out whole. "avg speed by time of day": the words of a member titled "Time of day", written
// in its order with its small words (or a yes/no member's words, "child seat"), name that member; no word of it is a
// value of another ("Day" of the same member's values is no filter there).

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, fold, lemma } from './text.js';

/** Token indexes that spell a dimension's whole title of two content words or more, small words included. */
export function spelledTitles(q: Question, source: SourceInfo, taken: boolean[]): Set<number> {
  const out = new Set<number>();
  for (const d of source.dimensions) {
    const ws = fold(d.title)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(lemma);
    // A yes/no member's title of two words is spelled whole too ("with a child seat": no value "Seat" of another).
    if (
      ws.filter((w) => !FUNCTION_WORDS.has(w)).length < 2 ||
      (ws.length === ws.filter((w) => !FUNCTION_WORDS.has(w)).length && d.type !== 'boolean')
    )
      continue;
    for (let i = 0; i + ws.length <= q.tokens.length; i++)
      if (ws.every((w, k) => !taken[i + k] && q.tokens[i + k].lemma === w)) ws.forEach((_, k) => out.add(i + k));
  }
  return out;
}

/**
 * The lemmas of a title's hyphenated words ("High-scoring matches": high and scor), each with the others of its word:
 * a part names such a word only with them ("score" alone is no High-scoring).
 */
export function compoundParts(title: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of fold(title).matchAll(/\p{L}+(?:-\p{L}+)+/gu)) {
    // Small words aside ("Walk-in" is named by "walk"; no name keeps them).
    const parts = m[0]
      .split('-')
      .map(lemma)
      .filter((p) => !FUNCTION_WORDS.has(p));
    for (const p of parts) out.set(p, parts);
  }
  return out;
}
