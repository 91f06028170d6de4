// The last step of a plan whose members are settled: ranking (its direction and N), two periods or two values
// compared, and shares (of the whole the question names before the measure, or of each group in the total).

import { keyOf, type Field, type SourceInfo } from './catalog.js';
import type { Decline, Filter, Plan } from './plan.js';
import type { Phrases } from './phrases.js';
import { rankingWord, type Question } from './question.js';
import { filteredPart, ratioParts } from './share-count.js';
import { yearsOf } from './sql.js';
import { plainCount } from './booleans.js';
import { flagCompare } from './flag-compare.js';
import { SHARE_LEMMA } from './plan-guards.js';
import { sharePeriod } from './share-verb.js';
import { fold, lemma } from './text.js';

/** Ranking, comparison and share on a plan whose members are settled. */
export function finish(
  say: Phrases,
  q: Question,
  plan: Plan,
  groups: Field[],
  valueSets: Map<Field, string[]>,
  superlative?: 'DESC' | 'ASC',
  at = new Map<Filter, number>(),
  /** The words that named the measure. */
  measureUsed: number[] = [],
): Plan | Decline {
  const { book } = say;
  const measureAt = measureUsed.length ? Math.min(...measureUsed) : undefined;
  const periods = q.time.ranked && plan.time?.grain && !groups.length;
  if (q.rank?.limit !== undefined && !groups.length && !periods)
    return { decline: book.rankWhat(say.format(q.rank.limit), say.text(book.inline(plan.measure.title))) };
  if (periods) {
    // "which year was the warmest", "top 3 coldest years": a superlative naming an extreme (Warmest anomaly) ranks the
    // periods its way, before "top"; "top 5 years by …" ranks them too, five of them.
    const dir =
      extremeNamed(q, plan.measure, measureUsed) ??
      q.rank?.dir ??
      [...q.tokens.keys()].map((i) => rankingWord(q, i)).find(Boolean);
    if (!dir) return { decline: book.rankWhat(say.format(1), say.text(book.inline(plan.measure.title))) };
    plan.order = { dir, ...(q.rank?.limit !== undefined && { limit: q.rank.limit }) };
  }
  if (groups.length) {
    const dir =
      superlative ??
      (q.ranks ? [...q.tokens.keys()].map((i) => rankingWord(q, i)).find(Boolean) : undefined) ??
      extremeNamed(q, plan.measure, measureUsed);
    if (q.rank || dir) {
      let order = q.rank?.dir ?? dir!;
      // "the worst average delay" is the highest: best and worst judge the measure, not the number.
      if (q.tokens.some((t) => /^(best|worst)$/.test(t.norm)) && worseWhenHigher(plan.measure))
        order = order === 'DESC' ? 'ASC' : 'DESC';
      plan.order = { dir: order, ...(q.rank?.limit !== undefined && { limit: q.rank.limit }) };
    }
  }
  if (q.time.ranges.length === 2) {
    // "yoy revenue: 2024 vs 2025": two whole years compared year by year are the two years' totals.
    const year = (r: (typeof q.time.ranges)[number]) => {
      const years = yearsOf(r);
      return years?.from !== undefined && years.from === years.to;
    };
    if (plan.time?.grain === 'year' && q.time.ranges.every(year)) delete plan.time.grain;
    if (groups.length || plan.time?.grain) return { decline: book.twoPeriodsBroken };
    const [a, b] = q.time.ranges;
    plan.compare = [
      { label: say.range(a), filters: [], range: a },
      { label: say.range(b), filters: [], range: b },
    ];
    return plan;
  }
  const flags = q.compares && !groups.length && !plan.time?.grain ? flagCompare(say, plan, at) : undefined;
  if (flags) return flags;
  const pair = [...valueSets].find(([, vs]) => vs.length === 2);
  if (q.compares && pair && !groups.length && !plan.time?.grain) {
    const [field, [x, y]] = pair;
    plan.filters = plan.filters.filter((f) => f.field !== field);
    plan.compare = [
      { label: x, filters: [{ field, op: '=', values: [x] }] },
      { label: y, filters: [{ field, op: '=', values: [y] }] },
    ];
    return plan;
  }
  if (q.share && plan.per) return { decline: book.notShareable(say.text(plan.measure.title)) };
  if (q.share) {
    // "what share of Nordlys bookings were canceled": values before the measure's word are the whole, after it the part.
    // "what percentage of flights out of Denver were delayed": with a verb after the measure, the whole is before it.
    const verb = q.tokens.findIndex(
      (t, i) => i > (measureAt ?? 0) && /^(is|are|was|were|be|been|get|got|had|have|has|did)$/.test(t.norm),
    );
    const pivot = verb >= 0 ? verb : measureAt;
    let whole = plan.filters.filter((f) => pivot !== undefined && (at.get(f) ?? pivot) < pivot);
    let part = plan.filters.filter((f) => !whole.includes(f));
    // "what pct of builds on main failed": with no verb, a value a preposition puts on the noun narrows the whole;
    // the part is what is said of it last.
    // ("% of our active subscribers": a determiner between them.)
    const narrows = (f: Filter) => {
      let i = (at.get(f) ?? 0) - 1;
      while (/^(our|the|all|their|my|its|your)$/.test(q.tokens[i]?.norm ?? '')) i--;
      return /^(on|in|at|from|for|with|to|into|of)$/.test(q.tokens[i]?.norm ?? '');
    };
    if (verb < 0 && part.length > 1 && part.some((f) => !narrows(f)) && part.some(narrows)) {
      whole.push(...part.filter(narrows));
      part = part.filter((f) => !narrows(f));
    }
    // "what pct of plots yielded 40 bushels or more" read as High-yield share: the model's percent of two of its
    // measures (High-yield plots of Plots) is that share, its part over its whole, each given.
    // A yes/no condition restating their names ("high-yield share": the segment High-yield plots) is theirs.
    // Only when a word naming it says more than the whole does ("% of tests" names no percent of manual tests).
    // Conditions restating its part's own (Would recommend keeps would_recommend = true) are that part.
    const parts = ratioParts(plan.measure, plan.source);
    const keptBy = (m: Field | undefined, f: Filter) =>
      !!m?.keeps?.some((k) => k.member === f.field.column && f.values.length === 1 && f.values[0] === k.value);
    const ratio = part.every((f) => keptBy(parts?.part, f)) ? parts : undefined;
    if (ratio) part = [];
    const more = (l: string) =>
      !SHARE_LEMMA.test(l) && !plan.source.named.has(l) && !ratio?.whole.keys.flat().includes(l);
    if (ratio && !measureUsed.some((u) => more(q.tokens[u].lemma))) return { decline: book.shareOfWhat };
    const named = new Set([plan.measure, ratio?.part].flatMap((m) => m?.keys.flat() ?? []));
    const restating = (f: Filter) =>
      keptBy(ratio?.whole, f) || (f.values[0] === true && f.field.keys.some((k) => k.every((w) => named.has(w))));
    // Its whole title written ("high-yield share by station") asks for it as it is.
    const asked = new Set(q.tokens.map((t) => t.lemma));
    const titled = plan.measure.keys.some((k) => k.every((w) => asked.has(w)));
    if (ratio && !titled) [plan.measure, plan.share] = [ratio.part, { part: [], of: ratio.whole }];
    if (ratio) return { ...plan, filters: whole.filter((f) => !restating(f)) };
    // "what pct of months were above 400 ppm" read as Months above 400 ppm: the part restates that count's own
    // condition (its title has the part's values), so the whole is the rows' plain count, not the filtered one.
    const all = plainCount(plan.source);
    const own = new Set(plan.measure.keys.flat());
    const restated = (f: Filter) => f.values.length > 0 && f.values.every((v) => own.has(lemma(fold(String(v)))));
    if (part.length && all && plan.measure.agg === 'count' && plan.measure.filtered && part.every(restated))
      plan.measure = all;
    const rows = part.length || groups.length ? undefined : rowsWhole(q, plan.measure, plan.source);
    if (rows) plan.measure = rows.part;
    // "what share of faults were from mirrors at Riverside": the part a measure of the whole, a value said with a
    // preposition after it narrows both; "% of deaths from disease by month": each month's part of its whole.
    const measured = wholeMeasure(q, plan.measure, plan.source, pivot);
    if (measured && part.length && part.every(narrows)) [whole, part] = [[...whole, ...part], []];
    const of = part.length ? undefined : (measured ?? (groups.length ? undefined : (rows?.of ?? twin(plan))));
    // "what pct of matches ended in a draw": the model's count Draws of Matches.
    // "what pct of 2015's job gains came in december": the part a period inside the whole's year.
    const period = part.length || groups.length || of || plan.time?.grain ? undefined : sharePeriod(q);
    const counted =
      part.length || groups.length || of || period || plan.time?.present
        ? undefined
        : filteredPart(q, plan.measure, plan.source);
    if (counted) {
      [plan.share, plan.measure] = [{ part: [], of: plan.measure }, counted];
      plan.filters = whole;
    } else if (part.length) {
      plan.share = { part };
      plan.filters = whole;
    } else if (of) plan.share = { part: [], of };
    else if (period) plan.share = { part: [], range: period.range };
    else if (groups.length) plan.share = {};
    else return { decline: book.shareOfWhat };
    if (!['count', 'sum', 'count_distinct'].includes(plan.measure.agg ?? ''))
      return { decline: book.notShareable(say.text(plan.measure.title)) };
  }
  return plan;
}

