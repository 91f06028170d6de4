// generate-session (spec rules 1–10), and the session exchange and revoke of ARCHITECTURE §4. Everything a
// generate-session writes happens in one transaction: any failure leaves the database as it was.

import type { IDBPObjectStore, StoreNames } from 'idb';
import { ApiError } from '../../api/errors.js';
import {
  MAX_EXTERNAL_USERS,
  SESSION_ID_TTL_SECONDS,
  SESSION_TOKEN_TTL_SECONDS,
  normalizeExternalId,
} from '../../api/limits.js';
import type {
  AttributeType,
  GenerateSessionRequest,
  GenerateSessionResponse,
  SessionTokenResponse,
  UserAttributeValueType,
} from '../../api/types.js';
import type {
  AttributeRecord,
  EngineDB,
  ExternalUserRecord,
  GroupRecord,
  Scope,
  SessionClaims,
  SessionRecord,
} from '../store/schema.js';
import { TENANT_WIDE } from '../store/schema.js';
import { abortQuietly, isoAt, jsonEqual, randomToken } from '../util.js';
import { forbidden, requireDeployment, type KeyPrincipal } from './auth.js';
import { withoutId, type EngineContext } from './context.js';
import { signSessionToken, verifySessionToken } from './session-tokens.js';

const bad = (message: string) => new ApiError({ status: 400, message });

/** The plan gate of the spec for generate-session and chat. */
export async function requirePaidPlan(ctx: EngineContext, what: string): Promise<void> {
  const account = await ctx.db.get('meta', 'account');
  if (!account || account.plan === 'free') {
    throw forbidden(`${what} is available on premium and enterprise plans only`);
  }
}

/** Does `value` fit an attribute of `type`? (null always fits: it clears the value.) */
function fitsType(type: AttributeType, value: UserAttributeValueType): boolean {
  if (value === null) return true;
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'string_array':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'number_array':
      return Array.isArray(value) && value.every((v) => typeof v === 'number');
  }
}

/** Fields of a definition that change only when supplied and different; never cleared. */
function mergeSupplied<T extends object>(record: T, supplied: Partial<T>): T {
  let next = record;
  for (const [key, value] of Object.entries(supplied) as [keyof T, T[keyof T]][]) {
    if (value !== undefined && record[key] !== value) next = { ...next, [key]: value };
  }
  return next;
}

