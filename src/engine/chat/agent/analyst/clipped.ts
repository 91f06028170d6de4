// Clipped compounds a question writes for a value of two words or more: "sci-fi" for Science Fiction, "rom-com" for
// Romantic Comedy — words joined by hyphens, each the start of the value's word in the same place. Read only when
// one value of the source fits, and only where no other reading of those words was found.

import type { Field } from './catalog.js';
import type { Question } from './question.js';
import { fold } from './text.js';
import type { ValueHit, ValueIndex } from './values.js';

/** The values of `fields` the hyphen-joined words of `q` (all free) clip, one hit per span whose value is unique. */
export function clippedValues(q: Question, free: boolean[], fields: Field[], index: ValueIndex): ValueHit[] {
  const out: ValueHit[] = [];
  const { tokens } = q;
  for (let i = 0; i < tokens.length; i++) {
    let end = i + 1;
    while (end < tokens.length && q.text.slice(tokens[end - 1].end, tokens[end].start) === '-') end++;
    if (end - i < 2 || !free.slice(i, end).every(Boolean)) continue;
    const parts = tokens.slice(i, end).map((t) => t.norm);
    // Each part two letters or more, and at least one of them cut short (else the value is written whole).
    if (parts.some((p) => !/^\p{L}{2,}$/u.test(p))) continue;
    const fits: ValueHit[] = [];
    for (const f of fields)
      for (const value of index.get(f.name) ?? []) {
        const ws = fold(value)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        if (ws.length !== parts.length || !parts.every((p, k) => ws[k].startsWith(p))) continue;
        if (parts.every((p, k) => ws[k] === p)) continue;
        fits.push({ field: f.name, value, start: i, end, edits: 1 });
      }
    if (fits.length === 1) out.push(fits[0]);
    i = end - 1;
  }
  return out;
}
