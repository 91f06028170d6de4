// The rendering read: a published, embeddable dashboard by its publicId.

import { notFound } from '../errors.js';
import type { EmbedDashboardResponse } from '../../api/types.js';
import type { Principal } from './auth.js';
import type { EngineContext } from './context.js';
import { toDashboard } from './workbooks.js';

export async function getEmbedDashboard(
  ctx: EngineContext,
  principal: Principal,
  publicId: string,
): Promise<EmbedDashboardResponse> {
  const dashboard = await ctx.db.getFromIndex('dashboards', 'publicId', publicId);
  const workbook = dashboard && (await ctx.db.get('workbooks', dashboard.workbookId));
  const deploymentId = principal.kind === 'session' ? principal.claims.deploymentId : undefined;
  const scoped = principal.kind === 'apiKey' ? principal.key.deploymentIds : undefined;
  const visible =
    dashboard &&
    workbook &&
    dashboard.status === 'published' &&
    dashboard.allowEmbed &&
    (deploymentId === undefined || deploymentId === dashboard.deploymentId) &&
    (scoped === undefined || scoped.includes(dashboard.deploymentId));
  // One answer for "missing", "not published", "not embeddable" and "another deployment": nothing leaks.
  if (!visible) throw notFound(`Dashboard ${publicId} not found`);
  return {
    dashboard: toDashboard(dashboard),
    workbook: { id: workbook.id, name: workbook.name, slug: workbook.slug ?? null },
  };
}
