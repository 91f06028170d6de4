// From a read question to a plan over one source: the breakdown, the measure (checked against the aggregation
// asked for), values named, booleans, numeric conditions, time field, ranking, comparison or share. Every question
// word must be explained; a word that maps to nothing, two members that fit alike or an aggregation the model lacks
// give a Decline that names what exists instead. Each source is planned and the best-supported plan wins.

import { booleanFilters, countNames, freeWords } from './booleans.js';
import { computes, distinctCount, rank, tie, wholly, type Field, type Match, type SourceInfo } from './catalog.js';
import {
  byDirection,
  byNamingWords,
  countedWords,
  directionAt,
  numberedValues,
  participle,
  preferCounted,
} from './cues.js';
import { chooseTime, namedIn } from './time-field.js';
import { FUNCTION_WORDS, fold } from './text.js';
import { correctTypos } from './typos.js';
import { finish } from './finish.js';
import { otherQuantities, unmappedText, unmappedWords } from './unmapped.js';
import { unitScale } from './units.js';
import { rankingWord, superlativeDir, type Question } from './question.js';
import { categorical, matchValues, type ValueIndex } from './values.js';
import type { AggWord } from './phrase-book.js';
import type { Phrases } from './phrases.js';
import type { Decline, Filter, Plan } from './plan.js';

interface Scored {
  plan: Plan | Decline;
  /** Evidence: how many question words the plan explains. */
  score: number;
}

/** The question's words [start, end) as written. */
const wordsOf = (q: Question, start: number, end: number) =>
  Array.from(q.tokens.slice(start, end), (t) => t.text).join(' ');

/** Whether the words around the "per" at `i` are written so in a member's title ("Miles per gallon"). */
const perInTitle = (q: Question, i: number, source: SourceInfo) => {
  const words = `${q.tokens[i - 1]?.norm ?? ''} per ${q.tokens[i + 1]?.norm ?? ''}`;
  return source.fields.some((f) => fold(f.title).includes(words));
};

/** Whether a match used only words of the member's column name (a view's prefix), none of its title or synonyms. */
const byPrefixOnly = (m: Match, q: Question) =>
  m.field.column.includes('_') && !m.field.keys.slice(1).some((k) => m.used.some((u) => k.includes(q.tokens[u].lemma)));

/** The member named name, title or label among those of the same joined cube (the same column prefix). */
function strictLabel(source: SourceInfo, f: Field): Field | undefined {
  const prefix = f.column.slice(0, f.column.indexOf('_') + 1);
  const named = source.dimensions.filter(
    (d) =>
      d.type === 'string' && d.column.startsWith(prefix) && /^(name|title|label)$/.test(d.column.slice(prefix.length)),
  );
  return named.length === 1 ? named[0] : undefined;
}

const sameWords = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The member that names a row among `fields`: the one called name, title or label, else the only text member. */
function labelOf(fields: Field[]): Field | undefined {
  const text = fields.filter((f) => f.type === 'string');
  const named = text.filter((f) => /(^|_)(name|title|label)$/.test(f.column));
  if (named.length === 1) return named[0];
  return named.length === 0 && text.length === 1 ? text[0] : undefined;
}

/**
 * After "which", "each" or "every": a phrase whose words all name the source itself asks for its rows one by one,
 * by the source's label (its own members, not those of a joined cube a view prefixes).
 */
function entityLabel(q: Question, part: number[], words: (string | undefined)[], source: SourceInfo) {
  if (!part.length || !/^(which|each|every)$/.test(q.tokens[part[0] - 1]?.norm ?? '')) return undefined;
  if (!part.every((i) => source.named.has(words[i] ?? ''))) return undefined;
  // A view's members of a joined cube share its prefix ("books_title", "books_author"): not the source's own.
  const prefix = (c: string) => (c.includes('_') ? c.slice(0, c.indexOf('_') + 1) : undefined);
  const shared = (d: Field) =>
    source.fields.some((f) => f !== d && prefix(d.column) && f.column.startsWith(prefix(d.column)!));
  return labelOf(source.dimensions.filter((d) => !shared(d)));
}

