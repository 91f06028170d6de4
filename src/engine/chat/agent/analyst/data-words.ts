// Words for the data itself, which never block an answer: the words a source's description says of all its rows
// ("311" of "311 service requests opened by residents"), nouns for records in general ("records", "entries"), the
// volume of what a count counts ("request volume"), a verb's particle ("give away"), the one who does what a total
// adds up ("how many patients died": Deaths), and the unit after a rate's "per N" ("per 1,000 troops" of Death rate
// per 1,000). Each is let go only where no member of the source is named by it.

import type { Field, SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, lemma, lemmas, plural } from './text.js';
import { ownTable } from '../../../../util/own.js';
import { VERB_FORMS } from './irregular.js';

/** Nouns for records of data in general ("the records", "entries"), as written. */
const RECORDS = /^(data|dataset|datasets|database|records|entries|rows|table)$/;

/** Where data are kept, after "on" or "in" ("on file", "on the books"). */
const KEPT_IN = /^(file|files|record|records|books|system|hand)$/;

/** Particles that complete a verb's meaning ("give away", "pay back", "write off"). */
const PARTICLES = /^(away|back|off)$/;

/** Past forms that are everyday nouns too, of verbs that say nothing of their own. */
const NOUN_PAST: Readonly<Record<string, string>> = ownTable({ saw: 'see', found: 'find', led: 'lead' });
const AUXILIARY = /^(was|were|got|get|been|are|is|be)$/;
const BOUND = /^(more|less|fewer|over|under|above|below|at|\d)/;

/** Whether token `i` reads as a verb: a general verb of the questions, or a past form. */
const verbAt = (q: Question, i: number) => {
  const t = q.tokens[i];
  return !!t && (FILLER.has(t.lemma) || VERB_FORMS.has(t.norm) || /[^e]ed$/.test(t.norm));
};

/**
 * Whether the unexplained word at `i` only names the data: a word of the source's description no member has, a noun
 * for records, "volume" of a count, a verb's particle. `measure`: the plan's, once known.
 */
export function dataWord(q: Question, i: number, source: SourceInfo, known: Set<string>, measure?: Field): boolean {
  const t = q.tokens[i];
  if (known.has(t.lemma) || q.negated.has(i)) return false;
  // A word of a breakdown ("by type of repair") names the breakdown: left unexplained, it asks which one is meant.
  const grouping = q.groupPhrases.some((p) => p.includes(i) && q.tokens[p[0] - 1]?.norm === 'by');
  if ((source.about?.has(t.lemma) && !grouping) || RECORDS.test(t.norm)) return true;
  // "do we have on file", "on record", "on the books", "in the system": where the data are kept.
  const kept = /^(on|in)$/.test(q.tokens[i - 1]?.norm ?? '') || /^(on|in)$/.test(q.tokens[i - 2]?.norm ?? '');
  if (KEPT_IN.test(t.norm) && kept) return true;
  if (PARTICLES.test(t.norm)) return verbAt(q, i - 1);
  // "all types included": nothing is left out, as "combined" says.
  if (/^(included|inclusive)$/.test(t.norm) && q.tokens[i - 2]?.norm === 'all') return true;
  // "how many months saw more than 1000 deaths": a past form that is a noun too (irregular.ts leaves it out), read as
  // the verb between a plural subject and a bound.
  const verb = NOUN_PAST[t.norm];
  if (verb && FILLER.has(lemma(verb)) && plural(q.tokens[i - 1]?.norm ?? '') && BOUND.test(q.tokens[i + 1]?.norm ?? ''))
    return true;
  // "request volume", "the volume of calls": how many there are (not "trading volume": a quantity of its own).
  if (!/^volumes?$/.test(t.norm) || !measure || !/^count/.test(measure.agg ?? '')) return false;
  const before = q.tokens[i - 1];
  return (
    !before ||
    FUNCTION_WORDS.has(before.lemma) ||
    source.named.has(before.lemma) ||
    measure.keys.some((k) => k.includes(before.lemma))
  );
}

/**
 * "the la riots data", "the 311 request records": a word of the source's name or description in a phrase that ends in a
 * noun for records names the data, no member of it (not the segment During the riots).
 */
export function namesDataPhrase(q: Question, i: number, source: SourceInfo): boolean {
  const own = (j: number) => source.named.has(q.tokens[j].lemma) || !!source.about?.has(q.tokens[j].lemma);
  if (!own(i)) return false;
  let j = i + 1;
  while (q.tokens[j] && own(j) && !RECORDS.test(q.tokens[j].norm)) j++;
  return !!q.tokens[j] && RECORDS.test(q.tokens[j].norm);
}

/** Whether the word at `i` stands before another content word: it qualifies it ("british army deaths"). */
const qualifies = (q: Question, i: number) => {
  const next = q.tokens[i + 1];
  return !!next && !FUNCTION_WORDS.has(next.lemma) && !FILLER.has(next.lemma) && !/^\d/.test(next.norm);
};

/** "311 requests", "british army deaths": a word of the source's description qualifying the next, naming the data. */
export const namesData = (q: Question, i: number, source: SourceInfo | undefined) =>
  !!source?.about?.has(q.tokens[i].lemma) && qualifies(q, i);

/**
 * Words the chosen measure explains beyond its name:
 * - "how many soldiers died": the noun before a verb a total's title names in its noun form (Deaths) is who did it,
 *   when no count of the source is named by that noun (then it would be the thing counted);
 * - "death rate per 1,000 troops": the noun after the "per N" a measure's title ends with is what the N counts.
 */
export function measureOwnWords(q: Question, source: SourceInfo, measure: Field, used: number[]): number[] {
  const out: number[] = [];
  const names = new Set(measure.keys.flat());
  const counts = source.measures.filter((m) => /^count/.test(m.agg ?? '') || m.distinctOf);
  const title = lemmas(measure.title);
  const last = title.at(-1) ?? '';
  q.tokens.forEach((t, i) => {
    // "soldiers died", "climbers were evacuated": the verb next, or after an auxiliary.
    const v = AUXILIARY.test(q.tokens[i + 1]?.norm ?? '') ? i + 2 : i + 1;
    const next = q.tokens[v];
    if (
      measure.agg === 'sum' &&
      next &&
      used.includes(v) &&
      verbAt(q, v) &&
      names.has(next.lemma) &&
      plural(t.norm) &&
      !counts.some((m) => m.keys.some((k) => k.includes(t.lemma)))
    )
      out.push(i);
    if (
      /^\d/.test(last) &&
      title.at(-2) === 'per' &&
      q.tokens[i - 1]?.lemma === last &&
      q.tokens[i - 2]?.norm === 'per'
    )
      out.push(i);
  });
  return out;
}
