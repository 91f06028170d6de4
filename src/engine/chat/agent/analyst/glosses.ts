// Values a text member's description glosses in brackets ("Extreme weather (storms), Flood, …") or as codes ("I =
// incumbent, C = challenger"): the words in the brackets or after the sign, one name alone, name the value written
// before them, in the model's own words.

import { fold } from './text.js';

/** The description's glosses: each gloss's words (folded) and the value text before them, as written. */
export function glossesOf(description: string | undefined): [string, string][] {
  if (!description) return [];
  const out: [string, string][] = [];
  for (const m of description.matchAll(/([^,;:()]+?)\s*\(([^()]+)\)/g)) {
    // A list in the brackets ("Geophysical (earthquakes, volcanoes, …)") names what a group holds, no other name.
    const words = fold(m[2]).trim();
    if (words && !/\d|,|;|\b(or|and|e\.g|i\.e|etc)\b/.test(words)) out.push([words, m[1].trim()]);
  }
  // "I = incumbent, C = challenger, O = open seat": a code's meaning, after an equals sign.
  for (const m of description.matchAll(/(?:^|[,;(])\s*([^,;:=()]{1,24}?)\s*=\s*([^,;:=()]+)/g)) {
    const words = fold(m[2]).trim();
    if (words && !/\d|\b(or|and|e\.g|i\.e|etc)\b/.test(words)) out.push([words, m[1].trim()]);
  }
  return out;
}
