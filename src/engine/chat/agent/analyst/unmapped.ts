// The words of a question nothing explained, and the decline that names them and offers what the source answers.

import { computes, type Field, type SourceInfo } from './catalog.js';
import type { Phrases } from './phrases.js';
import { participle } from './cues.js';
import type { Question } from './question.js';
import { categorical, valueWord, type ValueIndex } from './values.js';
import { FILLER, FUNCTION_WORDS, plural } from './text.js';
import { looseWord } from './loose-words.js';
import { dataWord, namesData } from './data-words.js';
import { rowNoun, rowsWord } from './booleans.js';
import { CHANGE } from './time-range.js';

/** "what caused the most delays", "what led to it": a verb of cause right after "what" asks for a cause, no number. */
const asksWhy = (q: Question, i: number) =>
  /^(cause[sd]?|causing|lead|leads|led|result(s|ed)?)$/.test(q.tokens[i].norm) &&
  /^(what|who)$/.test(q.tokens[i - 1]?.norm ?? '');

/**
 * "yoy change in the anomaly, 2022 vs 2023", "the difference between 2008 and 2009": two periods compared, which the
 * answer gives with their difference and its percent.
 */
const periodsChange = (q: Question, i: number) => q.time.ranges.length === 2 && CHANGE.test(q.tokens[i].norm);

/** "a death toll" is a number (a word like "figure"); "tolls" are fees paid, a thing the model may lack. */
const feesNoun = (norm: string) => norm === 'tolls';

/**
 * Question words not explained and unknown to the source (numbers included). `chosen`: the plan's members, once
 * known, whose descriptions may imply a verb of the question.
 */
export function unmappedWords(
  q: Question,
  taken: boolean[],
  source: SourceInfo,
  chosen: Field[] = [],
  /** The values read: a word of one is never let go as a word of the data's description. */
  values?: ValueIndex,
) {
  const known = new Set(source.fields.flatMap((f) => f.keys.flat()));
  const valued = (i: number) => !!values && valueWord(categorical(source), values, q.tokens[i]);
  return q.tokens.filter(
    (t, i) =>
      !taken[i] &&
      !q.aggs.has(i) &&
      !FUNCTION_WORDS.has(t.lemma) &&
      (!FILLER.has(t.lemma) ||
        feesNoun(t.norm) ||
        asksWhy(q, i) ||
        countedNoun(q, i) ||
        tallyVerb(q, i, source, known, chosen[0])) &&
      !(t.norm === 'long' && q.tokens[i - 1]?.norm === 'how') && // "how long do people wait": the wait measure
      !(t.norm === 'right' && q.tokens[i + 1]?.norm === 'now') && // "right now": at present, as "now" alone
      !periodsChange(q, i) &&
      !bucket(q, i, source) &&
      !source.named.has(t.lemma) &&
      !(known.has(t.lemma) && !/^\d/.test(t.norm) && !(q.tokens[i - 1]?.norm === 'the' && valued(i))) &&
      !looseWord(q, i, chosen) &&
      !(dataWord(q, i, source, known, chosen[0]) && !valued(i)),
  );
}

/** Verbs whose things counted are more than rows, by their lemma: the lemmas a source names the same by. */
const TALLIES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  sell: ['sell', 'revenu', 'seller'],
  purchas: ['purchas', 'customer'],
  liv: ['liv', 'resident', 'population', 'inhabitant'],
  own: ['own', 'owner'],
});

/**
 * "how many phones did we sell" over support tickets (their channel Phone), "how many deer live in Michigan" over
 * habitat records: a count of things the measure does not name, with a verb of selling, buying, owning or living
 * the source never names, asks for a number its rows are not (phones sold, animals): the verb maps to nothing.
 */
function tallyVerb(q: Question, i: number, source: SourceInfo, known: Set<string>, measure?: Field): boolean {
  const forms = Object.hasOwn(TALLIES, q.tokens[i].lemma) ? TALLIES[q.tokens[i].lemma] : undefined;
  if (!forms || !measure || forms.some((f) => known.has(f) || source.named.has(f))) return false;
  const at = [...q.aggs].find(([, a]) => a === 'count' || a === 'count_distinct')?.[0];
  if (at === undefined || at > i) return false;
  const things = q.tokens.slice(at + 1, i).filter((t) => !FUNCTION_WORDS.has(t.lemma) && !FILLER.has(t.lemma));
  const named = (l: string) => source.named.has(l) || measure.keys.some((k) => k.includes(l));
  return things.length > 0 && !things.some((t) => named(t.lemma));
}

const BUCKETS = /^(group|band|bracket|bucket|range|tier|class|category|segment|cohort)s?$/;

/**
 * "by age group" of a dimension titled "Age band": a word for a bucket of values, after a word naming a dimension
 * whose title ends in another such word, is that dimension's.
 */
const bucket = (q: Question, i: number, source: SourceInfo) =>
  BUCKETS.test(q.tokens[i].norm) &&
  source.dimensions.some((d) => {
    const words = d.title.toLowerCase().split(/\s+/);
    return words.length > 1 && BUCKETS.test(words.at(-1)!) && d.keys.some((k) => k.includes(q.tokens[i - 1]?.lemma));
  });

/**
 * "which tracks got the most likes": a word that is filler as a verb ("like", "run", "offer") names a thing counted
 * when written in the plural right after a word of quantity; it must then map to the model like any noun.
 */
