// Cube's REST dialect on the way in: the query from the `query` parameter (GET) or body (POST), JSON text or an
// object; an array of queries (a blending query) or one query whose `compareDateRange` fans out into one query per
// range; `dimension` as the old name of a filter's `member`; `cube.member.granularity` dimensions as time dimensions.
// And Cube's echo of a query: limit, time zone, order pairs and date ranges resolved to local timestamps.

import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from '../../api/errors.js';
import { CUBESQL_DEFAULT_ROW_LIMIT } from '../../api/limits.js';
import { LoadFilterSchema, LoadQuerySchema, parseRequest } from '../../api/schemas.js';
import type {
  CubeQueryType,
  DashboardQueryOverrides,
  DateRange,
  LoadFilter,
  LoadQuery,
  TimeGranularity,
} from '../../api/types.js';
import { TIME_GRANULARITIES } from '../../api/types.js';
import { formatTimestamp, parseLocalTime, resolveDateRange, utcToLocal } from '../data/time.js';
import { checkCubeQuery } from '../domain/cube-query-checks.js';
import { jsonBody, jsonDeeperThan } from './request.js';
import { MAX_JSON_DEPTH } from '../../api/limits.js';

/** A 400 as Cube's gateway answers a UserError: `{"error": "…"}` (the REST error body, api/errors.ts). */
export class CubeUserError extends ApiError {
  constructor(message: string) {
    super({ status: 400, message });
  }
}

/** What a Cube request carries: the query as sent, `queryType` (`multi` from Cube's clients) and our dashboards' extras. */
export interface CubeRequest {
  query: unknown;
  /** How a schema failure is worded: `Invalid query format` (GET, Cube's words) or our `Invalid request body` (POST). */
  via: 'GET' | 'POST';
  multi: boolean;
  overrides: DashboardQueryOverrides;
}

const Overrides = v.object({
  filters: v.optional(v.array(LoadFilterSchema)),
  timeGrain: v.optional(v.picklist(TIME_GRANULARITIES)),
});

