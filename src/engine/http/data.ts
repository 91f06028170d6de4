// The data API in Cube's REST dialect, so Cube's own clients work unchanged: `/meta`, `/load`
// (and `/subscribe`), `/sql`, `/dry-run` by GET (`?query=…`) or POST (`{query}`), the token bare or after `Bearer`
// (session token or API key), Cube's result shapes, multi-query, compareDateRange, "Continue wait" long-polling,
// UserError bodies; and `/cubesql`, the SQL API as NDJSON. Every answer applies the caller's access policies.

import type { Context, Hono } from 'hono';
import { CubeSqlRequestSchema } from '../../api/schemas.js';
import type {
  CubeDryRunResponse,
  CubeQueryType,
  CubeSqlQueryResponse,
  CubeSqlRequest,
  LoadMultiResponse,
  LoadQuery,
  LoadResponse,
  MetaResponse,
  OrderDirection,
} from '../../api/types.js';
import { authenticateBearer } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import { identityOf } from '../data/identity.js';
import type { Identity } from '../data/policies.js';
import type { DataService } from '../data/service.js';
import { CONTINUE_WAIT, ContinueWait } from './continue-wait.js';
import {
  CubeUserError,
  DEFAULT_MAX_QUERIES_PER_REQUEST,
  cubeQueries,
  normalizedQuery,
  pivotQuery,
  readCubeRequest,
  requireMulti,
  type CubeRequest,
} from './cube-query.js';
import { asApiError } from './errors.js';
import { jsonBody } from './request.js';
import { route } from './route.js';

/** Cube's default: a load still running after 5 s is answered "Continue wait". */
export const DEFAULT_CONTINUE_WAIT_MS = 5_000;

export interface DataRouteOptions {
  /** How long a load runs before the answer is "Continue wait" (Cube's long-polling), in ms. */
  continueWaitMs?: number;
  /**
   * How long a load told "Continue wait" waits for its client to ask again before it is abandoned (its queries not
   * yet run never run), in ms. Default 10,000.
   */
  orphanedTimeoutMs?: number;
  /**
   * How many queries one request may fan out into: the date ranges of a `compareDateRange`, the queries of a data
   * blending query. Default 12 (DEFAULT_MAX_QUERIES_PER_REQUEST); more is a 400.
   */
  maxQueriesPerRequest?: number;
}

/** Cube reads the token bare or after a scheme; a bare token is taken as `Bearer <token>`. */
function bearer(header: string | undefined): string | undefined {
  return header !== undefined && /^\s*\S+\s*$/.test(header) ? `Bearer ${header.trim()}` : header;
}

/** Cube's `/meta`: visible members only, titles prefixed with their cube's, cubes with nothing visible left out. */
function cubeMeta(meta: MetaResponse, onlyViews: boolean): MetaResponse {
  const cubes = meta.cubes
    .filter((cube) => !onlyViews || cube.type === 'view')
    .map((cube) => {
      const shown = (members: MetaResponse['cubes'][number]['measures']) =>
        members
          .filter((m) => m.isVisible !== false)
          .map((m) => ({ ...m, title: `${cube.title} ${m.shortTitle ?? m.title}` }));
      return {
        ...cube,
        measures: shown(cube.measures),
        dimensions: shown(cube.dimensions),
        segments: shown(cube.segments),
      };
    })
    .filter((cube) => cube.measures.length + cube.dimensions.length + cube.segments.length > 0);
  return { cubes };
}

function orderOf(query: LoadQuery): Record<string, OrderDirection> {
  const order = query.order ?? {};
  return Array.isArray(order) ? Object.fromEntries(order) : order;
}

/** `data` in Cube's compact (`{members, dataset}`) or columnar (`{members, columns}`) encoding. */
function encodeRows(result: LoadResponse, format: LoadQuery['responseFormat']): unknown {
  if (format !== 'compact' && format !== 'columnar') return result.data;
  const a = result.annotation;
  const members = result.data.length
    ? Object.keys(result.data[0])
    : [...Object.keys(a.dimensions), ...Object.keys(a.timeDimensions), ...Object.keys(a.measures)];
  if (format === 'compact') return { members, dataset: result.data.map((row) => members.map((m) => row[m])) };
  return { members, columns: members.map((m) => result.data.map((row) => row[m])) };
}

