// What a source's description says of all its rows (data-words.ts lets those words go): its content words, less those
// another source is named by.

import { FILLER, FUNCTION_WORDS, lemmas } from './text.js';

/** What ownAbout reads of a source (the catalog's SourceInfo). */
interface AboutSource {
  about?: Set<string>;
  named: Set<string>;
  fields: { keys: string[][] }[];
}

/** Negations and limits: a description saying them states an exception, never what every row is. */
const LIMITS = new Set(lemmas('not no non without except excluding excluded only unless never none'));

/**
 * The content lemmas of a source's description's first clause (numbers of more than four digits aside): what every row
 * of the source is about. None when it states an exception ("not", "excluding").
 */
export function aboutWords(description: string | undefined): Set<string> {
  // Its first clause says what a row is; what follows a ";" explains something else ("One row per player per game;
  // a team's points are the sum of its players'": "team rebounds" is no row's).
  const words = lemmas((description ?? '').split(';')[0]);
  if (words.some((w) => LIMITS.has(w))) return new Set();
  return new Set(words.filter((w) => !FUNCTION_WORDS.has(w) && !FILLER.has(w) && !/^\d{5,}/.test(w)));
}

/** A source's description words another source is named by, or has a member named by, say nothing of this one only. */
export function ownAbout(sources: AboutSource[]): void {
  for (const s of sources) {
    if (!s.about?.size) continue;
    for (const o of sources) {
      if (o === s) continue;
      for (const w of o.named) s.about.delete(w);
      for (const f of o.fields) for (const k of f.keys) for (const w of k) s.about.delete(w);
    }
  }
}
