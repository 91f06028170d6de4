// Which time dimension a question means. A word naming an event picks the dimension that event names, by the
// member's name, title and synonyms ("canceled" → canceled_at, "departures" → Departure time, "signed up" →
// signup_date, "check-ins" → Check-in date); "new X" or "X added" picks the creation-like one (else the first);
// otherwise the source's first time dimension. A word that names the event is not also the measure ("nights booked" is Room nights, at Booking date).

import { ownTable } from '../../../../util/own.js';
import { rank, type Field, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import type { Question } from './question.js';
import { yearsOf } from './sql.js';
import { FILLER, FUNCTION_WORDS, fold, lemma, stem } from './text.js';
import { seasonColumn } from './season-column.js';
import { dateNextTo, madeDates, nextToDate, sharePart, spanStart, wholeName } from './made-date.js';
import { entityTime, unflagged } from './entity-time.js';
import { entityWord } from './joined.js';

/** Whether token `i` follows a personal pronoun ("we open", "they shipped"): a verb, not a noun. */
const afterPronoun = (q: Question, i: number) => /^(we|they|you|i)$/.test(q.tokens[i - 1]?.norm ?? '');

/** Words of time dimensions' names that name no event. */
const GENERIC = new Set('date time timestamp day at on ts dt datetime when utc local'.split(' '));
/** Events that create a thing ("new customers": by the first their source has), as roots meet ("hire" and "hir"). */
const CREATION = 'creat sign signup regist register join open start hir hire onboard launch found'.split(' ');
/** Events that end a thing: "did we finish" names the date it was done. */
const ENDING = ['finish', 'complet', 'end', 'clos', 'done', 'conclud'];
/** Words of a date that is a plan, not the event itself ("Planned end" is not when it ended). */
const PLANNED = ['plan', 'schedul', 'expect', 'target', 'due', 'estimat', 'forecast', 'project', 'appoint', 'promis'];
const planned = (roots: string[]) => roots.some((r) => PLANNED.some((c) => meet(r, c)));
/** Of several dates an event's words name, the one that is no plan, when there is one ("Delivered at"). */
const happenedOf = <T>(items: T[], roots: (item: T) => string[]): T[] => {
  const happened = items.filter((item) => !planned(roots(item)));
  return items.length > 1 && happened.length === 1 ? happened : items;
};

/** A lemma without a derivational ending, so "departure"/"departed" and "cancellation"/"canceled" meet. */
export function eventRoot(l: string): string {
  let r = l.length > 6 ? l.replace(/(ation|ition|ment|ion|ur|al|y)$/, '') : l.replace(/y$/, '');
  if (/([b-df-hj-np-tv-z])\1$/.test(r)) r = r.slice(0, -1);
  return r;
}

const meet = (a: string, b: string) => {
  if (a === b) return true;
  const short = Math.min(a.length, b.length);
  // "registr"/"register" meet; "collect"/"collector" (the one who collects) do not.
  if (short < 5 || Math.abs(a.length - b.length) > 1) return false;
  let p = 0;
  while (p < short && a[p] === b[p]) p++;
  return p >= short - 1;
};

/** The roots of the event a time dimension names ("sold_at": sell; "Check-in date": check, in, checkin). */
function eventRoots(t: Field, source: SourceInfo): string[] {
  // The entity whose date it is names no event ("which campaign" names no Start date of campaigns_started_at).
  const entity = entityWord(t, source);
  // A common verb names the event when it is all the title says ("sell" of Sold date, "purchas" of Purchased).
  const named = (k: string[]) => {
    const own = k.filter((w) => !GENERIC.has(w) && !FUNCTION_WORDS.has(w) && w !== entity);
    const strong = own.filter((w) => !FILLER.has(w));
    return strong.length ? strong : own;
  };
  // A verb and its particle spell one event, as the title writes them ("Check-in date": checkin, where the keys keep
  // only "check", as Check-out date's do).
  const spelt = fold(t.title)
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !GENERIC.has(w) && w !== entity)
    .join('');
  return [...new Set([...t.keys.flatMap((k) => [...named(k), named(k).join('')]), spelt])]
    .filter((w) => w.length >= 3)
    .map(eventRoot);
}

/**
 * The one time dimension a measure's own words name, its description's included ("Sales volume: sum of sale prices
 * of sold listings" is at Sold date, not at a Listed date: the source's noun names no event): the date of a question naming no event. None when they name none or several
 * ("hours from opened to resolved").
 */
