// "organic vs conventional" of a yes/no member Organic described "certified organic; otherwise conventional": the one
// word its description gives its "no" names the member, false. With no such word, a common English opposite of a
// word of its title does ("rookies vs veterans" of Rookie, "manual payers" of Auto-pay).

import { FUNCTION_WORDS, lemma, lemmas } from './text.js';

/** Opposites a yes/no member's title word and its "no" are said by, both ways. */
const PAIRS = [
  ['rookie', 'veteran'],
  ['auto', 'manual'],
  ['automatic', 'manual'],
  ['online', 'offline'],
  ['remote', 'onsite'],
  ['domestic', 'international'],
  ['indoor', 'outdoor'],
  ['urban', 'rural'],
  ['internal', 'external'],
  ['public', 'private'],
  ['permanent', 'temporary'],
  ['weekday', 'weekend'],
  ['passed', 'failed'],
];
const OPPOSITE = new Map(PAIRS.flatMap(([a, b]) => [[lemma(a), lemma(b)] as const]));

/** The lemma opposite a title word's, if the table has one ("rooki": veteran). */
export const oppositeOf = (l: string): string | undefined => OPPOSITE.get(l);

/**
 * The lemma a yes/no member's "no" is named by: the one word its description gives ("otherwise conventional"), else
 * the opposite of one word of its title.
 */
export function otherwiseOf(description: string | undefined, title = ''): { otherwise: string } | undefined {
  const said = /\b(?:otherwise|else)\s+([^.;,:()]+)/i.exec(description ?? '')?.[1];
  const words = lemmas(said ?? '').filter((l) => !FUNCTION_WORDS.has(l));
  if (words.length === 1) return { otherwise: words[0] };
  const opposite = lemmas(title.replace(/-/g, ' ')).flatMap((l) => OPPOSITE.get(l) ?? []);
  return opposite.length === 1 ? { otherwise: opposite[0] } : undefined;
}
