// Listings the spec names without shapes: SCIM users (RFC 7644 ListResponse) and deployments.

import type { Deployment, ScimListResponse, ScimUser } from '../../api/types.js';
import type { Principal } from './auth.js';
import type { EngineContext } from './context.js';

const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

export async function listScimUsers(
  ctx: EngineContext,
  query: { count?: number; startIndex?: number },
): Promise<ScimListResponse> {
  const all = await ctx.db.getAll('users');
  const startIndex = query.startIndex ?? 1;
  const count = query.count ?? 100;
  const page = all.slice(startIndex - 1, startIndex - 1 + count);
  const Resources: ScimUser[] = page.map((u) => ({
    schemas: [USER_SCHEMA],
    id: String(u.id),
    userName: u.username,
    ...(u.firstName !== undefined && { name: { givenName: u.firstName }, displayName: u.firstName }),
    emails: [{ value: u.email, primary: true }],
    active: true,
    meta: { resourceType: 'User', created: u.createdAt, lastModified: u.createdAt },
  }));
  return { schemas: [LIST_RESPONSE], totalResults: all.length, startIndex, itemsPerPage: Resources.length, Resources };
}

/** The deployments the credential may act on. */
export async function listDeployments(ctx: EngineContext, principal: Principal): Promise<Deployment[]> {
  const all = await ctx.db.getAll('deployments');
  return all
    .filter((d) =>
      principal.kind === 'apiKey'
        ? principal.key.deploymentIds === undefined || principal.key.deploymentIds.includes(d.id)
        : principal.claims.deploymentId === d.id,
    )
    .map((d) => ({ id: d.id, name: d.name, createdAt: d.createdAt }));
}
