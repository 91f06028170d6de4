// Which measure the question's words name, where a word's plain reading misleads: the word that ranks a breakdown
// ("which month had the most …") names no peak measure; "avg number of X per entity" is of X; "how many died" may
// ask for a sum the model titles by the thing counted (Deaths), not rows described with it.

import { computes, keyOf, rank, wholly, type Field, type Match, type SourceInfo } from './catalog.js';
import { fold, lemma, plural, type Aggregation } from './text.js';
import { preferCounted } from './cues.js';
import { rowsWord } from './booleans.js';
import { prefixWord } from './joined.js';
import { HEADS } from './prefer.js';
import { keptWords } from './kept-groups.js';
import { rankingWord, type Question } from './question.js';
import { wholeName } from './made-date.js';

// The word that sets a ranking's direction ranks the breakdown: it is no evidence for a measure titled with it
// ("Most unemployed in a month" is one group's peak).
/** `words` without the ranking words of a question that ranks a breakdown (a ranking word an aggregation is kept). */
export const rankingAside = (q: Question, words: (string | undefined)[], ranking: boolean) =>
  ranking ? words.map((w, i) => (rankingWord(q, i) && !q.aggs.has(i) ? undefined : w)) : words;

/** The word the aggregation word at `at` is of: the next one, or the one after "number of", "count of". */
function aggregated(q: Question, at: number): number {
  const next = at + 1;
  return q.aggs.get(next) === 'count' && q.tokens[next + 1]?.norm === 'of' ? next + 2 : next;
}

/**
 * "avg number of unemployed per industry": an average per entity divides what adds up, so of the measures named
 * after the word, those that add up win over an average titled so in part ("Average monthly unemployed" is over
 * months, not industries) — unless that average is named whole.
 */
function perEntityOf(right: Match[], words: (string | undefined)[], perRow: boolean): Match[] {
  if (!perRow) return right;
  const adds = (f: Field) => f.agg === 'sum' || f.agg === 'count';
  const kept = right.filter((m) => adds(m.field));
  const others = right.filter((m) => !adds(m.field));
  return kept.length && others.length && !others.some((m) => wholly(m.field, words)) ? kept : right;
}

/** The measures named right after the aggregation word at `at` that compute it (`fits`), the average per entity aside. */
export const namedAfter = (
  q: Question,
  at: number,
  measures: Match[],
  fits: (f: Field) => boolean,
  words: (string | undefined)[],
  perRow: boolean,
) =>
  perEntityOf(
    measures.filter((m) => m.used.includes(aggregated(q, at)) && fits(m.field)),
    words,
    perRow,
  );

/**
 * Of the measures, the one sum whose title the counted words name whole, when a count is named by them too but less
 * well (a count named as well as it stays the count asked for); otherwise undefined.
 */
function countedTotal(measures: Match[], counted: number[], words: (string | undefined)[]): Match[] | undefined {
  if (!counted.length) return undefined;
  const only = words.map((w, i) => (counted.includes(i) ? w : undefined));
  const ranked = rank(
    measures.map((m) => m.field),
    only,
  );
  const counts = ranked.filter((m) => m.field.agg === 'count' || m.field.agg === 'count_distinct');
  // No count is named by them: nothing to prefer over (the measures are weighed as usual).
  if (!counts.length) return undefined;
  const best = counts[0].score;
  const sums = ranked.filter((m) => m.field.agg === 'sum' && wholly(m.field, only) && m.score > best + 1e-9);
  if (sums.length !== 1) return undefined;
  return measures.filter((m) => m.field === sums[0].field);
}

/** The measures the counted words ask for: a sum titled by them (above), else the counts they name (cues.ts). */
export const countedFirst = (measures: Match[], counted: number[], words: (string | undefined)[]) =>
  countedTotal(measures, counted, words) ?? preferCounted(measures, counted, rank, words);

/**
 * "disaster deaths by decade": of measures tied, the one whose whole name (title, synonym) the question says, when
 * the others it names only in part ("Deadliest year of a type").
 */
export function wholeTie(best: Match[], words: (string | undefined)[]): Match[] {
  if (best.length < 2) return best;
  // Every word of the name said, its aggregation too ("Max deaths" is not named by "deaths").
  const whole = best.filter((m) => m.field.keys.some((k) => k.every((w) => words.includes(w))));
  return whole.length === 1 ? whole : best;
}

/**
 * The measures that compute `agg`: of those the question names, and the source's over the column the one named
 * (`named`) is over ("lowest seat occupancy": Lowest load factor, of the column Load factor averages).
 */
export function computing(source: SourceInfo, named: Match, measures: Match[], agg: Aggregation): Match[] {
  const over = named.field.over;
  const column = source.measures.filter(
    (f) => over !== undefined && f.over === over && computes(f, agg) && !measures.some((m) => m.field === f),
  );
  return [
    ...measures.filter((m) => computes(m.field, agg)),
    ...column.map((field) => ({ field, score: named.score, used: named.used })),
  ];
}

