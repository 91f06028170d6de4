// What number a counting question asks: "how many plantings are still in the ground" (the rows' noun counted, then
// the whole title of a filtered count of those rows: Still in the ground, not every row), "how much did we pay out
// to members" (an amount, not Members paid) and "how many tonnes were delivered" (the event's word names the
// measure, Tonnes delivered, as much as a free word does).

import {
  byPrefixOnly,
  distinctCount,
  keyOf,
  rank,
  tie,
  wholly,
  type Field,
  type Match,
  type SourceInfo,
} from './catalog.js';
import { rowsOrDistinct } from './plan-guards.js';
import { FUNCTION_WORDS, plural } from './text.js';
import { prefixWord } from './joined.js';
import { categorical } from './values.js';
import { plainCount, rowNoun, rowsWord } from './booleans.js';
import { distinctDoers } from './cues.js';
import { countedFirst } from './measure-words.js';
import { columnOverRows } from './column-over.js';
import type { Question } from './question.js';
import type { Filter } from './plan.js';

/**
 * The measures a count asks of, best first: a filtered count titled after the rows' noun, else those it names; with
 * no count asked, a number column named whole is its measures', not a count of rows (column-over.ts).
 */
export const countedMeasures = (
  q: Question,
  source: SourceInfo,
  measures: Match[],
  counted: number[],
  words: (string | undefined)[],
) =>
  columnOverRows(
    q,
    source,
    subsetCounted(q, source, measures, counted, words) ??
      countWithVerb(q, measures, counted) ??
      distinctDoers(q, source, countedFirst(otherNoun(q, measures, counted), counted, words), counted),
  );

/**
 * "how many members have churned" with Cancelled members (synonym "churned members"), "how many tickets are still
 * open" with Open tickets: a count named by the counted noun and a past form or a state said right after it (a few
 * words on at most) is that count, not the noun's plain count.
 */
function countWithVerb(q: Question, measures: Match[], counted: number[]): Match[] | undefined {
  if (!counted.length) return undefined;
  const last = Math.max(...counted);
  // (Or a state after "are", "is": "tickets are still open".)
  const copula = (i: number) =>
    /^(are|is|were|was)$/.test(q.tokens[i - 1]?.norm ?? '') ||
    (/^(still|currently|now)$/.test(q.tokens[i - 1]?.norm ?? '') &&
      /^(are|is|were|was)$/.test(q.tokens[i - 2]?.norm ?? ''));
  const verb = q.tokens.findIndex(
    (t, i) =>
      i > last &&
      ((i <= last + 2 && /\p{L}{3}ed$/u.test(t.norm)) ||
        (i <= last + 3 && copula(i) && !/^(still|currently|now)$/.test(t.norm))),
  );
  if (verb < 0) return undefined;
  const whole = measures.filter(
    (m) =>
      /^count/.test(m.field.agg ?? '') &&
      m.field.keys.some(
        // (The counted noun of two words or more too: "stock-outs are still open", Open stock-outs.)
        (k) =>
          k.length >= 2 &&
          k.includes(q.tokens[verb].lemma) &&
          k.every((w) => w === q.tokens[verb].lemma || counted.some((c) => q.tokens[c].lemma === w)),
      ),
  );
  return new Set(whole.map((m) => m.field)).size === 1 ? [whole[0]] : undefined;
}

/**
 * "how many cars are out on rent": a distinct count of another thing (Renting customers), named only by a word that
 * qualifies its noun, counts no cars; it is left out (a count of what the question counts, or a decline, instead).
 */
function otherNoun(q: Question, measures: Match[], counted: number[]): Match[] {
  if (!counted.length) return measures;
  const nouns = counted.map((i) => q.tokens[i].lemma);
  return measures.filter((m) => {
    if (m.field.agg !== 'count_distinct' || m.used.some((u) => counted.includes(u))) return true;
    if (m.field.keys.some((k) => nouns.some((n) => k.includes(n)))) return true;
    const noun = keyOf(m.field.title).at(-1);
    return m.used.some((u) => q.tokens[u].lemma === noun);
  });
}

/**
 * Whether the free words, those of the event the question names ("delivered last month") and those of the entity it
 * divides by ("each farm deliver": Delivering farms) name the measure whole.
 */
export const eventNames = (q: Question, measure: Field, words: (string | undefined)[], event: number[], per?: Field) =>
  wholly(measure, [
    ...words,
    ...event.map((i) => q.tokens[i].lemma),
    ...q.tokens.map((t) => t.lemma).filter((l) => per?.keys.some((k) => k.includes(l))),
  ]);

/**
 * The filtered count whose title (two words or more) the free words after the counted rows' noun name in full, when
 * the noun counted is what the source's rows are; undefined otherwise.
 */
function subsetCounted(
  q: Question,
  source: SourceInfo,
  measures: Match[],
  counted: number[],
  words: (string | undefined)[],
): Match[] | undefined {
  if (!counted.length || !counted.every((i) => rowNoun(source, q.tokens[i].lemma))) return undefined;
  const all = plainCount(source);
  const last = Math.max(...counted);
  const fits = (m: Match) => {
    const f: Field = m.field;
    if (f === all || f.agg !== 'count' || !f.filtered) return false;
    const title = keyOf(f.title);
    if (title.length < 2) return false;
    const at = title.map((w) => words.findIndex((x, i) => i > last && x === w));
    return at.every((i) => i > last);
  };
  const found = measures.filter(fits);
  if (found.length !== 1) return undefined;
  const m = found[0];
  const title = keyOf(m.field.title);
  const used = words.flatMap((w, i) => (i > last && w !== undefined && title.includes(w) ? [i] : []));
  return [{ ...m, used: [...new Set([...counted, ...used])] }];
}

