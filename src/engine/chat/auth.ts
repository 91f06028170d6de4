// Chat authentication (spec, Authentication rules 3–5): `Authorization: Api-Key` with sessionSettings, or
// `X-Service-Auth-Token` (when the deployment enables it) whose claims name the user; Authorization wins when both
// are sent. Failures are ChatAuthFailure, answered as HTTP 200 with one JSON-RPC error line.
//
// Authentication writes nothing: it returns who the caller is (the owner its threads carry) and provision(), which
// creates or refreshes the external user — the chat service calls it only after the thread checks passed.
// Identities are keyed by (embed tenant, externalId): API-key chat acts in the tenant-wide scope, a token in the
// embed tenant its claims name.

import { errorMessage } from '../../api/errors.js';
import {
  DEFAULT_EPHEMERAL_TTL_SECONDS,
  EMBED_TENANT_NAME_PATTERN,
  externalIdProblem,
  normalizeExternalId,
  roleAtLeast,
} from '../../api/limits.js';
import type { ChatSessionSettings, UserAttributeValueType } from '../../api/types.js';
import { authenticateApiKey, getDeployment, requireDeploymentScope, requireSessionMinting } from '../domain/auth.js';
import { checkCatalogNames } from '../domain/catalog.js';
import type { EngineContext } from '../domain/context.js';
import { internalIdentity, userByUsername, viewerIdentity, type ViewerClaims } from '../data/identity.js';
import type { Identity } from '../data/policies.js';
import type { ChatOwner, DeploymentRecord, UserRecord } from '../store/schema.js';
import { TENANT_WIDE } from '../store/schema.js';
import { provisionExternal, type ExternalUserUpdate } from './provision.js';
import { ChatAuthFailure, type VerifiedChatToken } from './token.js';
import { invalid, notFound } from '../errors.js';

export { ChatAuthFailure } from './token.js';

export interface ChatCaller {
  owner: ChatOwner;
  identity: Identity;
  user: { externalId?: string; internalId?: string; groups: string[]; userAttributes: Record<string, unknown> };
}

/** An authenticated caller before anything is written: check `owner` first, then `provision()`. */
export interface ChatPrincipal {
  owner: ChatOwner;
  /** Creates or refreshes the caller's external user (nothing for internal users) and returns the caller. */
  provision(): Promise<ChatCaller>;
}

/** Resolves the caller of a chat or abort request, without writing anything. */
export async function authenticateChat(
  ctx: EngineContext,
  headers: { authorization?: string; token?: string },
  deployment: DeploymentRecord,
  sessionSettings: ChatSessionSettings | undefined,
): Promise<ChatPrincipal> {
  if (headers.authorization !== undefined) return keyPrincipal(ctx, headers.authorization, deployment, sessionSettings);
  if (headers.token !== undefined) {
    if (!deployment.serviceTokenAuth) {
      throw new ChatAuthFailure(`Service token authentication is not enabled for deployment ${deployment.id}`);
    }
    const verified = await ctx.chatTokens.verify(headers.token, deployment, ctx.now(), () =>
      ctx.db.getAll('deployments'),
    );
    return tokenPrincipal(ctx, verified);
  }
  throw new ChatAuthFailure('Missing credentials: send Authorization: Api-Key or X-Service-Auth-Token');
}

/** API-key chat: the key must be one that may mint sessions (the rule of generate-session); its user acts as the
 * viewer sessionSettings names, in the tenant-wide scope, with names from the tenant-wide catalog. */
async function keyPrincipal(
  ctx: EngineContext,
  authorization: string,
  deployment: DeploymentRecord,
  settings: ChatSessionSettings | undefined,
): Promise<ChatPrincipal> {
  const match = /^\s*Api-Key\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new ChatAuthFailure("Malformed Authorization header: expected 'Api-Key <key>'");
  const principal = await authenticateApiKey(ctx, match[1]).catch(() => {
    throw new ChatAuthFailure('Invalid API key');
  });
  try {
    requireDeploymentScope(principal, deployment.id);
    requireSessionMinting(principal);
  } catch (error) {
    throw new ChatAuthFailure(errorMessage(error));
  }
  if (!settings) throw invalid('sessionSettings is required with API key authentication');
  if (settings.internalId !== undefined) {
    const user = await ctx.db.getFromIndex('users', 'email', settings.internalId.toLowerCase());
    if (!user) throw invalid(`Internal user ${settings.internalId} not found`);
    if (!roleAtLeast(principal.user.role, user.role)) {
      throw new ChatAuthFailure(
        `An API key of a ${principal.user.role} may not act as ${user.email}, whose role ${user.role} is higher`,
      );
    }
    return internalPrincipal(user);
  }
  const externalId = checkedExternalId(settings.externalId!, (problem) => {
    throw invalid(`Invalid sessionSettings.externalId: ${problem}`);
  });
  const supplied = settings.userAttributes ?? [];
  const values =
    settings.groups?.length || supplied.length
      ? await checkCatalogNames(ctx, TENANT_WIDE, settings.groups ?? [], supplied)
      : {};
  return externalPrincipal(
    ctx,
    {
      tenant: TENANT_WIDE,
      externalId,
      email: settings.email,
      groups: settings.groups,
      userAttributes: values,
      isEphemeral: settings.isEphemeral ?? true,
      ttlSeconds: settings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS,
    },
    // The identity is the user as stored after the update (omitted groups keep the saved memberships).
    (saved) => ({ groups: saved.groups, userAttributes: saved.attributes, securityContext: settings.securityContext }),
  );
}