/**
 * "avg unemployment rate per industry": an average (or a max, a min) per entity is no division — it is broken down by
 * the entity's own dimension (the column the distinct count of `per` is over), when there is no breakdown yet. Adds it
 * to `groups` and returns no entity; otherwise returns `per` as it is.
 */
export function perGroup(source: SourceInfo, measure: Field, per: Field | undefined, groups: Field[]) {
  if (!per || groups.length || per.agg !== 'count_distinct' || ['sum', 'count'].includes(measure.agg ?? '')) return per;
  const column = per.distinctOf ?? per.over;
  const dim = source.dimensions.find((d) => d.type !== 'time' && column !== undefined && d.column === column);
  if (!dim) return per;
  groups.push(dim);
  return undefined;
}

/** "unique requesters opened tickets": the aggregation asked is of the measure named right after it (no "how many"). */
export const aggregationAt = (q: Question, strict: string | undefined) =>
  [...q.aggs].find(([i, a]) => a === strict && !(q.aggs.has(i + 1) && q.tokens[i + 1].norm === 'how'))?.[0];

/**
 * "room revenue for stays": a measure the model keeps to some rows (Room revenue of completed stays, filtered to the
 * status completed) is asked for only with a word of what it keeps ("completed") or one of its own ("units shipped");
 * when the question says only its unkept twin's words (Room revenue) and the rows' noun, the twin is the one.
 */
export function keptUnsaid(q: Question, source: SourceInfo, ms: Match[]): Match[] {
  const said = new Set(q.tokens.flatMap((t) => [t.lemma, t.norm]));
  const says = (f: Field) => keptWords(f).some((w) => said.has(w));
  // The same aggregation of the same column (where the model says which; else titled with the kept one's words),
  // unfiltered.
  const twin = (m: Match) =>
    ms.some(
      (n) =>
        n !== m &&
        !n.field.filtered &&
        n.field.agg === m.field.agg &&
        (n.field.over !== undefined
          ? n.field.over === m.field.over
          : keyOf(n.field.title).every((w) => keyOf(m.field.title).includes(w))) &&
        n.used.length > 0 &&
        n.used.every((u) => m.used.includes(u)) &&
        m.used.every((u) => n.used.includes(u) || rowsWord(source, q.tokens[u].lemma)),
    );
  return ms.filter((m) => !(m.field.filtered && m.field.keeps?.length && !says(m.field) && twin(m)));
}