export function measureTime(measure: Field, source: SourceInfo): Field | undefined {
  // The source's own noun is no event ("listings" of a Listed date), nor, in a description, the rows another count
  // counts ("Attendance rate: percent of bookings checked in" is of bookings, not at their Booking date).
  const rows = new Set(source.measures.filter((m) => m !== measure && m.agg === 'count').flatMap((m) => m.keys.flat()));
  // A filtered count's own title word stays an event even when the view's title has it too ("Hires" of a "Hiring
  // pipeline" is at the Hire date).
  const own = new Set(measure.keeps?.length ? measure.keys.flat().filter((w) => !rows.has(w)) : []);
  const words = [...new Set([...measure.keys.flat(), ...[...measure.described].filter((w) => !rows.has(w))])].filter(
    (w) => !source.named.has(w) || own.has(w),
  );
  const times = source.dimensions.filter((d) => d.type === 'time');
  // "Refunded orders" names Refund date and, by the rows another count counts, Order date: the event's.
  return (
    namedTime(times, source, words.map(eventRoot)) ??
    namedTime(times, source, words.filter((w) => !rows.has(w)).map(eventRoot))
  );
}

/**
 * The one of `times` whose event one of `words` (roots) names; of a plan and the event itself ("Late deliveries":
 * Delivery appointment and Delivered at), the event.
 */
function namedTime(times: Field[], source: SourceInfo, words: string[]): Field | undefined {
  const hits = times.filter((t) => eventRoots(t, source).some((r) => words.some((w) => meet(r, w))));
  const happened = happenedOf(hits, (t) => eventRoots(t, source));
  return happened.length === 1 ? happened[0] : undefined;
}

/**
 * The time of a joined entity the view's title names ("Class attendance": the joined classes' Class time, beside the
 * bookings' own Booking date). A title naming the rows' own time ("Food deliveries" of orders with a Delivery time)
 * is no cue: their first time stays.
 */
function titleTime(source: SourceInfo): Field | undefined {
  const prefix = (f: Field) => f.column.slice(0, f.column.indexOf('_') + 1);
  const joined = (t: Field) =>
    t.column.includes('_') && source.fields.filter((f) => f.column.startsWith(prefix(t))).length > 1;
  const times = source.dimensions.filter((d) => d.type === 'time');
  const named = namedTime(times, source, [...source.named].map(eventRoot));
  return named && joined(named) ? named : undefined;
}

/**
 * Whether the question names the event creating the rows by a word of its date ("signups" of a Signup date), not only
 * as "new" ("new members" may be another source's rows).
 */
export const namesMaking = (q: Question, event: TimeChoice, source: SourceInfo) =>
  !!event.field &&
  eventRoots(event.field, source).some((r) => CREATION.some((c) => meet(r, c))) &&
  event.used.some((i) => !/^(new|added|first|time)$/.test(q.tokens[i].norm));

export interface TimeChoice {
  field?: Field;
  /** Token indexes that named the event. */
  used: number[];
  /** Whether a word named it (rather than the default). */
  named: boolean;
  /** Dimensions named alike (the question must say which). */
  tied?: Field[];
  /** The rows' noun and a past form naming no date ("orders placed"): the default is their own date. */
  rowsOwn?: boolean;
}

/** The one-word names of a member ("order" of Orders; none of Refunded orders). */
const singleKeys = (m: Field) => m.keys.filter((k) => k.length === 1).map((k) => k[0]);

/** Past forms whose event is a noun of another stem ("born": a Date of birth; "died": a Date of death). */
const EVENT_NOUNS = ownTable<string>({ born: 'birth', died: 'death', dead: 'death', wed: 'wedding' });
const eventLemma = (tok: { norm: string; lemma: string }) => EVENT_NOUNS[tok.norm] ?? tok.lemma;

/** Whether a token is a verb's past form ("booked", "sold"): it names the event even when a measure has its stem. */
export const pastForm = (norm: string) =>
  /ed$/.test(norm) ||
  /^(sold|made|began|begun|sent|won|lost|left|paid|bought|built|shut|flew|flown|ran|rode|taught|held|came|went|born)$/.test(
    norm,
  );

/**
 * The time dimension of `source` a question means. `free[i]`: token i may name it. A word that also names a
 * measure names the event only in a past form ("nights booked"; "bookings" and "readings" are the measures).
 */
