// Which end of a trip, a transfer or a shipment a member is (the origin's city or the destination's, the seller's
// country or the ship-to country), read from its names and title, else from its description; and the words of a
// question that name an end as a noun ("by destination country", "origin airports"). General English direction
// vocabulary only: a member says its end by such a word, or it says none.

import type { Field, Match } from './catalog.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS } from './text.js';

export type End = 'from' | 'to';

/** Words of members' names and titles that say which end they are ("Ship-to country": to). */
export const END_NAMES: Record<End, RegExp> = {
  from: /^(origin|orig|from|source|src|departure|depart|sender|sending|pickup|start|outbound|outgoing|shipper|payer|caller|exporter|loading)$/,
  to: /^(destination|dest|dst|to|arrival|arrive|target|recipient|receiver|receiving|dropoff|end|inbound|incoming|consignee|payee|callee|importer|unloading)$/,
};

/**
 * Beginnings of the words of a description that say the end: nouns and verbs only ("the airport the flight departs
 * from" has no bare "from" read, which descriptions use in other senses: "taken from the register").
 */
const END_DESCRIBED: Record<End, RegExp> = {
  from: /^(origin|source|depart|sender|shipper|outbound|dispatch)/,
  to: /^(destination|arriv|recipient|receiv|consignee|inbound|deliver)/,
};

/**
 * Question words that name an end as a noun or an adjective ("destination countries", "by origin", "drop-off stations":
 * the word before "-off", "pick-up" likewise).
 */
const END_NOUNS: Record<End, RegExp> = {
  from: /^(origin|origins|originating|source|sources|departure|departures|departing|sender|senders|outbound|leaving|pick|pickups?)$/,
  to: /^(destination|destinations|arrival|arrivals|arriving|recipient|recipients|receiver|receivers|inbound|incoming|drop|dropoffs?)$/,
};

const ENDS: End[] = ['from', 'to'];

/** The end a member's names and title say, else its description, if it says exactly one. */
export function endOf(f: Field): End | undefined {
  const named = ENDS.filter((e) => [...f.written].some((w) => END_NAMES[e].test(w)));
  if (named.length) return named.length === 1 ? named[0] : undefined;
  const described = ENDS.filter((e) => [...f.described].some((w) => END_DESCRIBED[e].test(w)));
  return described.length === 1 ? described[0] : undefined;
}

/** The end a question word names as a noun ("destination"), if any. */
export const endNamedBy = (norm: string): End | undefined => ENDS.find((e) => END_NOUNS[e].test(norm));

/**
 * "late delivery % by destination country", "which destination countries": of the dimensions a breakdown's words
 * name (Ship-to country, Seller country; or the one Ship-to country), those of the end a word of the phrase no
 * dimension was named by says, and that word; nothing when no such word is written or no dimension is of its end.
 */
export function byEndWord(q: Question, part: number[], best: Match[]): { best: Match[]; used: number[] } | undefined {
  const used = new Set(best.flatMap((b) => b.used));
  for (const i of part) {
    const end = used.has(i) ? undefined : endNamedBy(q.tokens[i].norm);
    if (!end) continue;
    const fit = best.filter((b) => endOf(b.field) === end);
    // "drop-off", "pick-up": the particle is the word's too.
    const particle = /^(drop|pick)$/.test(q.tokens[i].norm) && /^(off|up)$/.test(q.tokens[i + 1]?.norm ?? '');
    return fit.length ? { best: fit, used: particle ? [i, i + 1] : [i] } : undefined;
  }
  return undefined;
}

/**
 * "gmv by destination", "trips by origin": a breakdown's words that are only an end's noun name the dimensions of that
 * end (the planner takes the one, or asks among several).
 */
export function endDimensions(q: Question, part: number[], fields: Field[]): Match[] {
  const words = part.filter((i) => !FUNCTION_WORDS.has(q.tokens[i].lemma));
  const ends = new Set(words.map((i) => endNamedBy(q.tokens[i].norm)));
  const [end] = ends;
  if (!words.length || ends.size !== 1 || !end) return [];
  const fit = fields.filter((f) => f.type === 'string' && endOf(f) === end);
  // Those its word names, when some are ("by source": Lead source, not Origin city as well).
  const named = fit.filter((f) => f.keys.some((k) => words.some((i) => k.includes(q.tokens[i].lemma))));
  return (named.length ? named : fit).map((field) => ({ field, score: 1, used: words }));
}
