// Chat authentication (spec, Authentication rules 3–5): `Authorization: Api-Key` with sessionSettings, or
// `X-Service-Auth-Token` (when the deployment enables it) whose claims name the user; Authorization wins when both
// are sent. Failures are ChatAuthFailure, answered as HTTP 200 with one JSON-RPC error line.

import { errors as joseErrors, jwtVerify } from 'jose';
import { ApiError } from '../../api/errors.js';
import {
  DEFAULT_EPHEMERAL_TTL_SECONDS,
  MAX_NON_EPHEMERAL_EXTERNAL_USERS,
  normalizeExternalId,
  roleAtLeast,
} from '../../api/limits.js';
import type { ChatSessionSettings, UserAttributeValueType } from '../../api/types.js';
import { authenticateApiKey, getDeployment } from '../domain/auth.js';
import type { EngineContext } from '../domain/context.js';
import type { Identity } from '../data/policies.js';
import type { ChatOwner, DeploymentRecord, ExternalUserRecord } from '../store/schema.js';
import { abortQuietly, isoAt } from '../util.js';
import { withoutId } from '../domain/context.js';

/** An authentication failure of the chat API (HTTP 200 with a JSON-RPC error body). */
export class ChatAuthFailure extends Error {}

export interface ChatCaller {
  owner: ChatOwner;
  identity: Identity;
  user: { externalId?: string; internalId?: string; groups: string[]; userAttributes: Record<string, unknown> };
}

const encoder = new TextEncoder();

/** Resolves the caller of a chat or abort request. */
export async function authenticateChat(
  ctx: EngineContext,
  headers: { authorization?: string; token?: string },
  deployment: DeploymentRecord,
  sessionSettings: ChatSessionSettings | undefined,
): Promise<ChatCaller> {
  if (headers.authorization !== undefined) {
    const match = /^\s*Api-Key\s+(\S+)\s*$/i.exec(headers.authorization);
    if (!match) throw new ChatAuthFailure("Malformed Authorization header: expected 'Api-Key <key>'");
    let principal;
    try {
      principal = await authenticateApiKey(ctx, match[1]);
    } catch {
      throw new ChatAuthFailure('Invalid API key');
    }
    if (principal.key.deploymentIds && !principal.key.deploymentIds.includes(deployment.id)) {
      throw new ChatAuthFailure(`API key is not authorized for deployment ${deployment.id}`);
    }
    if (!sessionSettings)
      throw new ApiError({ status: 400, message: 'sessionSettings is required with API key authentication' });
    if (sessionSettings.internalId !== undefined) {
      const email = sessionSettings.internalId.toLowerCase();
      const user = await ctx.db.getFromIndex('users', 'email', email);
      if (!user) throw new ApiError({ status: 400, message: `Internal user ${sessionSettings.internalId} not found` });
      const bypass = roleAtLeast(user.role, 'developer');
      return {
        owner: { kind: 'internal', id: user.email, tenant: '' },
        identity: { bypass, groups: [], userAttributes: {}, securityContext: {} },
        user: { internalId: user.email, groups: [], userAttributes: {} },
      };
    }
    const attributes: Record<string, UserAttributeValueType> = {};
    for (const a of sessionSettings.userAttributes ?? []) attributes[a.name] = a.value;
    return provisionExternal(ctx, {
      externalId: sessionSettings.externalId!,
      email: sessionSettings.email,
      groups: sessionSettings.groups,
      userAttributes: attributes,
      securityContext: sessionSettings.securityContext ?? {},
      isEphemeral: sessionSettings.isEphemeral ?? true,
      ttlSeconds: sessionSettings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS,
    });
  }
  if (headers.token !== undefined) {
    if (!deployment.serviceTokenAuth) {
      throw new ChatAuthFailure(`Service token authentication is not enabled for deployment ${deployment.id}`);
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(headers.token, encoder.encode(deployment.apiSecret), {
        algorithms: ['HS256'],
        currentDate: new Date(ctx.now()),
      }));
    } catch (error) {
      throw new ChatAuthFailure(
        error instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token for this deployment',
      );
    }
    if (typeof payload.deploymentId === 'number' && payload.deploymentId !== deployment.id) {
      throw new ChatAuthFailure('Invalid token for this deployment');
    }
    if (typeof payload.jti === 'string' && (await ctx.db.get('revokedTokens', payload.jti)))
      throw new ChatAuthFailure('Token revoked');
    const externalId =
      typeof payload.externalId === 'string'
        ? payload.externalId
        : typeof payload.sub === 'string'
          ? payload.sub
          : undefined;
    if (!externalId) throw new ChatAuthFailure('Token has neither externalId nor sub');
    if (!Array.isArray(payload.scope) || !payload.scope.includes('chat'))
      throw new ChatAuthFailure('Token scope does not include chat');
    return provisionExternal(ctx, {
      externalId,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      groups: Array.isArray(payload.groups) ? (payload.groups as string[]) : undefined,
      userAttributes: (payload.userAttributes as Record<string, UserAttributeValueType> | undefined) ?? {},
      securityContext: (payload.securityContext as Record<string, unknown> | undefined) ?? {},
      isEphemeral: true,
      ttlSeconds: DEFAULT_EPHEMERAL_TTL_SECONDS,
    });
  }
  throw new ChatAuthFailure('Missing credentials: send Authorization: Api-Key or X-Service-Auth-Token');
}

