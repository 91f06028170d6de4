// The planner's readings of words against a source's members: which member a word names, which label names a source's
// rows, and what a phrase after "per" counts (planner.ts puts them together).

import { freeWords, plainCount } from './booleans.js';
import {
  columnAggregate,
  computes,
  distinctCount,
  keyOf,
  scoreField,
  rank,
  tie,
  wholly,
  type Field,
  type Match,
  type SourceInfo,
} from './catalog.js';
import type { PhraseBook } from './phrase-book.js';
import type { Slice } from './plan.js';
import { superlativeDir, type Question } from './question.js';
import { FILLER, FUNCTION_WORDS, lemma, lemmas, plural } from './text.js';
import { pastForm } from './time-field.js';
import { columnUnit } from './units.js';
import { categorical } from './values.js';

/** The question's words [start, end) as written. */
export const wordsOf = (q: Question, start: number, end: number) =>
  Array.from(q.tokens.slice(start, end), (t) => t.text).join(' ');

/**
 * Whether the words around the "per" at `i` are written so in a member's title ("Miles per gallon"), or in a
 * measure's description ("tickets per order" of Average order size).
 */
export const perInTitle = (q: Question, i: number, source: SourceInfo) => {
  // By lemmas: "rev per member" (shorthand) and "revenues per members" are written so in Revenue per member.
  const words = `${q.tokens[i - 1]?.lemma ?? ''} ${q.tokens[i].lemma} ${q.tokens[i + 1]?.lemma ?? ''}`;
  return source.fields.some((f) => lemmas(f.title).join(' ').includes(words) || f.perDescribed?.includes(words));
};

/** "tickets per order": the one measure whose description says so (Average order size, "tickets per order"). */
export function perDescribed(q: Question, source: SourceInfo): Match | undefined {
  for (let i = 1; i < q.tokens.length - 1; i++) {
    if (q.tokens[i].norm !== 'per') continue;
    const words = `${q.tokens[i - 1].lemma} per ${q.tokens[i + 1].lemma}`;
    const hits = source.measures.filter((m) => m.perDescribed?.includes(words));
    if (hits.length === 1) return { field: hits[0], score: 3, used: [i - 1, i, i + 1] };
  }
  return undefined;
}

/** The member named name, title or label among those of the same joined cube (the same column prefix). */
export function strictLabel(source: SourceInfo, f: Field): Field | undefined {
  const prefix = f.column.slice(0, f.column.indexOf('_') + 1);
  const named = source.dimensions.filter(
    (d) =>
      d.type === 'string' && d.column.startsWith(prefix) && /^(name|title|label)$/.test(d.column.slice(prefix.length)),
  );
  return named.length === 1 ? named[0] : undefined;
}

export const sameWords = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The member that names a row among `fields`: the one called name, title or label, else the only text member. */
export function labelOf(fields: Field[]): Field | undefined {
  const text = fields.filter((f) => f.type === 'string');
  const named = text.filter((f) => /(^|_)(name|title|label)$/.test(f.column));
  if (named.length === 1) return named[0];
  return named.length === 0 && text.length === 1 ? text[0] : undefined;
}

/**
 * After "which", "each" or "every": a phrase whose words all name the source itself asks for its rows one by one,
 * by the source's label (its own members, not those of a joined cube a view prefixes).
 */
export function entityLabel(q: Question, part: number[], words: (string | undefined)[], source: SourceInfo) {
  if (!part.length || !/^(which|each|every)$/.test(q.tokens[part[0] - 1]?.norm ?? '')) return undefined;
  if (!part.every((i) => source.named.has(words[i] ?? ''))) return undefined;
  // A view's members of a joined cube share its prefix ("books_title", "books_author"): not the source's own.
  const prefix = (c: string) => (c.includes('_') ? c.slice(0, c.indexOf('_') + 1) : undefined);
  const shared = (d: Field) =>
    source.fields.some((f) => f !== d && prefix(d.column) && f.column.startsWith(prefix(d.column)!));
  return labelOf(source.dimensions.filter((d) => !shared(d)));
}

/**
 * "revenue per guest": the count a phrase after "per" names whole — a distinct count ("per guest": Guests), the rows
 * ("tips per order": Orders), or, when no measure counts it, the distinct count of the member titled so ("admissions
 * per doctor") — when it explains every word of the phrase ("per site type" is a breakdown by Site type).
 */
