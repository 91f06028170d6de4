// The data API (ARCHITECTURE §4): meta and load, as the caller may see them (Bearer: session token or API key).

import type { Hono } from 'hono';
import { CubeSqlRequestSchema, LoadRequestSchema } from '../../api/schemas.js';
import type { CubeSqlRequest, LoadRequest } from '../../api/types.js';
import { authenticateBearer } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import { identityOf } from '../data/identity.js';
import type { DataService } from '../data/service.js';
import { jsonBody } from './request.js';

export function dataRoutes(app: Hono, ctx: EngineContext, data: DataService): void {
  app.get('/cubejs-api/v1/meta', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    return c.json(await data.meta(await identityOf(ctx, principal)));
  });

  app.post('/cubejs-api/v1/load', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    const request: LoadRequest = await jsonBody(c, LoadRequestSchema);
    return c.json(await data.load(await identityOf(ctx, principal), request));
  });

  app.post('/cubejs-api/v1/cubesql', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    const request: CubeSqlRequest = await jsonBody(c, CubeSqlRequestSchema);
    const result = await data.cubeSql(await identityOf(ctx, principal), request);
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
