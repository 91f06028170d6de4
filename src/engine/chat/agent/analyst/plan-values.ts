// Two steps of planning a question over one source (planner.ts): the values it names, each on the dimension that holds
// it (or a question back when two hold it alike), and its numeric conditions on the number column named near them.
// Both mark the words they explain in `taken` and give the evidence they add to the plan's score.

import { zeroBounds } from './zero-bound.js';
import { comparativeBounds } from './comparative-bound.js';
import { describedRowWords, freeWords, plainCount } from './booleans.js';
import { rank, tie, type Field, type Match, type SourceInfo } from './catalog.js';
import { clippedValues } from './clipped.js';
import { byDirection, byNamingWords, directionAt } from './cues.js';
import { wordsOf } from './plan-words.js';
import type { Filter } from './plan.js';
import type { Phrases } from './phrases.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, fold, lemma, lemmas, plural, stem } from './text.js';
import { preferred } from './prefer.js';
import { columnOfUnit, columnUnit, unitOfColumn, unitScale } from './units.js';
import { spelledTitles } from './spelled.js';
import { filteredCountNamed } from './share-count.js';
import { boundMeasure, boundSegment } from './bound-segment.js';
import { categorical, matchValues, type ValueIndex } from './values.js';
import { groupingOf } from './grouped-values.js';
import { causeVerb } from './cause-verbs.js';

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
  const free = taken.map((t, i) => !t && !q.aggs.has(i) && !whole.has(i) && !rowWords.includes(i));
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
  const hits = matchValues(q.tokens, free, categorical(source), values, memberWords, rows).filter(
    (h) => h.end - h.start > 1 || !(synonymOfMeasure(q, h.start, h.value, measures) || countNamed(h.start, h.value)),
  );
  // "sci-fi": a clipped compound of one value, where no word of it was read otherwise.
  const clipped = clippedValues(q, free, categorical(source), values);
  hits.push(...clipped.filter((c) => !hits.some((h) => h.start < c.end && c.start < h.end)));
  const spans = new Map<string, typeof hits>();
  for (const h of hits) spans.set(`${h.start}:${h.end}`, [...(spans.get(`${h.start}:${h.end}`) ?? []), h]);
  const valueSets = new Map<Field, string[]>();
  const starts = new Map<Field, number>();
  const valueAt = new Map<string, number>();
  for (const [, hs] of [...spans].sort((a, b) => b[1][0].end - b[1][0].start - (a[1][0].end - a[1][0].start))) {
    if (hs.some((h) => taken.slice(h.start, h.end).some(Boolean))) continue;
    let fields = [...new Set(hs.map((h) => h.field))];
    const fs = source.dimensions.filter((d) => fields.includes(d.name));
    // "from Chicago", "to Boston": the origin's or the destination's city, by the members' names and titles.
    const cue = fields.length > 1 ? directionAt(q, hs[0].start) : undefined;
    const end = cue && byDirection(fs, cue.end);
    if (end) {
      fields = [end.name];
      taken[cue.at] = true;
    }
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
    if (fields.length > 1) {
      const words = book.quote(say.text(wordsOf(q, hs[0].start, hs[0].end)));
      return { decline: book.whichValue(words, say.names(fs)), score: score + 2 };
    }
    const f = source.dimensions.find((d) => d.name === fields[0])!;
    const h = hs.find((x) => x.field === f.name)!;
    const not = q.negated.get(hs[0].start);
    if (not !== undefined) {
      filters.push([{ field: f, op: '!=', values: [h.value] }, hs[0].start]);
      taken[not] = true;
    } else valueSets.set(f, [...(valueSets.get(f) ?? []), h.value]);
    valueAt.set(`${f.name}\u0000${h.value}`, hs[0].start);
    starts.set(f, Math.min(starts.get(f) ?? Infinity, hs[0].start));
    for (let k = hs[0].start; k < hs[0].end; k++) taken[k] = true;
    // "rated PG", "genre Comedy": a word right before the value that names its dimension belongs to it.
    const prev = q.tokens[hs[0].start - 1];
    if (prev && !taken[hs[0].start - 1] && f.keys.some((k) => k.includes(prev.lemma))) taken[hs[0].start - 1] = true;
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
 * "avg score for engineering roles" where Engineering is the Department of the view's joined openings: a plural noun
 * no member is named by, right after a value of a joined entity's column (a prefix several columns share), is that
 * entity the value qualifies — unless it is what a count counts ("how many engineering roles" must name its rows).
 */
function joinedNoun(q: Question, source: SourceInfo, f: Field, start: number, end: number): boolean {
  const next = q.tokens[end];
  if (!next || !plural(next.norm) || FILLER.has(next.lemma) || FUNCTION_WORDS.has(next.lemma)) return false;
  const cut = f.column.indexOf('_');
  const prefix = cut > 0 ? f.column.slice(0, cut + 1) : '';
  if (!prefix || source.dimensions.filter((d) => d.column.startsWith(prefix)).length < 2) return false;
  return !/^(many|of)$/.test(q.tokens[start - 1]?.norm ?? '');
}

/** Numeric conditions ("a wait over 100 minutes"): on a number column, or left for the measure (`onMeasure`). */
export function numericConditions(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  grouped: boolean,
  say: Phrases,
  /** Words that named the event only: they may name the column too ("took more than an hour to deliver"). */
  event: number[] = [],
  /** The segments and booleans already applied. */
  kept: Field[] = [],
): { filters: Filter[]; onMeasure: Question['numeric']; score: number; stated?: Field } | Asked {
  const { book } = say;
  const onMeasure: typeof q.numeric = [];
  const filters: Filter[] = [];
  let [score, part] = [0, undefined as Field | undefined];
  const use = (ids: number[]) => ids.forEach((i) => (taken[i] = true));
  const said = comparativeBounds(q, source, taken); // "hotter than 30": the column the adjective measures
  for (const n of [...q.numeric, ...zeroBounds(q, source, taken), ...said]) {
    // "more than 100 million people" with the segment "Over 100 million people" applied: the segment's own bound.
    if (kept.some((f) => f.segment && titleNumbers(f.title).includes(n.value))) {
      for (let i = n.start; i < n.end; i++) taken[i] = true;
      continue;
    }
    // "matches with 5 or more goals": the segment stating it ("5 goals or more").
    const stated = boundSegment(q, source, n);
    if (stated && stated.used.every((i) => !taken[i] || (i >= n.start && i < n.end))) {
      filters.push({ field: stated.field, op: '=', values: [true] });
      use(stated.used);
      score += 2;
      continue;
    }
    const open = taken.map((t, i) => t && !event.includes(i));
    const near = freeWords(q, open, true).map((w, i) => (i >= n.start - 3 && i < n.end + 3 ? w : undefined));
    const numbers = source.dimensions.filter((d) => d.type === 'number' && !/(^|_)id$/.test(d.column));
    // A column only its description names by a word another member is named by ("Cluster: regional group of
    // countries", beside Country) is no target; a unit only a description says ("miles", of Distance, beside the Miles
    // flown summed of it) still is.
    const named = (f: Field, u: number) => f.keys.some((k) => k.includes(near[u]!));
    const other = (m: Match, u: number) =>
      source.fields.some((f) => f !== m.field && f.over !== m.field.column && named(f, u));
    const of = said.find((c) => c === n)?.field;
    let targets = of
      ? [{ field: of, score: 1, used: [] }]
      : tie(rank(numbers, near).filter((m) => m.used.some((u) => named(m.field, u) || !other(m, u))));
    // "events over 90 min": no column named, the one kept in a unit of time (Duration (minutes)).
    const timed = n.unit && !targets.length ? numbers.filter((d) => columnUnit(d) !== undefined) : [];
    if (timed.length === 1) targets = [{ field: timed[0], score: 0.5, used: [] }];
    const unitOf = targets.length ? undefined : columnOfUnit(source, numbers, near, n.end); // "80 pts or more"
    if (unitOf) targets = [{ field: unitOf, score: 0.5, used: [] }];
    // "people 65 and older", "kids under 5": a word of age near the bound, the one number column of ages.
    const ageWords = q.tokens.flatMap((t, i) => (Math.abs(i - n.start) <= 3 && AGE_WORDS.test(t.norm) ? [i] : []));
    const aged = ageWords.length ? numbers.filter((d) => d.keys.some((k) => k.includes('age'))) : [];
    if (aged.length === 1) {
      targets = [{ field: aged[0], score: 1, used: [] }];
      use(ageWords);
    }
    if (targets.length > 1)
      return {
        decline: book.whichColumn(
          book.quote(say.text(wordsOf(q, n.start, n.end))),
          say.names(targets.map((t) => t.field)),
        ),
        score: score + 1,
      };
    const target = targets[0];
    const own = grouped ? undefined : boundMeasure(q, source, n, taken, target?.field); // "what pct … was 65+"
    part = own ?? part;
    if (own) continue;
    const asMeasure = rank(source.measures, near)[0];
    // "claims over 100k by cause": the rows' count named before the bound is each row's amount, not the groups' count
    // ("causes with over 100 claims").
    const rowsBefore = asMeasure?.field.agg === 'count' && asMeasure.used.every((u) => u < n.start);
    if (!target || (grouped && asMeasure && asMeasure.score >= target.score && !rowsBefore)) {
      onMeasure.push(n);
      continue;
    }
    // "over 5kg" on a column kept in grams: no conversion guessed.
    if (n.written && !target.field.written.has(n.written))
      return { decline: book.compareWhat(say.format(n.value)), score: score + target.score };
    use([...target.used, ...unitOfColumn(source, target.field, near, n.end)]);
    // "over 10 million MWh" on a column kept in thousand MWh: 10000, the unit word read.
    const keptIn = target.field.scale;
    const inUnit = keptIn !== undefined && q.tokens[n.end]?.norm === keptIn[1];
    if (inUnit) use([n.end]);
    const scale = unitScale(n.unit, target.field, use) / (inUnit ? keptIn[0] : 1); // "longer than 2 hours" on minutes: 120
    filters.push({ field: target.field, op: n.op, values: [n.value * scale] });
    if (n.upTo !== undefined) filters.push({ field: target.field, op: '<=', values: [n.upTo * scale] });
    score += target.score;
  }
  return { filters, onMeasure, score, stated: part };
}

const SCALES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };

/** The numbers a title writes ("Over 100 million people": 100000000; "Orders over $2.5k": 2500). */
const titleNumbers = (title: string) =>
  [...fold(title).matchAll(/(\d[\d,]*(?:\.\d+)?) ?(k|thousand|m|million|bn|billion)?\b/g)].map(
    (m) => Number(m[1].replace(/,/g, '')) * (m[2] ? SCALES[m[2]] : 1),
  );

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

/** Words that say a bound is on an age. */
const AGE_WORDS = /^(aged?|old|older|young|younger|kids?|child|children|infants?|babies|baby|teens?|toddlers?)$/;

/**
 * "penguins with no sex recorded", "orders missing a postcode", "tickets without an assignee": a text member named by
 * the word right after "no", "missing" or "without" has no value recorded (NULL). Marks the words taken.
 */
export function unsetFilters(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  eventWords: number[] = [],
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