export function chooseTime(
  q: Question,
  source: SourceInfo,
  free: boolean[],
  isValue: (norm: string) => boolean = () => false,
): TimeChoice {
  const times = source.dimensions.filter((d) => d.type === 'time');
  if (!times.length) return { used: [], named: false };
  const measureWords = new Set(source.measures.flatMap((m) => m.keys.flat()));
  const segments = new Set(
    source.dimensions.filter((d) => d.segment).flatMap((d) => d.keys.filter((k) => k.length === 1).flat()),
  );
  const roots = times.map((t) => eventRoots(t, source));
  const found = times.map((t, ti) => {
    const used: number[] = [];
    let paired = false;
    q.tokens.forEach((tok, i) => {
      // "how many of each" names no Tip-off: a function word is no event's word; nor is a share's part (made-date.ts).
      if (!free[i] || FUNCTION_WORDS.has(tok.lemma) || sharePart(q, i)) return;
      // "checked in last year": the particle may be the period's word too.
      const next = q.tokens[i + 1];
      const pair =
        next && (free[i + 1] || FUNCTION_WORDS.has(next.lemma)) ? eventRoot(tok.lemma + next.lemma) : undefined;
      const hit = roots[ti].some((r) => meet(r, eventRoot(eventLemma(tok))) || (pair !== undefined && r === pair));
      if (!hit) return;
      // "by census year": the word and the next, a grain the time words took, spell the date's whole name (Census
      // year), no measure's (Census years).
      const spelt =
        q.taken[i + 1] === true &&
        t.keys.some((k) => k.length === 2 && k[0] === tok.lemma && k[1] === q.tokens[i + 1]?.lemma);
      // "deliveries in Q4": next to the date, a word naming measures in part (Late deliveries) is its event too; not
      // the source's own noun ("cancelled rentals in 2025"), nor in a share ("what pct of shipments since jan").
      const dated = nextToDate(q, i) && !wholeName(source, tok.lemma) && !source.named.has(tok.lemma) && !q.share;
      if (measureWords.has(tok.lemma) && !pastForm(tok.norm) && !spelt && !dated) return;
      // "open reqs": a word a segment is titled by, not a verb's form ("opened", "we open"), is that segment's.
      if (segments.has(tok.lemma) && !pastForm(tok.norm) && !afterPronoun(q, i)) return;
      used.push(i);
      if (pair === undefined || !roots[ti].includes(pair)) return;
      paired = true;
      if (free[i + 1]) used.push(i + 1);
    });
    return { field: t, used, paired };
  });
  // Only against another event the question names: alone, a making verb leaves the date to the rules below; so does
  // a measure's whole name next to the date ("2024 signups have since cancelled": the sign-up date).
  if (found.some((f) => f.used.length > 0)) {
    for (const [t, at] of madeDates(q, times, free)) found.find((f) => f.field === t)?.used.push(...at);
    const named = q.tokens.findIndex((t, i) => free[i] && nextToDate(q, i) && wholeName(source, t.lemma));
    const hit =
      named < 0 ? [] : found.filter((f, fi) => roots[fi].some((r) => meet(r, eventRoot(q.tokens[named].lemma))));
    // Not when the other event's word qualifies it ("cancelled rentals in 2025": the cancellations').
    const beside = found.some((f) => f.used.some((u) => Math.abs(u - named) === 1));
    if (hit.length === 1 && !beside && !hit[0].used.includes(named)) hit[0].used.push(named);
  }
  const most = Math.max(...found.map((f) => f.used.length));
  let top = found.filter((f) => f.used.length === most);
  // "checked in last month": the verb with its particle, though the period took the particle.
  if (top.filter((f) => f.paired).length === 1) top = top.filter((f) => f.paired);
  top = dateNextTo(q, top);
  // "deliveries in Q4": of Delivery appointment and Delivered at, what happened; of a span's start and end, its start.
  const happened = happenedOf(top, (f) => roots[times.indexOf(f.field)]);
  top = spanStart(q, happened);
  // "new guests", "first-time donors": their creation-like time (it explains the words "new", "first time").
  const firsts = times.filter((t) => t.keys.some((k) => k.includes('first')));
  const fresh = q.tokens.flatMap((t, i) =>
    free[i] &&
    (/^(new|added)$/.test(t.norm) ||
      (firsts.length === 1 &&
        ((t.norm === 'first' && q.tokens[i + 1]?.norm === 'time') ||
          (t.norm === 'time' && q.tokens[i - 1]?.norm === 'first'))))
      ? [i]
      : [],
  );
  // "new donors we acquired": the event a date's description names ("first gift date (acquisition)") makes them new.
  const described = most > 0 ? undefined : describedEvent(q, source, times, free, isValue);
  if (described) return { ...described, used: [...described.used, ...fresh] };
  if (most > 0 && top.length > 1) return { used: [], named: true, tied: top.map((f) => f.field) };
  const creates = (f: Field) => roots[times.indexOf(f)].some((r) => CREATION.some((c) => meet(r, c)));
  if (most > 0) {
    const made = creates(top[0].field) || (firsts.length === 1 && top[0].field === firsts[0]);
    const used = made ? [...top[0].used, ...fresh] : top[0].used;
    return { field: top[0].field, used, named: true };
  }
  // With no creation-like time, the first: the date a row is entered ("new listings": Listed date).
  // "first time donors": the one date titled "first …" (only then are they words of a date).
  const firstTime = fresh.some((i) => q.tokens[i].norm === 'first') && firsts.length === 1 ? firsts[0] : undefined;
  // Else the creation-like one, else the one titled "first …" (First gift date: when the thing was new).
  const created = fresh.length
    ? (firstTime ?? times.find(creates) ?? (firsts.length === 1 ? firsts[0] : times[0]))
    : undefined;
  if (created) return { field: created, used: fresh, named: true };
  // "campaigns we launched", "did we open": a verb of creating that names no date picks the one creation-like date.
  const verb = q.tokens.findIndex(
    (t, i) =>
      free[i] && (pastForm(t.norm) || afterPronoun(q, i)) && CREATION.some((c) => meet(eventRoot(stem(t.norm)), c)),
  );
  const creating = times.filter(creates);
  // "how many people did we hire": a verb a filtered count is titled by (Hires) is that measure's, dated by it.
  const counts = source.measures.filter((m) => m.keeps?.length).flatMap((m) => m.keys.flat().map(eventRoot));
  const counted = verb >= 0 && counts.some((c) => meet(c, eventRoot(q.tokens[verb].lemma)));
  if (verb >= 0 && creating.length === 1 && !counted) return { field: creating[0], used: [verb], named: true };
  // "how many projects did we finish": a verb of ending picks the one ending-like date that is no plan (Completion
  // date, not Planned end): what happened, not what was meant to.
  const ends = q.tokens.findIndex(
    (t, i) =>
      free[i] && (pastForm(t.norm) || afterPronoun(q, i)) && ENDING.some((c) => meet(eventRoot(stem(t.norm)), c)),
  );
  const ended = times.filter((t, ti) => roots[ti].some((r) => ENDING.some((c) => meet(r, c))) && !planned(roots[ti]));
  if (ends >= 0 && ended.length === 1) return { field: ended[0], used: [ends], named: true };
  // "refund rate on orders placed in Q3": the rows' own noun (the source's or its plain count's) then a past form
  // naming no date and no value asks for the rows' own first date, not one the measure's words name (Refund date).
  const rows = new Set([...source.named, ...source.measures.filter((m) => m.agg === 'count').flatMap(singleKeys)]);
  const placed = q.tokens.findIndex(
    (t, i) => free[i] && i > 0 && pastForm(t.norm) && !isValue(t.norm) && rows.has(q.tokens[i - 1].lemma),
  );
  return { field: times[0], used: [], named: false, ...(placed >= 0 && { rowsOwn: true }) };
}

