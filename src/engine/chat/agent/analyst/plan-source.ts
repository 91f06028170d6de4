// One question planned over one source (planner.ts weighs the sources' plans): breakdown, measure, values, booleans,
// numeric conditions, time, ranking, comparison or share. Every question word must be explained; a word that maps to
// nothing, two members that fit alike or an aggregation the model lacks give a Decline naming what exists instead.

import { booleanFilters, countNames, describedRows, freeWords, lateFlags, allRows, thingsCounted } from './booleans.js';
import { computes, perAsked, rank, tie, wholly, type Field, type SourceInfo } from './catalog.js';
import { countedWords, itemsCounted, numberedValues, participle } from './cues.js';
import { chooseTime, namesMaking, eventOnly, periodOfEvent, timeOf, wholeYears } from './time-field.js';
import { fold } from './text.js';
import { standsOver, supportedTie } from './prefer.js';
import { finish } from './finish.js';
import { twoMeasures } from './compared-sides.js';
import { namesDimension, timeUse } from './plan-time.js';
import { shareDescribed, shareVerbs } from './share-verb.js';
import { boundReference } from './bound-reference.js';
import { amountAsked, countTie, countedMeasures, countsJoined, distinctNamed, eventNames } from './count-asked.js';
import { breakdown } from './plan-breakdown.js';
import {
  countNotAverage,
  countsThings,
  idleMembers,
  keptFilters,
  pluralValue,
  shareMeasures,
  thingsOverRows,
  titledDistinct,
  unclashed,
} from './plan-guards.js';
import { dataNamedValues, measureStems, namedValues, unsetFilters } from './plan-values.js';
import { keptNamed } from './kept-groups.js';
import { numericConditions } from './numeric-conditions.js';
import {
  columnAsked,
  extremeOfTotal,
  leadingGroup,
  entityBeforeBy,
  perAverage,
  bothOf,
  measureSlice,
  perDescribed,
  rowsOf,
  verbNames,
  narrowTie,
  superlativeOf,
  groupAverage,
  levelRate,
  restatedBase,
} from './plan-words.js';
import { distinctHaving } from './distinct-having.js';
import { howMuchMoney, inMoney, moneyAsked, moneyBound, moneyMeasure, moneyWords, valuePer } from './money.js';
import { otherQuantities, unmappedText, unmappedWords } from './unmapped.js';
import { measureOwnWords } from './data-words.js';
import { judgedMeasure } from './judged.js';
import { rankingWord, superlativeDir, type Question } from './question.js';
import { aggregationAt, computing, entityBefore, namedAfter, perGroup, plainlyNamed } from './measure-words.js';
import { namesMeasureToo, rankingAside, totalNamed, wholeTie } from './measure-words.js';
import { categorical, type ValueIndex } from './values.js';
import type { AggWord } from './phrase-book.js';
import type { Phrases } from './phrases.js';
import type { Filter, Plan, Scored } from './plan.js';

/**
 * The plan of `q` over one source, in steps: an event's time, values, booleans and segments, the breakdown, numeric
 * conditions (plan-values.ts), the measure, the time field; then every word must be explained.
 */