export function perEntity(
  q: Question,
  phrase: number[],
  taken: boolean[],
  source: SourceInfo,
  book: PhraseBook,
): Match | undefined {
  const words = freeWords(q, taken, true).map((w, i) => (phrase.includes(i) ? w : undefined));
  const entity = tie(
    rank(
      source.measures.filter((m) => m.agg === 'count_distinct' || m.agg === 'count'),
      words,
    ).filter((m) => wholly(m.field, words)),
  );
  const all = phrase.filter((i) => words[i] !== undefined);
  if (entity.length === 1 && all.every((i) => entity[0].used.includes(i))) return entity[0];
  // "bookings per member": the one distinct count with a name holding every word of the phrase (Members booking).
  const holding = entity.length
    ? []
    : source.measures
        .filter((m) => m.agg === 'count_distinct' && m.keys.some((k) => all.every((i) => k.includes(words[i]!))))
        .map((m) => scoreField(m, words));
  if (all.length && holding.length === 1) return holding[0];
  const named = entity.length
    ? []
    : tie(rank(categorical(source), words)).filter(
        (m) => wholly(m.field, words) && /(^|_)(name|title|label)$/.test(m.field.column),
      );
  // "avg number of people per age group": an average asked per a number dimension named whole (Age group) divides by
  // how many values it has (no count names them).
  const numbered =
    entity.length || named.length || ![...q.aggs.values()].includes('avg')
      ? []
      : tie(
          rank(
            source.dimensions.filter((d) => d.type === 'number' && !d.yearNumber),
            words,
          ),
        ).filter((m) => wholly(m.field, words));
  if (numbered.length === 1 && all.length && all.every((i) => numbered[0].used.includes(i))) named.push(numbered[0]);
  if (named.length === 1 && all.every((i) => named[0].used.includes(i)))
    return {
      ...named[0],
      field: {
        ...distinctCount(named[0].field),
        title: book.measureAgg(named[0].field.title, book.agg.count_distinct),
      },
    };
  return undefined;
}

/** Measures tied on the words they use, narrowed by what else the question says of them. */
export function narrowTie(q: Question, best: Match[], afterValue: Set<number>, asked: string[]): Match[] {
  if (best.length < 2) return best;
  // "Home Office customers": a word right after a value, naming the value's dimension, is not the measure.
  const own = best.filter((m) => !m.used.every((u) => afterValue.has(u)));
  if (own.length) best = own;
  // "most horsepower of any car": the one whose title writes more of the question's words as written ("Most
  // horsepower", not Average horsepower), where a word like "most" names no member by itself.
  // A function word is no evidence ("trips on route 42" writes no more of On-time trips than of Scheduled trips).
  const writes = (m: Match) =>
    q.tokens.filter((t) => !FUNCTION_WORDS.has(t.lemma) && m.field.written.has(t.norm)).length;
  const most = Math.max(...best.map(writes));
  best = best.filter((m) => writes(m) === most);
  // "tonnes deliverd": then by the lemmas named (a typo read as its word), of Tonnes delivered, not Tonnes accepted.
  const says = (m: Match) =>
    q.tokens.filter((t) => !FUNCTION_WORDS.has(t.lemma) && m.field.keys.some((k) => k.includes(t.lemma))).length;
  const more = Math.max(...best.map(says));
  best = best.filter((m) => says(m) === more);
  // "the top of the salary band": of measures told apart by a max and a min, "top" or "upper" is the max.
  const end = q.tokens.some((t) => /^(top|upper)$/.test(t.norm))
    ? 'agg:max'
    : q.tokens.some((t) => /^(bottom|lower)$/.test(t.norm))
      ? 'agg:min'
      : undefined;
  const ends = end ? best.filter((m) => m.field.keys.some((k) => k.includes(end))) : [];
  if (ends.length === 1) return ends;
  // "msft price by month": one quantity as its average, highest and lowest, no aggregation asked: its average.
  const avg = best.filter((m) => m.field.agg === 'avg');
  if (!asked.length && avg.length === 1 && best.every((m) => ['avg', 'max', 'min'].includes(m.field.agg ?? '')))
    return avg;
  return best;
}

/**
 * A superlative and a text dimension a word names ("the lowest rated hotel": hotels ranked), unless the words say
 * "any" or "all" of it: "most horsepower of any car" is one number, not which car.
 */
export function superlativeOf(q: Question, taken: boolean[], groupable: Field[]) {
  const at = q.tokens.findIndex((_, i) => !taken[i] && superlativeDir(q, i));
  if (at < 0) return undefined;
  const entities = groupable.filter((d) => d.type === 'string');
  const named = rank(entities, freeWords(q, taken, true)).filter((m) => m.score >= m.used.length + 1);
  if (!named.length || (named.length > 1 && named[0].score <= named[1].score)) return undefined;
  if (/^(any|all)$/.test(q.tokens[Math.min(...named[0].used) - 1]?.norm ?? '')) return undefined;
  return { dir: superlativeDir(q, at)!, at, match: named[0] };
}

/**
 * The number columns of the rows themselves: a view's columns sharing a prefix come from a joined cube ("patients_age"
 * of visits), and an aggregate of them over these rows would weigh each patient by their visits.
 */
