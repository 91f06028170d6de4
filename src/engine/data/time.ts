// Time in one place: instants (epoch ms), the API's timestamp texts, time zones and date ranges, and their SQL.
// Stored TIMESTAMPs are UTC wall times and carry no zone; a query's `timezone` (an IANA name, default UTC) is read
// from the runtime's Intl data, without DuckDB's ICU extension, which the hardened engine does not load: a column's
// UTC time becomes local time in SQL through a CASE over the zone's offset changes. Date ranges (`[from, to]` or
// phrases such as `today`, `last 6 months`, `this quarter`) are resolved against the engine clock in the query's
// zone, then turned into UTC TIMESTAMP bounds, as Cube does. Follow a query's `now` and `timezone` here.

import type { DateRange } from '../../api/types.js';
import { invalid } from '../errors.js';

// ── Instants and their texts ─────────────────────────────────────────────────────────────────────────────────────

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Epoch ms as the API's local timestamp text: `2024-03-05T10:00:00.000` (TIMESTAMP has no zone). */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/** Parses an ISO 8601 local time ('2024-03-05T10:00:00') as epoch ms of that wall-clock time in UTC. */
export function parseLocalTime(text: string): number {
  const [date, time = '00:00:00'] = text.replace(' ', 'T').split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = '0'] = time.split(':');
  return Date.UTC(y, m - 1, d, Number(hh), Number(mm), 0, Math.round(Number(ss) * 1000));
}

/** A timestamp text as a SQL TIMESTAMP literal (escaped as every filter value is). */
export const timestamp = (text: string) => `TIMESTAMP '${text.replace('T', ' ').replace(/'/g, "''")}'`;

// ── Time zones ───────────────────────────────────────────────────────────────────────────────────────────────────

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
/** The span whose offset changes are rendered; outside it the first or last offset holds. */
const SPAN = [Date.UTC(1960, 0, 1), Date.UTC(2070, 0, 1)] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Checks an IANA time zone name; 400 naming it when the runtime does not know it. */
export function checkTimeZone(zone: string): string {
  if (zone === 'UTC') return zone;
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
      );
    } catch {
      throw invalid(`Unknown timezone ${zone}: use an IANA name such as Europe/Berlin`);
    }
  }
  return zone;
}