interface ExternalClaims {
  externalId: string;
  email?: string;
  groups?: string[];
  userAttributes: Record<string, UserAttributeValueType>;
  securityContext: Record<string, unknown>;
  isEphemeral: boolean;
  ttlSeconds: number;
}

/**
 * The external user of a chat request: created or refreshed, ephemeral by default (removed after its TTL by the
 * engine clock), at most 10,000 non-ephemeral per account. Expired ephemeral users are removed here too.
 */
async function provisionExternal(ctx: EngineContext, claims: ExternalClaims): Promise<ChatCaller> {
  const externalId = normalizeExternalId(claims.externalId);
  const nowMs = ctx.now();
  const now = isoAt(nowMs);
  const tx = ctx.db.transaction('externalUsers', 'readwrite');
  try {
    const store = tx.store;
    for (let c = await store.index('expiresAt').openCursor(IDBKeyRange.upperBound(nowMs)); c; c = await c.continue()) {
      if (c.value.isEphemeral) await c.delete();
    }
    const existing = await store.index('tenantExternalId').get(['', externalId]);
    const persistent = !claims.isEphemeral || (existing !== undefined && !existing.isEphemeral);
    const becomesPersistent = persistent && (!existing || existing.isEphemeral);
    if (becomesPersistent) {
      let count = 0;
      for (let c = await store.openCursor(); c; c = await c.continue()) if (!c.value.isEphemeral) count++;
      if (count >= MAX_NON_EPHEMERAL_EXTERNAL_USERS) {
        throw new ApiError({
          status: 403,
          message: `Non-ephemeral external user limit reached: at most ${MAX_NON_EPHEMERAL_EXTERNAL_USERS}`,
        });
      }
    }
    const record: ExternalUserRecord = {
      ...(existing ??
        withoutId<ExternalUserRecord>({
          tenant: '',
          externalId,
          email: null,
          profile: {},
          attributes: {},
          groups: [],
          isEphemeral: true,
          expiresAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      email: claims.email ?? existing?.email ?? null,
      attributes: { ...(existing?.attributes ?? {}), ...claims.userAttributes },
      groups: claims.groups ? [...new Set(claims.groups)].sort() : (existing?.groups ?? []),
      isEphemeral: !persistent,
      expiresAt: persistent ? null : nowMs + claims.ttlSeconds * 1000,
      updatedAt: now,
    };
    if (existing) await store.put(record);
    else await store.add(record);
    await tx.done;
    return {
      owner: { kind: 'external', id: externalId, tenant: '' },
      identity: {
        bypass: false,
        groups: record.groups,
        userAttributes: record.attributes,
        securityContext: claims.securityContext,
      },
      user: { externalId, groups: record.groups, userAttributes: record.attributes },
    };
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}

/** The deployment an agent belongs to; 404 for an unknown account or agent. */
export async function resolveAgent(
  ctx: EngineContext,
  accountName: string,
  agentId: string,
): Promise<DeploymentRecord> {
  const account = await ctx.db.get('meta', 'account');
  if (!account || account.name !== accountName)
    throw new ApiError({ status: 404, message: `Account ${accountName} not found` });
  const agent = await ctx.db.get('agents', agentId);
  const deployment = agent && (await getDeployment(ctx, agent.deploymentId));
  if (!agent || !deployment) throw new ApiError({ status: 404, message: `Agent ${agentId} not found` });
  return deployment;
}