export function dataRoutes(app: Hono, ctx: EngineContext, data: DataService, options: DataRouteOptions = {}): void {
  const waits = new ContinueWait(options.continueWaitMs ?? DEFAULT_CONTINUE_WAIT_MS, options.orphanedTimeoutMs);
  const maxQueries = options.maxQueriesPerRequest ?? DEFAULT_MAX_QUERIES_PER_REQUEST;
  const identity = async (c: Context): Promise<Identity> =>
    identityOf(ctx, await authenticateBearer(ctx, bearer(c.req.header('authorization'))));

  /** A Cube route: the caller, then the request; a 400 of ours answers as Cube's UserError. */
  const cubeRoute =
    (handle: (c: Context, who: Identity, request: CubeRequest) => Promise<Response>) => async (c: Context) => {
      const who = await identity(c);
      try {
        return await handle(c, who, await readCubeRequest(c));
      } catch (error) {
        const refused = asApiError(error);
        if (refused?.status === 400 && !(refused instanceof CubeUserError)) throw new CubeUserError(refused.message);
        throw error;
      }
    };

  /** One result per query, shaped as Cube answers it; one after the other, none started once `signal` aborts. */
  const loadAll = async (
    who: Identity,
    queryType: CubeQueryType,
    queries: LoadQuery[],
    request: CubeRequest,
    signal: AbortSignal,
  ) => {
    const results: LoadResponse[] = [];
    for (const query of queries) {
      signal.throwIfAborted();
      const result = await data.load(who, { query, ...request.overrides }, signal);
      const echo = normalizedQuery(result.query, ctx.now());
      const range = echo.timeDimensions?.find((td) => td.dateRange)?.dateRange as string[] | undefined;
      const rows =
        queryType === 'compareDateRangeQuery' && range
          ? result.data.map((row) => ({ ...row, compareDateRange: range.join(' - ') }))
          : result.data;
      const shaped = { ...result, query: echo, data: rows };
      results.push({ ...shaped, data: encodeRows(shaped, query.responseFormat) as LoadResponse['data'] });
    }
    return results;
  };

  const load = cubeRoute(async (c, who, request) => {
    const { queryType, queries } = cubeQueries(request, maxQueries);
    requireMulti(queryType, request.multi);
    const key = JSON.stringify([who, queries, request.overrides]);
    const results = await waits.poll(
      key,
      (signal) => loadAll(who, queryType, queries, request, signal),
      c.req.raw.signal,
    );
    if (results === CONTINUE_WAIT) return c.json({ error: 'Continue wait' }, 200);
    if (!request.multi) return c.json(results[0]);
    const multi: LoadMultiResponse = {
      queryType,
      results,
      pivotQuery: pivotQuery(
        queryType,
        results.map((r) => r.query),
      ),
      slowQuery: false,
    };
    return c.json(multi);
  });

  const sql = cubeRoute(async (c, who, request) => {
    const { queryType, queries } = cubeQueries(request, maxQueries);
    const answers: CubeSqlQueryResponse[] = [];
    for (const query of queries) {
      const compiled = await data.compile(who, { query, ...request.overrides });
      answers.push({
        sql: {
          sql: [compiled.sql, []],
          order: orderOf(compiled.query),
          dataSource: 'default',
          external: false,
          aliasNameToMember: Object.fromEntries(compiled.columns.map((col) => [col.key, col.member.fullName])),
        },
      });
    }
    return c.json(queryType === 'regularQuery' ? answers[0] : answers);
  });

  const dryRun = cubeRoute(async (c, who, request) => {
    const { queryType, queries } = cubeQueries(request, maxQueries);
    const normalizedQueries: LoadQuery[] = [];
    for (const query of queries) {
      const compiled = await data.compile(who, { query, ...request.overrides });
      normalizedQueries.push(normalizedQuery(compiled.query, ctx.now()));
    }
    const answer: CubeDryRunResponse = {
      queryType,
      normalizedQueries,
      queryOrder: normalizedQueries.map(orderOf),
      transformedQueries: normalizedQueries.map(() => null),
      pivotQuery: pivotQuery(queryType, normalizedQueries),
    };
    return c.json(answer);
  });

  route(app, 'loadMeta', async (c) => {
    const meta = await data.meta(await identity(c));
    return cubeMeta(meta, c.req.query('onlyViews') === 'true');
  });
  route(app, 'load', load);
  route(app, 'subscribe', load);
  route(app, 'sql', sql);
  route(app, 'dryRun', dryRun);

  route(app, 'cubeSql', async (c) => {
    const who = await identity(c);
    const request: CubeSqlRequest = await jsonBody(c, CubeSqlRequestSchema);
    const result = await data.cubeSql(who, request, c.req.raw.signal);
    return new Response(ndjsonLines(result.schema, result.rows), {
      status: 200,
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
  });
}

const ROWS_PER_LINE = 1000;

/** The cubesql response body: `{"schema"}`, then `{"data"}` lines of up to 1,000 rows. */
function ndjsonLines(schema: unknown, rows: unknown[][]): string {
  const lines = [JSON.stringify({ schema })];
  for (let i = 0; i < rows.length; i += ROWS_PER_LINE)
    lines.push(JSON.stringify({ data: rows.slice(i, i + ROWS_PER_LINE) }));
  return lines.join('\n') + '\n';
}
