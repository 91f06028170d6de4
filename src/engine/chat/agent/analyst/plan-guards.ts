// Guards on a plan's measure: readings the planner could make from the words alone that a careful analyst would not
// ("how many F grades" is no average grade).

import { tie, type Field, type Match, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import { participle } from './cues.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, fold, lemma, plural, stem } from './text.js';
import { narrowed } from './prefer.js';
import { keptForGroups } from './kept-groups.js';
import { plainCount, rowNoun, thingsCounted } from './booleans.js';
import { ratioParts } from './share-count.js';

/** The measures whose values add up across rows: a count is of these, never of an average or an extreme. */
const ADDITIVE = new Set(['count', 'count_distinct', 'sum']);

/**
 * "how many F grades", "how many excellent scores": a count asked, with no other aggregation, of a measure that does
 * not add up (Average grade), by a word that also names a dimension the plan filters or breaks down by (Letter
 * grade = F): the rows are counted, by the source's one count. Undefined when that is not the reading.
 */
export function countNotAverage(
  q: Question,
  source: SourceInfo,
  measure: Field,
  used: number[],
  asked: string[],
  onFields: Field[],
): Field | undefined {
  if (!asked.includes('count') || asked.some((a) => a !== 'count') || ADDITIVE.has(measure.agg ?? '')) return;
  const counts = source.measures.filter((m) => m.agg === 'count');
  if (counts.length !== 1) return;
  const restated = used.some((u) => onFields.some((f) => f.keys.some((k) => k.includes(q.tokens[u].lemma))));
  return restated ? counts[0] : undefined;
}

/**
 * "how many courses were dropped": the counted noun is no row of the source (no measure counts it) and a value of
 * the rows follows it as a participle (status Dropped). The rows in that state (the drops) and the distinct nouns
 * among them (the courses with a drop) both fit: a careful analyst asks which.
 */
export const rowsOrDistinct = (q: Question, valuesAt: number[], counted: number[]) =>
  counted.length > 0 && valuesAt.some((i) => i > counted[0] && participle(q, i));

/** Whether the question names all the words of one of the measure's titles (its title, a synonym; not its column). */
export const titled = (m: Field, q: Question) =>
  m.keys
    .slice(1)
    .some((k) => k.length > 0 && k.every((w) => w.startsWith('agg:') || q.tokens.some((t) => t.lemma === w)));

/**
 * Dimensions a free word of the question names by their whole one-word title ("verdict", "shift") that the plan
 * neither filters nor breaks down by: a plan that leaves such a word aside answers another question, so it declines
 * naming the member. Only text and yes/no dimensions, a word in the singular (a plural names who acts: "did guests
 * make"), not after "any"/"all" nor right after a value; a word any member the plan uses has is explained by it.
 */
export function idleMembers(
  q: Question,
  taken: boolean[],
  source: SourceInfo,
  used: Field[],
  /** Where the values named start: the word right after one is its head noun ("the Manila team"). */
  valuesAt: number[],
): Field[] {
  const heads = new Set(
    valuesAt.map((s) => {
      let e = s;
      while (taken[e]) e++;
      return e;
    }),
  );
  const usedWords = new Set(used.flatMap((f) => f.keys.flat()));
  const out: Field[] = [];
  q.tokens.forEach((t, i) => {
    if (taken[i] || heads.has(i) || q.aggs.has(i) || usedWords.has(t.lemma) || source.named.has(t.lemma)) return;
    if (FUNCTION_WORDS.has(t.lemma) || FILLER.has(t.lemma)) return;
    // "how many bookings did guests make": a plural names who acts, not a breakdown by each one.
    if (plural(t.norm)) return;
    // "the most overdrafts of any branch": one number over all of them.
    if (/^(any|all)$/.test(q.tokens[i - 1]?.norm ?? '')) return;
    // "crop failure rate": with the next word, one the plan uses, it writes another measure's title (Crop failures).
    const next = q.tokens[i + 1]?.lemma;
    if (taken[i + 1] && source.measures.some((m) => m.keys.some((k) => k.join() === `${t.lemma},${next}`))) return;
    const d = source.dimensions.find(
      (f) =>
        (f.type === 'string' || f.type === 'boolean') &&
        !used.includes(f) &&
        f.keys.slice(1, 2).some((k) => k.length === 1 && k[0] === t.lemma),
    );
    if (d && !out.includes(d)) out.push(d);
  });
  return out;
}

/**
 * "home vs auto claims": a measure the question names only by words of its description (Loss ratio, "paid out in
 * claims"), or by none of its own ("revenue": Seats on sale, a synonym), while another source has a measure titled by
 * one of those words (Claims, Revenue) — the question asks for that one; answering it answers another question.
 */
export function describedElsewhere(
  measure: Field,
  q: Question,
  sources: SourceInfo[],
  /**
   * The plan's breakdowns: their words name them ("nurses by census year"), no measure. (A date or a value's words may
   * still say which source's rows are meant: "women in the 1850 census".)
   */
  groups: Field[] = [],
): boolean {
  // "number of distinct candidates": a distinct count asked is this one's, not another source's count of rows.
  if (measure.agg === 'count_distinct' && [...q.aggs.values()].includes('count_distinct')) return false;
  const asked = new Set(q.tokens.map((t) => t.lemma));
  const own = measure.keys.flat().filter((w) => !w.startsWith('agg:'));
  // "revenue" names Seats on sale only through a synonym (sale); Revenue of another source is written so.
  const writes = (m: Field, norm: string) => [...m.written, ...(m.verbs ?? [])].some((w) => stem(w) === stem(norm));
  // (The source's own noun names its count without being written in it: "employees" of Headcount.)
  const home = sources.find((s) => s.name === measure.source)?.named;
  const bySynonym = q.tokens.filter((t) => own.includes(t.lemma) && !writes(measure, t.norm) && !home?.has(t.lemma));
  if (
    bySynonym.length &&
    sources.some((s) => s.measures.some((m) => m.source !== measure.source && bySynonym.some((t) => writes(m, t.norm))))
  )
    return true;
  if (own.some((w) => asked.has(w))) return false;
  const theirs = new Set(groups.flatMap((f) => f.keys.flat()));
  const words = [...measure.described].filter((w) => asked.has(w) && !FUNCTION_WORDS.has(w) && !theirs.has(w));
  return (
    words.length > 0 &&
    sources.some((s) =>
      s.measures.some(
        (m) => m.source !== measure.source && m.keys.slice(1).some((k) => words.some((w) => k.includes(w))),
      ),
    )
  );
}

/**
 * "avg tip on delivery orders": an aggregation composed of a number column keeps the rows the model's own measures
 * of that column all keep (Tips: a sum of Tip over checks not voided) — their common filters, as conditions on the
 * source's members. Undefined when a measure of the column filters rows in a way not told (the composition would
 * answer over other rows than the model's).
 */
export function keptRows(source: SourceInfo, measure: Field): Filter[] | undefined {
  if (!measure.columnOf) return [];
  const over = source.measures.filter((m) => m.over === measure.columnOf);
  if (over.some((m) => m.filtered && !m.keeps)) return undefined;
  const same = (a: { member: string; value: unknown }, b: { member: string; value: unknown }) =>
    a.member === b.member && a.value === b.value;
  const common = (over[0]?.keeps ?? []).filter((k) => over.every((m) => m.keeps?.some((x) => same(x, k))));
  const out: Filter[] = [];
  for (const k of common) {
    const field = source.dimensions.find((d) => d.column === k.member);
    if (!field) return undefined;
    out.push({ field, op: '=', values: [k.value] });
  }
  return out;
}

/** The rows kept: those of `keptRows`, and those a filtered count or sum keeps when broken down (kept-groups.ts). */
export function keptFilters(source: SourceInfo, measure: Field, groups: Field[], filters: Filter[]) {
  const kept = keptRows(source, measure);
  return kept && [...kept, ...keptForGroups(source, measure, groups, [...filters, ...kept])];
}

/**
 * "tip % by order type", "% of goal by channel", "renewable share by year": the measures one of whose names, its
 * share word included, the question writes whole — the number asked, no share of a total.
 */
export const percentTitled = (q: Question, measures: Match[], words: (string | undefined)[]) =>
  measures.filter(
    (m) =>
      m.used.some((u) => SHARE_LEMMA.test(q.tokens[u].lemma)) &&
      m.field.keys.some((k) => k.some((w) => SHARE_LEMMA.test(w)) && k.every((w) => words.includes(w))),
  );

/** Lemmas of the words naming a share ("tip %", "renewable share"). */
export const SHARE_LEMMA = new RegExp(`^(${['percent', 'share', 'proportion', 'fraction'].map(lemma).join('|')})$`);

/**
 * "avg year-round habitat share by species", "market share by brand": a share word inside a measure's title the
 * question names whole (all its words), and of nothing ("% of …"), asks for that measure, no share of rows: `q`
 * without its share.
 */
export function titledShare(q: Question, source: SourceInfo): Question {
  const at = q.share ? q.tokens.flatMap((t, i) => (SHARE_LEMMA.test(t.lemma) ? [i] : [])) : [];
  // "what % of visits were walk-ins" asks a share of rows, though Walk-in % is named by its words.
  if (!at.length || at.some((i) => q.tokens[i + 1]?.norm === 'of')) return q;
  const said = new Set(q.tokens.map((t) => t.lemma));
  const titled = (i: number) =>
    source.measures.some((m) =>
      m.keys.some(
        (k) => k.length > 1 && k.includes(q.tokens[i].lemma) && k.every((w) => w.startsWith('agg:') || said.has(w)),
      ),
    );
  return at.every(titled) ? { ...q, share: false } : q;
}

/**
 * "fossil fuel generation": of measures tied, those the model keeps to another value of a column the question
 * filters (Renewable generation keeps only Renewables) count nothing here; the others stay (all, if none would).
 */
export function unclashed(best: Match[], filters: Filter[]): Match[] {
  const clash = (m: Match) =>
    m.field.keeps?.some((k) =>
      filters.some(
        (f) => f.field.column === k.member && f.op === '=' && f.values.length && !f.values.includes(k.value),
      ),
    );
  const kept = best.filter((m) => !clash(m));
  return kept.length && kept.length < best.length ? kept : best;
}

/**
 * "how many dentists", "population by sex": a count titled as the table's rows (Population rows) is asked only by
 * "rows", "records", "entries"; else the things themselves are, by the measure adding them up (People). Of the
 * measures still tied, the one the question's words clearly support (prefer.ts; `taken`: the words read otherwise).
 */
export function thingsOverRows(q: Question, source: SourceInfo, best: Match[], taken?: boolean[]): Match[] {
  const rows = (m: Match) => m.used.some((u) => /^(rows?|records?|entry|entries)$/.test(q.tokens[u].norm));
  const things = best.map((m) => (m.field.tableRows && !rows(m) ? { ...m, field: thingsCounted(source, m.field) } : m));
  return taken ? narrowed(q, source, rowsNamed(q, source, things), (i) => !taken[i]) : things;
}

/**
 * "on-time rate for flights into ATL": the noun of the source's rows (Flights) says what is measured, and names no
 * measure of the tie by itself. A measure it supports gives way to one the question's other words support more
 * (On-time flights has "time" without it, On-time rate "time" and "rate").
 */
function rowsNamed(q: Question, source: SourceInfo, best: Match[]): Match[] {
  const noun = (u: number) => rowNoun(source, q.tokens[u].lemma);
  const rest = best.map((m) => m.used.filter((u) => !noun(u)));
  const outdone = (i: number) =>
    best[i].used.some(noun) &&
    rest.some((r, j) => j !== i && r.length > rest[i].length && rest[i].every((u) => r.includes(u)));
  const kept = best.filter((_, i) => !outdone(i));
  return kept.length && kept.length < best.length ? kept : best;
}

/** "farmers", "farm laborers": a value said in the plural (Farmer, Farm Laborer; `at`: where its words start). */
export function pluralValue(q: Question, filters: Filter[], at: Map<Filter, number>): boolean {
  return filters.some((f) => {
    const words = typeof f.values[0] === 'string' ? f.values[0].toLowerCase().split(/\s+/) : [];
    const [v, t] = [words.at(-1) ?? '', q.tokens[(at.get(f) ?? -1) + words.length - 1]];
    return f.op === '=' && !!t && f.values.length === 1 && plural(t.norm) && !plural(v) && t.lemma === lemma(v);
  });
}

/** Whether a measure adds up the things a count titled as the table's rows stands beside ("how many" asks it). */
export function countsThings(source: SourceInfo, measure: Field): boolean {
  const rows = plainCount(source);
  return !!rows?.tableRows && thingsCounted(source, rows) === measure;
}

/**
 * "how many people were in farm occupations": of the measures named, a distinct count only its description names by
 * the question's words (Occupations with workers: "one person counted") counts what its title says, not those words,
 * when a measure adding up what the words name (Workers: "people counted") is named beside it.
 */
export function titledDistinct(q: Question, named: Match[]): Match[] {
  const loose = (m: Match) =>
    m.field.agg === 'count_distinct' &&
    m.used.length > 0 &&
    m.used.every(
      (u) => m.field.described.has(q.tokens[u].lemma) && !m.field.keys.some((k) => k.includes(q.tokens[u].lemma)),
    );
  const kept = named.filter((m) => !loose(m));
  return kept.some((m) => m.field.agg === 'sum') && kept.length < named.length ? kept : named;
}

/**
 * The measures a share may be of. A share is of something that adds up: "% of absence days" is of Days absent, not of
 * an average; a measure titled with a percent named whole is the share itself.
 */
export function shareMeasures(
  q: Question,
  measures: Match[],
  words: (string | undefined)[],
  source?: SourceInfo,
): { measures: Match[]; titled: boolean } {
  if (shareWordOnly(q, measures)) return { measures: [], titled: false };
  // "what % of active subscribers are on auto-pay": a share word names no measure whose description alone says it
  // (Churn rate: "percent of subscribers who have churned"); one titled with a share word it may (Share 65 and over).
  const share = (u: number) => SHARE_LEMMA.test(q.tokens[u].lemma);
  const shareTitled = (m: Match) => m.field.keys.some((k) => k.some((w) => SHARE_LEMMA.test(w)));
  if (q.share) measures = measures.filter((m) => !m.used.length || m.used.some((u) => !share(u)) || shareTitled(m));
  const both = q.share && source ? ratioOfBoth(measures, source) : undefined;
  if (both) return { measures: [both], titled: true };
  const additive = measures.filter((m) => ['count', 'sum', 'count_distinct'].includes(m.field.agg ?? ''));
  const percent = percentTitled(q, measures, words);
  if (percent.length) return { measures: percent, titled: true };
  // "what % of lift tickets were bought online": the things said in the plural, then "were", are counted (Tickets
  // sold), not a sum named by the same words (Ticket revenue).
  const were = q.share && q.tokens.some((t) => /^(were|was|are|is)$/.test(t.norm));
  // (Unless a sum's title writes that plural too: "% of all deaths" of Deaths from disease.)
  const plurals = q.tokens
    .filter((t, u) => plural(t.norm) && additive.some((m) => m.used.includes(u)))
    .map((t) => t.norm);
  const first = (m: Match) => fold(m.field.title).split(/[^\p{L}\p{N}]+/u)[0];
  const summed = additive.some((m) => m.field.agg === 'sum' && plurals.includes(first(m)));
  const counts = additive.filter(
    (m) => /^count/.test(m.field.agg ?? '') && m.used.some((u) => plural(q.tokens[u].norm)),
  );
  if (were && !summed && counts.length && counts.length < additive.length) return { measures: counts, titled: false };
  return { measures: q.share && additive.length ? additive : measures, titled: false };
}

/**
 * "what pct of the amount billed did we collect": a part and a whole both named, sums of two columns, are the model's
 * one percent of them (Collection rate: Amount collected of Amount billed), by the words of both.
 */
function ratioOfBoth(measures: Match[], source: SourceInfo): Match | undefined {
  const named = (f: Field | undefined) => (f ? measures.find((m) => m.field === f) : undefined);
  // Of sums of other columns only: a share of rows (Hires of Applications, Refunded orders of Orders) is read as one.
  const sums = (a?: Match, b?: Match) =>
    a?.field.agg === 'sum' && b?.field.agg === 'sum' && a.field.over !== b.field.over;
  const fits = source.measures.flatMap((r) => {
    const pair = ratioParts(r, source, 'percentOf');
    const [part, whole] = [named(pair?.part), named(pair?.whole)];
    return part && whole && sums(part, whole)
      ? [{ field: r, score: part.score + whole.score, used: [...part.used, ...whole.used] }]
      : [];
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * "what % of bookings were cancelled": measures several alike, named by the share word alone (Cancellation rate, Late
 * return rate: "percent of …"), are none of them asked; the share of the rows the other words keep is.
 */
const shareWordOnly = (q: Question, measures: Match[]) =>
  q.share &&
  tie(measures).length > 1 &&
  measures.every(
    (m) =>
      m.used.length > 0 &&
      m.used.every((u) => /^(%|percent|percentage|pct|share|proportion|fraction)$/.test(q.tokens[u].norm)),
  );
