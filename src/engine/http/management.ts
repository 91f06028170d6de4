// Management routes (Bearer): workbooks by slug, the workbook reads and writes of §4, deployments, SCIM users.

import type { Hono } from 'hono';
import {
  CreateWorkbookInputSchema,
  DashboardConfigSchema,
  PublishDashboardInputSchema,
  ScimListQuerySchema,
} from '../../api/schemas.js';
import type { CreateWorkbookInput } from '../../api/types.js';
import { authenticateBearer, authenticateScim, requireDeployment, requireKey } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import { listDeployments, listScimUsers } from '../domain/directory.js';
import { getWorkbook, publishDashboard, saveDashboardDraft, upsertWorkbookBySlug } from '../domain/workbooks.js';
import { intParam, jsonBody, queryParams } from './request.js';

export function managementRoutes(app: Hono, ctx: EngineContext): void {
  const keyFor = async (authorization: string | undefined, deploymentId: number) => {
    const principal = requireKey(await authenticateBearer(ctx, authorization));
    await requireDeployment(ctx, principal, deploymentId);
    return principal;
  };

  app.put('/api/v1/deployments/:deploymentId/workbooks/by-slug/:slug', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const input = (await jsonBody(c, CreateWorkbookInputSchema, {})) as CreateWorkbookInput;
    return c.json(await upsertWorkbookBySlug(ctx, principal, deploymentId, c.req.param('slug'), input));
  });

  app.get('/api/v1/deployments/:deploymentId/workbooks/:workbookId', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    return c.json(await getWorkbook(ctx, principal, deploymentId, intParam(c, 'workbookId')));
  });

  app.put('/api/v1/deployments/:deploymentId/workbooks/:workbookId/dashboard', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const config = await jsonBody(c, DashboardConfigSchema);
    return c.json(await saveDashboardDraft(ctx, principal, deploymentId, intParam(c, 'workbookId'), config));
  });

  app.post('/api/v1/deployments/:deploymentId/workbooks/:workbookId/publish', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const input = await jsonBody(c, PublishDashboardInputSchema, {});
    return c.json(await publishDashboard(ctx, principal, deploymentId, intParam(c, 'workbookId'), input));
  });

  app.get('/api/v1/deployments', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    return c.json(await listDeployments(ctx, principal));
  });

  app.get('/api/scim/v2/Users', async (c) => {
    await authenticateScim(ctx, c.req.header('authorization'));
    const body = await listScimUsers(ctx, queryParams(c, ScimListQuerySchema));
    return c.json(body, 200, { 'Content-Type': 'application/scim+json' });
  });
}
