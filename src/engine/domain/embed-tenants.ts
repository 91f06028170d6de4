// Embed-tenant admin: list (cursor pagination) and delete the groups and attribute definitions scoped to a tenant.
// Deleting a definition also drops it from the tenant's users, so it can be recreated with another type.

import { invalid, notFound } from '../errors.js';
import { PAGE_DEFAULT_SIZE } from '../../api/limits.js';
import type { EmbedTenantGroup, EmbedTenantUserAttribute, Page, PageRequest } from '../../api/types.js';
import type { AttributeRecord, GroupRecord } from '../store/schema.js';
import { abortQuietly, isoAt } from '../util.js';
import type { EngineContext } from './context.js';

async function requireTenant(ctx: EngineContext, name: string): Promise<void> {
  if (!(await ctx.db.get('embedTenants', name))) throw notFound(`Embed tenant ${name} not found`);
}

/** Cursors are opaque to clients: the last id of the page, encoded. */
const encodeCursor = (id: number) => btoa(`id:${id}`).replace(/=+$/, '');
function decodeCursor(cursor: string): number {
  let decoded = '';
  try {
    decoded = atob(cursor);
  } catch {
    // fall through to the error below
  }
  const match = /^id:(\d+)$/.exec(decoded);
  if (!match) throw invalid(`Invalid cursor: ${cursor}`);
  return Number(match[1]);
}

async function listScoped<R extends GroupRecord | AttributeRecord, T>(
  ctx: EngineContext,
  store: 'groups' | 'attributes',
  tenant: string,
  page: PageRequest,
  map: (r: R) => T,
): Promise<Page<T>> {
  await requireTenant(ctx, tenant);
  const first = page.first ?? PAGE_DEFAULT_SIZE;
  const after = page.after !== undefined ? decodeCursor(page.after) : 0;
  const items: R[] = [];
  let hasNextPage = false;
  const range = IDBKeyRange.lowerBound(after, true);
  for (let cursor = await ctx.db.transaction(store).store.openCursor(range); cursor; cursor = await cursor.continue()) {
    const record = cursor.value as R;
    if (record.scope !== tenant) continue;
    if (items.length === first) {
      hasNextPage = true;
      break;
    }
    items.push(record);
  }
  const last = items[items.length - 1];
  return { items: items.map(map), pageInfo: { hasNextPage, endCursor: last ? encodeCursor(last.id) : null } };
}

/** The admin shape of a record: everything but the scope. */
const withoutScope = <R extends { scope: string }>({ scope: _scope, ...rest }: R): Omit<R, 'scope'> => rest;
const toGroup = (g: GroupRecord): EmbedTenantGroup => withoutScope(g);
const toAttribute = (a: AttributeRecord): EmbedTenantUserAttribute => withoutScope(a);

export const listEmbedTenantGroups = (ctx: EngineContext, tenant: string, page: PageRequest) =>
  listScoped(ctx, 'groups', tenant, page, toGroup);

export const listEmbedTenantUserAttributes = (ctx: EngineContext, tenant: string, page: PageRequest) =>
  listScoped(ctx, 'attributes', tenant, page, toAttribute);

/** Deletes a scoped group or attribute and removes it from the tenant's external users, in one transaction. */
async function deleteScoped(ctx: EngineContext, store: 'groups' | 'attributes', tenant: string, id: number) {
  await requireTenant(ctx, tenant);
  const tx = ctx.db.transaction([store, 'externalUsers'], 'readwrite');
  try {
    const record = await tx.objectStore(store).get(id);
    if (!record || record.scope !== tenant) {
      throw notFound(`${store === 'groups' ? 'Group' : 'User attribute'} ${id} not found in embed tenant ${tenant}`);
    }
    await tx.objectStore(store).delete(id);
    const now = isoAt(ctx.now());
    const users = tx.objectStore('externalUsers');
    for (let c = await users.index('tenant').openCursor(tenant); c; c = await c.continue()) {
      const user = c.value;
      if (store === 'groups' && user.groups.includes(record.name)) {
        await c.update({ ...user, groups: user.groups.filter((g) => g !== record.name), updatedAt: now });
      } else if (store === 'attributes' && record.name in user.attributes) {
        const { [record.name]: _dropped, ...attributes } = user.attributes;
        await c.update({ ...user, attributes, updatedAt: now });
      }
    }
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}

export const deleteEmbedTenantGroup = (ctx: EngineContext, tenant: string, id: number) =>
  deleteScoped(ctx, 'groups', tenant, id);

export const deleteEmbedTenantUserAttribute = (ctx: EngineContext, tenant: string, id: number) =>
  deleteScoped(ctx, 'attributes', tenant, id);