function planSource(q: Question, source: SourceInfo, values: ValueIndex, say: Phrases): Scored {
  const { book } = say;
  const names = (fields: Field[]) => say.names(fields);
  const quoted = (start: number, end: number) => book.quote(say.text(wordsOf(q, start, end)));
  const taken = [...q.taken];
  const use = (ids: number[]) => ids.forEach((i) => (taken[i] = true));
  let score = 0;
  const filters: Filter[] = [];
  /** Where each filter's words start in the question (a share's whole comes before its verb, its part after). */
  const at = new Map<Filter, number>();
  // 0. The time dimension an event word names ("canceled last month"), and counts on number dimensions ("5-star").
  const event = chooseTime(
    q,
    source,
    q.tokens.map((_, i) => !q.taken[i] && !q.aggs.has(i)),
  );
  const numbered = numberedValues(q, source, taken);
  filters.push(...numbered.filters);
  use(numbered.used);
  score += 2 * numbered.filters.length;
  // 1. Values named (or negated: "not in Bern"), booleans ("remote", "non remote").
  const afterValue = new Set<number>();
  const free = taken.map((t, i) => !t && !q.aggs.has(i));
  const memberWords = new Set(source.fields.flatMap((f) => f.keys.flat()));
  const hits = matchValues(q.tokens, free, categorical(source), values, memberWords);
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
    if (fields.length > 1) {
      return {
        plan: {
          decline: book.whichValue(quoted(hs[0].start, hs[0].end), names(fs)),
        },
        score: score + 2,
      };
    }
    const f = source.dimensions.find((d) => d.name === fields[0])!;
    const h = hs.find((x) => x.field === f.name)!;
    const not = q.negated.get(hs[0].start);
    if (not !== undefined) {
      filters.push({ field: f, op: '!=', values: [h.value] });
      at.set(filters[filters.length - 1], hs[0].start);
      taken[not] = true;
    } else valueSets.set(f, [...(valueSets.get(f) ?? []), h.value]);
    valueAt.set(`${f.name}\u0000${h.value}`, hs[0].start);
    starts.set(f, Math.min(starts.get(f) ?? Infinity, hs[0].start));
    use(Array.from({ length: hs[0].end - hs[0].start }, (_, k) => hs[0].start + k));
    // "rated PG", "genre Comedy": a word right before the value that names its dimension belongs to it.
    const prev = q.tokens[hs[0].start - 1];
    if (prev && !taken[hs[0].start - 1] && f.keys.some((k) => k.includes(prev.lemma))) taken[hs[0].start - 1] = true;
    // "Home Office customers": a word after the value that names its dimension belongs to it.
    const next = q.tokens[hs[0].end];
    if (next && f.keys.some((k) => k.includes(next.lemma))) afterValue.add(hs[0].end);
    score += 2;
  }
  for (const [field, vs] of valueSets) {
    // In the order the question names them ("Seattle vs New York" compares Seattle first).
    vs.sort((a, b) => valueAt.get(`${field.name}\u0000${a}`)! - valueAt.get(`${field.name}\u0000${b}`)!);
    filters.push({ field, op: '=', values: vs });
    at.set(filters[filters.length - 1], starts.get(field)!);
  }
  // A word naming the event may also be a value ("canceled": status Canceled); either way it is explained.
  const eventIsValue = event.used.some((i) => taken[i]);
  use(event.used);
  // Booleans and segments ("remote", "non remote", "long-haul flights").
  const flags = booleanFilters(q, source, taken);
  for (const b of flags.filters) {
    filters.push(b.filter);
    at.set(b.filter, b.at);
  }
  const onBoolean = flags.used;
  score += flags.score;
  // 2. Breakdown: each phrase part names a dimension (better than it names a measure).
  const groups: Field[] = [];
  const fromWith: Field[] = [];
  const withWords: number[] = [];
  const groupable = source.dimensions.filter((d) => d.type !== 'time');
  /** Text members a noun may count or divide by ("doctors": Doctor; "cities": City), no identifiers. */
  const labels = categorical(source);
  const timeDims = source.dimensions.filter((d) => d.type === 'time');
  let byDate: Field | undefined;
  let per: Field | undefined;
  for (const phrase of q.groupPhrases) {
    // "miles per gallon by year": a "per" inside a member's own title is no breakdown.
    const before = q.tokens[phrase[0] - 1];
    if (before?.norm === 'per' && perInTitle(q, phrase[0] - 1, source)) continue;
    // "revenue per guest": a distinct count of the entity divides the measure (no breakdown by each guest).
    const perPhrase = q.tokens[phrase[0] - 1]?.norm === 'per';
    if (perPhrase && !per) {
      const words = freeWords(q, taken, true).map((w, i) => (phrase.includes(i) ? w : undefined));
      // A count named whole: a distinct count ("per guest": Guests), or the rows ("tips per order": Orders).
      const entity = tie(
        rank(
          source.measures.filter((m) => m.agg === 'count_distinct' || m.agg === 'count'),
          words,
        ).filter((m) => wholly(m.field, words)),
      );
      // Only when the count explains every word ("per site type" is a breakdown by Site type).
      const all = phrase.filter((i) => words[i] !== undefined);
      if (entity.length === 1 && all.every((i) => entity[0].used.includes(i))) {
        per = entity[0].field;
        use(entity[0].used);
        score += entity[0].score;
        continue;
      }
      // "admissions per doctor": no measure counts doctors; the distinct count of the member titled so does.
      const named = entity.length
        ? []
        : tie(rank(labels, words)).filter(
            (m) => wholly(m.field, words) && /(^|_)(name|title|label)$/.test(m.field.column),
          );
      if (named.length === 1 && all.every((i) => named[0].used.includes(i))) {
        per = {
          ...distinctCount(named[0].field),
          title: book.measureAgg(named[0].field.title, book.agg.count_distinct),
        };
        use(named[0].used);
        score += named[0].score;
        continue;
      }
    }
    const parts: number[][] = [[]];
    for (const i of phrase) {
      if (q.tokens[i].norm === 'and') parts.push([]);
      else parts[parts.length - 1].push(i);
    }
    for (const part of parts) {
      const all = freeWords(q, taken, true);
      const words = all.map((w, i) => (part.includes(i) ? w : undefined));
      const dims = rank(groupable, words);
      const measures = rank(source.measures, words);
      // "revenue by booking date", "headcount by hire date": by day of the time dimension named (its event words too).
      const dated = q.time.grain ? [] : tie(namedIn(q, part, timeDims));
      if (dated.length > 1) return { plan: { decline: book.whichDate(names(dated.map((d) => d.field))) }, score: 10 };
      if (dated.length && (!dims.length || dated[0].score > dims[0].score)) {
        [byDate, score] = [dated[0].field, score + dated[0].score];
        use(dated[0].used);
        continue;
      }
      // "which stock", "each car": the source's own noun names its rows, so its label (name, title) breaks down.
      const label = !dims.length ? entityLabel(q, part, words, source) : undefined;
      if (label) {
        if (!groups.includes(label)) groups.push(label);
        use(part);
        score += 1;
        continue;
      }
      // A measure named as well as a dimension wins: over a segment, even when named alike ("by loans" is by the
      // count Loans, not by the segment on_loan).
      if (!dims.length || (measures[0] && measures[0].score > dims[0].score - (dims[0].field.segment ? 1e-9 : 0)))
        continue;
      let best = tie(dims);
      // "which book": every member of the book (title, author, genre) is named by it; the book is its title.
      if (best.length > 1 && best.every((b) => sameWords(b.used, best[0].used))) {
        const own = labelOf(best.map((b) => b.field));
        if (own) best = best.filter((b) => b.field === own);
      }
      // "by Marisol hotels": the word after a value restates the value's dimension; no breakdown.
      if (best[0].used.every((u) => afterValue.has(u))) continue;
      if (best.length > 1 && new Set(best.map((b) => b.field.name)).size > 1) {
        return {
          plan: {
            decline: book.whichBreakdown(names(best.map((b) => b.field))),
          },
          score: 10,
        };
      }
      // "per member" is no breakdown by Membership type: a word only the name of a view's joined cube matches
      // ("members_membership") names that cube's label, if it has one.
      if (byPrefixOnly(best[0], q)) {
        const label = strictLabel(source, best[0].field);
        if (!label) continue;
        if (label !== best[0].field) best = [{ ...best[0], field: label }];
      }
      if (q.withPhrases.has(phrase)) {
        fromWith.push(best[0].field);
        withWords.push(...best[0].used);
      }
      if (!groups.includes(best[0].field)) groups.push(best[0].field);
      use(best[0].used);
      score += best[0].score;
    }
    // "loans per member" with nothing that counts members and no member to break down by: not a total of loans.
    const left = phrase.filter((i) => !taken[i] && !FUNCTION_WORDS.has(q.tokens[i].lemma));
    if (perPhrase && left.length && left.length === phrase.length)
      return {
        plan: {
          decline: unmappedText(
            say,
            left.map((i) => q.tokens[i]),
            source,
          ),
        },
        score: score - 1,
      };
  }
  // "the lowest rated hotel", "our biggest chain by revenue": a superlative and a word naming a dimension.
  let superlative: 'DESC' | 'ASC' | undefined;
  let superlativeAt = -1;
  if (!groups.length && !q.rank) {
    const sup = q.tokens.findIndex((_, i) => !taken[i] && superlativeDir(q, i));
    const entities = groupable.filter((d) => d.type === 'string');
    const named = sup < 0 ? [] : rank(entities, freeWords(q, taken, true)).filter((m) => m.score >= m.used.length + 1);
    if (named.length && (named.length === 1 || named[0].score > named[1].score)) {
      superlative = superlativeDir(q, sup);
      superlativeAt = sup;
      groups.push(named[0].field);
      use(named[0].used);
      taken[sup] = true;
      score += named[0].score;
    }
  }
  // "the busiest route", "the quietest month": a ranking by what the source counts.
  const busy = groups.length ? q.tokens.findIndex((t) => /^(busiest|quietest)$/.test(t.norm)) : -1;
  if (busy >= 0) taken[busy] = true;
  const ranking =
    (groups.length > 0 || q.time.ranked === true) && (q.ranks || q.rank !== undefined || superlative !== undefined);
  // 3. Numeric conditions on a number column named near them ("a wait over 100 minutes", "salary over 90000").
  const onMeasure: typeof q.numeric = [];
  for (const n of q.numeric) {
    const near = freeWords(q, taken, true).map((w, i) => (i >= n.start - 3 && i < n.end + 3 ? w : undefined));
    const targets = tie(
      rank(
        source.dimensions.filter((d) => d.type === 'number' && !/(^|_)id$/.test(d.column)),
        near,
      ),
    );
    if (targets.length > 1)
      return {
        plan: {
          decline: book.whichColumn(quoted(n.start, n.end), names(targets.map((t) => t.field))),
        },
        score: score + 1,
      };
    const target = targets[0];
    const asMeasure = rank(source.measures, near)[0];
    if (!target || (groups.length && asMeasure && asMeasure.score >= target.score)) {
      onMeasure.push(n);
      continue;
    }
    use(target.used);
    const scale = unitScale(n.unit, target.field, use); // "longer than 2 hours" on minutes: 120
    filters.push({ field: target.field, op: n.op, values: [n.value * scale] });
    if (n.upTo !== undefined) filters.push({ field: target.field, op: '<=', values: [n.upTo * scale] });
    score += target.score;
  }
  // "sites with a capacity over 500": the condition is on a column, so "sites" is no breakdown.
  if (fromWith.length && !onMeasure.length) {
    groups.splice(0, groups.length, ...groups.filter((g) => !fromWith.includes(g)));
    // Its words are free again: they name what is counted ("cars with more than 150 horsepower" counts Cars).
    for (const i of withWords) taken[i] = false;
  }
  // 4. The measure, checked against the aggregation asked for.
  const unexplained = freeWords(q, taken, ranking);
  // "single rooms": a word restating a value's dimension names no measure it names only in part ("Room nights").
  let measures = rank(source.measures, unexplained).filter(
    (m) =>
      (!m.used.every((u) => afterValue.has(u)) && !m.used.every((u) => participle(q, u))) ||
      wholly(m.field, unexplained),
  );
  const asked = [...q.aggs.entries()]
    .filter(([i]) => !(ranking && (rankingWord(q, i) || i === superlativeAt)))
    .map(([, a]) => a);
  const counted = countedWords(q, taken);
  measures = preferCounted(measures, counted, rank, unexplained);
  // A share is of something that adds up: "% of absence days" is of Days absent, not of an average.
  const additive = measures.filter((m) => ['count', 'sum', 'count_distinct'].includes(m.field.agg ?? ''));
  if (q.share && additive.length) measures = additive;
  const strict = asked.find((a) => a !== 'count' && a !== 'sum');
  const eventNoun = event.named && !eventIsValue && event.used.length > 0;
  // "how many Indian restaurants are there": no measure counts restaurants; the distinct count of the member titled
  // so does (not the rows: those are orders).
  const countsNamed = measures.some((m) => m.used.some((u) => counted.includes(u)));
  const howMany = [...q.aggs].find(([, a]) => a === 'count')?.[0] ?? 0;
  const next = counted.length > 0 && q.tokens.slice(howMany + 1, counted[0]).every((t) => !FUNCTION_WORDS.has(t.lemma));
  if (!countsNamed && asked.includes('count') && next) {
    const only = unexplained.map((w, i) => (counted.includes(i) ? w : undefined));
    const named = tie(rank(labels, only)).filter((m) => wholly(m.field, only) && !byPrefixOnly(m, q));
    if (named.length === 1) measures = [{ ...named[0], field: distinctCount(named[0].field) }];
  }
  if (
    !measures.length &&
    (asked.includes('count') ||
      eventNoun ||
      (groups.length &&
        !asked.length &&
        !q.tokens.some((t, i) => superlativeDir(q, i) && !/^(most|least|fewest)$/.test(t.norm))) ||
      busy >= 0 ||
      // "wet days in Seattle", "long-haul flights last May": a segment naming what the source counts.
      (!strict && onBoolean.some((u) => source.named.has(q.tokens[u].lemma) || countNames(source, q.tokens[u].lemma))))
  ) {
    // "How many shipments", "which engines has Chrome used": the source's own count when the noun names the source,
    // an event, or the question asks only for a breakdown.
    const counts = source.measures.filter((m) => m.agg === 'count');
    if (counts.length === 1) measures = [{ field: counts[0], score: 0.5, used: [] }];
  }
  if (!measures.length) {
    const stray = unmappedWords(q, taken, source);
    if (stray.length) return { plan: { decline: unmappedText(say, stray, source) }, score: score - stray.length };
    return {
      plan: { decline: book.noMeasure(say.text(source.title), names(source.measures), strict as AggWord | undefined) },
      score: score + 0.1,
    };
  }
  let best = tie(measures);
  if (strict) {
    const fit = best.filter((m) => computes(m.field, strict));
    if (!fit.length) {
      const alt = measures.filter((m) => computes(m.field, strict));
      const content = new Set(best[0].used);
      const same = alt.filter((m) => m.used.some((u) => content.has(u) && !unexplained[u]?.startsWith('agg:')));
      if (!same.length) {
        return {
          plan: {
            decline: book.noAggOf(strict as AggWord, names(best.map((b) => b.field)), names(source.measures)),
          },
          score: score + best[0].score,
        };
      }
      best = tie(same);
    } else best = fit;
  }
  if (best.length > 1) {
    // "Home Office customers": a word right after a value, naming the value's dimension, is not the measure.
    const own = best.filter((m) => !m.used.every((u) => afterValue.has(u)));
    if (own.length) best = own;
  }
  if (best.length > 1) {
    const countFit = asked.includes('count') ? best.filter((m) => m.field.agg === 'count') : [];
    if (countFit.length === 1) best = countFit;
    else
      return {
        plan: {
          decline: book.whichMeasure(names(best.map((b) => b.field))),
        },
        score: score + best[0].score,
      };
  }
  const measure = best[0].field;
  const measureAt = best[0].used.length ? Math.min(...best[0].used) : undefined;
  // "how many rooms" is no sum of Room nights: a count asked of another measure needs the measure's whole name.
  if (asked.includes('count') && counted.length && !computes(measure, 'count') && !wholly(measure, unexplained))
    return {
      plan: { decline: book.noAggOf('count', names([measure]), names(source.measures)) },
      score: score + best[0].score,
    };
  // "how many guests": a plain count in the source named by the counted noun is the most direct reading.
  if (measure.agg === 'count' && counted.some((i) => source.named.has(q.tokens[i].lemma))) score += 0.5;
  use(best[0].used);
  q.aggs.forEach((_, i) => (taken[i] = true));
  score += best[0].score;
  const having: Filter[] = [];
  for (const n of onMeasure) {
    if (!groups.length)
      return {
        plan: { decline: book.compareWhat(say.format(n.value)) },
        score,
      };
    having.push({ field: measure, op: n.op, values: [n.value] });
    if (n.upTo !== undefined) having.push({ field: measure, op: '<=', values: [n.upTo] });
  }
  // 5. Time: the dimension the event names, else the source's first.
  const wantsTime =
    q.time.ranges.length > 0 || q.time.grain !== undefined || q.time.weekdays !== undefined || byDate !== undefined;
  if (event.tied && !byDate && (wantsTime || !eventIsValue))
    return { plan: { decline: book.whichDate(names(event.tied)) }, score };
  const timeField = byDate ?? event.field;
  if (wantsTime && !timeField)
    return {
      plan: { decline: book.noDate(say.text(source.title)) },
      score,
    };
  // "how many bookings were canceled": rows that have the event, when it is not the source's own date.
  const present =
    !!timeField &&
    event.named &&
    !eventIsValue &&
    !q.time.ranges.length &&
    timeField !== source.dimensions.find((d) => d.type === 'time');
  // 6. Every word must be explained, and no other quantity named: "average nights per booking" is not a booking value.
  const named = otherQuantities(q, taken, source, measure, [...filters.map((f) => f.field), ...groups]);
  if (named.length) return { plan: { decline: book.whichMeasure(names([measure, ...named])) }, score };
  const unmapped = unmappedWords(q, taken, source);
  if (unmapped.length)
    return { plan: { decline: unmappedText(say, unmapped, source) }, score: score - unmapped.length };
  // A measure per entity divides what adds up; an average per guest is no such thing.
  if (per && !['sum', 'count'].includes(measure.agg ?? ''))
    return { plan: { decline: book.whichMeasure(names([measure, per])) }, score };
  const plan: Plan = {
    source,
    measure,
    ...(per && { per }),
    groups,
    filters,
    having,
    ...(timeField &&
      (wantsTime || present) && {
        time: {
          field: timeField,
          ...(present && { present }),
          ...((q.time.grain ?? (byDate && 'day')) && { grain: q.time.grain ?? 'day' }),
          ...(q.time.ranges.length === 1 && { range: q.time.ranges[0] }),
          ...(q.time.weekdays && { weekdays: q.time.weekdays }),
        },
      }),
  };
  return {
    plan: finish(say, q, plan, groups, valueSets, superlative, at, measureAt),
    score: score + (timeField && wantsTime ? 1 : 0) + (event.named ? 0.5 : 0),
  };
}

/** The plan for a question over the sources the user may see: the best-supported one, a view on a tie. */
export function planQuestion(q: Question, sources: SourceInfo[], values: ValueIndex, say: Phrases): Plan | Decline {
  const { book } = say;
  if (!sources.length) return { decline: book.noSources };
  const scored = sources.map((s) => ({ source: s, ...planSource(correctTypos(q, s), s, values, say) }));
  const ok = scored.filter((s) => !('decline' in s.plan));
  const pool = (ok.length ? ok : scored).sort(
    (a, b) => b.score - a.score || Number(b.source.type === 'view') - Number(a.source.type === 'view'),
  );
  const top = pool.filter((s) => s.score === pool[0].score);
  if (ok.length && top.length > 1) {
    const views = top.filter((s) => s.source.type === 'view');
    const measures = new Set(top.map((s) => (s.plan as Plan).measure.title));
    if (views.length !== 1 && measures.size > 1)
      return {
        decline: book.whichData(
          book.or(top.map((s) => book.measureIn(say.text((s.plan as Plan).measure.title), say.text(s.source.title)))),
        ),
      };
    if (views.length === 1) return views[0].plan;
  }
  return pool[0].plan;
}
