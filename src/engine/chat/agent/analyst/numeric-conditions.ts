// A step of planning a question over one source (plan-source.ts): its numeric conditions ("a wait over 100 minutes",
// "households making 200k or more") on the number column named near them, or left for the measure; the words they
// explain are marked in `taken`.

import { zeroBounds } from './zero-bound.js';
import { comparativeBounds } from './comparative-bound.js';
import { freeWords } from './booleans.js';
import { rank, tie, type Field, type Match, type SourceInfo } from './catalog.js';
import { wordsOf } from './plan-words.js';
import type { Filter } from './plan.js';
import type { Asked } from './plan-values.js';
import type { Phrases } from './phrases.js';
import type { Question } from './question.js';
import { FUNCTION_WORDS, fold } from './text.js';
import { columnOfUnit, columnUnit, unitOfColumn, unitScale } from './units.js';
import { boundCount, boundMeasure, boundSegment, statedNumbers } from './bound-segment.js';
import { inMoney, moneyColumn } from './money.js';

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
): { filters: Filter[]; onMeasure: Question['numeric']; score: number; stating?: Match; stated?: Field } | Asked {
  const { book } = say;
  const onMeasure: typeof q.numeric = [];
  const filters: Filter[] = [];
  let [score, stating, part] = [0, undefined as Match | undefined, undefined as Field | undefined];
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
    // "months with more than 1000 deaths": the count titled so (Months over 1,000 deaths) is the measure.
    stating = boundCount(q, source, n, taken) ?? stating;
    if (stating) continue;
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
    // "north of 55 degrees latitude", "west of -100": a compass bound is on the one latitude or longitude column.
    const compass = compassColumn(q, n, numbers);
    if (compass) targets = [{ field: compass, score: 1, used: compassWords(q, n.end, compass) }];
    // "events over 90 min": no column named, the one kept in a unit of time (Duration (minutes)).
    const timed = n.unit && !targets.length ? numbers.filter((d) => columnUnit(d) !== undefined) : [];
    if (timed.length === 1) targets = [{ field: timed[0], score: 0.5, used: [] }];
    const unitOf = targets.length ? undefined : columnOfUnit(source, numbers, near, n.end); // "80 pts or more"
    if (unitOf) targets = [{ field: unitOf, score: 0.5, used: [] }];
    const paid = moneyColumn(q, n, numbers); // "households making 200k+": the column kept in money, not Households
    if (paid && !targets.some((t) => inMoney(t.field))) targets = [{ field: paid, score: 0.5, used: [] }];
    // "people 65 and older", "kids under 5": a word of age near the bound, the one number column of ages.
    const ageWords = q.tokens.flatMap((t, i) => (Math.abs(i - n.start) <= 3 && AGE_WORDS.test(t.norm) ? [i] : []));
    const ages = numbers.filter((d) => d.keys.some((k) => k.includes('age')));
    const aged = ageWords.length ? ages : [];
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
    let target = targets[0];
    const own = grouped ? undefined : boundMeasure(q, source, n, taken, target?.field); // "what pct … was 65+"
    part = own ?? part;
    if (own) continue;
    // "how many of the dead were under 18": a bare bound of a person's years, no column named and nothing counted
    // after it ("under 18 docks"), nor a group's ("… with more than 5"), on the one column of ages.
    const had = /^(with|having|had|has|have)$/.test(q.tokens[n.start - 1]?.norm ?? '');
    const bare = !n.unit && !n.written && n.upTo === undefined && AGE_BOUND.has(n.value) && !had;
    if (!target && bare && ages.length === 1 && !countedAfter(q, n.end))
      target = { field: ages[0], score: 1, used: [] };
    const asMeasure = rank(source.measures, near)[0];
    // "claims over 100k by cause": the rows' count named before the bound is each row's amount, not the groups' count
    // ("causes with over 100 claims").
    const rowsBefore = asMeasure?.field.agg === 'count' && asMeasure.used.every((u) => u < n.start);
    if (!target || (grouped && asMeasure && asMeasure.score >= target.score && !rowsBefore && target.field !== paid)) {
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
    const hundredth = percentOn(q, n, target.field, use);
    filters.push({ field: target.field, op: n.op, values: [(n.value * scale) / hundredth] });
    if (n.upTo !== undefined) filters.push({ field: target.field, op: '<=', values: [(n.upTo * scale) / hundredth] });
    score += target.score;
  }
  return { filters, onMeasure, score, ...(stating && { stating }), stated: part };
}

/** The numbers a title writes ("Over 100 million people": 100000000; "Orders over $2.5k": 2500). */
const titleNumbers = (title: string) => statedNumbers(fold(title)).map((n) => n.value);

/** The ages a bare bound is read as ("under 18", "over 65"): those that mark a stage of life. */
const AGE_BOUND = new Set([5, 12, 13, 16, 18, 21, 65]);

/** Whether a word after a bound names what it counts ("under 18 docks"), not a link or the end of the question. */
const countedAfter = (q: Question, end: number) => {
  const t = q.tokens[end];
  return !!t && !FUNCTION_WORDS.has(t.lemma) && !/^(who|were|was|are|is|in|at|on|during|and|or|by|per)$/.test(t.norm);
};

/** Words that say a bound is on an age. */
const AGE_WORDS = /^(aged?|old|older|young|younger|kids?|child|children|infants?|babies|baby|teens?|toddlers?)$/;

/**
 * "above 17%", "18 percent or more" on a column its description keeps as a fraction ("fraction 0–1"): what the
 * number is divided by (100: 0.17); on any other column 1, as written. The percent word is the bound's.
 */
function percentOn(q: Question, n: Question['numeric'][number], f: Field, use: (ids: number[]) => void): number {
  const sign = q.tokens.slice(n.start, n.end).some((t) => /\d%$/.test(t.norm));
  const word = /^(percent|pct|%)$/.test(q.tokens[n.end]?.norm ?? '');
  if (word) use([n.end]);
  return (sign || word) && ['fraction', 'ratio', 'proportion'].some((w) => f.described.has(w)) ? 100 : 1;
}

/** The one latitude (north, south) or longitude (east, west) column a compass bound ("north of 55") is on. */
function compassColumn(q: Question, n: Question['numeric'][number], numbers: Field[]): Field | undefined {
  const side = q.tokens[n.start]?.norm;
  const axis = /^(north|south)$/.test(side ?? '')
    ? /^lat(itude)?$/
    : /^(east|west)$/.test(side ?? '')
      ? /^(lon|lng|long|longitude)$/
      : undefined;
  if (!axis) return undefined;
  const hits = numbers.filter((d) => d.keys.some((k) => k.length === 1 && axis.test(k[0])) || axis.test(d.column));
  return hits.length === 1 ? hits[0] : undefined;
}

/** "55 degrees latitude", "55° N": the words after a compass bound that restate it (degrees, the column's own). */
function compassWords(q: Question, end: number, column: Field): number[] {
  const out: number[] = [];
  for (let i = end; i < end + 3 && q.tokens[i]; i++) {
    const t = q.tokens[i];
    if (!/^(degrees?|deg|n|s|e|w|north|south|east|west)$/.test(t.norm) && !column.keys.some((k) => k.includes(t.lemma)))
      break;
    out.push(i);
  }
  return out;
}
