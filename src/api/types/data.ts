// The data API (shapes of the vendor's public docs, Cube's REST dialect).

import type { SchemaColumn } from './chat.js';
import type { MemberType } from './enums.js';

// ─── Data API (shapes of the vendor's public docs) ─────────────────────────────────────────

export const TIME_GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGranularity = (typeof TIME_GRANULARITIES)[number];

export const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
  'measureFilter',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface MemberFilter {
  member: string;
  operator: FilterOperator;
  values?: (string | number | boolean)[];
}
export type LoadFilter = MemberFilter | { and: LoadFilter[] } | { or: LoadFilter[] };

/** A date range: `[from, to]` or a relative phrase such as `last 6 months`. */
export type DateRange = string | [string, string];

export interface TimeDimension {
  dimension: string;
  granularity?: TimeGranularity;
  dateRange?: DateRange;
  /** Cube's period comparison: one query per range, answered as a `compareDateRangeQuery` (the data API). */
  compareDateRange?: DateRange[];
}

export type OrderDirection = 'asc' | 'desc';

export interface LoadQuery {
  measures?: string[];
  dimensions?: string[];
  segments?: string[];
  timeDimensions?: TimeDimension[];
  filters?: LoadFilter[];
  order?: Record<string, OrderDirection> | [string, OrderDirection][];
  limit?: number;
  offset?: number;
  total?: boolean;
  timezone?: string;
  /** No GROUP BY: one row per joined row (the primary key of every joined cube must be among the dimensions). */
  ungrouped?: boolean;
  /** Not a query field for Cube's gateway (1.7): it refuses it (`"renewQuery" is not allowed`), and so does the engine. */
  renewQuery?: boolean;
  /** Cube's explicit join paths: refused by the local engine (400). */
  joinHints?: unknown;
  /** Cube's row encoding: `compact` answers `data` as `{members, dataset}`, `columnar` as `{members, columns}`. */
  responseFormat?: 'default' | 'compact' | 'columnar';
  /** Cube's cache mode: the local engine has no result cache, so every mode reads fresh data. */
  cache?: 'stale-if-slow' | 'stale-while-revalidate' | 'must-revalidate' | 'no-cache';
}

/** Extra body fields dashboards send with a load or cubesql request. */
export interface DashboardQueryOverrides {
  filters?: LoadFilter[];
  timeGrain?: TimeGranularity;
}

export interface LoadRequest extends DashboardQueryOverrides {
  query: LoadQuery;
}

export interface MetaMember {
  name: string;
  title: string;
  shortTitle?: string;
  description?: string;
  type: MemberType | (string & {});
  aggType?: string;
  primaryKey?: boolean;
  /** Cube's display format (`percent`, `currency`, `number`, …) and the model's free-form `meta`. */
  format?: string;
  meta?: Record<string, unknown>;
  /** Measures: the members a drill-down lists (Cube's `drillMembers`, grouped as measures and dimensions). */
  drillMembers?: string[];
  drillMembersGrouped?: { measures: string[]; dimensions: string[] };
  cumulative?: boolean;
  cumulativeTotal?: boolean;
  suggestFilterValues?: boolean;
  /** Listed members are visible (Cube lists only these). */
  isVisible?: boolean;
  public?: boolean;
  /** In a load annotation of a time dimension with a granularity: that granularity. */
  granularity?: { name: string; title: string; interval: string };
}

export interface MetaCube {
  name: string;
  type: 'cube' | 'view';
  title: string;
  description?: string;
  isVisible?: boolean;
  public?: boolean;
  meta?: Record<string, unknown>;
  measures: MetaMember[];
  dimensions: MetaMember[];
  segments: MetaMember[];
}

export interface MetaResponse {
  cubes: MetaCube[];
}

export interface LoadAnnotation {
  measures: Record<string, MetaMember>;
  dimensions: Record<string, MetaMember>;
  segments: Record<string, MetaMember>;
  timeDimensions: Record<string, MetaMember>;
}

export interface LoadResponse {
  query: LoadQuery;
  data: Record<string, unknown>[];
  annotation: LoadAnnotation;
  /** The row count without limit and offset when the query asked `total: true` (absent otherwise, as in Cube). */
  total?: number | null;
  /** Cube's result metadata: when the data was read, from which data source and database, whether it was slow. */
  lastRefreshTime?: string;
  dataSource?: string;
  dbType?: string;
  external?: boolean;
  slowQuery?: boolean;
}

/** Cube's query types: one query, one per `compareDateRange` range, or several blended. */
export type CubeQueryType = 'regularQuery' | 'compareDateRangeQuery' | 'blendingQuery';

/** The answer to `queryType: "multi"` (what Cube's clients ask for): one result per query, and the query to pivot. */
export interface LoadMultiResponse {
  queryType: CubeQueryType;
  results: LoadResponse[];
  pivotQuery: LoadQuery & { queryType: CubeQueryType };
  slowQuery: boolean;
}

/** `/sql`: the SQL a load query runs (`sql: [text, parameters]`) and its order; an array for several queries. */
export interface CubeSqlQueryResponse {
  sql: {
    sql: [string, unknown[]];
    order: Record<string, OrderDirection>;
    dataSource: string;
    external: boolean;
    aliasNameToMember: Record<string, string>;
  };
}

/** `/dry-run`: the queries as the API reads them, without running them. */
export interface CubeDryRunResponse {
  queryType: CubeQueryType;
  normalizedQueries: LoadQuery[];
  queryOrder: Record<string, OrderDirection>[];
  transformedQueries: null[];
  pivotQuery: LoadQuery & { queryType: CubeQueryType };
}

export interface CubeSqlRequest extends DashboardQueryOverrides {
  query: string;
  /** Sent by Cube's clients; accepted (the SQL API reads dates in UTC; no result cache; no long-polling). */
  timezone?: string;
  cache?: LoadQuery['cache'];
  throwContinueWait?: boolean;
}

/** The cubesql NDJSON stream: first line `{schema}`, then `{data}` lines; `{error}` ends it. */
export type CubeSqlLine = { schema: SchemaColumn[] } | { data: unknown[][] } | { error: string };

/** The whole cubesql result once the stream is read. */
export interface CubeSqlResult {
  schema: SchemaColumn[];
  data: unknown[][];
}