const countedNoun = (q: Question, i: number) =>
  plural(q.tokens[i].norm) && /^(most|fewest|least|more|fewer|many)$/.test(q.tokens[i - 1]?.norm ?? '');

export function unmappedText(
  say: Phrases,
  words: Question['tokens'],
  source: SourceInfo,
  /** The values read: a name is said to be no value only when those of every text dimension were. */
  values?: ValueIndex,
): string {
  const { book } = say;
  const dims = source.dimensions.filter((d) => d.type !== 'time').slice(0, 8);
  // "orders did Koi Chicago get": a name written capitalised inside the question is a value the data does not hold.
  const text = dims.filter((d) => d.type === 'string');
  if (
    text.length &&
    text.every((d) => values?.has(d.name)) &&
    words.every((t) => t.start > 0 && /^\p{Lu}\p{Ll}/u.test(t.text))
  )
    return book.noValue(
      words.map((t) => book.quote(say.text(t.text))).join(book.comma),
      say.text(source.title),
      text.map((d) => say.text(book.inline(d.title))).join(book.comma),
    );
  return book.unmapped(
    words.map((t) => book.quote(say.text(t.text))).join(book.comma),
    words.length,
    say.text(source.title),
    say.names(source.measures),
    dims.length ? dims.map((d) => say.text(book.inline(d.title))).join(book.comma) : undefined,
  );
}

/**
 * Quantities other than the plan's a free word names: all of one's name, or a word only measures have ("cost" of
 * Energy cost in "avg cost per reading"; a number column's other words are often its unit: "wait in minutes"; a
 * word like "most" of Most horsepower names nothing alone).
 */
export function otherQuantities(
  q: Question,
  taken: boolean[],
  source: SourceInfo,
  measure: Field,
  used: Field[],
  /** Words right after a value naming its dimension ("student fares" of Fare type): the value's, no quantity. */
  afterValue: Set<number> = new Set(),
): Field[] {
  const quantities = [...source.measures, ...source.dimensions].filter(
    (f) => f.type === 'number' && !computes(f, 'count'),
  );
  // "lowest jobless rate": with one aggregation asked, the column's other measures (its average) are the same quantity.
  const sameColumn = (f: Field) => q.aggs.size === 1 && f.over !== undefined && f.over === measure.over;
  // "amount invoiced": the column the measure totals (Invoiced, a sum of Amount) is the measure's own quantity.
  const totalled = (f: Field) => !f.isMeasure && measure.over !== undefined && f.column === measure.over;
  const others = quantities.filter((f) => f !== measure && !used.includes(f) && !sameColumn(f) && !totalled(f));
  const mine = new Set(measure.keys.flat());
  const described = new Set(source.dimensions.filter((d) => d.type !== 'number').flatMap((d) => d.keys.flat()));
  // "a coverage period ending in q3": a word between two words of one date's names (Coverage end date) is the date's.
  const dates = source.dimensions.filter((d) => d.type === 'time').map((d) => new Set(d.keys.flat()));
  const dated = (i: number) =>
    dates.some((d) => d.has(q.tokens[i - 1]?.lemma ?? '') && d.has(q.tokens[i + 1]?.lemma ?? ''));
  const clause = askersClause(q, measure);
  const loose = (w: string) =>
    q.tokens.some(
      (t, i) =>
        !taken[i] &&
        i <= clause &&
        !afterValue.has(i) &&
        !q.aggs.has(i) &&
        t.lemma === w &&
        !participle(q, i) &&
        !namesData(q, i, source) &&
        !dated(i),
    );
  // "amount paid for hail claims": the source's own noun names its rows, not Amount claimed, unless written as it is;
  // so does the noun its count of all rows is titled by, in the plural ("still unpaid on our invoices" of Billing: not
  // Amount invoiced; "invoice amount" is).
  const rowsNoun = (w: string) => rowNoun(source, w) && q.tokens.every((t) => t.lemma !== w || plural(t.norm));
  const own = (f: Field, w: string) =>
    (source.named.has(w) || rowsNoun(w)) && !q.tokens.some((t) => t.lemma === w && f.written.has(t.norm));
  return others.filter((f) =>
    f.keys.some(
      (k) =>
        (k.length === 1 && loose(k[0]) && !own(f, k[0]) && !measure.described.has(k[0])) ||
        (f.isMeasure &&
          k.some((w) => !mine.has(w) && !described.has(w) && !rowsWord(source, w) && !FILLER.has(w) && loose(w))),
    ),
  );
}

/**
 * "how many countries do we get downloads from": after the noun a count counts, a clause of the asker's own doing (an
 * auxiliary, then we, you or they) says which of them are counted; a quantity's word in it (Downloads) is not asked.
 * The index after which the question's words are that clause's (Infinity: none).
 */
function askersClause(q: Question, measure: Field): number {
  if (!computes(measure, 'count') && !computes(measure, 'count_distinct')) return Infinity;
  const at = [...q.aggs].find(([, a]) => a === 'count')?.[0];
  if (at === undefined) return Infinity;
  const noun = q.tokens.findIndex((t, i) => i > at && measure.keys.some((k) => k.includes(t.lemma)));
  if (noun < 0) return Infinity;
  const aux = q.tokens.findIndex(
    (t, i) =>
      i > noun && /^(do|does|did|have|has|had)$/.test(t.norm) && /^(we|you|they)$/.test(q.tokens[i + 1]?.norm ?? ''),
  );
  return aux < 0 ? Infinity : aux;
}
