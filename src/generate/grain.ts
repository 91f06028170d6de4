// The granularity a generated time chart starts at: the finest of day, week, month, quarter and year whose periods
// over the data's span fit the chart's width (a point every `pointSpacing` px), so that six months read as weeks or
// months and a century as years — never thousands of daily points in one card. Pure.

import type { TimeGranularity } from '../api/types.js';

/** The grains a generated time chart may start at, finest first. */
export const CHART_GRAINS: TimeGranularity[] = ['day', 'week', 'month', 'quarter', 'year'];

/** A time dimension's first and last value (ISO 8601 text or epoch milliseconds). */
export interface TimeSpan {
  from: string | number;
  to: string | number;
}

const DAY = 86_400_000;
const LENGTH: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30.44 * DAY, quarter: 91.31 * DAY };

/** How many periods of `grain` a span of `ms` milliseconds touches (at least 1). */
export function periodsIn(ms: number, grain: TimeGranularity, from: Date, to: Date): number {
  if (grain === 'year') return to.getUTCFullYear() - from.getUTCFullYear() + 1;
  return Math.max(1, Math.floor(ms / LENGTH[grain]) + 1);
}

const toDate = (v: string | number): Date | undefined => {
  const date = new Date(typeof v === 'number' ? v : /[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * The finest grain whose periods over `span` fit `width` px at one point per `spacing` px; `year` when none does,
 * undefined when the span cannot be read (the caller keeps its default).
 */
export function grainForSpan(span: TimeSpan, width: number, spacing: number): TimeGranularity | undefined {
  const from = toDate(span.from);
  const to = toDate(span.to);
  if (!from || !to || to < from) return undefined;
  const fit = Math.max(2, Math.floor(width / spacing));
  const ms = to.getTime() - from.getTime();
  return CHART_GRAINS.find((g) => periodsIn(ms, g, from, to) <= fit) ?? 'year';
}