/** POST /api/v1/embed/generate-session → {sessionId}. */
export async function generateSession(
  ctx: EngineContext,
  principal: KeyPrincipal,
  body: GenerateSessionRequest,
): Promise<GenerateSessionResponse> {
  await requirePaidPlan(ctx, 'Embed sessions');
  await requireDeployment(ctx, principal, body.deploymentId);
  const account = (await ctx.db.get('meta', 'account'))!;
  const nowMs = ctx.now();
  const now = isoAt(nowMs);
  const sessionId = randomToken(32);
  const creatorMode = body.creatorMode === true;
  const tenantName = body.embedTenantName ?? TENANT_WIDE;
  const catalog: Scope = creatorMode ? tenantName : TENANT_WIDE;

  const tx = ctx.db.transaction(
    ['embedTenants', 'groups', 'attributes', 'externalUsers', 'users', 'sessions'],
    'readwrite',
  );
  try {
    // The embed tenant: created on first use, with the account's creator-mode flag.
    let useCreatorMode = account.useCreatorMode;
    if (body.embedTenantName !== undefined) {
      const tenants = tx.objectStore('embedTenants');
      const tenant = await tenants.get(body.embedTenantName);
      if (tenant) useCreatorMode = tenant.useCreatorMode;
      else await tenants.add({ name: body.embedTenantName, useCreatorMode: account.useCreatorMode, createdAt: now });
    }
    if (creatorMode && !useCreatorMode) {
      throw bad(`creatorMode requires the useCreatorMode flag on embed tenant ${body.embedTenantName ?? account.name}`);
    }

    // Rule 2, 3, 9: definitions first, in the embed tenant's scope only; a type change fails the whole request.
    const attributes = tx.objectStore('attributes');
    for (const def of body.userAttributeDefinitions ?? []) {
      const existing = await attributes.index('scopeName').get([tenantName, def.name]);
      if (existing && existing.type !== def.type) {
        throw bad(`User attribute ${def.name}: cannot change type from ${existing.type} to ${def.type}`);
      }
      const supplied = { displayName: def.displayName, defaultValue: def.defaultValue, description: def.description };
      if (existing) {
        const next = mergeSupplied(existing, supplied);
        if (next !== existing) await attributes.put({ ...next, updatedAt: now });
      } else {
        await attributes.add(
          withoutId<AttributeRecord>({
            scope: tenantName,
            name: def.name,
            type: def.type,
            displayName: def.displayName ?? null,
            defaultValue: def.defaultValue ?? null,
            description: def.description ?? null,
            createdAt: now,
            updatedAt: now,
          }),
        );
      }
    }
    const groups = tx.objectStore('groups');
    for (const def of body.groupDefinitions ?? []) {
      const existing = await groups.index('scopeName').get([tenantName, def.name]);
      if (existing) {
        const next = mergeSupplied(existing, { description: def.description });
        if (next !== existing) await groups.put({ ...next, updatedAt: now });
      } else {
        await groups.add(
          withoutId<GroupRecord>({
            scope: tenantName,
            name: def.name,
            description: def.description ?? null,
            createdAt: now,
            updatedAt: now,
          }),
        );
      }
    }

    // Rules 4, 7: attribute values against the applicable catalog.
    const values: Record<string, UserAttributeValueType> = {};
    const missing: string[] = [];
    for (const { name, value } of body.userAttributes ?? []) {
      const def = await attributes.index('scopeName').get([catalog, name]);
      if (!def) missing.push(name);
      else if (!fitsType(def.type, value)) throw bad(`User attribute ${name} expects a value of type ${def.type}`);
      else values[name] = value;
    }
    if (missing.length > 0) throw bad(`User attributes not found: ${missing.join(', ')}`);

    // Rules 5, 6: group names against the applicable catalog.
    if (body.groups !== undefined) {
      const unknown: string[] = [];
      for (const name of new Set(body.groups)) {
        if (!(await groups.index('scopeName').get([catalog, name]))) unknown.push(name);
      }
      if (unknown.length > 0) throw bad(`Groups with names ${unknown.join(', ')} not found`);
    }

    let claims: SessionClaims;
    if (body.internalId !== undefined) {
      // Rules 1, 5 (auth): the internal user must exist; their own permissions apply.
      const users = tx.objectStore('users');
      const user =
        (await users.index('username').get(body.internalId)) ??
        (await users.index('email').get(body.internalId.toLowerCase()));
      if (!user) throw bad(`Internal user ${body.internalId} not found`);
      claims = {
        deploymentId: body.deploymentId,
        internalId: user.username,
        email: user.email,
        ...(body.embedTenantName !== undefined && { embedTenantName: body.embedTenantName }),
        ...(creatorMode && { creatorMode }),
        groups: [],
        userAttributes: {},
        securityContext: {},
        settings: body.settings ?? {},
        scope: ['chat'],
      };
    } else {
      const user = await upsertExternalUser(tx.objectStore('externalUsers'), tenantName, body, values, nowMs);
      claims = {
        deploymentId: body.deploymentId,
        externalId: user.externalId,
        ...(user.email !== null && { email: user.email }),
        userProfile: user.profile,
        ...(body.embedTenantName !== undefined && { embedTenantName: body.embedTenantName }),
        ...(creatorMode && { creatorMode }),
        groups: user.groups,
        userAttributes: user.attributes,
        securityContext: body.securityContext ?? {},
        settings: body.settings ?? {},
        scope: ['chat'],
      };
    }
    const session: SessionRecord = {
      sessionId,
      deploymentId: body.deploymentId,
      createdAt: nowMs,
      expiresAt: nowMs + SESSION_ID_TTL_SECONDS * 1000,
      usedAt: null,
      claims,
    };
    await tx.objectStore('sessions').add(session);
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
  return { sessionId };
}

/** Creates or updates the external user of a generate-session (rules 6, 7, 8); 10,000 users per account. */
async function upsertExternalUser(
  store: IDBPObjectStore<EngineDB, ArrayLike<StoreNames<EngineDB>>, 'externalUsers', 'readwrite'>,
  tenant: Scope,
  body: GenerateSessionRequest,
  values: Record<string, UserAttributeValueType>,
  nowMs: number,
): Promise<ExternalUserRecord> {
  const externalId = normalizeExternalId(body.externalId!);
  const now = isoAt(nowMs);
  const existing = await store.index('tenantExternalId').get([tenant, externalId]);
  if (!existing && (await store.count()) >= MAX_EXTERNAL_USERS) {
    throw forbidden(`External user limit reached: at most ${MAX_EXTERNAL_USERS} external users per account`);
  }
  const base: ExternalUserRecord =
    existing ??
    withoutId<ExternalUserRecord>({
      tenant,
      externalId,
      email: null,
      profile: {},
      attributes: {},
      groups: [],
      isEphemeral: false,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
  const attributes = { ...base.attributes };
  for (const [name, value] of Object.entries(values)) {
    if (value === null) delete attributes[name];
    else attributes[name] = value;
  }
  const profile = { ...base.profile };
  for (const [key, value] of Object.entries(body.userProfile ?? {}) as [keyof typeof profile, string | undefined][]) {
    if (value !== undefined) profile[key] = value;
  }
  const next: ExternalUserRecord = {
    ...base,
    email: body.email ?? base.email,
    profile,
    attributes,
    groups: body.groups === undefined ? base.groups : [...new Set(body.groups)].sort(),
  };
  if (!existing) return { ...next, id: await store.add(next) };
  if (jsonEqual(next, existing)) return existing;
  const updated = { ...next, updatedAt: now };
  await store.put(updated);
  return updated;
}

/** POST /api/v1/embed/session/token: a sessionId is single-use and must be exchanged within 5 minutes. */
export async function exchangeSessionToken(ctx: EngineContext, sessionId: string): Promise<SessionTokenResponse> {
  const nowMs = ctx.now();
  const tx = ctx.db.transaction('sessions', 'readwrite');
  let session: SessionRecord | undefined;
  try {
    session = await tx.store.get(sessionId);
    if (!session || session.usedAt !== null || session.expiresAt <= nowMs) {
      throw new ApiError({
        status: 401,
        message: !session ? 'Unknown session' : session.usedAt !== null ? 'Session already used' : 'Session expired',
      });
    }
    await tx.store.put({ ...session, usedAt: nowMs });
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
  const deployment = await ctx.db.get('deployments', session.deploymentId);
  if (!deployment) throw new ApiError({ status: 401, message: 'Session deployment no longer exists' });
  return { token: await signSessionToken(deployment, session.claims, nowMs) };
}

/** POST /api/v1/embed/session/revoke → 204; idempotent. Only tokens this engine signed are accepted. */
export async function revokeSessionToken(ctx: EngineContext, token: string): Promise<void> {
  const { claims } = await verifySessionToken(ctx, token, { allowExpired: true });
  if (!claims.jti || (await ctx.db.get('revokedTokens', claims.jti))) return;
  const nowMs = ctx.now();
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : nowMs + SESSION_TOKEN_TTL_SECONDS * 1000;
  await ctx.db.put('revokedTokens', { jti: claims.jti, revokedAt: nowMs, expiresAt });
}
