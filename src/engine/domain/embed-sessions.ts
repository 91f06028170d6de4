// generate-session (spec rules 1–10), and the session exchange and revoke. Everything a
// generate-session writes happens in one transaction: any failure leaves the database as it was.

import { forbidden, invalid, unauthorized } from '../errors.js';
import {
  MAX_EXTERNAL_USERS,
  SESSION_ID_TTL_SECONDS,
  SESSION_TOKEN_TTL_SECONDS,
  normalizeExternalId,
} from '../../api/limits.js';
import type {
  GenerateSessionRequest,
  GenerateSessionResponse,
  SessionTokenResponse,
  UserAttributeValueType,
} from '../../api/types.js';
import type {
  AttributeRecord,
  ExternalUserRecord,
  GroupRecord,
  Scope,
  SessionClaims,
  SessionRecord,
} from '../store/schema.js';
import { TENANT_WIDE } from '../store/schema.js';
import { abortQuietly, isoAt, jsonEqual, randomToken } from '../util.js';
import { getAccount, getDeployment, requireDeployment, requireSessionMinting, type KeyPrincipal } from './auth.js';
import { catalogScope, checkAttributeValues, checkGroups, lookupByName, mergeAttributeValues } from './catalog.js';
import { withoutId, type EngineContext } from './context.js';
import { signSessionToken, verifySessionToken } from './session-tokens.js';

const bad = invalid;