function ownNumbers(source: SourceInfo): Field[] {
  const prefix = (c: string) => (c.includes('_') ? c.slice(0, c.indexOf('_')) : c);
  const joined = (c: string) => source.dimensions.filter((d) => prefix(d.column) === prefix(c)).length > 1;
  return source.dimensions.filter(
    (d) => d.type === 'number' && !/(^|_)id$/.test(d.column) && !(d.column.includes('_') && joined(d.column)),
  );
}

/** The one number column the words name, aggregated as asked when no measure computes it. */
export function columnAsked(
  source: SourceInfo,
  words: (string | undefined)[],
  agg: string,
  book: PhraseBook,
): Match | undefined {
  if (agg !== 'sum' && agg !== 'avg' && agg !== 'max' && agg !== 'min') return undefined;
  const numbers = ownNumbers(source);
  // Its title named whole, a unit in parentheses aside ("weight" of Weight (kg); "minutes" alone names no Duration).
  const own = (m: Match) => keyOf(m.field.title.replace(/\([^)]*\)/g, ' ')).every((w) => words.includes(w));
  const named = tie(rank(numbers, words));
  if (named.length !== 1 || !own(named[0])) return undefined;
  const title = book.measureAgg(named[0].field.title, book.agg[agg]);
  return { ...named[0], field: columnAggregate(named[0].field, agg, title) };
}

/**
 * The words to rank measures by: with a "per" and no average titled by the question's words, "average" is the
 * division ("avg units per work order": Units produced per work order, not an average whose description says "per
 * unit"); an average titled so stays ("average balance per account": Average balance).
 */
export function perAverage(source: SourceInfo, words: (string | undefined)[], per: Field | undefined) {
  if (!per) return words;
  const titled = source.measures.some(
    (m) => computes(m, 'avg') && m.keys.some((k) => k.some((w) => !w.startsWith('agg:') && words.includes(w))),
  );
  return titled ? words : words.map((w) => (w === 'agg:avg' ? undefined : w));
}

/**
 * The one measure a common verb's past form names when no other word names one ("gear housings produced per month":
 * Units produced; "widgets sold": Quantity sold), by a word of their own titles.
 */
export function verbNames(q: Question, source: SourceInfo, taken: boolean[]): Match[] {
  // "rejections by reason": the noun of a status value counts the rows having it.
  const rows = q.valueNouns?.length ? plainCount(source) : undefined;
  if (rows) return [{ field: rows, score: 0.5, used: [] }];
  const verbs = q.tokens.flatMap((t, i) => (!taken[i] && FILLER.has(t.lemma) && pastForm(t.norm) ? [i] : []));
  const named = source.measures.flatMap((m) => {
    const used = verbs.filter((i) => m.keys.some((k) => k.includes(q.tokens[i].lemma)));
    return used.length ? [{ field: m, score: 0.5, used }] : [];
  });
  return named.length === 1 ? named : [];
}

/**
 * "the longest single downtime": an extreme of a total (Downtime, a sum in minutes) said to be of one row is of the one
 * number column of the rows kept in the same unit (Duration (minutes)) — the values the total adds up.
 */
export function extremeOfTotal(
  q: Question,
  source: SourceInfo,
  best: Match[],
  agg: string,
  book: PhraseBook,
): Match | undefined {
  if ((agg !== 'max' && agg !== 'min') || best.length !== 1 || best[0].field.agg !== 'sum') return undefined;
  // Only when the question says it is of one row: "highest outage minutes" may be of a total by anything.
  if (!q.tokens.some((t) => /^(single|individual)$/.test(t.norm))) return undefined;
  const unit = columnUnit(best[0].field);
  if (unit === undefined) return undefined;
  const same = ownNumbers(source).filter((d) => columnUnit(d) === unit);
  if (same.length !== 1) return undefined;
  const title = book.measureAgg(same[0].title, book.agg[agg]);
  return { ...best[0], field: columnAggregate(same[0], agg, title) };
}

/** The source's one count, to divide a total asked as an average by ("avg downtime": per downtime event). */
export function rowsOf(source: SourceInfo, best: Match[], agg: string): Field | undefined {
  if (agg !== 'avg' || best.length !== 1 || best[0].field.agg !== 'sum') return undefined;
  const counts = source.measures.filter((m) => m.agg === 'count');
  return counts.length === 1 ? counts[0] : undefined;
}

/**
 * Two measures named alike, in the order the question names them ("planned units vs produced units"); the second's
 * words, and the words both are named by, are marked explained in `taken` (no other quantity).
 */