const COUNTS = new Set(['count', 'count_distinct']);

/** The tied measures without the counts, when the question asks "how much" and some amount is among them. */
export function amountAsked(q: Question, best: Match[]): Match[] {
  if (best.length < 2) return best;
  const much = q.tokens.some((t, i) => t.norm === 'how' && q.tokens[i + 1]?.norm === 'much');
  if (!much) return best;
  const amounts = best.filter((m) => !COUNTS.has(m.field.agg ?? ''));
  return amounts.length && amounts.length < best.length ? amounts : best;
}

/**
 * Counts tied: on the rows' noun alone ("unsigned deliveries"), the count of all rows; else, when a count is asked,
 * the one count among them.
 */
export function countTie(q: Question, source: SourceInfo, best: Match[], asked: readonly string[]): Match[] {
  const all = plainCount(source);
  const byNoun = (m: Match) => m.field.agg === 'count' && m.used.every((u) => rowNoun(source, q.tokens[u].lemma));
  if (best.length > 1 && best.every(byNoun) && best.some((m) => m.field === all))
    return best.filter((m) => m.field === all);
  const countFit = best.length > 1 && asked.includes('count') ? best.filter((m) => m.field.agg === 'count') : [];
  return countFit.length === 1 ? countFit : best;
}

/**
 * "how many Indian restaurants are there": no measure counts restaurants; the distinct count of the member titled so
 * does (not the rows: those are orders). Both, when the question may mean either (the rows' count named too); else
 * the measures as they were. `howMany`: where the count is asked.
 */
export function distinctNamed(
  q: Question,
  source: SourceInfo,
  measures: Match[],
  counted: number[],
  asked: string[],
  unexplained: (string | undefined)[],
  valuesAt: number[],
): { measures: Match[]; howMany: number } | { both: Field[]; score: number } {
  const howMany = [...q.aggs].find(([, a]) => a === 'count')?.[0] ?? 0;
  // "how many times did a single type …": occurrences are rows, counted by the rows' count, no distinct count.
  const times = q.tokens.some((t, i) => t.norm === 'times' && q.tokens[i - 1]?.norm === 'many');
  const rows = times ? plainCount(source) : undefined;
  if (rows && measures.length && measures.every((m) => m.field.agg === 'count_distinct' || m.field.distinctOf))
    return { measures: [{ field: rows, score: 1, used: measures.flatMap((m) => m.used) }], howMany };
  const countsNamed = measures.some((m) => m.used.some((u) => counted.includes(u)));
  const next = counted.length > 0 && q.tokens.slice(howMany + 1, counted[0]).every((t) => !FUNCTION_WORDS.has(t.lemma));
  if (!countsNamed && asked.includes('count') && next) {
    const only = unexplained.map((w, i) => (counted.includes(i) ? w : undefined));
    const named = tie(rank(categorical(source), only)).filter(
      (m) => wholly(m.field, only) && !byPrefixOnly(m, q.tokens),
    );
    const rowCounts = source.measures.filter((m) => m.agg === 'count');
    if (named.length === 1 && rowCounts.length === 1 && rowsOrDistinct(q, valuesAt, counted))
      return { both: [rowCounts[0], distinctCount(named[0].field)], score: named[0].score };
    if (named.length === 1) return { measures: [{ ...named[0], field: distinctCount(named[0].field) }], howMany };
  }
  return { measures, howMany };
}

/**
 * "how many customers are on autopay" over bills: the noun counted (right after "how many") is a joined entity's word
 * that a flag of that entity took with its own word (customers_autopay): those customers are asked for, whose number
 * a count of the source's own rows (Bills) is not. ("how many books were checked out" counts loans: no flag took it.)
 */
export function countsJoined(
  q: Question,
  source: SourceInfo,
  measure: Field,
  flags: { filter: Filter; used: number[] }[],
  /** The words that named the measure. */
  used: number[],
): boolean {
  const at = [...q.aggs].find(([, a]) => a === 'count')?.[0];
  const i =
    at === undefined
      ? -1
      : q.tokens.findIndex((t, k) => k > at && !/^(many|number|of|different|our|the|your|their|my)$/.test(t.norm));
  const noun = q.tokens[i];
  if (measure.agg !== 'count' || !noun || rowsWord(source, noun.lemma)) return false;
  const entity = (f: Field) => prefixWord(f, source.dimensions) === noun.lemma;
  // "how many of our cinemas have an imax screen" over screenings: the cinemas are counted, not the rows another word
  // named (Screenings).
  const partitive = q.tokens[at! + 2]?.norm === 'of' && plural(noun.norm) && !used.includes(i);
  return (
    (partitive && source.dimensions.some(entity)) || flags.some((f) => f.used.includes(i) && entity(f.filter.field))
  );
}
