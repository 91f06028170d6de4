// The data API (ARCHITECTURE §4): meta and load, as the caller may see them (Bearer: session token or API key).

import type { Hono } from 'hono';
import { LoadRequestSchema } from '../../api/schemas.js';
import type { LoadRequest } from '../../api/types.js';
import { authenticateBearer } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import { identityOf, type DataService } from '../data/service.js';
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
}