export function bothOf(q: Question, best: Match[], taken: boolean[]): [Match, Match] {
  const two = [...best].sort((a, b) => Math.min(...a.used) - Math.min(...b.used)) as [Match, Match];
  const own = new Set(two.flatMap((m) => m.field.keys.flat()));
  q.tokens.forEach((t, i) => {
    if (two[1].used.includes(i) || (!taken[i] && own.has(t.lemma) && !q.aggs.has(i))) taken[i] = true;
  });
  return two;
}

/** A compared side that is a measure of its own. */
export const measureSlice = (m: Match): Slice => ({ label: m.field.title, filters: [], measure: m.field });

/**
 * "cities by viewings": the words before a "by" that the measure is named after, naming one text dimension whole, are
 * the breakdown the measure ranks (not a total of viewings with "cities" left aside); with no measure given, the
 * dimension such words before the first "by" name.
 */
export function leadingGroup(q: Question, taken: boolean[], source: SourceInfo, measureUsed?: number[]) {
  const by = q.tokens.findIndex((t, i) => t.norm === 'by' && (!measureUsed || measureUsed.some((u) => u > i)));
  if (by <= 0 || measureUsed?.some((u) => u < by)) return undefined;
  // The source's own noun in the plural or before a word read ("subcontractor rating by trade") is its rows, no group.
  const rows = (i: number) =>
    source.named.has(q.tokens[i].lemma) && (plural(q.tokens[i].norm) || (taken[i + 1] === true && !q.aggs.has(i + 1)));
  const words = freeWords(q, taken, true).map((w, i) => (i < by && !rows(i) ? w : undefined));
  const named = tie(rank(categorical(source), words)).filter((m) => wholly(m.field, words));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * "members by loans": a word before the first "by" naming only a joined cube of the view (the prefix of its columns,
 * "members_membership"), left free by the plan — an entity to break down by that the view cannot list.
 */
export function entityBeforeBy(q: Question, taken: boolean[], source: SourceInfo): number | undefined {
  const by = q.tokens.findIndex((t) => t.norm === 'by');
  if (by <= 0) return undefined;
  const prefixes = new Map<string, number>();
  for (const f of source.dimensions)
    if (f.column.includes('_')) {
      const p = lemma(f.column.slice(0, f.column.indexOf('_')));
      prefixes.set(p, (prefixes.get(p) ?? 0) + 1);
    }
  for (let i = 0; i < by; i++)
    if (!taken[i] && !taken[i - 1] && !q.aggs.has(i) && (prefixes.get(q.tokens[i].lemma) ?? 0) > 1) return i;
  return undefined;
}

/**
 * "which species is the heaviest", "which breed is the lightest": groups called only the superlative a max or min
 * measure's title says are ranked by their average of that quantity (the max is "the heaviest penguin"): the
 * source's average measure over the same column, high first for a max, low first for a min.
 */
export function groupAverage(
  q: Question,
  source: SourceInfo,
  best: Match,
  grouped: boolean,
): { field: Field; dir: 'DESC' | 'ASC' } | undefined {
  const m = best.field;
  if (!grouped || !q.ranks || (m.agg !== 'max' && m.agg !== 'min') || !m.over || !best.used.length) return undefined;
  if (!best.used.every((u) => /[^e]est$/.test(q.tokens[u].norm))) return undefined;
  const avg = source.measures.filter((f) => f.agg === 'avg' && f.over === m.over);
  return avg.length === 1 ? { field: avg[0], dir: m.agg === 'max' ? 'DESC' : 'ASC' } : undefined;
}

/**
 * "fertility rate", "heart rate" over a model with no rate: "rate" right after a word naming an average or an extreme
 * is that level's own name (a count's "churn rate" is no count of churned rows: it stays unexplained).
 */
export const levelRate = (q: Question, source: SourceInfo, best: Match) =>
  ['avg', 'max', 'min'].includes(best.field.agg ?? '') && !source.fields.some((f) => f.written.has('rate'))
    ? q.tokens.flatMap((t, i) => (/^rates?$/.test(t.norm) && best.used.includes(i - 1) ? [i] : []))
    : [];

/** The base of a superlative: heaviest → heavy, lightest → light, biggest → big. */
const baseOf = (w: string) => /^([a-z]{2,}?)(?:(i)|([b-df-hj-np-tv-z])\3)?est$/.exec(w);

/**
 * "how light is the lightest chinstrap": the base of a superlative that named the measure, said again, is its word
 * too (alone, "how long do people wait" names no Longest wait).
 */
export const restatedBase = (q: Question, best: Match) =>
  q.tokens.flatMap((t, i) =>
    best.used.some((u) => {
      const m = baseOf(q.tokens[u].norm);
      return m !== null && u !== i && (m[2] ? `${m[1]}y` : m[3] ? m[1] + m[3] : m[1]) === t.norm;
    })
      ? [i]
      : [],
  );