/** Token chat: the verified claims name the viewer and its embed tenant; the identity is the claims' own, as on
 * the data API with the same token. */
async function tokenPrincipal(ctx: EngineContext, { claims, method }: VerifiedChatToken): Promise<ChatPrincipal> {
  if (typeof claims.jti === 'string' && (await ctx.db.get('revokedTokens', claims.jti)))
    throw new ChatAuthFailure('Token revoked');
  if (!Array.isArray(claims.scope) || !claims.scope.includes('chat'))
    throw new ChatAuthFailure('Token scope does not include chat');
  if (claims.internalId !== undefined) {
    // Only the API secret's holder (the engine's own embed sessions) may name internal users.
    if (method !== 'secret' || typeof claims.internalId !== 'string') {
      throw new ChatAuthFailure(
        "internalId claims are accepted only in tokens signed with the deployment's API secret",
      );
    }
    const user = await userByUsername(ctx, claims.internalId);
    if (!user) throw new ChatAuthFailure(`Token names an unknown internal user`);
    return internalPrincipal(user);
  }
  const raw =
    typeof claims.externalId === 'string' ? claims.externalId : typeof claims.sub === 'string' ? claims.sub : undefined;
  if (raw === undefined) throw new ChatAuthFailure('Token has neither externalId nor sub');
  const externalId = checkedExternalId(raw, (problem) => {
    throw new ChatAuthFailure(`Token externalId ${problem}`);
  });
  const viewer = await viewerClaims(ctx, claims);
  return externalPrincipal(
    ctx,
    {
      tenant: viewer.embedTenantName ?? TENANT_WIDE,
      externalId,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      groups: viewer.groups,
      userAttributes: viewer.userAttributes ?? {},
      isEphemeral: true,
      ttlSeconds: DEFAULT_EPHEMERAL_TTL_SECONDS,
    },
    () => viewer,
  );
}

/** The claims that shape a token viewer's identity, checked: a token's tenant must exist, its lists be lists. */
async function viewerClaims(ctx: EngineContext, claims: VerifiedChatToken['claims']): Promise<ViewerClaims> {
  const tenant = claims.embedTenantName;
  if (
    tenant !== undefined &&
    (typeof tenant !== 'string' ||
      !EMBED_TENANT_NAME_PATTERN.test(tenant) ||
      !(await ctx.db.get('embedTenants', tenant)))
  ) {
    throw new ChatAuthFailure(`Token names an unknown embed tenant: ${JSON.stringify(tenant)}`);
  }
  const isObject = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v));
  if (
    claims.groups !== undefined &&
    !(Array.isArray(claims.groups) && claims.groups.every((g) => typeof g === 'string'))
  )
    throw new ChatAuthFailure('Token groups must be an array of strings');
  if (!isObject(claims.userAttributes) || !isObject(claims.securityContext))
    throw new ChatAuthFailure('Token userAttributes and securityContext must be objects');
  return {
    ...(tenant !== undefined && { embedTenantName: tenant }),
    ...(claims.creatorMode === true && { creatorMode: true }),
    groups: claims.groups,
    userAttributes: claims.userAttributes,
    securityContext: claims.securityContext,
  };
}

/** The normalised external id, or `fail(problem)` (spec: lowercase, no spaces; ours: at most 256 characters). */
function checkedExternalId(raw: string, fail: (problem: string) => never): string {
  const problem = externalIdProblem(raw);
  if (problem !== undefined) fail(problem);
  return normalizeExternalId(raw);
}

function internalPrincipal(user: UserRecord): ChatPrincipal {
  const caller: ChatCaller = {
    owner: { kind: 'internal', id: user.email, tenant: TENANT_WIDE },
    identity: internalIdentity(user),
    user: { internalId: user.email, groups: [], userAttributes: {} },
  };
  return { owner: caller.owner, provision: () => Promise.resolve(caller) };
}

function externalPrincipal(
  ctx: EngineContext,
  update: ExternalUserUpdate,
  claimsOf: (saved: { groups: string[]; attributes: Record<string, UserAttributeValueType> }) => ViewerClaims,
): ChatPrincipal {
  const owner: ChatOwner = { kind: 'external', id: update.externalId, tenant: update.tenant };
  return {
    owner,
    async provision() {
      const claims = claimsOf(await provisionExternal(ctx, update));
      return {
        owner,
        identity: viewerIdentity(claims),
        user: {
          externalId: update.externalId,
          groups: claims.groups ?? [],
          userAttributes: claims.userAttributes ?? {},
        },
      };
    },
  };
}

/** The deployment an agent belongs to; 404 for an unknown account or agent. */
export async function resolveAgent(
  ctx: EngineContext,
  accountName: string,
  agentId: string,
): Promise<DeploymentRecord> {
  const account = await ctx.db.get('meta', 'account');
  if (!account || account.name !== accountName) throw notFound(`Account ${accountName} not found`);
  const agent = await ctx.db.get('agents', agentId);
  const deployment = agent && (await getDeployment(ctx, agent.deploymentId));
  if (!agent || !deployment) throw notFound(`Agent ${agentId} not found`);
  return deployment;
}
