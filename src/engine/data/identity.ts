// The identity access policies see (policies.ts): an internal user behind an API key or session, or an embed
// session's viewer. One place builds it, so the data API and chat see the same caller the same way.

import { roleAtLeast } from '../../api/limits.js';
import type { EmbedTokenClaims } from '../../api/types.js';
import type { Principal } from '../domain/auth.js';
import { catalogScope } from '../domain/catalog.js';
import type { EngineContext } from '../domain/context.js';
import { TENANT_WIDE, type UserRecord } from '../store/schema.js';
import type { Identity } from './policies.js';

/** An internal user: model authors (developers and admins) bypass policies; an unknown user sees what policies allow. */
export function internalIdentity(user: UserRecord | undefined): Identity {
  return {
    bypass: !!user && roleAtLeast(user.role, 'developer'),
    groups: [],
    userAttributes: {},
    securityContext: {},
  };
}

/** What a viewer's session says about them (token claims, or API-key chat's resolved settings). */
export type ViewerClaims = Partial<
  Pick<EmbedTokenClaims, 'groups' | 'userAttributes' | 'securityContext' | 'creatorMode' | 'embedTenantName'>
>;

/**
 * An external viewer. Groups and attributes of a creator-mode session name the embed tenant's scoped catalog: they go
 * to `scoped`, so a tenant's own group or attribute called like a tenant-wide one never gets that one's policies.
 */
export function viewerIdentity(claims: ViewerClaims): Identity {
  const groups = claims.groups ?? [];
  const userAttributes = claims.userAttributes ?? {};
  const securityContext = claims.securityContext ?? {};
  const scope = catalogScope(claims);
  if (scope === TENANT_WIDE) return { bypass: false, groups, userAttributes, securityContext };
  return {
    bypass: false,
    groups: [],
    userAttributes: {},
    securityContext,
    scoped: { tenant: scope, groups, userAttributes },
  };
}

/** The internal user a session's `internalId` (a username) names, if any. */
export function userByUsername(ctx: EngineContext, username: string): Promise<UserRecord | undefined> {
  return ctx.db.getFromIndex('users', 'username', username);
}

/** The identity of a data API caller (Bearer: API key or embed session token). */
export async function identityOf(ctx: EngineContext, principal: Principal): Promise<Identity> {
  if (principal.kind === 'apiKey') return internalIdentity(principal.user);
  const c = principal.claims;
  if (c.internalId !== undefined) return internalIdentity(await userByUsername(ctx, c.internalId));
  return viewerIdentity(c);
}
