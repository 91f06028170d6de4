// The tenant-wide groups and user attributes a data model's access policies name, created when missing as the model
// is stored (data/tables.ts), so that grants and attribute values can be given to them.

import type { EngineContext } from '../domain/context.js';
import { policyNames, type LoadedModel } from '../model/index.js';
import { TENANT_WIDE } from '../store/schema.js';

/** Creates the tenant-wide groups and user attributes the model's access policies name, when missing. */
export async function ensurePolicyNames(ctx: Pick<EngineContext, 'db' | 'now'>, model: LoadedModel['model']) {
  const { groups, attributes } = policyNames(model);
  const at = new Date(ctx.now()).toISOString();
  const tx = ctx.db.transaction(['groups', 'attributes'], 'readwrite');
  for (const name of groups) {
    const store = tx.objectStore('groups');
    if (!(await store.index('scopeName').get([TENANT_WIDE, name])))
      await store.add({ scope: TENANT_WIDE, name, description: null, createdAt: at, updatedAt: at } as never);
  }
  for (const name of attributes) {
    const store = tx.objectStore('attributes');
    if (!(await store.index('scopeName').get([TENANT_WIDE, name])))
      await store.add({
        scope: TENANT_WIDE,
        name,
        type: 'string',
        displayName: name,
        defaultValue: null,
        description: null,
        createdAt: at,
        updatedAt: at,
      } as never);
  }
  await tx.done;
}
