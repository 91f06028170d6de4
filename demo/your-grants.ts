// What a person's model grants and to whom, for the "Your data" panel: each cube and view with the groups and user
// attributes its access policies name (read from the model files in this page, kept in localStorage so a reload
// still knows), told in words when the viewer may not query all of it, and offered in the viewer form (1) as groups
// to view as and attribute fields to fill.
import type { DataModel } from '../src/engine/data/model-types.js';
import type { MetaResponse } from '../src/api/types.js';

/** One cube or view: who its access policies let in (`everyone` without policies or with a `*` group). */
export interface Grant {
  name: string;
  type: 'cube' | 'view';
  everyone: boolean;
  groups: string[];
  attributes: string[];
}

export interface Grants {
  sources: Grant[];
  /** Every group and attribute the policies name. */
  groups: string[];
  attributes: string[];
}

const KEY = 'svc-demo-your-grants';

/**
 * The grants of a model given as files (checked by the engine already). The model reader (YAML, checks) is loaded
 * here, when a person gives their files: the page's start does not evaluate it.
 */
export async function grantsOf(files: Record<string, string>): Promise<Grants> {
  const { loadModel, policyNames } = await import('../src/engine/model/index.js');
  const { model } = loadModel(files);
  return grantsOfModel(model, policyNames);
}

function grantsOfModel(
  model: DataModel,
  policyNames: (model: DataModel) => { groups: string[]; attributes: string[] },
): Grants {
  const grant = (part: DataModel, type: Grant['type']): Grant => {
    const source = type === 'cube' ? part.cubes[0] : part.views![0];
    const policies = source.access_policy ?? [];
    const names = policyNames(part);
    const everyone = policies.length === 0 || policies.some((p) => p.group === '*' || (p.groups ?? []).includes('*'));
    return { name: source.name, type, everyone, groups: names.groups, attributes: names.attributes };
  };
  const sources = [
    ...model.cubes.filter((c) => c.public !== false).map((c) => grant({ cubes: [c] }, 'cube')),
    ...(model.views ?? []).map((v) => grant({ cubes: [], views: [v] }, 'view')),
  ];
  const all = policyNames(model);
  return { sources, groups: all.groups, attributes: all.attributes };
}

export function saveGrants(grants: Grants | undefined): void {
  try {
    if (grants) localStorage.setItem(KEY, JSON.stringify(grants));
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the page only says less after a reload
  }
}

export function savedGrants(): Grants | undefined {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as Grants) : undefined;
  } catch {
    return undefined;
  }
}

const list = (names: string[]) => names.join(', ');

/** Who a cube or view lets in, in words: "everyone", "groups a, b", "groups a; rows by attribute region". */
export function whom(grant: Grant): string {
  if (grant.everyone) return grant.attributes.length ? `everyone (rows by ${list(grant.attributes)})` : 'everyone';
  const groups = grant.groups.length ? `group${grant.groups.length > 1 ? 's' : ''} ${list(grant.groups)}` : 'no group';
  return grant.attributes.length ? `${groups} (rows by ${list(grant.attributes)})` : groups;
}

/**
 * What of the model the viewer may not query, in words (empty when they may query all of it): each cube or view
 * missing from their meta, and whom its policies let in.
 */
export function notGranted(grants: Grants | undefined, meta: MetaResponse): Grant[] {
  const seen = new Set(meta.cubes.map((c) => c.name));
  return (grants?.sources ?? []).filter((g) => !seen.has(g.name));
}
