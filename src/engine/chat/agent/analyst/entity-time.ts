// "discounts on visits in 2025", "revenue for 2025 visits": a period said of a joined entity's rows — the noun right
// next to it, after no word of its own, names a joined entity of the view by its name or a word of one of its
// columns' titles (Visit type of the joined appointments) — is that entity's date (Appointment date), not the view's
// own first one (Payment date).

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, plural } from './text.js';
import { joinedPrefix, prefixWord } from './joined.js';

/** The one time dimension of the joined entity a plural noun right next to a period names, if any. */
export function entityTime(q: Question, source: SourceInfo): Field | undefined {
  const times = source.dimensions.filter((d) => d.type === 'time');
  if (times.length < 2) return undefined;
  const found = new Set<Field>();
  for (const [start, end] of q.time.spans) {
    const first = q.tokens.findIndex((t) => t.start >= start);
    const after = q.tokens.findIndex((t) => t.start >= end);
    let before = first - 1;
    while (before >= 0 && FUNCTION_WORDS.has(q.tokens[before].lemma)) before--;
    // Said of the entity's rows as such ("on visits", "2025 visits"), not of some of them ("social campaigns this
    // year" is this year's revenue of those campaigns).
    const bare = (i: number) => i === after || i === 0 || FUNCTION_WORDS.has(q.tokens[i - 1].lemma);
    for (const i of [before, after]) {
      const t = q.tokens[i];
      if (!t || !plural(t.norm) || source.named.has(t.lemma) || !bare(i)) continue;
      const prefixes = new Set(
        source.fields.flatMap((f) => {
          const p = joinedPrefix(f, source.fields);
          const named = p && (prefixWord(f, source.fields) === t.lemma || f.keys.some((k) => k.includes(t.lemma)));
          return named ? [p] : [];
        }),
      );
      for (const p of prefixes) {
        const own = times.filter((d) => d.column.startsWith(p));
        if (own.length === 1) found.add(own[0]);
      }
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * "revenue by month" where Payment date sits beside a Paid flag: a date of an event the source flags yes/no exists
 * only on the rows flagged yes, so a measure not kept to them (Revenue, paid or not) is dated by the first other date
 * (Appointment date), not by that one (which Collected, kept to the paid rows, is). `t` itself otherwise.
 */
export function unflagged(
  source: SourceInfo,
  measure: Field,
  t: Field | undefined,
  roots: (f: Field) => string[],
  root: (w: string) => string,
): Field | undefined {
  const flagOf = (x: Field) =>
    source.dimensions.find(
      (d) => d.type === 'boolean' && !d.segment && d.keys.flat().some((w) => roots(x).includes(root(w))),
    );
  const flag = t && flagOf(t);
  if (!t || !flag || measure.keeps?.some((k) => k.member === flag.column && k.value === true)) return t;
  return source.dimensions.find((d) => d.type === 'time' && d !== t && !flagOf(d)) ?? t;
}
