// The semantic model resolved for querying: cubes and views as sources of named members, each member knowing its
// cube, its SQL and the join path that reaches it.

import { cubeTitle } from '../model/titles.js';
import { JoinGraph } from './join-graph.js';
import type { AccessPolicy, Cube, CubeDimension, CubeMeasure, CubeSegment, DataModel, View } from './model-types.js';
import { invalid } from '../errors.js';

export type MemberKind = 'measure' | 'dimension' | 'segment';

export interface Member {
  /** `source.name`, e.g. `sales.customers_region`. */
  fullName: string;
  /** Name inside its source (cube or view). */
  name: string;
  kind: MemberKind;
  /** The cube that defines it, and that cube's own member name. */
  cube: string;
  cubeMember: string;
  /** Cubes from the source's root to the member's cube (a cube source: just itself). */
  joinPath: string[];
  type: string;
  /** Its own title, else its name's in Cube's words (a view member: the view member's name, prefix included). */
  title: string;
  description?: string;
  /** As Cube's /meta lists it: a cube's primary key is hidden unless made public; a view's members are all shown. */
  primaryKey: boolean;
  visible: boolean;
  measure?: CubeMeasure;
  dimension?: CubeDimension;
  segmentSql?: string;
  segment?: CubeSegment;
}

export interface Source {
  name: string;
  type: 'cube' | 'view';
  title: string;
  description?: string;
  public: boolean;
  policies: AccessPolicy[];
  /** For a view: the root cube its join paths start from. */
  root: string;
  members: Map<string, Member>;
}

export interface ResolvedModel {
  model: DataModel;
  cubes: Map<string, Cube>;
  sources: Map<string, Source>;
  /** The cubes' joins, for join paths, query roots and multiplied measures. */
  graph: JoinGraph;
}

/**
 * A cube's members under `source`, renamed by `rename` (a view's prefix). A view member is a new member in Cube: its
 * title comes from its own name, and it is neither a primary key nor hidden there.
 */
function cubeMembers(cube: Cube, source: string, joinPath: string[], rename?: (n: string) => string): Member[] {
  const inView = rename !== undefined;
  const name = rename ?? ((n: string) => n);
  const base = { cube: cube.name, joinPath, primaryKey: false, visible: true };
  const titleOf = (n: string) => cubeTitle(name(n));
  return [
    ...cube.measures.map((m): Member => ({
      ...base,
      fullName: `${source}.${name(m.name)}`,
      name: name(m.name),
      kind: 'measure',
      cubeMember: m.name,
      type: 'number',
      title: m.title ?? titleOf(m.name),
      description: m.description,
      measure: m,
    })),
    ...cube.dimensions.map((d): Member => ({
      ...base,
      fullName: `${source}.${name(d.name)}`,
      name: name(d.name),
      kind: 'dimension',
      cubeMember: d.name,
      type: d.type,
      title: d.title ?? titleOf(d.name),
      description: d.description,
      ...(!inView && { primaryKey: !!d.primary_key, visible: d.public ?? !d.primary_key }),
      dimension: d,
    })),
    ...(cube.segments ?? []).map((s): Member => ({
      ...base,
      fullName: `${source}.${name(s.name)}`,
      name: name(s.name),
      kind: 'segment',
      cubeMember: s.name,
      type: 'boolean',
      title: s.title ?? titleOf(s.name),
      description: s.description,
      segmentSql: s.sql,
      segment: s,
    })),
  ];
}

function resolveView(view: View, cubes: Map<string, Cube>): Source {
  const members = new Map<string, Member>();
  let root: string | undefined;
  for (const part of view.cubes) {
    const path = part.join_path.split('.');
    root ??= path[0];
    if (path[0] !== root) throw new Error(`View ${view.name}: every join_path must start at ${root}`);
    const cubeName = path[path.length - 1];
    const cube = cubes.get(cubeName);
    if (!cube) throw new Error(`View ${view.name}: unknown cube ${cubeName}`);
    const prefix = part.prefix ? `${part.alias ?? cubeName}_` : '';
    const excluded = new Set(part.excludes ?? []);
    for (const m of cubeMembers(cube, view.name, path, (n) => `${prefix}${n}`)) {
      const own = m.cubeMember;
      if ((part.includes !== '*' && !part.includes.includes(own)) || excluded.has(own)) continue;
      if (members.has(m.name)) throw new Error(`View ${view.name}: member ${m.name} is included twice`);
      members.set(m.name, m);
    }
  }
  return {
    name: view.name,
    type: 'view',
    title: view.title ?? cubeTitle(view.name),
    description: view.description,
    public: true,
    policies: view.access_policy ?? [],
    root: root ?? '',
    members,
  };
}

/** Resolves a data model; a model that does not hang together is refused with the reason. */
export function resolveModel(model: DataModel): ResolvedModel {
  const cubes = new Map(model.cubes.map((c) => [c.name, c]));
  const sources = new Map<string, Source>();
  for (const cube of model.cubes) {
    sources.set(cube.name, {
      name: cube.name,
      type: 'cube',
      title: cube.title ?? cubeTitle(cube.name),
      description: cube.description,
      public: cube.public !== false,
      policies: cube.access_policy ?? [],
      root: cube.name,
      members: new Map(cubeMembers(cube, cube.name, [cube.name]).map((m) => [m.name, m])),
    });
  }
  for (const view of model.views ?? []) {
    if (sources.has(view.name)) throw new Error(`Data model: ${view.name} is both a cube and a view`);
    sources.set(view.name, resolveView(view, cubes));
  }
  return { model, cubes, sources, graph: new JoinGraph(model.cubes) };
}

/** 400 for a path naming no cube or view, in Cube's words. */
export const unknownSource = (fullName: string) =>
  invalid(`Cube '${fullName.split('.')[0]}' not found for path '${fullName}'`);

/** `source.member` → the source and the member; 400 naming what is unknown, in Cube's words. */
export function lookupMember(resolved: ResolvedModel, fullName: string): { source: Source; member: Member } {
  const dot = fullName.indexOf('.');
  const source = dot > 0 ? resolved.sources.get(fullName.slice(0, dot)) : undefined;
  if (!source) throw unknownSource(fullName);
  const name = fullName.slice(dot + 1);
  const member = source.members.get(name);
  if (!member) throw invalid(`'${name}' not found for path '${fullName}'`);
  return { source, member };
}
