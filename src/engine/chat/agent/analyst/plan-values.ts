// Two steps of planning a question over one source (planner.ts): the values it names, each on the dimension that holds
// it (or a question back when two hold it alike), and its numeric conditions on the number column named near them.
// Both mark the words they explain in `taken` and give the evidence they add to the plan's score.

import { describedRowWords, plainCount } from './booleans.js';
import { type Field, type SourceInfo } from './catalog.js';
import { clippedValues } from './clipped.js';
import { byDirection, byNamingWords, directionAfter, directionAt, namedKind } from './cues.js';
import { wordsOf } from './plan-words.js';
import type { Filter } from './plan.js';
import type { Phrases } from './phrases.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, fold, lemma, lemmas, plural, stem, writtenForms } from './text.js';
import { preferred } from './prefer.js';
import { spelledTitles } from './spelled.js';
import { filteredCountNamed } from './share-count.js';
import { categorical, matchValues, type ValueHit, type ValueIndex } from './values.js';
import { groupingOf } from './grouped-values.js';
import { causeVerb } from './cause-verbs.js';
import { sameField } from './same-rows.js';
import { ongoing } from './current-state.js';
import { placeFields } from './us-places.js';
import { joinedPrefix } from './joined.js';

/** Nouns of the persons a business serves, one another's synonyms in a question ("plus members" of customers). */
const CLIENTELE = new Set(
  lemmas('customer client member subscriber user guest passenger rider patron buyer shopper account holder'),
);

/** A question back, and the evidence gathered before it. */
export interface Asked {
  decline: string;
  score: number;
}

/** The values named: filters (each with where its words start), value sets by dimension, words after a value. */
export interface NamedValues {
  filters: [Filter, number][];
  valueSets: Map<Field, string[]>;
  /** Words right after a value that name the value's dimension ("Home Office customers"). */
  afterValue: Set<number>;
  score: number;
}

/**
 * The words that spell a measure's name or title of two words or more, in its order ("scrap cost" of Scrap cost):
 * they name the measure, not a value one of them inflects (the status Scrapped).
 */
function measureTitles(q: Question, source: SourceInfo, taken: boolean[]): Set<number> {
  const out = new Set<number>();
  for (const m of source.measures)
    for (const key of m.keys) {
      const ws = key.filter((w) => !w.startsWith('agg:'));
      if (ws.length < 2) continue;
      for (let i = 0; i + ws.length <= q.tokens.length; i++)
        if (ws.every((w, k) => !taken[i + k] && q.tokens[i + k].lemma === w)) ws.forEach((_, k) => out.add(i + k));
    }
  return out;
}

/**
 * The stems written in the names and titles of the measures of `sources` ("revenue" of Revenue), and their lemmas
 * marked `=` (what a word read as a typo of one is compared by).
 */
export const measureStems = (sources: SourceInfo[]) =>
  new Set(sources.flatMap((s) => s.measures.flatMap((m) => [...m.written].flatMap((w) => [stem(w), `=${lemma(w)}`]))));

/**
 * A word that writes the name or title of a measure of the model (its stem as written, "revenue" of Revenue, in this
 * source or another) names the measure, not a value it meets only through a synonym (the objective Sales): a value
 * spelled so ("completed" of Completed) stays.
 */
function synonymOfMeasure(q: Question, i: number, value: string, measures: Set<string>): boolean {
  const t = q.tokens[i];
  const word = stem(t.norm);
  // A word read as a typo or a cut of a measure's word ("reven": Revenue) by its corrected lemma.
  const corrected = lemma(t.norm) !== t.lemma && measures.has(`=${t.lemma}`);
  // The value as one word ("ebikes" of E-bike is written so).
  const written = stem(fold(value).replace(/[^\p{L}\p{N}]+/gu, ''));
  return written !== word && stem(fold(value)) !== word && (measures.has(word) || corrected);
}

interface Span {
  start: number;
  end: number;
  field: string;
}

/**
 * "home vs auto claims": a value two dimensions hold (Auto: a policy type and a team) listed with one only one of them
 * holds (Home: a policy type) is of that one — listed means only "vs", "or", "and" or a comma between them.
 */
function listedWith(q: Question, at: Span, spans: Span[][], fields: string[]): string | undefined {
  const between = (a: number, b: number) =>
    q.tokens.slice(a, b).every((t) => /^(vs\.?|versus|or|and|,|compared|to|with|against)$/.test(t.norm));
  const one = spans.flatMap((hs) => {
    const fs = [...new Set(hs.map((h) => h.field))];
    const o = hs[0];
    if (o === at || fs.length !== 1 || !fields.includes(fs[0])) return [];
    const near = o.end <= at.start ? between(o.end, at.start) : at.end <= o.start && between(at.end, o.start);
    return near ? fs : [];
  });
  return new Set(one).size === 1 ? one[0] : undefined;
}