/** The plan gate of the spec for generate-session and chat. */
export async function requirePaidPlan(ctx: EngineContext, what: string): Promise<void> {
  const account = await getAccount(ctx);
  if (!account || account.plan === 'free') {
    throw forbidden(`${what} is available on premium and enterprise plans only`);
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
  requireSessionMinting(principal);
  await requirePaidPlan(ctx, 'Embed sessions');
  await requireDeployment(ctx, principal, body.deploymentId);
  const account = (await getAccount(ctx))!;
  const nowMs = ctx.now();
  const now = isoAt(nowMs);
  const sessionId = randomToken(32);
  const creatorMode = body.creatorMode === true;
  const tenantName = body.embedTenantName ?? TENANT_WIDE;
  const catalog: Scope = catalogScope({ creatorMode, embedTenantName: body.embedTenantName });
  const attributeDefs = body.userAttributeDefinitions ?? [];
  const groupDefs = body.groupDefinitions ?? [];
  const valueNames = (body.userAttributes ?? []).map((a) => a.name);
  const groupNames = body.groups === undefined ? [] : [...new Set(body.groups)];

  const tx = ctx.db.transaction(
    ['embedTenants', 'groups', 'attributes', 'externalUsers', 'users', 'sessions'],
    'readwrite',
  );
  const attributes = tx.objectStore('attributes');
  const groups = tx.objectStore('groups');
  const externalUsers = tx.objectStore('externalUsers');
  const writes: Promise<unknown>[] = [];
  try {
    // Every read at once: one round trip instead of one per name.
    const users = tx.objectStore('users');
    const [tenant, existingAttrDefs, existingGroupDefs, catalogAttrs, catalogGroups, existingUser, internalUser] =
      await Promise.all([
        body.embedTenantName !== undefined ? tx.objectStore('embedTenants').get(body.embedTenantName) : undefined,
        lookupByName(
          attributes.index('scopeName'),
          tenantName,
          attributeDefs.map((d) => d.name),
        ),
        lookupByName(
          groups.index('scopeName'),
          tenantName,
          groupDefs.map((d) => d.name),
        ),
        lookupByName(attributes.index('scopeName'), catalog, valueNames),
        lookupByName(groups.index('scopeName'), catalog, groupNames),
        body.externalId !== undefined
          ? externalUsers.index('tenantExternalId').get([tenantName, normalizeExternalId(body.externalId)])
          : undefined,
        body.internalId !== undefined
          ? users
              .index('username')
              .get(body.internalId)
              .then((u) => u ?? users.index('email').get(body.internalId!.toLowerCase()))
          : undefined,
      ]);

    // The embed tenant: created on first use, with the account's creator-mode flag.
    const useCreatorMode = tenant ? tenant.useCreatorMode : account.useCreatorMode;
    if (body.embedTenantName !== undefined && !tenant) {
      writes.push(tx.objectStore('embedTenants').add({ name: body.embedTenantName, useCreatorMode, createdAt: now }));
    }
    if (creatorMode && !useCreatorMode) {
      throw bad(`creatorMode requires the useCreatorMode flag on embed tenant ${body.embedTenantName ?? account.name}`);
    }

    // Rules 2, 3, 9: definitions first, in the embed tenant's scope only; a type change fails the whole request.
    for (const def of attributeDefs) {
      const existing = existingAttrDefs.get(def.name);
      if (existing && existing.type !== def.type) {
        throw bad(`User attribute ${def.name}: cannot change type from ${existing.type} to ${def.type}`);
      }
      const record = existing
        ? mergeSupplied(existing, {
            displayName: def.displayName,
            defaultValue: def.defaultValue,
            description: def.description,
          })
        : withoutId<AttributeRecord>({
            scope: tenantName,
            name: def.name,
            type: def.type,
            displayName: def.displayName ?? null,
            defaultValue: def.defaultValue ?? null,
            description: def.description ?? null,
            createdAt: now,
            updatedAt: now,
          });
      if (!existing) writes.push(attributes.add(record));
      else if (record !== existing) writes.push(attributes.put({ ...record, updatedAt: now }));
      if (catalog === tenantName && catalogAttrs.has(def.name)) catalogAttrs.set(def.name, record);
    }
    for (const def of groupDefs) {
      const existing = existingGroupDefs.get(def.name);
      const record = existing
        ? mergeSupplied(existing, { description: def.description })
        : withoutId<GroupRecord>({
            scope: tenantName,
            name: def.name,
            description: def.description ?? null,
            createdAt: now,
            updatedAt: now,
          });
      if (!existing) writes.push(groups.add(record));
      else if (record !== existing) writes.push(groups.put({ ...record, updatedAt: now }));
      if (catalog === tenantName && catalogGroups.has(def.name)) catalogGroups.set(def.name, record);
    }

    // Rules 4, 7: attribute values against the applicable catalog (definitions of this request included).
    const values = checkAttributeValues(catalogAttrs, body.userAttributes ?? []);

    // Rules 5, 6: group names against the applicable catalog.
    checkGroups(catalogGroups, groupNames);

    let claims: SessionClaims;
    const shared = {
      deploymentId: body.deploymentId,
      ...(body.embedTenantName !== undefined && { embedTenantName: body.embedTenantName }),
      ...(creatorMode && { creatorMode }),
      settings: body.settings ?? {},
      scope: ['chat'],
    };
    if (body.internalId !== undefined) {
      // Rules 1, 5 (auth): the internal user must exist; their own permissions apply.
      if (!internalUser) throw bad(`Internal user ${body.internalId} not found`);
      claims = {
        ...shared,
        internalId: internalUser.username,
        email: internalUser.email,
        groups: [],
        userAttributes: {},
        securityContext: {},
      };
    } else {
      if (!existingUser && (await externalUsers.count()) >= MAX_EXTERNAL_USERS) {
        throw forbidden(`External user limit reached: at most ${MAX_EXTERNAL_USERS} external users per account`);
      }
      const user = nextExternalUser(existingUser, tenantName, body, values, now);
      if (!existingUser) writes.push(externalUsers.add(user));
      else if (user !== existingUser) writes.push(externalUsers.put(user));
      claims = {
        ...shared,
        externalId: user.externalId,
        ...(user.email !== null && { email: user.email }),
        userProfile: user.profile,
        groups: user.groups,
        userAttributes: user.attributes,
        securityContext: body.securityContext ?? {},
      };
    }
    writes.push(
      tx.objectStore('sessions').add({
        sessionId,
        deploymentId: body.deploymentId,
        createdAt: nowMs,
        expiresAt: nowMs + SESSION_ID_TTL_SECONDS * 1000,
        usedAt: null,
        claims,
      }),
    );
    await Promise.all([...writes, tx.done]);
  } catch (error) {
    abortQuietly(tx);
    for (const w of writes) w.catch(() => undefined);
    throw error;
  }
  return { sessionId };
}

/** The external user after a generate-session (rules 6, 7, 8); the same object when nothing changes. */
function nextExternalUser(
  existing: ExternalUserRecord | undefined,
  tenant: Scope,
  body: GenerateSessionRequest,
  values: Record<string, UserAttributeValueType>,
  now: string,
): ExternalUserRecord {
  const base: ExternalUserRecord =
    existing ??
    withoutId<ExternalUserRecord>({
      tenant,
      externalId: normalizeExternalId(body.externalId!),
      email: null,
      profile: {},
      attributes: {},
      groups: [],
      isEphemeral: false,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
  const attributes = mergeAttributeValues(base.attributes, values);
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
  if (!existing) return next;
  return jsonEqual(next, existing) ? existing : { ...next, updatedAt: now };
}

/** POST /api/v1/embed/session/token: a sessionId is single-use and must be exchanged within 5 minutes. */
export async function exchangeSessionToken(ctx: EngineContext, sessionId: string): Promise<SessionTokenResponse> {
  const nowMs = ctx.now();
  const tx = ctx.db.transaction('sessions', 'readwrite');
  let session: SessionRecord | undefined;
  try {
    session = await tx.store.get(sessionId);
    if (!session || session.usedAt !== null || session.expiresAt <= nowMs) {
      throw unauthorized(
        !session ? 'Unknown session' : session.usedAt !== null ? 'Session already used' : 'Session expired',
      );
    }
    await tx.store.put({ ...session, usedAt: nowMs });
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
  const deployment = await getDeployment(ctx, session.deploymentId);
  if (!deployment) throw unauthorized('Session deployment no longer exists');
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