export function planSource(
  q: Question,
  source: SourceInfo,
  values: ValueIndex,
  say: Phrases,
  measured: Set<string> = measureStems([source]),
): Scored {
  const [book, names] = [say.book, (fields: Field[]) => say.names(fields)];
  const taken = [...q.taken];
  const use = (ids: number[]) => ids.forEach((i) => (taken[i] = true));
  let score = 0;
  const filters: Filter[] = [];
  /** Where each filter's words start in the question (a share's whole comes before its verb, its part after). */
  const at = new Map<Filter, number>();
  // 0. The time dimension an event word names ("canceled last month"), and counts on number dimensions ("5-star").
  const open = q.tokens.map((_, i) => !q.taken[i] && !q.aggs.has(i) && !namesDimension(q, source, i));
  const asValue = (w: string) => categorical(source).some((f) => (values.get(f.name) ?? []).some((v) => fold(v) === w));
  const event = chooseTime(q, source, open, asValue);
  use([...eventOnly(q, event, asValue), ...boundReference(q, source, taken)]);
  const numbered = numberedValues(q, source, taken, values);
  filters.push(...numbered.filters);
  use(numbered.used);
  score += 2 * numbered.filters.length;
  // 1. Values named (or negated: "not in Bern"), booleans ("remote", "non remote").
  const named1 = namedValues(q, source, values, taken, say, measured);
  if ('decline' in named1) return { plan: { decline: named1.decline }, score: score + named1.score };
  const { valueSets, afterValue } = named1;
  for (const [filter, start] of named1.filters) {
    if (periodOfEvent(q, event, filter, start, named1.filters)) {
      valueSets.delete(filter.field);
      continue;
    }
    filters.push(filter);
    at.set(filter, start);
  }
  score += named1.score;
  // A word naming the event may also be a value ("canceled": status Canceled); either way it is explained.
  const eventIsValue = event.used.some((i) => taken[i] && [...at.values()].includes(i));
  use(event.used);
  for (const i of event.used) if (namesMeasureToo(q, source, i)) taken[i] = false; // "delivered boxes", "2024 signups"
  // Booleans and segments ("remote", "non remote", "long-haul flights").
  const flags = booleanFilters(q, source, taken, undefined, afterValue);
  for (const b of flags.filters) {
    filters.push(b.filter);
    at.set(b.filter, b.at);
  }
  const onBoolean = flags.used;
  for (const [f, start] of unsetFilters(q, source, taken, event.used, values)) {
    filters.push(f);
    at.set(f, start);
  }
  score += flags.score;
  // 2. Breakdown: each phrase part names a dimension (better than it names a measure).
  const parts = breakdown(q, source, taken, afterValue, say, score);
  if ('plan' in parts) return parts;
  const { groups, fromWith, withWords, byDate } = parts;
  dataNamedValues(q, source, groups, filters, at, valueSets);
  let per = parts.per;
  score = parts.score;
  const groupable = source.dimensions.filter((d) => d.type !== 'time');
  // "the lowest rated hotel", "our biggest chain by revenue": a superlative and a word naming a dimension.
  let superlative: 'DESC' | 'ASC' | undefined;
  let superlativeAt = -1;
  const sup = !groups.length && !q.rank ? superlativeOf(q, taken, groupable) : undefined;
  if (sup) {
    [superlative, superlativeAt] = [sup.dir, sup.at];
    groups.push(sup.match.field);
    use([...sup.match.used, sup.at]);
    score += sup.match.score;
  }
  // "the busiest route", "the quietest month": a ranking by what the source counts.
  const busy = groups.length ? q.tokens.findIndex((t) => /^(busiest|quietest)$/.test(t.norm)) : -1;
  if (busy >= 0) taken[busy] = true;
  const ranking =
    (groups.length > 0 || q.time.ranked === true) && (q.ranks || q.rank !== undefined || superlative !== undefined);
  // 3. Numeric conditions on a number column named near them ("a wait over 100 minutes", "salary over 90000").
  const conditions = numericConditions(
    q,
    source,
    taken,
    groups.length > 0,
    say,
    event.used,
    flags.filters.map((b) => b.filter.field),
  );
  if ('decline' in conditions) return { plan: { decline: conditions.decline }, score: score + conditions.score };
  const { onMeasure, stating, stated } = conditions;
  filters.push(...conditions.filters);
  score += conditions.score;
  // "sites with a capacity over 500": the condition is on a column, so "sites" is no breakdown.
  if (fromWith.length && !onMeasure.length) {
    groups.splice(0, groups.length, ...groups.filter((g) => !fromWith.includes(g)));
    // Its words are free again: they name what is counted ("cars with more than 150 horsepower" counts Cars).
    for (const i of withWords) taken[i] = false;
  }
  // 4. The measure, checked against the aggregation asked for.
  const unexplained = freeWords(q, taken, ranking);
  // "single rooms": a word restating a value's dimension names no measure it names only in part ("Room nights").
  const ranked = perAverage(source, rankingAside(q, unexplained, ranking), per);
  let measures = plainlyNamed(q, source, perAsked(rank(source.measures, ranked), ranked, q.tokens)).filter(
    (m) =>
      (!m.used.every((u) => afterValue.has(u)) && !m.used.every((u) => participle(q, u))) ||
      wholly(m.field, unexplained),
  );
  const asked = [...q.aggs.entries()]
    .filter(([i]) => !(ranking && (rankingWord(q, i) || i === superlativeAt)))
    .map(([, a]) => a);
  const counted = countedWords(q, taken);
  measures = countedMeasures(q, source, titledDistinct(q, measures), counted, unexplained);
  // "tickets per order": a measure described so is the one asked for (not Tickets sold divided by Orders).
  const described = stating ?? perDescribed(q, source) ?? shareDescribed(q, source, taken, stated);
  if (described) measures = [described];
  const percent = shareMeasures(q, measures, unexplained, source);
  measures = percent.measures;
  const strict = asked.find((a) => a !== 'count' && a !== 'sum');
  const eventNoun = event.named && !eventIsValue && event.used.length > 0;
  // "how many Indian restaurants are there": the distinct count of the member titled so (count-asked.ts).
  const distinct = distinctNamed(q, source, measures, counted, asked, unexplained, [...at.values()]);
  if ('both' in distinct)
    return { plan: { decline: book.whichMeasure(names(distinct.both)) }, score: score + distinct.score };
  measures = distinct.measures;
  const howMany = distinct.howMany;
  measures = moneyAsked(q, source, taken, measures, asked.includes('count'), flags.filters, filters);
  if (!measures.length) measures = totalNamed(q, source) ?? verbNames(q, source, taken);
  const items = asked.includes('count') ? itemsCounted(q, source, howMany, [...at.values()], measures) : undefined;
  if (items) measures = [{ field: items, score: 0.5, used: [] }];
  if (
    !measures.length &&
    (asked.includes('count') ||
      eventNoun ||
      (groups.length &&
        !asked.length &&
        !q.tokens.some((t, i) => superlativeDir(q, i) && !/^(most|least|fewest)$/.test(t.norm))) ||
      busy >= 0 ||
      // "wet days in Seattle", "long-haul flights last May": a segment naming what the source counts.
      (!strict &&
        onBoolean.some((u) => source.named.has(q.tokens[u].lemma) || countNames(source, q.tokens[u].lemma))) ||
      // "SLA breaches last month": a segment named alone, asking for no number, counts its rows.
      (!asked.length && flags.filters.some((b) => b.filter.field.segment)) ||
      // "homes sold per month": the source's own noun (its title's) in the plural, asking for no other number.
      (!strict && q.tokens.some((t, i) => !taken[i] && source.named.has(t.lemma) && /s$/.test(t.norm))) ||
      // "farmers 1900 vs 2000": a value said in the plural counts what has it, asking for no number.
      (!asked.length && pluralValue(q, filters, at)) ||
      (!strict && describedRows(q, source)))
  ) {
    // "How many shipments", "which engines has Chrome used": the source's own count when the noun names the source,
    // an event, or the question asks only for a breakdown.
    const counts = source.measures.filter((m) => m.agg === 'count');
    // "late trips by mode", "new signups since march" (an event making rows): the plain count of all rows (booleans.ts).
    const rows = allRows(
      source,
      onBoolean.map((u) => q.tokens[u].lemma),
      eventNoun && !strict && namesMaking(q, event, source),
    );
    const count = counts.length === 1 ? counts[0] : (rows ?? (strict ? undefined : describedRows(q, source)));
    if (count) measures = [{ field: thingsCounted(source, count), score: 0.5, used: [] }];
  }
  const column = !measures.length && strict ? columnAsked(source, ranked, strict, book) : undefined;
  if (column) measures = [column];
  if (!measures.length) {
    const stray = unmappedWords(q, taken, source, [], values);
    if (stray.length)
      return { plan: { decline: unmappedText(say, stray, source, values) }, score: score - stray.length };
    return {
      plan: { decline: book.noMeasure(say.text(source.title), names(source.measures), strict as AggWord | undefined) },
      score: score + 0.1,
    };
  }
  const aggAt = aggregationAt(q, strict);
  // "average late fee per loan", "avg units per work order": a total per entity is the average asked for.
  const perRow = strict === 'avg' && !!per;
  const fits = (m: Field) => computes(m, strict!) || (perRow && (m.agg === 'sum' || m.agg === 'count'));
  const right = aggAt === undefined ? [] : namedAfter(q, aggAt, measures, fits, unexplained, perRow);
  let best = right.length ? tie(right) : supportedTie(q, source, measures, taken);
  // "total paid on claims": of measures tied, the one named right after "total" (Amount paid, not Claims).
  const sumAt = [...q.aggs].find(([, a]) => a === 'sum')?.[0];
  const totalOf = sumAt === undefined || strict ? [] : best.filter((m) => m.used.includes(sumAt + 1));
  if (best.length > 1 && totalOf.length) best = totalOf;
  // "total premium": of a sum and an average named alike, the sum; "premium per policy" divides the sum too.
  const sums = best.filter((m) => m.field.agg === 'sum');
  if (best.length > 1 && sums.length === 1 && (sumAt !== undefined || per) && !strict) best = sums;
  if (strict) {
    const fit = best.filter((m) => fits(m.field));
    if (!fit.length) {
      const alt = computing(source, best[0], measures, strict);
      const content = new Set(best[0].used);
      const same = alt.filter((m) => m.used.some((u) => content.has(u) && !unexplained[u]?.startsWith('agg:')));
      // No measure computes it: the number column named ("highest sale price", "average number of bedrooms"), or
      // a total over the source's rows ("avg downtime": Downtime per downtime event).
      const named = same.length
        ? undefined
        : (columnAsked(source, ranked, strict, book) ?? extremeOfTotal(q, source, best, strict, book));
      if (named) same.push(named);
      // "average order value": the money per row counted (Sales per Orders); "avg downtime": a total per row.
      const valued = same.length || per ? undefined : valuePer(q, source, best, strict);
      const rows = same.length || per ? undefined : (valued?.per ?? rowsOf(source, best, strict));
      if (rows) per = rows;
      if (rows) same.push(valued?.money ?? best[0]);
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
  best = unclashed(narrowTie(q, best, afterValue, asked), filters);
  best = thingsOverRows(q, source, countTie(q, source, wholeTie(amountAsked(q, best), unexplained), asked), taken);
  // "planned units vs produced units": two measures compared, in the question's order (not when periods are); "… vs
  // … by store", "mean x and mean y for each series": the two side by side in the breakdown.
  const listed = groups.length > 0 || !!q.time.grain;
  const pair = per ? undefined : twoMeasures(q, measures, best, listed);
  const two = pair && bothOf(q, pair, taken);
  if (best.length > 1 && !two)
    return { plan: { decline: book.whichMeasure(names(best.map((b) => b.field))) }, score: score + best[0].score };
  if (two) best = [two[0]];
  const rowCount = countNotAverage(q, source, best[0].field, best[0].used, asked, [
    ...filters.map((f) => f.field),
    ...groups,
  ]);
  if (rowCount) best = [{ ...best[0], field: rowCount }];
  const average = groupAverage(q, source, best[0], groups.length > 0);
  if (average) [best, superlative] = [[{ ...best[0], field: average.field }], average.dir];
  let measure = best[0].field;
  // "the brand with the best reviews": what the reviews say (Avg rating), not how many there are (judged.ts).
  const judged = judgedMeasure(q, source, measure, busy, groups.length > 0);
  if (judged === null)
    return { plan: { decline: book.noMeasure(say.text(source.title), names(source.measures), undefined) }, score: -1 };
  if (judged) measure = judged;
  const measureBy = best[0].used;
  // "how many rooms" is no sum of Room nights: a count of another measure needs its whole name (an event's words too).
  const countable = computes(measure, 'count') || measure === items || countsThings(source, measure);
  const other = counted.length > 0 && !countable && !eventNames(q, measure, unexplained, event.used, per);
  if (asked.includes('count') && (other || countsJoined(q, source, measure, flags.filters, best[0].used)))
    return {
      plan: { decline: book.noAggOf('count', names([measure]), names(source.measures)) },
      score: score + best[0].score,
    };
  // "how many guests": a plain count in the source named by the counted noun is the most direct reading.
  if (measure.agg === 'count' && counted.some((i) => source.named.has(q.tokens[i].lemma))) score += 0.5;
  const own = measureOwnWords(q, source, measure, best[0].used);
  use([...best[0].used, ...levelRate(q, source, best[0]), ...restatedBase(q, best[0]), ...own]);
  use(entityBefore(q, source, best[0].used));
  // "the money raised": a word of money is the money measure's.
  if (measure === moneyMeasure(source)) use(moneyWords(q, taken));
  else if (measure.agg === 'sum') use(howMuchMoney(q, taken));
  score +=
    lateFlags(q, source, taken, onBoolean, filters, at, afterValue) + keptNamed(q, source, taken, measure, filters, at);
  const lead = groups.length ? undefined : leadingGroup(q, taken, source, best[0].used);
  if (lead) {
    groups.push(lead.field);
    use(lead.used);
    score += lead.score;
  }
  q.aggs.forEach((_, i) => (taken[i] = true));
  score += best[0].score;
  const having: Filter[] = [];
  const anyOf = groups.length ? undefined : distinctHaving(q, source, onMeasure, measure, counted, taken);
  if (anyOf) {
    filters.push(...anyOf.keeps.filter((k) => !filters.some((f) => f.field === k.field)));
    [measure, onMeasure.length] = [anyOf.field, 0];
    use(anyOf.used);
  }
  for (const n of onMeasure) {
    // "households earning under $10k": an amount of money bounds no measure kept in other units.
    if (!groups.length || (moneyBound(q, n) && !inMoney(measure)))
      return { plan: { decline: book.compareWhat(say.format(n.value)) }, score };
    having.push({ field: measure, op: n.op, values: [n.value] });
    if (n.upTo !== undefined) having.push({ field: measure, op: '<=', values: [n.upTo] });
  }
  // 5. Time: the dimension the event names, else the one the measure names, else the source's first.
  const chosen = timeOf(q, source, event, measure, byDate, eventIsValue, groups);
  if ('tied' in chosen) return { plan: { decline: book.whichDate(names(chosen.tied)) }, score };
  const { wantsTime, timeField, present } = chosen;
  if (wantsTime && (!timeField || (timeField.yearNumber && !wholeYears(q))))
    return { plan: { decline: book.noDate(say.text(source.title)) }, score };
  // 6. Every word must be explained, and no other quantity named: "average nights per booking" is not a booking value.
  const named = otherQuantities(q, taken, source, measure, [...filters.map((f) => f.field), ...groups], afterValue);
  if (named.length && !standsOver(q, source, measure, named, taken))
    return { plan: { decline: book.whichMeasure(names([measure, ...named])) }, score };
  use(shareVerbs(q, taken, at, measureBy, conditions.filters.length > 0));
  const unmapped = unmappedWords(q, taken, source, [measure, ...filters.map((f) => f.field), ...groups], values);
  if (unmapped.length)
    return { plan: { decline: unmappedText(say, unmapped, source, values) }, score: score - unmapped.length };
  // "which state gives the most" over a source with no money (Donors): the giving asked is left unexplained.
  score -= moneyWords(q, taken).length;
  const onPlan = [measure, ...filters.map((f) => f.field), ...groups, ...(per ? [per] : [])];
  const idle = idleMembers(q, taken, source, onPlan, [...at.values()]);
  if (idle.length) return { plan: { decline: book.whichBreakdown(names(idle)) }, score: score - idle.length };
  // "origins by cylinders": a text dimension named before "by" and left aside is asked about ("premium customers" not).
  const before = leadingGroup(q, taken, source);
  if (before && !onPlan.includes(before.field) && !before.used.some((u) => taken[u - 1]))
    return { plan: { decline: book.whichBreakdown(names([before.field, ...groups])) }, score: score - 1 };
  const entity = before ? undefined : entityBeforeBy(q, taken, source);
  if (entity !== undefined)
    return { plan: { decline: unmappedText(say, [q.tokens[entity]], source) }, score: score - 1 };
  // An average over the source's rows is already one per row ("average cost per admission").
  if (per?.agg === 'count' && measure.agg === 'avg') per = undefined;
  // A measure per entity divides what adds up; an average per industry is the average by industry.
  per = perGroup(source, measure, per, groups);
  if (per && !['sum', 'count'].includes(measure.agg ?? ''))
    return { plan: { decline: book.whichMeasure(names([measure, per])) }, score };
  // The rows the model's own measures of a column keep, for an aggregation composed of it.
  const kept = keptFilters(source, measure, groups, filters);
  if (!kept)
    return { plan: { decline: book.noAggOf(strict as AggWord, names([measure]), names(source.measures)) }, score };
  filters.push(...kept.filter((k) => !filters.some((f) => f.field === k.field)));
  const plan: Plan = {
    source,
    measure,
    ...(per && { per }),
    groups,
    filters,
    having,
    ...(timeField && (wantsTime || present) && { time: timeUse(q, timeField, present, !!byDate) }),
  };
  if (two && listed) plan.also = [two[1].field];
  const read = { ...q, ...(two && { compares: false }), ...(percent.titled && { share: false }) };
  return {
    plan:
      two && !listed
        ? { ...plan, compare: [measureSlice(two[0]), measureSlice(two[1])] }
        : finish(say, read, plan, groups, valueSets, superlative, at, measureBy),
    score: score + (timeField && wantsTime ? 1 : 0) + (event.named ? 0.5 : 0),
  };
}
