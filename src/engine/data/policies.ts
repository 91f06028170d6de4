// Access policies: which members and rows of a cube or view a caller may see. Once a source has a
// policy, a caller matching none sees nothing; matching policies combine with OR; a matching policy without
// row_level grants every row.

import type { LoadFilter } from '../../api/types.js';
import type { AccessPolicy } from './model-types.js';
import type { Source } from './model.js';

/**
 * Who is asking: an embed session's viewer, or an internal user behind an API key. Policies are written against the
 * tenant-wide catalog, so `groups` and `userAttributes` hold tenant-wide names only; the names of an embed tenant's
 * scoped catalog (creator mode) live in `scoped` and never satisfy a policy, whatever they are called.
 */
export interface Identity {
  /** Model authors (internal developers and admins) see every member and row. */
  bypass: boolean;
  /** Tenant-wide group names. */
  groups: string[];
  /** Values of tenant-wide attributes. */
  userAttributes: Record<string, unknown>;
  securityContext: Record<string, unknown>;
  /** Groups and attribute values of an embed tenant's scoped catalog (creator mode): never read by policies. */
  scoped?: { tenant: string; groups: string[]; userAttributes: Record<string, unknown> };
}

export interface SourceAccess {
  /** Nothing at all is visible. */
  denied: boolean;
  /** Member names (within the source) the caller may use. */
  members: Set<string>;
  /** Row filters: OR of these alternatives; `null` means every row. Each alternative is an AND of filters. */
  rows: LoadFilter[][] | null;
}

const TEMPLATE = /^\{\s*(userAttributes|securityContext)\.([\w.]+)\s*\}$/;

/** The value a `{ userAttributes.x }` or `{ securityContext.x }` template stands for (undefined when missing). */
export function templateValue(identity: Identity, text: string): { matched: boolean; value?: unknown } {
  const match = TEMPLATE.exec(text.trim());
  if (!match) return { matched: false };
  let value: unknown = match[1] === 'userAttributes' ? identity.userAttributes : identity.securityContext;
  for (const key of match[2].split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return { matched: true, value };
}

function conditionHolds(identity: Identity, condition: string): boolean {
  const { matched, value } = templateValue(identity, condition);
  if (!matched) return false; // conditions we cannot evaluate grant nothing
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

function matches(identity: Identity, policy: AccessPolicy): boolean {
  const groups = policy.groups ?? (policy.group !== undefined ? [policy.group] : ['*']);
  const inGroup = groups.includes('*') || groups.some((g) => identity.groups.includes(g));
  return inGroup && (policy.conditions ?? []).every((c) => conditionHolds(identity, c.if));
}

function visibleMembers(all: string[], policy: AccessPolicy): string[] {
  const includes = policy.member_level?.includes ?? '*';
  const excludes = new Set(policy.member_level?.excludes ?? []);
  return all.filter((m) => (includes === '*' || includes.includes(m)) && !excludes.has(m));
}

/** What `identity` may see of `source`. */
export function sourceAccess(identity: Identity, source: Source): SourceAccess {
  const all = [...source.members.keys()];
  if (identity.bypass) return { denied: false, members: new Set(all), rows: null };
  if (!source.public) return { denied: true, members: new Set(), rows: [] };
  if (source.policies.length === 0) return { denied: false, members: new Set(all), rows: null };
  const matching = source.policies.filter((p) => matches(identity, p));
  if (matching.length === 0) return { denied: true, members: new Set(), rows: [] };
  const members = new Set(matching.flatMap((p) => visibleMembers(all, p)));
  const grantsAll = matching.some((p) => !p.row_level || p.row_level.allow_all || !p.row_level.filters?.length);
  return { denied: false, members, rows: grantsAll ? null : matching.map((p) => p.row_level!.filters!) };
}

/** Row filters of a cube's own policies when it is reached through a view (member rules stay the view's). */
export function cubeRowAccess(identity: Identity, cubeSource: Source): LoadFilter[][] | null | 'none' {
  if (identity.bypass || cubeSource.policies.length === 0) return null;
  const matching = cubeSource.policies.filter((p) => matches(identity, p));
  if (matching.length === 0) return 'none';
  const grantsAll = matching.some((p) => !p.row_level || p.row_level.allow_all || !p.row_level.filters?.length);
  return grantsAll ? null : matching.map((p) => p.row_level!.filters!);
}

/** Each `{ userAttributes.x }` / `{ securityContext.x }` value of a filter tree, with the filter's values. */
function* templateRefs(filters: LoadFilter[]): Generator<string> {
  for (const f of filters) {
    if ('and' in f) yield* templateRefs(f.and);
    else if ('or' in f) yield* templateRefs(f.or);
    else for (const v of f.values ?? []) if (typeof v === 'string' && TEMPLATE.test(v.trim())) yield v.trim();
  }
}

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/**
 * The policy values the caller lacks: for each of `sources` (a view's cubes included by the caller), the
 * `userAttributes.x` / `securityContext.x` that a row filter of a policy the caller matches needs and the caller's
 * session does not set. Such a filter matches no row, so an empty result is explained by it, not by the data.
 */
export function missingPolicyValues(identity: Identity, sources: Source[]): { source: Source; refs: string[] }[] {
  if (identity.bypass) return [];
  const out: { source: Source; refs: string[] }[] = [];
  for (const source of sources) {
    const refs = new Set<string>();
    for (const p of source.policies.filter((policy) => matches(identity, policy))) {
      for (const ref of templateRefs(p.row_level?.filters ?? [])) {
        if (isEmptyValue(templateValue(identity, ref).value)) refs.add(ref.replace(/^\{\s*|\s*\}$/g, ''));
      }
    }
    if (refs.size) out.push({ source, refs: [...refs] });
  }
  return out;
}