/** Stems of quantities where more is worse (a delay, a cost, complaints): "best" is their lowest, "worst" their highest. */
const WORSE_WHEN_HIGHER =
  /^(delay|wait|late|lateness|cost|expens|error|complaint|defect|churn|cancel|incident|absenc|absent|downtime|latency|loss|debt|penalty|bug|crash|accident|injury|failur|refund|overdu|backlog|emission)/;

const worseWhenHigher = (f: Field) => f.keys.some((k) => k.some((w) => WORSE_WHEN_HIGHER.test(w)));

/**
 * "what percentage of units were defective": the measure named (Defective units) is the part; the whole is the one
 * other measure adding up alike whose title starts with the word the question names before its verb (Units
 * produced, not Planned units — a word before the noun narrows it), and lacks the word after it.
 */
function wholeMeasure(q: Question, part: Field, source: SourceInfo, pivot: number | undefined): Field | undefined {
  if (pivot === undefined || !['sum', 'count'].includes(part.agg ?? '')) return undefined;
  const before = new Set(q.tokens.slice(0, pivot).map((t) => t.lemma));
  const after = q.tokens.slice(pivot + 1).map((t) => t.lemma);
  const own = keyOf(part.title);
  // "what share of visits were return visits": the head may be said on both sides of the verb.
  const narrowing = own.filter((w) => after.includes(w) && !before.has(w));
  const head = own.find((w) => before.has(w));
  if (!head || !narrowing.length) return undefined;
  const wholes = source.measures.filter((m) => {
    const title = keyOf(m.title);
    return m !== part && m.agg === part.agg && title[0] === head && !narrowing.some((w) => title.includes(w));
  });
  if (wholes.length === 1) return wholes[0];
  // "what % of all deaths were from disease": of several (Deaths, Deaths from wounds), the one the words before the
  // verb name whole.
  const named = wholes.filter((m) => keyOf(m.title).every((w) => before.has(w)));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * "what % of applications end in a hire": a filtered count (Hires) whose title the question writes after the words of
 * the rows' own count (Applications: the source's one count of all rows) is the part, that count the whole — whichever
 * of the two the measure read.
 */
