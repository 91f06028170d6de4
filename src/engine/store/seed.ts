// Applies a seed to an empty database, in one transaction: nothing or everything lands, and a database that already
// has an account is left alone (so the seed is applied once, idempotently).

import { invalid } from '../errors.js';
import type { EngineSeed } from '../options.js';
import { columnsToIpc, rowsToColumns } from '../data/arrow.js';
import { abortQuietly, isoAt, randomToken, sha256Hex } from '../util.js';
import type { Db } from './db.js';
import { TENANT_WIDE } from './schema.js';

/** True when the seed was applied now; false when the database already had an account. */
export async function applySeed(db: Db, seed: EngineSeed, now: number): Promise<boolean> {
  const createdAt = isoAt(now);
  const keyHashes = await Promise.all(seed.apiKeys.map((k) => sha256Hex(k.key)));
  if (await db.get('meta', 'account')) return false;
  // Tables given as rows become Arrow IPC before the transaction (it may not wait on anything else).
  const tables = Object.entries(seed.tables ?? {}).map(([name, rows]) => ({
    name,
    version: 1,
    ipc: columnsToIpc(rowsToColumns(rows)),
    rowCount: rows.length,
  }));
  const tx = db.transaction(
    [
      'meta',
      'deployments',
      'users',
      'apiKeys',
      'folders',
      'groups',
      'attributes',
      'embedTenants',
      'agents',
      'dataTables',
      'dataModels',
    ],
    'readwrite',
  );
  try {
    if (await tx.objectStore('meta').get('account')) {
      abortQuietly(tx);
      return false;
    }
    await tx.objectStore('meta').add({
      key: 'account',
      name: seed.account.name,
      plan: seed.account.plan,
      useCreatorMode: seed.account.useCreatorMode ?? false,
      createdAt,
    });
    for (const d of seed.deployments) {
      await tx.objectStore('deployments').add({
        id: d.id,
        name: d.name,
        apiSecret: d.apiSecret ?? randomToken(32),
        ...(d.jwksUrl !== undefined && { jwksUrl: d.jwksUrl }),
        ...(d.jwks !== undefined && { jwks: d.jwks }),
        serviceTokenAuth: d.serviceTokenAuth ?? false,
        createdAt,
      });
    }
    const userIds = new Map<string, number>();
    for (const u of seed.users) {
      const id = await tx.objectStore('users').add({
        email: u.email.toLowerCase(),
        username: u.username ?? u.email.toLowerCase(),
        role: u.role,
        ...(u.firstName !== undefined && { firstName: u.firstName }),
        createdAt,
      } as never);
      userIds.set(u.email.toLowerCase(), id);
    }
    const userId = (email: string) => {
      const id = userIds.get(email.toLowerCase());
      if (id === undefined) throw invalid(`Seed: no user with email ${email}`);
      return id;
    };
    for (const [i, k] of seed.apiKeys.entries()) {
      await tx.objectStore('apiKeys').add({
        hash: keyHashes[i],
        userId: userId(k.userEmail),
        ...(k.deploymentIds !== undefined && { deploymentIds: [...k.deploymentIds] }),
        scim: k.scim ?? false,
        createdAt,
      });
    }
    for (const f of seed.folders ?? []) {
      await tx.objectStore('folders').add({
        id: f.id,
        deploymentId: f.deploymentId,
        name: f.name,
        ...(f.parentId !== undefined && { parentId: f.parentId }),
        shares: (f.shares ?? []).map((s) => ({ userId: userId(s.userEmail), level: s.level })),
        createdAt,
      });
    }
    for (const g of seed.groups ?? []) {
      await tx.objectStore('groups').add({
        scope: TENANT_WIDE,
        name: g.name,
        description: g.description ?? null,
        createdAt,
        updatedAt: createdAt,
      } as never);
    }
    for (const a of seed.userAttributes ?? []) {
      await tx.objectStore('attributes').add({
        scope: TENANT_WIDE,
        name: a.name,
        type: a.type,
        displayName: a.displayName ?? null,
        defaultValue: null,
        description: null,
        createdAt,
        updatedAt: createdAt,
      } as never);
    }
    for (const t of seed.embedTenants ?? []) {
      await tx.objectStore('embedTenants').add({ name: t.name, useCreatorMode: t.useCreatorMode ?? false, createdAt });
    }
    for (const a of seed.agents ?? []) {
      await tx.objectStore('agents').add({ id: a.id, deploymentId: a.deploymentId, name: a.name ?? a.id });
    }
    for (const table of tables) await tx.objectStore('dataTables').add(table);
    if (seed.dataModel) {
      await tx.objectStore('dataModels').add({
        key: 'default',
        model: seed.dataModel,
        tableVersions: Object.fromEntries(tables.map((t) => [t.name, t.version])),
        ...(seed.data?.rows !== undefined &&
          tables.length === 0 && { generate: { orders: seed.data.rows, anchorMs: now } }),
      });
    }
    await tx.done;
    return true;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}
