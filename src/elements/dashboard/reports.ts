// What a dashboard's report runs: its load query (`meta.query`) if present, else its SQL, with the dashboard's
// filters that concern it (the blank value '' matching NULL too) and the time-grain override. Pure: no DOM, no
// transport.

import type { LoadFilter, LoadQuery, ReportSnapshot, TimeGranularity } from '../../api/types.js';

/** The cube (or view) of a member: `sales.customers_region` → `sales`. */
export const cubeOf = (member: string): string => member.split('.')[0];

/** Every member a load query names (measures, dimensions, time dimensions, segments, filters at any depth). */
export function membersOf(query: LoadQuery): string[] {
  const out: string[] = [...(query.measures ?? []), ...(query.dimensions ?? []), ...(query.segments ?? [])];
  for (const t of query.timeDimensions ?? []) out.push(t.dimension);
  const walk = (filters: LoadFilter[] | undefined) => {
    for (const f of filters ?? []) {
      if ('member' in f && typeof f.member === 'string') out.push(f.member);
      if ('and' in f) walk(f.and);
      if ('or' in f) walk(f.or);
    }
  };
  walk(query.filters);
  return out;
}

/** The cubes or views a report reads: from its load query, or the identifiers after FROM/JOIN in its SQL. */
export function cubesOf(report: ReportSnapshot): Set<string> {
  const query = report.meta?.query;
  if (query) return new Set(membersOf(query).map(cubeOf));
  const sql = report.sqlQuery ?? '';
  return new Set([...sql.matchAll(/\b(?:from|join)\s+"?([A-Za-z_][\w]*)"?/gi)].map((m) => m[1]));
}

/** Whether a filter on `member` applies to `report` (the report reads the member's cube or view). */
export function usesMember(report: ReportSnapshot, member: string): boolean {
  return cubesOf(report).has(cubeOf(member));
}

/** Whether the time grain applies: the load query has a time dimension, or the SQL truncates dates. */
export function usesTimeGrain(report: ReportSnapshot): boolean {
  const query = report.meta?.query;
  if (query) return (query.timeDimensions ?? []).length > 0;
  return /\bdate_trunc\s*\(/i.test(report.sqlQuery ?? '');
}

export type DashboardFilters = ReadonlyMap<string, readonly string[]>;

/** The request of a report under the dashboard's filters and time grain. */
export type ReportRequest =
  | { kind: 'load'; query: LoadQuery; filters?: LoadFilter[]; timeGrain?: TimeGranularity }
  | { kind: 'sql'; query: string; filters?: LoadFilter[]; timeGrain?: TimeGranularity };

export function reportRequest(
  report: ReportSnapshot,
  filters: DashboardFilters,
  timeGrain: TimeGranularity | undefined,
): ReportRequest | undefined {
  const applied: LoadFilter[] = [];
  for (const [member, values] of filters) {
    if (!values.length || !usesMember(report, member)) continue;
    // '' stands for the blank value a FILTER offers as "(none)": NULL or empty text.
    const equals: LoadFilter = { member, operator: 'equals', values: [...values] };
    applied.push(values.includes('') ? { or: [equals, { member, operator: 'notSet' }] } : equals);
  }
  const extra = {
    ...(applied.length && { filters: applied }),
    ...(timeGrain && usesTimeGrain(report) && { timeGrain }),
  };
  if (report.meta?.query) return { kind: 'load', query: report.meta.query, ...extra };
  if (report.sqlQuery) return { kind: 'sql', query: report.sqlQuery, ...extra };
  return undefined;
}
