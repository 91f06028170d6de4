// What a member's description may name. A description is weak evidence: a word of it that names another member the
// question names whole is that member's, no evidence for this one ("Total cost: repair plus other costs" does not
// answer "total repair cost" when Repair cost is a measure and both its words are asked).

import type { Field } from './catalog.js';

/** The words of the names of `fields` that `words` spell whole (two content words or more, aggregation words aside). */
export function wholeNames(fields: Field[], words: (string | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const f of fields)
    for (const k of f.keys) {
      const own = k.filter((w) => !w.startsWith('agg:'));
      if (own.length > 1 && own.every((w) => words.includes(w))) for (const w of own) out.add(w);
    }
  return out;
}