/** Values named (or negated: "not in Bern"), in the order the question names them. */
export function namedValues(
  q: Question,
  source: SourceInfo,
  values: ValueIndex,
  taken: boolean[],
  say: Phrases,
  /** measureStems of every source the question may be planned on. */
  measures: Set<string> = measureStems([source]),
): NamedValues | Asked {
  const { book } = say;
  const filters: [Filter, number][] = [];
  let score = 0;
  const afterValue = new Set<number>();
  const whole = measureTitles(q, source, taken);
  for (const i of spelledTitles(q, source, taken)) whole.add(i);
  const rowWords = describedRowWords(q, source).at;
  const free = taken.map((t, i) => !t && !q.aggs.has(i) && !whole.has(i));
  const memberWords = new Set(source.fields.flatMap((f) => f.keys.flat()));
  // "refunds": a count the source names by that one word (refunds: Refunded orders), not the value it inflects
  // (refunded), so its date is the event's (Refund date) and no longer the rows' own.
  const counts = new Set(
    source.measures.filter((m) => m.agg === 'count').flatMap((m) => m.keys.filter((k) => k.length === 1).flat()),
  );
  const countNamed = (i: number, value: string) =>
    (counts.has(q.tokens[i].lemma) && fold(value) !== q.tokens[i].norm) || filteredCountNamed(q, source, i);
  // "goose strikes": a part of one value written before the rows' noun (the count of all rows names them).
  const rows = new Set(
    plainCount(source)
      ?.keys.filter((k) => k.length === 1)
      .flat(),
  );
  // A noun the description opens with names the rows ("Fee earners: partners, associates and paralegals"), unless it
  // is a value itself as written: "associates" are the rows of the role Associate, not all of them ("bookings" are
  // not the status Booked).
  const asWritten = (h: ValueHit) =>
    h.end - h.start === 1 && writtenForms(q.tokens[h.start].norm).includes(fold(h.value));
  const ofRows = (h: ValueHit) => rowWords.some((i) => i >= h.start && i < h.end);
  const hits = matchValues(q.tokens, free, categorical(source), values, memberWords, rows, q.text).filter(
    (h) =>
      (!ofRows(h) || asWritten(h)) &&
      (h.end - h.start > 1 || !(synonymOfMeasure(q, h.start, h.value, measures) || countNamed(h.start, h.value))),
  );
  // "sci-fi": a clipped compound of one value, where no word of it was read otherwise.
  const clipped = clippedValues(q, free, categorical(source), values);
  hits.push(...clipped.filter((c) => !hits.some((h) => h.start < c.end && c.start < h.end)));
  const valueEnds = new Map(hits.map((h) => [h.start, h.end]));
  const spans = new Map<string, typeof hits>();
  for (const h of hits) spans.set(`${h.start}:${h.end}`, [...(spans.get(`${h.start}:${h.end}`) ?? []), h]);
  const valueSets = new Map<Field, string[]>();
  const starts = new Map<Field, number>();
  const valueAt = new Map<string, number>();
  for (const [, hs] of [...spans].sort((a, b) => b[1][0].end - b[1][0].start - (a[1][0].end - a[1][0].start))) {
    if (hs.some((h) => taken.slice(h.start, h.end).some(Boolean))) continue;
    let fields = [...new Set(hs.map((h) => h.field))];
    let fs = source.dimensions.filter((d) => fields.includes(d.name));
    // "in texas" of a state and a county Texas: the state; "houston, tx": the city (us-places.ts). First, so that a
    // direction then chooses between the origin's and the destination's of one kind ("to New York": no state).
    const kind = fields.length > 1 ? namedKind(q, hs[0].start, hs[0].end, fs) : [];
    if (kind.length) [fs, fields] = [kind, kind.map((f) => f.name)];
    if (fields.length > 1 && !byNamingWords(q, hs[0].start, hs[0].end, fs)) {
      fs = placeFields(q, hs, fs, hits);
      fields = fs.map((f) => f.name);
    }
    // "from Chicago", "to Boston": the origin's or the destination's city, by the members' names and titles.
    const cue =
      fields.length > 1 ? (directionAt(q, hs[0].start) ?? directionAfter(q, hs[0].end, valueEnds)) : undefined;
    const end = cue && byDirection(fs, cue.end);
    if (end) {
      fields = [end.name];
      taken[cue.at] = true;
    }
    const own = fields.length > 1 && !end ? rowsOwn(q, source, hs[0].end, fs) : undefined;
    if (own) fields = [own.name];
    const named = fields.length > 1 && !end ? byNamingWords(q, hs[0].start, hs[0].end, fs) : undefined;
    if (named) fields = [named.name];
    const sibling = fields.length > 1 ? listedWith(q, hs[0], [...spans.values()], fields) : undefined;
    if (sibling) fields = [sibling];
    const finer = fields.length > 1 ? groupingOf(q, fs, hs[0].value, values) : undefined;
    if (finer) fields = [finer.field.name];
    finer?.used.forEach((i) => (taken[i] = true));
    // A value of two dimensions: the one the question's other words support clearly best (prefer.ts).
    const inSpan = (i: number) => i >= hs[0].start && i < hs[0].end;
    const chosen =
      fields.length > 1
        ? preferred(
            q,
            source,
            fs.map((field) => ({ field })),
            (i) => !taken[i] && !inSpan(i),
          )
        : undefined;
    if (chosen) fields = [chosen.field.name];
    const same = fields.length > 1 ? sameField(values, fields, hs) : undefined; // one column under two names
    if (same) fields = [same];
    if (fields.length > 1) {
      const words = book.quote(say.text(wordsOf(q, hs[0].start, hs[0].end)));
      return { decline: book.whichValue(words, say.names(fs)), score: score + 2 };
    }
    const f = source.dimensions.find((d) => d.name === fields[0])!;
    const h = hs.find((x) => x.field === f.name)!;
    // "the unlimited plans": every value the words name together (values.ts).
    const all = h.family ? hs.filter((x) => x.field === f.name).map((x) => x.value) : [h.value];
    const not = q.negated.get(hs[0].start);
    if (not !== undefined) {
      filters.push([{ field: f, op: '!=', values: all }, hs[0].start]);
      taken[not] = true;
    } else valueSets.set(f, [...(valueSets.get(f) ?? []), ...all]);
    for (const v of all) valueAt.set(`${f.name}\u0000${v}`, hs[0].start);
    starts.set(f, Math.min(starts.get(f) ?? Infinity, hs[0].start));
    for (let k = hs[0].start; k < hs[0].end; k++) taken[k] = true;
    // "rated PG", "genre Comedy": a word right before the value that names its dimension belongs to it (after "by" it
    // is the breakdown: "by office (house, senate)").
    const prev = q.tokens[hs[0].start - 1];
    const byIt = q.tokens[hs[0].start - 2]?.norm === 'by';
    if (prev && !byIt && !taken[hs[0].start - 1] && f.keys.some((k) => k.includes(prev.lemma)))
      taken[hs[0].start - 1] = true;
    // "Home Office customers": a word after the value that names its dimension belongs to it.
    const next = q.tokens[hs[0].end];
    if (next && f.keys.some((k) => k.includes(next.lemma))) afterValue.add(hs[0].end);
    // "fire damage" where "water damage" is a value too: the word after the value is of the kind its values are.
    else if (
      next &&
      !taken[hs[0].end] &&
      !memberWords.has(next.lemma) &&
      kindWord(next.lemma, h.value, values.get(f.name))
    )
      taken[hs[0].end] = true;
    // "Plus members" of the customers' Plan: a noun of those served no member is named by, after a value of theirs
    // ("free drivers" are no customers on the Free plan).
    else if (
      next &&
      !taken[hs[0].end] &&
      CLIENTELE.has(next.lemma) &&
      !memberWords.has(next.lemma) &&
      f.keys.some((k) => k.some((w) => CLIENTELE.has(w)))
    )
      taken[hs[0].end] = true;
    else if (
      next &&
      !taken[hs[0].end] &&
      !memberWords.has(next.lemma) &&
      joinedNoun(q, source, f, hs[0].start, hs[0].end)
    )
      taken[hs[0].end] = true;
    causeVerb(q, f, hs[0].start, hs[0].end, taken, memberWords);
    score += 2;
  }
  for (const [field, vs] of valueSets) {
    // In the order the question names them ("Seattle vs New York" compares Seattle first).
    vs.sort((a, b) => valueAt.get(`${field.name}\u0000${a}`)! - valueAt.get(`${field.name}\u0000${b}`)!);
    filters.push([{ field, op: '=', values: vs }, starts.get(field)!]);
  }
  return { filters, valueSets, afterValue, score };
}