/**
 * "paid on claims settled in 2025": a verb's past form no member's name has, no value, that one time dimension's
 * description names ("Closed date: when the claim was settled or denied") — the source's own noun aside.
 */
function describedEvent(
  q: Question,
  source: SourceInfo,
  times: Field[],
  free: boolean[],
  isValue: (norm: string) => boolean,
): TimeChoice | undefined {
  const roots = (t: Field) =>
    [...t.described]
      .filter(
        (w) => w.length >= 3 && !GENERIC.has(w) && !FUNCTION_WORDS.has(w) && !FILLER.has(w) && !source.named.has(w),
      )
      .map(eventRoot);
  const names = (t: Field, i: number) => roots(t).some((r) => meet(r, eventRoot(q.tokens[i].lemma)));
  // A past form, or a verb after its subject ("did we acquire").
  const verb = (i: number) => /ed$/.test(q.tokens[i].norm) || afterPronoun(q, i);
  const at = q.tokens.flatMap((t, i) => (free[i] && verb(i) && !isValue(t.norm) ? [i] : []));
  const hits = times.flatMap((t) => at.filter((i) => names(t, i)).map((i) => ({ field: t, used: [i], named: true })));
  if (hits.length !== 1) return undefined;
  // "joined the co-op" of "date the farm joined the co-op": the words after the verb its description writes too.
  const [hit, object] = [hits[0], hits[0].field.described];
  for (
    let j = hit.used[0] + 1;
    free[j] && (FUNCTION_WORDS.has(q.tokens[j].lemma) || object.has(q.tokens[j].lemma));
    j++
  )
    if (!FUNCTION_WORDS.has(q.tokens[j].lemma)) hit.used.push(j);
  return hit;
}

