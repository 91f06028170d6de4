// "organic vs conventional" of a yes/no member Organic described "certified organic; otherwise conventional": the one
// word its description gives its "no" names the member, false.

import { FUNCTION_WORDS, lemmas } from './text.js';

/** The lemma a yes/no member's description names its "no" by ("otherwise conventional"), when it is one word. */
export function otherwiseOf(description: string | undefined): { otherwise: string } | undefined {
  const said = /\b(?:otherwise|else)\s+([^.;,:()]+)/i.exec(description ?? '')?.[1];
  const words = lemmas(said ?? '').filter((l) => !FUNCTION_WORDS.has(l));
  return words.length === 1 ? { otherwise: words[0] } : undefined;
}