/**
 * "surgery appointments" where Surgery is a visit type and a vet's specialty: the rows' own noun right after the value
 * (the source's, or its plain count's) picks the one column of the rows' own, not a joined entity's.
 */
function rowsOwn(q: Question, source: SourceInfo, end: number, fs: Field[]): Field | undefined {
  const next = q.tokens[end];
  const count = plainCount(source);
  if (!next || !(source.named.has(next.lemma) || count?.keys.some((k) => k.length === 1 && k[0] === next.lemma)))
    return undefined;
  const own = fs.filter((f) => !joinedPrefix(f, source.dimensions));
  return own.length === 1 ? own[0] : undefined;
}

/**
 * "avg score for engineering roles" where Engineering is the Department of the view's joined openings: a plural noun
 * no member is named by, right after a value of a joined entity's column (a prefix several columns share), is that
 * entity the value qualifies — unless it is what a count counts ("how many engineering roles" must name its rows).
 */
function joinedNoun(q: Question, source: SourceInfo, f: Field, start: number, end: number): boolean {
  const next = q.tokens[end];
  if (!next || !plural(next.norm) || FILLER.has(next.lemma) || FUNCTION_WORDS.has(next.lemma)) return false;
  if (!joinedPrefix(f, source.dimensions)) return false;
  return !/^(many|of)$/.test(q.tokens[start - 1]?.norm ?? '');
}

