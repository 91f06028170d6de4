// Management routes (Bearer; each an operation of api/operations.ts): workbooks by slug, the workbook reads and
// writes, deployments, SCIM users.

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
import { route } from './route.js';

export function managementRoutes(app: Hono, ctx: EngineContext): void {
  const keyFor = async (authorization: string | undefined, deploymentId: number) => {
    const principal = requireKey(await authenticateBearer(ctx, authorization));
    await requireDeployment(ctx, principal, deploymentId);
    return principal;
  };

  route(app, 'upsertWorkbookBySlug', async (c, { slug }) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const input = (await jsonBody(c, CreateWorkbookInputSchema, {})) as CreateWorkbookInput;
    return upsertWorkbookBySlug(ctx, principal, deploymentId, slug, input);
  });

  route(app, 'getWorkbook', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    return getWorkbook(ctx, principal, deploymentId, intParam(c, 'workbookId'));
  });

  route(app, 'saveDashboardDraft', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const config = await jsonBody(c, DashboardConfigSchema);
    return saveDashboardDraft(ctx, principal, deploymentId, intParam(c, 'workbookId'), config);
  });

  route(app, 'publishDashboard', async (c) => {
    const deploymentId = intParam(c, 'deploymentId');
    const principal = await keyFor(c.req.header('authorization'), deploymentId);
    const input = await jsonBody(c, PublishDashboardInputSchema, {});
    return publishDashboard(ctx, principal, deploymentId, intParam(c, 'workbookId'), input);
  });

  route(app, 'listDeployments', async (c) => {
    const principal = await authenticateBearer(ctx, c.req.header('authorization'));
    return listDeployments(ctx, principal);
  });

  route(app, 'listScimUsers', async (c) => {
    await authenticateScim(ctx, c.req.header('authorization'));
    return listScimUsers(ctx, queryParams(c, ScimListQuerySchema));
  });
}
