// Date ranges of load queries: `[from, to]` or relative phrases (`today`, `last 6 months`, `this quarter`…) resolved
// against the engine clock in the query's time zone (local wall-clock time), then turned into UTC TIMESTAMP bounds, as
// Cube does: stored times are UTC.

import type { DateRange } from '../../api/types.js';
import { formatTimestamp } from './executor.js';
import { parseLocalTime } from './arrow.js';
import { localToUtc, utcToLocal } from './time-zones.js';
import { invalid } from '../errors.js';

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