/**
 * The time dimensions a breakdown names with a date word, best first, event words included ("by hire date", "by
 * departure time"; "by bookings" names no Booking date).
 */
export const namedIn = (q: Question, part: number[], times: Field[]) =>
  part.some((i) => /^(date|dates|time|times|day|days|timestamp|datetime)$/.test(q.tokens[i].norm))
    ? rank(
        times,
        q.tokens.map((t, i) => (part.includes(i) ? t.lemma : undefined)),
      )
    : [];

/**
 * The words of an event that name only it: a past form spelled as the time dimension's own word ("opened" of Opened)
 * that no value is written as. Such a word is no value it only inflects ("tickets opened last month" are not the
 * status Open); a value written alike ("canceled": Canceled) stays a value too.
 */
export function eventOnly(q: Question, event: TimeChoice, writtenAsValue: (norm: string) => boolean): number[] {
  const field = event.field;
  if (!field || !event.named) return [];
  return event.used.filter((i) => {
    const norm = q.tokens[i].norm;
    return /ed$/.test(norm) && field.written.has(norm) && !writtenAsValue(norm);
  });
}

/**
 * Whether a value filter is only the event of a period ("completed last month": the Completed date in the period,
 * not also the status it leaves): its word names the event, the question names a period, and it is one value.
 */
export function periodOfEvent(
  q: Question,
  event: TimeChoice,
  filter: Filter,
  start: number,
  all: [Filter, number][],
): boolean {
  if (!q.time.ranges.length || !event.field || filter.op !== '=' || filter.values.length !== 1) return false;
  // The value is the event's own word ("completed": Completed; "new" is no New York).
  const value = String(filter.values[0]);
  if (/\s/.test(value.trim()) || lemma(fold(value)) !== q.tokens[start]?.lemma) return false;
  return event.used.includes(start) && !all.some(([f, s]) => f !== filter && s === start);
}

/**
 * The time a plan uses: a date breakdown's, the event's, else the date the measure's own words name, else the source's
 * first; whether the question asks for time at all, and whether only rows having the event count ("how many bookings
 * were canceled", when that is not the source's own date). Dimensions named alike when the question must say which.
 */
export function timeOf(
  q: Question,
  source: SourceInfo,
  event: TimeChoice,
  measure: Field,
  byDate: Field | undefined,
  eventIsValue: boolean,
  groups: Field[] = [],
): { wantsTime: boolean; timeField?: Field; present: boolean } | { tied: Field[] } {
  const wantsTime =
    q.time.ranges.length > 0 || q.time.grain !== undefined || q.time.weekdays !== undefined || byDate !== undefined;
  const season = q.time.season && !byDate && wholeYears(q) ? seasonColumn(source) : undefined;
  if (season) return { wantsTime, timeField: season, present: false };
  if (event.tied && !byDate && (wantsTime || !eventIsValue)) return { tied: event.tied };
  // "tickets sold in the 2024 season": a season is of events' dates, not of sales; with several, the question says.
  const times = source.dimensions.filter((d) => d.type === 'time');
  if (q.time.season && !byDate && !event.named && times.length > 1) return { tied: times };
  const own =
    byDate ?? (event.named || event.rowsOwn ? event.field : (measureTime(measure, source) ?? entityTime(q, source)));
  // With no other cue, a title naming another entity's time than the first contradicts it ("HIIT attendance rate
  // last month": classes held then, or bookings made then?); the question must say which, as "Campaign performance"
  // with a Campaign start beside each day's Date shows the title alone cannot.
  const titled = own ? undefined : titleTime(source);
  if (wantsTime && titled && event.field && titled !== event.field) return { tied: [event.field, titled] };
  const timeField = own ?? unflagged(source, measure, event.field, (t) => eventRoots(t, source), eventRoot);
  const present =
    !!timeField &&
    event.named &&
    !eventIsValue &&
    !q.time.ranges.length &&
    timeField !== source.dimensions.find((d) => d.type === 'time') &&
    // "cancellation rate by pick-up city": the event's words qualify the breakdown (Pickup city), not the rows.
    !groups.some((g) => g.keys.some((k) => event.used.every((i) => k.includes(q.tokens[i].lemma))));
  return { wantsTime, timeField, present };
}

/** Whether a dimension of year numbers serves the time asked: whole years, by year or as a trend (yearly), no weekdays. */
export const wholeYears = (q: Question) =>
  (q.time.grain === undefined || q.time.grain === 'year' || q.time.trend === true) &&
  !q.time.weekdays &&
  q.time.ranges.every((r) => yearsOf(r, q.time.untilNow) !== undefined);