/** Local minus UTC wall time, in ms, of `zone` at the instant `utcMs`. */
export function offsetAt(zone: string, utcMs: number): number {
  if (zone === 'UTC') return 0;
  checkTimeZone(zone);
  const parts: Record<string, number> = {};
  for (const p of formatters.get(zone)!.formatToParts(new Date(utcMs))) parts[p.type] = Number(p.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant whose local time in `zone` is `localMs` (wall-clock ms). */
export function localToUtc(zone: string, localMs: number): number {
  const guess = localMs - offsetAt(zone, localMs);
  return localMs - offsetAt(zone, guess);
}

/** UTC wall time → local wall time of the instant `utcMs`. */
export const utcToLocal = (zone: string, utcMs: number) => utcMs + offsetAt(zone, utcMs);

const transitionCache = new Map<string, { at: number; offset: number }[]>();

/** The zone's offsets over SPAN: the first, then each change (the instant it takes effect and the new offset). */
function transitions(zone: string): { at: number; offset: number }[] {
  let list = transitionCache.get(zone);
  if (list) return list;
  list = [{ at: -Infinity, offset: offsetAt(zone, SPAN[0]) }];
  for (let t = SPAN[0]; t < SPAN[1]; t += WEEK) {
    const next = Math.min(t + WEEK, SPAN[1]);
    const offset = offsetAt(zone, next);
    if (offset === list[list.length - 1].offset) continue;
    let [lo, hi] = [t, next]; // the change is in (lo, hi]
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (offsetAt(zone, mid) === offset) hi = mid;
      else lo = mid;
    }
    list.push({ at: hi, offset });
  }
  transitionCache.set(zone, list);
  return list;
}

const stamp = (ms: number) => `TIMESTAMP '${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}'`;

/** SQL turning `expr` (a UTC TIMESTAMP) into the local time of `zone`, as DuckDB's timezone() would. */
export function toLocalSql(zone: string, expr: string): string {
  if (zone === 'UTC') return expr;
  const list = transitions(zone);
  const seconds = (ms: number) => String(ms / 1000);
  if (list.length === 1) return `(${expr} + to_seconds(${seconds(list[0].offset)}))`;
  const cases = list
    .slice(1)
    .map((t, i) => `WHEN ${expr} < ${stamp(t.at)} THEN ${seconds(list[i].offset)}`)
    .join(' ');
  return `(${expr} + to_seconds(CASE ${cases} ELSE ${seconds(list[list.length - 1].offset)} END))`;
}

// ── Date ranges ──────────────────────────────────────────────────────────────────────────────────────────────────

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
const UNITS: Unit[] = ['day', 'week', 'month', 'quarter', 'year'];
const DAY = 86_400_000;

/** Start of the `unit` containing `ms` (weeks start on Monday, as DATE_TRUNC('week') does). */
export function startOf(unit: Unit, ms: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return Date.UTC(y, m, d.getUTCDate());
    case 'week':
      return Date.UTC(y, m, d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * DAY;
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

export function add(unit: Unit, ms: number, n: number): number {
  const d = new Date(ms);
  switch (unit) {
    case 'day':
      return ms + n * DAY;
    case 'week':
      return ms + 7 * n * DAY;
    case 'month':
    case 'quarter':
    case 'year': {
      const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + months,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      );
    }
  }
}

const unitOf = (word: string): Unit | undefined => UNITS.find((u) => word === u || word === `${u}s`);

/** [from, to] as inclusive UTC TIMESTAMP texts; the range is read in `zone`'s local time. */
export function resolveDateRange(range: DateRange, nowMs: number, zone = 'UTC'): [string, string] {
  const [from, to] = resolveLocalRange(range, utcToLocal(zone, nowMs));
  return [formatTimestamp(localToUtc(zone, from)), formatTimestamp(localToUtc(zone, to))];
}

/** The start of a date or date-time text (a bare date: its midnight), as wall-clock ms; 400 if it is not one. */
export function startOfText(text: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? parseLocalTime(text) : NaN;
  if (Number.isNaN(ms)) throw invalid(`Invalid date ${JSON.stringify(text)}`);
  return ms;
}

/** [from, to] as inclusive wall-clock ms. */
function resolveLocalRange(range: DateRange, nowMs: number): [number, number] {
  const bad = () => invalid(`Unsupported dateRange ${JSON.stringify(range)}: use [from, to] or e.g. "last 6 months"`);
  if (Array.isArray(range)) {
    const [from, to] = range.map((t) => {
      if (!/^\d{4}-\d{2}-\d{2}/.test(t)) throw bad();
      return t;
    });
    const start = parseLocalTime(from);
    const endBase = parseLocalTime(to);
    // A bare date as the end means the whole day.
    const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? endBase + DAY - 1 : endBase;
    if (Number.isNaN(start) || Number.isNaN(end)) throw bad();
    return [start, end];
  }
  const text = range.trim().toLowerCase();
  const today = startOf('day', nowMs);
  let start: number;
  let end: number;
  let m: RegExpExecArray | null;
  if (text === 'today') [start, end] = [today, today + DAY];
  else if (text === 'yesterday') [start, end] = [today - DAY, today];
  else if ((m = /^this (\w+)$/.exec(text)) && unitOf(m[1])) {
    const unit = unitOf(m[1])!;
    start = startOf(unit, nowMs);
    end = add(unit, start, 1);
  } else if ((m = /^last (\w+)$/.exec(text)) && unitOf(m[1])) {
    const unit = unitOf(m[1])!;
    end = startOf(unit, nowMs);
    start = add(unit, end, -1);
  } else if ((m = /^(?:last|past) (\d+) (\w+)$/.exec(text)) && unitOf(m[2])) {
    // "last 6 months": the six whole units before the current one... plus today, as Cube does: up to the end of today.
    const unit = unitOf(m[2])!;
    end = today + DAY;
    start = add(unit, today, -Number(m[1]) + (unit === 'day' ? 1 : 0));
  } else if ((m = /^from (\d+) (\w+) ago to now$/.exec(text)) && unitOf(m[2])) {
    end = nowMs + 1;
    start = add(unitOf(m[2])!, nowMs, -Number(m[1]));
  } else throw bad();
  return [start, end - 1];
}

/** A filter's date or date-time text (a bare date: its midnight) as a TIMESTAMP of that wall-clock time (no zone). */
export const wallTimeSql = (text: string) => timestamp(formatTimestamp(startOfText(text)));

/** The start of a filter's date or date-time text read in `zone`'s local time, as a UTC TIMESTAMP. */
export const zonedStartSql = (zone: string, text: string) =>
  timestamp(formatTimestamp(localToUtc(zone, startOfText(text))));