/** The words of a measure's title, folded, as it writes them. */
const titleWords = (m: Match) =>
  fold(m.field.title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * "meter reads" names Reads, not Meters read: a count whose title has the question's words with the plural on the
 * other one (meters read) counts another thing; it is left out when another measure is named as well.
 */
export function headsRight(q: Question, ms: Match[]): Match[] {
  const inverted = (m: Match) => {
    if (!/^count/.test(m.field.agg ?? '') || m.used.length < 2) return false;
    const written = new Map(titleWords(m).map((w) => [lemma(w), w] as const));
    const swapped = m.used.filter((u) => {
      const t = q.tokens[u];
      const title = written.get(t.lemma);
      return title !== undefined && plural(t.norm) !== plural(title);
    });
    return swapped.length >= 2;
  };
  const kept = ms.filter((m) => !inverted(m));
  return kept.length ? kept : ms;
}

/** Whether the measure's title writes the question's words at `at` as the question does ("Invoiced": "invoiced"). */
function titleWrites(q: Question, m: Match, at: number[]): boolean {
  const written = new Set(titleWords(m));
  return at.every((u) => written.has(q.tokens[u].norm));
}

/** Aggregations a question asks for by a word of its own ("average", "highest"), never by a measure's title alone. */
const STATISTICS = new Set(['avg', 'min', 'max', 'median']);

/** Whether a measure is a statistic no word of the question asks for ("Average invoice" of "amount invoiced"). */
function unasked(q: Question, m: Match): boolean {
  const asked = [...q.aggs].filter(([i]) => !rankingWord(q, i)).map(([, a]) => a);
  return STATISTICS.has(m.field.agg ?? '') && !asked.some((a) => computes(m.field, a));
}

/**
 * "top 5 clients by amount invoiced" names Invoiced, not Average invoice (an average of Amount): a statistic no word
 * of the question asks for is no reading of words that name another measure, no statistic, as well (a word saying
 * only "a quantity", such as "amount", aside).
 */
export function unaskedStatistics(q: Question, source: SourceInfo, ms: Match[]): Match[] {
  const content = (m: Match) => m.used.filter((u) => !HEADS.has(q.tokens[u].lemma));
  // (A sum whose title writes those words as the question does, where the average's title does not: "invoiced".)
  const covered = (m: Match) =>
    !titleWrites(q, m, content(m)) && ms.some((o) => o.field.agg === 'sum' && titleWrites(q, o, content(m)));
  // "unpaid invoice amount": the amount of several rows is their total, the column's plain sum (Invoiced), not its
  // average (Average invoice), when only such a word named the average.
  const totalOf = (m: Match) =>
    source.measures.find((o) => o.agg === 'sum' && !o.filtered && o.over !== undefined && o.over === m.field.over);
  const kept = ms.flatMap((m) => {
    if (!unasked(q, m)) return [m];
    if (content(m).length) return covered(m) ? [] : [m];
    const total = totalOf(m);
    return [total ? { ...m, field: total } : m];
  });
  return kept.length ? kept : ms;
}

/**
 * "invoiced" names Invoiced, not Invoices (one lemma): of the measures named alike, the one whose title writes the
 * words as the question does, when it is the only one.
 */
export function writtenAsTitled(q: Question, ms: Match[]): Match[] {
  // The words naming what is measured (aggregation words aside: "average invoiced per client" is Invoiced per client).
  const content = (m: Match) => m.used.filter((u) => !q.aggs.has(u));
  const titled = ms.filter((m) => content(m).length > 0 && titleWrites(q, m, content(m)));
  // (Never a statistic no word asks for: "how much did we invoice" is no Average invoice.)
  if (titled.length !== 1 || unasked(q, titled[0])) return ms;
  const [best] = titled;
  const alike = ms.filter((m) => m !== best && m.score >= best.score);
  if (!alike.length || !alike.every((m) => content(m).every((u) => best.used.includes(u)))) return ms;
  // Nor over a measure computing the aggregation asked, which it does not ("slowest builds on average": Avg build
  // duration, not Builds), but for a total per entity ("average invoiced per client": Invoiced per client).
  const fits = (m: Match) => [...q.aggs.values()].some((a) => computes(m.field, a));
  if (!fits(best) && alike.some(fits) && !q.tokens.some((t) => t.norm === 'per')) return ms;
  return ms.filter((m) => !alike.includes(m));
}

/**
 * The measures the words name plainly: no count read with its plural swapped, no kept measure for its unkept twin, no
 * statistic the question does not ask for, the one written as titled.
 */
export const plainlyNamed = (q: Question, source: SourceInfo, ms: Match[]) =>
  writtenAsTitled(q, keptUnsaid(q, source, headsRight(q, unaskedStatistics(q, source, nounsNotParticiples(q, ms)))));

/**
 * "which exhibition sold the most tickets": a plural noun meets a title only where the title writes its word as a
 * participle ("Ticketed exhibitions") names no such measure: the tickets are not the exhibitions that have them.
 */
function nounsNotParticiples(q: Question, ms: Match[]): Match[] {
  const participle = (m: Match, u: number) => {
    const t = q.tokens[u];
    if (!plural(t.norm)) return false;
    const forms = [...m.field.written].filter((w) => lemma(w) === t.lemma);
    return forms.length > 0 && forms.every((w) => /ed$/.test(w));
  };
  return ms.filter((m) => !m.used.length || !m.used.every((u) => participle(m, u)));
}

/**
 * "meter reads": a joined entity's word right before the measure's own word names whose rows are counted (the
 * meters'), no flag of that entity (Smart meter).
 */
export const entityBefore = (q: Question, source: SourceInfo, used: number[]) =>
  used.flatMap((u) => {
    const before = q.tokens[u - 1];
    const entity = before && source.dimensions.some((d) => prefixWord(d, source.dimensions) === before.lemma);
    return entity && !used.includes(u - 1) ? [u - 1] : [];
  });

/**
 * "unpaid invoice total": "total" right after the rows' noun (a word a segment or a value may have read) names the
 * one plain sum titled by that noun (Invoiced), not a count of the rows ("total invoices").
 */
export function totalNamed(q: Question, source: SourceInfo): Match[] | undefined {
  for (const [i, agg] of q.aggs) {
    const noun = q.tokens[i - 1];
    if (agg !== 'sum' || q.tokens[i].norm !== 'total' || !noun) continue;
    const sums = source.measures.filter(
      (m) => m.agg === 'sum' && !m.filtered && m.keys.some((k) => k.length === 1 && k[0] === noun.lemma),
    );
    if (sums.length === 1) return [{ field: sums[0], score: 1, used: [i - 1] }];
  }
  return undefined;
}

/**
 * "delivered boxes in december": the event's word (Delivery date) spells as written, with the word next to it, the
 * whole title of a filtered count (Boxes delivered) or of a total (Baked loaves); it names that measure too ("requests opened" names no Open
 * requests); so does a word that is a measure's whole name.
 */
export function namesMeasureToo(q: Question, source: SourceInfo, i: number): boolean {
  // In a share ("what pct of delivered orders arrived late") the word is the whole's condition.
  if (q.share) return false;
  // "2024 signups": a measure's whole name (Sign-ups), no verb's form, dates it and names it.
  if (!/ed$/.test(q.tokens[i].norm) && wholeName(source, q.tokens[i].lemma)) return true;
  const near = [q.tokens[i - 1]?.lemma, q.tokens[i + 1]?.lemma];
  return source.measures.some(
    (m) =>
      ((m.agg === 'count' && (m.filtered === true || (m.keeps?.length ?? 0) > 0)) || m.agg === 'sum') &&
      m.written.has(q.tokens[i].norm) &&
      m.keys.some(
        (k) =>
          k.length === 2 &&
          k.includes(q.tokens[i].lemma) &&
          near.some((l) => l !== q.tokens[i].lemma && k.includes(l ?? '')),
      ),
  );
}