function rowsWhole(q: Question, measure: Field, source: SourceInfo): { part: Field; of: Field } | undefined {
  const all = plainCount(source);
  if (!all) return undefined;
  const at = (w: string) => q.tokens.findIndex((t) => t.lemma === w);
  const span = (f: Field) => keyOf(f.title).map(at);
  // "what pct of Sculpture forms …" of Feedback forms: its head noun (the title's last word) names the rows.
  const rows = span(all).filter((i) => i >= 0);
  if (!rows.length || at(keyOf(all.title).at(-1)!) < 0) return undefined;
  // The part named whole by one of its names (its title, its name, a synonym) after the rows' words.
  const after = (k: string[]) => k.length > 0 && k.every((w) => at(w) > Math.max(...rows));
  const parts = source.measures.filter(
    (m) => m !== all && (measure === all || measure === m) && m.agg === 'count' && !!m.filtered && m.keys.some(after),
  );
  return parts.length === 1 ? { part: parts[0], of: all } : undefined;
}

/**
 * "what pct of the population was 65+" read as People 65 and over: the one measure of the same column and aggregation
 * the model does not filter (People) is the whole a filtered measure restricts.
 */
function twin({ measure, source }: Plan): Field | undefined {
  if (!measure.filtered || measure.over === undefined) return undefined;
  const all = source.measures.filter((m) => !m.filtered && m.agg === measure.agg && m.over === measure.over);
  return all.length === 1 ? all[0] : undefined;
}

/**
 * "which borough is the westernmost": a superlative naming a measure of an extreme (Westernmost longitude, a minimum)
 * ranks the groups the measure's way — the least first for a minimum — though no ranking word says so.
 */
function extremeNamed(q: Question, measure: Field, used: number[]): 'DESC' | 'ASC' | undefined {
  if (measure.agg !== 'min' && measure.agg !== 'max') return undefined;
  if (!used.some((i) => /\p{L}{3}(?:most|est)$/u.test(q.tokens[i]?.norm ?? ''))) return undefined;
  return measure.agg === 'min' ? 'ASC' : 'DESC';
}
