// Time zones of load queries (`timezone`, an IANA name; default UTC) without DuckDB's ICU extension, which the hardened
// engine does not load: offsets come from the runtime's Intl data, and a column's UTC wall time becomes local time in
// SQL through a CASE over the zone's offset changes. Stored TIMESTAMPs are UTC.

import { invalid } from '../errors.js';

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
