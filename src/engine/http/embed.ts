// Embed routes (each an operation of api/operations.ts): generate-session (Api-Key, admin), the session token exchange and revoke, the embed dashboard read,
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
import { route } from './route.js';

export function embedRoutes(app: Hono, ctx: EngineContext): void {
  route(app, 'generateSession', async (c) => {
    // The role check of API-key chat too (requireSessionMinting), before the body is read.
    const principal = await authenticateKey(ctx, c.req.header('authorization'));
    requireSessionMinting(principal);
    const body: GenerateSessionRequest = await jsonBody(c, GenerateSessionRequestSchema);
    return generateSession(ctx, principal, body);
  });

  route(app, 'exchangeSessionToken', async (c) => {
    const { sessionId } = await jsonBody(c, SessionTokenRequestSchema);
    return exchangeSessionToken(ctx, sessionId);
  });

  route(app, 'revokeSessionToken', async (c) => {
    const { token } = await jsonBody(c, RevokeSessionTokenRequestSchema);
    await revokeSessionToken(ctx, token);
  });

  route(app, 'getEmbedDashboard', async (c, { publicId }) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    return getEmbedDashboard(ctx, principal, publicId);
  });

  route(app, 'listEmbedTenantGroups', async (c, { embedTenantName }) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    return listEmbedTenantGroups(ctx, embedTenantName, queryParams(c, PageQuerySchema));
  });
  route(app, 'deleteEmbedTenantGroup', async (c, { embedTenantName }) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    await deleteEmbedTenantGroup(ctx, embedTenantName, intParam(c, 'id'));
  });
  route(app, 'listEmbedTenantUserAttributes', async (c, { embedTenantName }) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    return listEmbedTenantUserAttributes(ctx, embedTenantName, queryParams(c, PageQuerySchema));
  });
  route(app, 'deleteEmbedTenantUserAttribute', async (c, { embedTenantName }) => {
    await authenticateAdminKey(ctx, c.req.header('authorization'));
    await deleteEmbedTenantUserAttribute(ctx, embedTenantName, intParam(c, 'id'));
  });
}
