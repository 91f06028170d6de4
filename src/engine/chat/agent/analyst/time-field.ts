// Which time dimension a question means. A word naming an event picks the dimension that event names, by the
// member's name, title and synonyms ("canceled" → canceled_at, "departures" → Departure time, "signed up" →
// signup_date, "check-ins" → Check-in date); "new X" picks the creation-like one; otherwise the source's first time
// dimension. A word that names the event is not also the measure ("nights booked" is Room nights, at Booking date).

import { rank, type Field, type SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS } from './text.js';

/** Words of time dimensions' names that name no event. */
const GENERIC = new Set([
  'date',
  'time',
  'timestamp',
  'day',
  'at',
  'on',
  'ts',
  'dt',
  'datetime',
  'when',
  'utc',
  'local',
]);
/** Events that create a thing: "new customers" counts them by the first of these their source has. */
const CREATION = ['creat', 'sign', 'signup', 'regist', 'join', 'open', 'start', 'hir', 'onboard', 'launch', 'found'];

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

export interface TimeChoice {
  field?: Field;
  /** Token indexes that named the event. */
  used: number[];
  /** Whether a word named it (rather than the default). */
  named: boolean;
  /** Dimensions named alike (the question must say which). */
  tied?: Field[];
}

/** Whether a token is a verb's past form ("booked", "sold"): it names the event even when a measure has its stem. */
const pastForm = (norm: string) =>
  /ed$/.test(norm) ||
  /^(sold|made|began|begun|sent|won|lost|left|paid|bought|built|shut|flew|flown|ran|rode|taught|held|came|went)$/.test(
    norm,
  );

/**
 * The time dimension of `source` a question means. `free[i]`: token i may name it. A word that also names a
 * measure names the event only in a past form ("nights booked"; "bookings" and "readings" are the measures).
 */
export function chooseTime(q: Question, source: SourceInfo, free: boolean[]): TimeChoice {
  const times = source.dimensions.filter((d) => d.type === 'time');
  if (!times.length) return { used: [], named: false };
  const measureWords = new Set(source.measures.flatMap((m) => m.keys.flat()));
  const named = (k: string[]) => k.filter((w) => !GENERIC.has(w) && !FILLER.has(w) && !FUNCTION_WORDS.has(w));
  const roots = times.map((t) =>
    [...new Set(t.keys.flatMap((k) => [...named(k), named(k).join('')]))].filter((w) => w.length >= 3).map(eventRoot),
  );
  const found = times.map((t, ti) => {
    const used: number[] = [];
    q.tokens.forEach((tok, i) => {
      if (!free[i]) return;
      const pair = q.tokens[i + 1] && free[i + 1] ? eventRoot(tok.lemma + q.tokens[i + 1].lemma) : undefined;
      const hit = roots[ti].some((r) => meet(r, eventRoot(tok.lemma)) || (pair !== undefined && r === pair));
      if (!hit) return;
      if (measureWords.has(tok.lemma) && !pastForm(tok.norm)) return;
      used.push(i);
      if (pair !== undefined && roots[ti].includes(pair)) used.push(i + 1);
    });
    return { field: t, used };
  });
  const most = Math.max(...found.map((f) => f.used.length));
  const top = found.filter((f) => f.used.length === most);
  if (most > 0 && top.length > 1) return { used: [], named: true, tied: top.map((f) => f.field) };
  // "new guests": their creation-like time (the word "new" is then explained by it).
  const fresh = q.tokens.flatMap((t, i) => (free[i] && t.norm === 'new' ? [i] : []));
  const creates = (f: Field) => roots[times.indexOf(f)].some((r) => CREATION.some((c) => meet(r, c)));
  if (most > 0) {
    const used = creates(top[0].field) ? [...top[0].used, ...fresh] : top[0].used;
    return { field: top[0].field, used, named: true };
  }
  const created = fresh.length ? times.find(creates) : undefined;
  if (created) return { field: created, used: fresh, named: true };
  return { field: times[0], used: [], named: false };
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