/**
 * Whether `word` (a lemma) is a word of other values of the dimension than `value` ("damage" of Water damage after
 * Fire), none of which shares a word with `value` ("book" after Based on TV names Based on Book, another value).
 */
function kindWord(word: string, value: string, all: string[] = []): boolean {
  const own = lemmas(fold(value));
  const others = all
    .filter((v) => v !== value && /\s/.test(v.trim()))
    .map((v) => lemmas(fold(v)))
    .filter((words) => words.includes(word));
  return others.length > 0 && !own.includes(word) && others.every((words) => !words.some((w) => own.includes(w)));
}

/**
 * "penguins with no sex recorded", "orders missing a postcode", "tickets without an assignee": a text member named by
 * the word right after "no", "missing" or "without" has no value recorded (NULL). Marks the words taken.
 */
export function unsetFilters(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  eventWords: number[] = [],
  values?: ValueIndex,
): [Filter, number][] {
  const out: [Filter, number][] = [];
  // "incidents still open" where Resolved is "empty while the incident is open": no value recorded there (a word the
  // date's event took too, "open" of Opened, is still this state; "opened" is no state).
  q.tokens.forEach((t, i) => {
    if ((taken[i] && !eventWords.includes(i)) || q.negated.has(i)) return;
    const empty = source.dimensions.filter((d) => d.emptyWhen === t.norm);
    if (empty.length !== 1) return;
    out.push([{ field: empty[0], op: '=', values: [] }, i]);
    taken[i] = true;
    if (q.tokens[i - 1]?.norm === 'still') taken[i - 1] = true;
  });
  // "subscribers on each plan right now": the rows whose ending date is empty (current-state.ts).
  const end = values && ongoing(q, source, values, taken);
  if (end && !out.some(([f]) => f.field === end.field)) out.push([{ field: end.field, op: '=', values: [] }, end.at]);
  const texts = source.dimensions.filter((d) => d.type === 'string');
  q.tokens.forEach((t, i) => {
    // "no-shows" is a word of its own, no Show missing.
    if (taken[i] || !/^(no|missing|without)$/.test(t.norm) || q.text[t.end] === '-') return;
    const j = /^(an?|the|any)$/.test(q.tokens[i + 1]?.norm ?? '') ? i + 2 : i + 1;
    const word = q.tokens[j];
    const named = texts.filter((d) => word && !taken[j] && d.keys.some((k) => k.length === 1 && k[0] === word.lemma));
    if (named.length !== 1) return;
    out.push([{ field: named[0], op: '=', values: [] }, i]);
    for (let k = i; k <= j; k++) taken[k] = true;
  });
  return out;
}

/**
 * "customs holds by authority" over Customs holds, whose authority may be Customs: a value of the breakdown's own
 * dimension whose words all name the source is the data's name, no filter leaving the breakdown one row; so is a part
 * of a value that opens the source's whole title ("london boroughs" of London boroughs is no City of London).
 */
export function dataNamedValues(
  q: Question,
  source: SourceInfo,
  groups: Field[],
  filters: Filter[],
  at: Map<Filter, number>,
  valueSets: Map<Field, string[]>,
) {
  const title = lemmas(fold(source.title)).filter((w) => !FUNCTION_WORDS.has(w));
  const spellsTitle = (i: number | undefined) =>
    i !== undefined && title.length > 1 && title.every((w, k) => q.tokens[i + k]?.lemma === w);
  for (const f of [...filters]) {
    const [value] = f.values;
    if (f.op !== '=' || f.values.length !== 1 || typeof value !== 'string') continue;
    const words = lemmas(fold(value));
    const own = groups.includes(f.field) && words.every((w) => source.named.has(w));
    // (A part only: "seattle weather" keeps the value Seattle of several cities.)
    const part = spellsTitle(at.get(f)) && words.some((w) => !title.includes(w));
    if (!own && !part) continue;
    filters.splice(filters.indexOf(f), 1);
    valueSets.delete(f.field);
  }
}
