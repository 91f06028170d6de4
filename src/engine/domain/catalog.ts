// The group and attribute catalogs (tenant-wide, or an embed tenant's scoped one): which catalog a session resolves
// names in, name look-ups, and the checks of supplied groups and attribute values (spec, generate-session rules 4–7),
// shared by generate-session and API-key chat.

import { invalid } from '../errors.js';
import type { AttributeType, UserAttributeValueType } from '../../api/types.js';
import { TENANT_WIDE, type AttributeRecord, type GroupRecord, type Scope } from '../store/schema.js';
import type { EngineContext } from './context.js';

const bad = invalid;

/**
 * The catalog a session's group and attribute names belong to: the embed tenant's scoped catalog in creator mode with
 * an embed tenant, otherwise the tenant-wide one (rules 4, 5).
 */
export function catalogScope(session: { creatorMode?: boolean; embedTenantName?: string }): Scope {
  return session.creatorMode === true && session.embedTenantName !== undefined ? session.embedTenantName : TENANT_WIDE;
}

/** An index keyed by [scope, name], inside whatever transaction the caller runs. */
interface ScopeNameIndex<R> {
  get(key: [string, string]): Promise<R | undefined>;
}

/** Every name of `scope` at once (one round trip instead of one per name): name → record, or undefined. */
export async function lookupByName<R>(
  index: ScopeNameIndex<R>,
  scope: Scope,
  names: string[],
): Promise<Map<string, R | undefined>> {
  const records = await Promise.all(names.map((n) => index.get([scope, n])));
  return new Map(names.map((n, i) => [n, records[i]]));
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

/** Attribute values checked against their definitions: 400 for unknown names or a value of the wrong type. */
export function checkAttributeValues(
  definitions: Map<string, AttributeRecord | undefined>,
  supplied: readonly { name: string; value: UserAttributeValueType }[],
): Record<string, UserAttributeValueType> {
  const values: Record<string, UserAttributeValueType> = {};
  const missing: string[] = [];
  for (const { name, value } of supplied) {
    const def = definitions.get(name);
    if (!def) missing.push(name);
    else if (!fitsType(def.type, value)) throw bad(`User attribute ${name} expects a value of type ${def.type}`);
    else values[name] = value;
  }
  if (missing.length > 0) throw bad(`User attributes not found: ${missing.join(', ')}`);
  return values;
}

/** 400 unless every group name is defined. */
export function checkGroups(definitions: Map<string, GroupRecord | undefined>, names: readonly string[]): void {
  const unknown = names.filter((n) => !definitions.get(n));
  if (unknown.length > 0) throw bad(`Groups with names ${unknown.join(', ')} not found`);
}

/** Checks group names and attribute values against the catalog of `scope`, in one read-only transaction. */
export async function checkCatalogNames(
  ctx: EngineContext,
  scope: Scope,
  groups: readonly string[],
  attributes: readonly { name: string; value: UserAttributeValueType }[],
): Promise<Record<string, UserAttributeValueType>> {
  const tx = ctx.db.transaction(['groups', 'attributes']);
  const [groupDefs, attributeDefs] = await Promise.all([
    lookupByName(tx.objectStore('groups').index('scopeName'), scope, [...new Set(groups)]),
    lookupByName(
      tx.objectStore('attributes').index('scopeName'),
      scope,
      attributes.map((a) => a.name),
    ),
  ]);
  const values = checkAttributeValues(attributeDefs, attributes);
  checkGroups(groupDefs, groups);
  return values;
}

/** Saved attribute values after applying `values`: supplied names overwrite, null clears (rule 7). */
export function mergeAttributeValues(
  saved: Record<string, UserAttributeValueType>,
  values: Record<string, UserAttributeValueType>,
): Record<string, UserAttributeValueType> {
  const merged = { ...saved };
  for (const [name, value] of Object.entries(values)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}
