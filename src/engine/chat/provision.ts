// The external user of a chat request, written only once the request has passed every check (chat/auth.ts returns
// a principal whose provision() calls this): created or refreshed in its tenant, ephemeral by default (removed after
// its TTL by the engine clock), at most 10,000 non-ephemeral per account. Expired ephemeral users are removed here.

import { MAX_NON_EPHEMERAL_EXTERNAL_USERS } from '../../api/limits.js';
import type { UserAttributeValueType } from '../../api/types.js';
import { mergeAttributeValues } from '../domain/catalog.js';
import { withoutId, type EngineContext } from '../domain/context.js';
import type { ExternalUserRecord, Scope } from '../store/schema.js';
import { abortQuietly, isoAt } from '../util.js';
import { forbidden } from '../errors.js';

export interface ExternalUserUpdate {
  tenant: Scope;
  /** Normalised and validated. */
  externalId: string;
  email?: string;
  /** Replaces the memberships when given; omitted keeps them. */
  groups?: string[];
  /** Supplied names overwrite, null clears. */
  userAttributes: Record<string, UserAttributeValueType>;
  isEphemeral: boolean;
  ttlSeconds: number;
}

/** Creates or refreshes the external user (tenant, externalId) and returns it as stored. */
export async function provisionExternal(ctx: EngineContext, update: ExternalUserUpdate): Promise<ExternalUserRecord> {
  const nowMs = ctx.now();
  const now = isoAt(nowMs);
  const tx = ctx.db.transaction('externalUsers', 'readwrite');
  try {
    const store = tx.store;
    for (let c = await store.index('expiresAt').openCursor(IDBKeyRange.upperBound(nowMs)); c; c = await c.continue()) {
      if (c.value.isEphemeral) await c.delete();
    }
    const existing = await store.index('tenantExternalId').get([update.tenant, update.externalId]);
    const persistent = !update.isEphemeral || (existing !== undefined && !existing.isEphemeral);
    const becomesPersistent = persistent && (!existing || existing.isEphemeral);
    if (becomesPersistent) {
      let count = 0;
      for (let c = await store.openCursor(); c; c = await c.continue()) if (!c.value.isEphemeral) count++;
      if (count >= MAX_NON_EPHEMERAL_EXTERNAL_USERS) {
        throw forbidden(`Non-ephemeral external user limit reached: at most ${MAX_NON_EPHEMERAL_EXTERNAL_USERS}`);
      }
    }
    const record: ExternalUserRecord = {
      ...(existing ??
        withoutId<ExternalUserRecord>({
          tenant: update.tenant,
          externalId: update.externalId,
          email: null,
          profile: {},
          attributes: {},
          groups: [],
          isEphemeral: true,
          expiresAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      email: update.email ?? existing?.email ?? null,
      attributes: mergeAttributeValues(existing?.attributes ?? {}, update.userAttributes),
      groups: update.groups ? [...new Set(update.groups)].sort() : (existing?.groups ?? []),
      isEphemeral: !persistent,
      expiresAt: persistent ? null : nowMs + update.ttlSeconds * 1000,
      updatedAt: now,
    };
    if (existing) await store.put(record);
    else await store.add(record);
    await tx.done;
    return record;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}