/** Reads a Cube request: GET `?query=…&queryType=…`, or a POST body `{query, queryType, filters?, timeGrain?}`. */
export async function readCubeRequest(c: Context): Promise<CubeRequest> {
  if (c.req.method === 'GET') {
    const text = c.req.query('query');
    if (text !== undefined && jsonDeeperThan(text, MAX_JSON_DEPTH))
      throw new CubeUserError(`query is nested deeper than ${MAX_JSON_DEPTH} levels`);
    return { query: text, via: 'GET', multi: c.req.query('queryType') === 'multi', overrides: {} };
  }
  const body = (await jsonBody(c, v.record(v.string(), v.unknown(), 'must be a JSON object'))) as Record<
    string,
    unknown
  >;
  const { filters, timeGrain } = parseRequest(Overrides, { filters: body.filters, timeGrain: body.timeGrain });
  return {
    query: body.query,
    via: 'POST',
    multi: body.queryType === 'multi',
    overrides: { ...(filters && { filters }), ...(timeGrain && { timeGrain }) },
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The query parameter as Cube's gateway reads it: required, JSON text or already an object or array. */
function parseQueryParam(query: unknown): unknown {
  if (query === undefined || query === null || query === '' || query === 'undefined')
    throw new CubeUserError('query param is required');
  if (typeof query !== 'string') return query;
  try {
    return JSON.parse(query);
  } catch {
    throw new CubeUserError('Invalid query format: query is not valid JSON');
  }
}

/** `{dimension}` filters as `{member}`, through and/or trees. */
function renameDimension(filter: unknown): unknown {
  if (!isObject(filter)) return filter;
  if (Array.isArray(filter.and)) return { ...filter, and: filter.and.map(renameDimension) };
  if (Array.isArray(filter.or)) return { ...filter, or: filter.or.map(renameDimension) };
  if (filter.dimension !== undefined && filter.member === undefined) {
    const { dimension, ...rest } = filter;
    return { ...rest, member: dimension };
  }
  return filter;
}

/** One query in Cube's input form → a valid LoadQuery (400 `Invalid query format: …` as Cube words it). */
function readQuery(raw: unknown, via: CubeRequest['via'], path: string): LoadQuery {
  if (!isObject(raw)) throw new CubeUserError('Invalid query format: query must be an object');
  const dimensions = Array.isArray(raw.dimensions) ? (raw.dimensions as unknown[]) : undefined;
  const isTimeDim = (d: unknown) => typeof d === 'string' && d.split('.').length === 3;
  const input: Record<string, unknown> = {
    ...raw,
    ...(Array.isArray(raw.filters) && { filters: raw.filters.map(renameDimension) }),
    ...(dimensions && { dimensions: dimensions.filter((d) => !isTimeDim(d)) }),
    ...(Array.isArray(raw.timeDimensions) && {
      timeDimensions: raw.timeDimensions.map((td: unknown) =>
        isObject(td) && Array.isArray(td.dateRange) && td.dateRange.length === 1
          ? { ...td, dateRange: [td.dateRange[0], td.dateRange[0]] }
          : td,
      ),
    }),
  };
  const fromDimensions = (dimensions ?? []).filter(isTimeDim).map((d) => {
    const [cube, member, granularity] = (d as string).split('.');
    return { dimension: `${cube}.${member}`, granularity };
  });
  if (fromDimensions.length)
    input.timeDimensions = [...((input.timeDimensions as unknown[] | undefined) ?? []), ...fromDimensions];
  checkCubeQuery(input);
  const query: LoadQuery =
    via === 'GET'
      ? parseRequest(LoadQuerySchema, input, 'Invalid query format')
      : parseRequest(v.object({ [path]: LoadQuerySchema }), { [path]: input })[path];
  for (const td of query.timeDimensions ?? []) {
    if (td.dateRange !== undefined && td.compareDateRange !== undefined)
      throw new CubeUserError('Invalid query format: "value" contains a conflict between optional exclusive peers');
  }
  const valid =
    query.measures?.length || query.dimensions?.length || query.timeDimensions?.some((td) => !!td.granularity);
  if (!valid)
    throw new CubeUserError(
      'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid',
    );
  return query;
}

/**
 * How many queries one request may fan out into (compareDateRange's ranges, a blending query's queries) by default:
 * each is one query on the engine's single DuckDB. Cube sets no limit; a year of months fits.
 */
export const DEFAULT_MAX_QUERIES_PER_REQUEST = 12;

/** Cube's compareDateRange: one query per range, the time dimension's `dateRange` set to it. */
function compareDateRanges(query: LoadQuery, max: number): LoadQuery[] | undefined {
  const tds = query.timeDimensions ?? [];
  const comparing = tds.filter((td) => td.compareDateRange !== undefined);
  if (comparing.length === 0) return undefined;
  if (comparing.length > 1) throw new CubeUserError('compareDateRange can only exist for one timeDimension');
  const ranges = comparing[0].compareDateRange!;
  if (ranges.length > max)
    throw new CubeUserError(
      `Invalid query format: compareDateRange may have at most ${max} date ranges, got ${ranges.length}`,
    );
  return ranges.map((dateRange) => ({
    ...query,
    timeDimensions: tds.map((td) => {
      if (td !== comparing[0]) return td;
      const { compareDateRange: _, ...rest } = td;
      return { ...rest, dateRange };
    }),
  }));
}

/**
 * The queries of a request and their type, as Cube's gateway reads them; a request that fans out into more than
 * `maxQueries` queries is refused before any is read.
 */
export function cubeQueries(
  request: CubeRequest,
  maxQueries = DEFAULT_MAX_QUERIES_PER_REQUEST,
): { queryType: CubeQueryType; queries: LoadQuery[] } {
  const raw = parseQueryParam(request.query);
  if (Array.isArray(raw)) {
    if (raw.length === 0) throw new CubeUserError('Invalid query format: query must not be empty');
    if (raw.length > maxQueries)
      throw new CubeUserError(
        `Invalid query format: a data blending query may have at most ${maxQueries} queries, got ${raw.length}`,
      );
    const queries = raw.map((q, i) => readQuery(q, request.via, `query[${i}]`));
    const granularities = new Set(queries.map((q) => q.timeDimensions?.[0]?.granularity).filter(Boolean));
    if (granularities.size > 1) throw new CubeUserError('Data blending query granularities must match');
    if (granularities.size === 0) throw new CubeUserError('Data blending query without granularity is not supported');
    return { queryType: 'blendingQuery', queries };
  }
  const query = readQuery(raw, request.via, 'query');
  const compared = compareDateRanges(query, maxQueries);
  if (compared) return { queryType: 'compareDateRangeQuery', queries: compared };
  return { queryType: 'regularQuery', queries: [query] };
}

/** A query type other than a regular query needs a client that asks `queryType: "multi"` (Cube's words). */
export function requireMulti(queryType: CubeQueryType, multi: boolean): void {
  if (queryType !== 'regularQuery' && !multi)
    throw new CubeUserError(`'${queryType}' query type is not supported by the client.Please update the client.`);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date range as Cube's normalized query shows it: local timestamps, a bare date covering its whole day. */
export function normalizedDateRange(range: DateRange, nowMs: number, zone: string): [string, string] {
  if (typeof range === 'string') {
    const local = (utc: string) => formatTimestamp(utcToLocal(zone, parseLocalTime(utc)));
    const [from, to] = resolveDateRange(range, nowMs, zone);
    return [local(from), local(to)];
  }
  const at = (text: string, end: boolean) => {
    if (DATE_ONLY.test(text)) return `${text}T${end ? '23:59:59.999' : '00:00:00.000'}`;
    const ms = parseLocalTime(text);
    return Number.isNaN(ms) ? text : formatTimestamp(ms);
  };
  return [at(range[0], false), at(range[1], true)];
}

function normalizedFilter(filter: LoadFilter): LoadFilter {
  if ('and' in filter) return { and: filter.and.map(normalizedFilter) };
  if ('or' in filter) return { or: filter.or.map(normalizedFilter) };
  return filter.values ? { ...filter, values: filter.values.map((x) => String(x)) } : filter;
}

/** The query as Cube echoes it in a result (`query`) and in `/dry-run` (`normalizedQueries`). */
export function normalizedQuery(query: LoadQuery, nowMs: number): LoadQuery {
  const timezone = query.timezone ?? 'UTC';
  const order = query.order && (Array.isArray(query.order) ? query.order : Object.entries(query.order));
  return {
    ...query,
    ...(order && { order }),
    limit: query.limit ?? CUBESQL_DEFAULT_ROW_LIMIT,
    timezone,
    filters: (query.filters ?? []).map(normalizedFilter),
    dimensions: query.dimensions ?? [],
    timeDimensions: (query.timeDimensions ?? []).map((td) => ({
      ...td,
      ...(td.dateRange !== undefined && { dateRange: normalizedDateRange(td.dateRange, nowMs, timezone) }),
    })),
  };
}

/** The query client libraries pivot by: the first one; compared ranges add a `compareDateRange` dimension. */
export function pivotQuery(queryType: CubeQueryType, queries: LoadQuery[]): LoadQuery & { queryType: CubeQueryType } {
  if (queryType === 'blendingQuery') {
    const uniq = (key: 'measures' | 'dimensions') => [...new Set(queries.flatMap((q) => q[key] ?? []))];
    const granularity = queries.map((q) => q.timeDimensions?.[0]?.granularity).find(Boolean) as TimeGranularity;
    return {
      measures: uniq('measures'),
      dimensions: uniq('dimensions'),
      timeDimensions: [{ dimension: 'time', granularity }],
      queryType,
    };
  }
  const first = queries[0];
  if (queryType === 'compareDateRangeQuery')
    return { ...first, dimensions: ['compareDateRange', ...(first.dimensions ?? [])], queryType };
  return { ...first, queryType };
}
