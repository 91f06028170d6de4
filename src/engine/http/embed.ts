// Embed routes: generate-session (Api-Key, admin), the session token exchange and revoke, the embed dashboard read,
// and the embed-tenant admin endpoints.

import type { Hono } from 'hono';
import {
  GenerateSessionRequestSchema,
  PageQuerySchema,
  RevokeSessionTokenRequestSchema,
  SessionTokenRequestSchema,
} from '../../api/schemas.js';
import type { GenerateSessionRequest } from '../../api/types.js';
import { authenticateAdminKey, authenticateBearer, authenticateKey, requireSessionMinting } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import { getEmbedDashboard } from '../domain/dashboards.js';
import { exchangeSessionToken, generateSession, revokeSessionToken } from '../domain/embed-sessions.js';
import {
  deleteEmbedTenantGroup,
  deleteEmbedTenantUserAttribute,
  listEmbedTenantGroups,
  listEmbedTenantUserAttributes,
} from '../domain/embed-tenants.js';
import { intParam, jsonBody, queryParams } from './request.js';

export function embedRoutes(app: Hono, ctx: EngineContext): void {
  app.post('/api/v1/embed/generate-session', async (c) => {
    // The role check of API-key chat too (requireSessionMinting), before the body is read.
    const principal = await authenticateKey(ctx, c.req.header('authorization'));
    requireSessionMinting(principal);
    const body: GenerateSessionRequest = await jsonBody(c, GenerateSessionRequestSchema);
    return c.json(await generateSession(ctx, principal, body));
  });

  app.post('/api/v1/embed/session/token', async (c) => {
    const { sessionId } = await jsonBody(c, SessionTokenRequestSchema);
    return c.json(await exchangeSessionToken(ctx, sessionId));
  });

  app.post('/api/v1/embed/session/revoke', async (c) => {
    const { token } = await jsonBody(c, RevokeSessionTokenRequestSchema);
    await revokeSessionToken(ctx, token);
    return c.body(null, 204);
  });

  app.get('/api/v1/embed/dashboards/:publicId', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    return c.json(await getEmbedDashboard(ctx, principal, c.req.param('publicId')));
  });

  const tenants = '/api/v1/embed-tenants/:embedTenantName';
  app.get(`${tenants}/groups`, async (c) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    return c.json(await listEmbedTenantGroups(ctx, c.req.param('embedTenantName'), queryParams(c, PageQuerySchema)));
  });
  app.delete(`${tenants}/groups/:id`, async (c) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    await deleteEmbedTenantGroup(ctx, c.req.param('embedTenantName'), intParam(c, 'id'));
    return c.body(null, 204);
  });
  app.get(`${tenants}/user-attributes`, async (c) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    const page = queryParams(c, PageQuerySchema);
    return c.json(await listEmbedTenantUserAttributes(ctx, c.req.param('embedTenantName'), page));
  });
  app.delete(`${tenants}/user-attributes/:id`, async (c) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    await deleteEmbedTenantUserAttribute(ctx, c.req.param('embedTenantName'), intParam(c, 'id'));
    return c.body(null, 204);
  });
}
