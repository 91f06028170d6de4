// Cross-checks of a whole model (every file read): names are unique, tables exist, member SQL references resolve,
// joins reach declared cubes without cycles, views' join paths follow declared joins and include members that exist,
// and access policies name members of their cube or view. Each problem is reported at its object's line.

import type { LoadFilter } from '../../api/types.js';
import type { AccessPolicy, Cube, DataModel, View } from '../data/model-types.js';
import { contextVariable } from './context-vars.js';
import { joinCycles } from './join-cycles.js';
import type { Problems } from './problems.js';

function memberNames(cube: Cube): string[] {
  return [...cube.measures, ...cube.dimensions, ...(cube.segments ?? [])].map((m) => m.name);
}

/** A cube's member names as a set, made once per cube: checks look names up, never scan a list per reference. */
const memberSets = new WeakMap<Cube, Set<string>>();
function memberSet(cube: Cube): Set<string> {
  let set = memberSets.get(cube);
  if (!set) memberSets.set(cube, (set = new Set(memberNames(cube))));
  return set;
}

/** The member names a view exposes (after includes, excludes and prefixes). */
function viewMembers(view: View, cubes: Map<string, Cube>): string[] {
  const out: string[] = [];
  for (const part of view.cubes) {
    const path = part.join_path.split('.');
    const cube = cubes.get(path[path.length - 1]);
    if (!cube) continue;
    const prefix = part.prefix ? `${part.alias ?? cube.name}_` : '';
    const includes = part.includes === '*' ? undefined : new Set(part.includes);
    const excludes = new Set(part.excludes);
    for (const name of memberNames(cube)) {
      if (includes && !includes.has(name)) continue;
      if (excludes.has(name)) continue;
      out.push(prefix + name);
    }
  }
  return out;
}

function checkSql(
  problems: Problems,
  cubes: Map<string, Cube>,
  cube: Cube,
  owner: object,
  sql: string | undefined,
  what: string,
  partial = false,
) {
  if (!sql) return;
  const variable = contextVariable(sql);
  if (variable) problems.error(owner, `${what}: ${variable.message}`);
  for (const [, ref] of sql.matchAll(/\{([^{}]*)\}/g)) {
    const name = ref.trim();
    if (variable && contextVariable(name)) continue;
    if (name === 'CUBE' || cubes.has(name)) continue;
    const [refCube, refMember] = name.includes('.') ? name.split('.', 2) : [cube.name, name];
    const target = refCube === 'CUBE' ? cube : cubes.get(refCube);
    if (target && memberSet(target).has(refMember)) continue;
    // With a file unread, an unknown cube (or a bare name, which may be one) may be in it.
    if (partial && (!target || !name.includes('.'))) continue;
    problems.error(owner, `${what}: unknown reference {${name}}`);
  }
}

/**
 * A cube's own `sql` and `sql_table` go into queries as written: a context variable or a `{reference}` there would
 * fail every query on the cube, so they are refused here.
 */
function checkCubeSql(problems: Problems, cube: Cube, what: string) {
  for (const key of ['sql', 'sql_table'] as const) {
    const sql = cube[key];
    if (!sql) continue;
    const variable = contextVariable(sql);
    if (variable) problems.error(cube, `${what}: ${key}: ${variable.message}`, key);
    else
      for (const [ref] of sql.matchAll(/\{\s*[A-Za-z_][\w.]*\s*(?:\([^{}]*\))?\s*\}/g))
        problems.error(
          cube,
          `${what}: ${key}: ${ref} is not rendered in a cube's ${key} by the local engine; write table and column names`,
          key,
        );
  }
}

function checkFilters(problems: Problems, filters: LoadFilter[], members: Set<string>, source: string, what: string) {
  for (const filter of filters) {
    const f = filter as { member?: string; and?: LoadFilter[]; or?: LoadFilter[]; operator?: string };
    if (f.and || f.or) {
      checkFilters(problems, (f.and ?? f.or)!, members, source, what);
      continue;
    }
    const member = f.member?.startsWith(`${source}.`) ? f.member.slice(source.length + 1) : f.member;
    if (!member || !members.has(member))
      problems.error(filter, `${what}: row_level filter on unknown member ${f.member ?? '(none)'} of ${source}`);
    else (filter as { member?: string }).member = member;
    if (!f.operator) problems.error(filter, `${what}: row_level filter without operator`);
  }
}

function checkPolicies(problems: Problems, policies: AccessPolicy[], members: string[], source: string) {
  const known = new Set(members);
  for (const policy of policies) {
    const what = `${source}: access policy`;
    for (const key of ['includes', 'excludes'] as const) {
      const names = policy.member_level?.[key];
      if (!Array.isArray(names)) continue;
      for (const name of names)
        if (!known.has(name))
          problems.error(policy, `${what}: member_level ${key} names unknown member ${name}`, 'member_level');
    }
    checkFilters(problems, policy.row_level?.filters ?? [], known, source, what);
  }
}

/**
 * Checks the whole model; `tables`, when given, are the tables sql_table may name. `partial`: a file could not be
 * read, so a cube not found may be in it — references to unknown cubes are not reported (everything else is).
 */
export function validateModel(model: DataModel, problems: Problems, tables?: Set<string>, partial = false): void {
  const cubes = new Map<string, Cube>();
  const seen = new Set<string>();
  for (const item of [...model.cubes, ...(model.views ?? [])]) {
    if (!item.name) continue;
    if (seen.has(item.name)) problems.error(item, `${item.name} is defined twice (cube and view names are shared)`);
    seen.add(item.name);
  }
  for (const cube of model.cubes) if (!cubes.has(cube.name)) cubes.set(cube.name, cube);
  const lowerTables = tables && new Set([...tables].map((t) => t.toLowerCase()));
  for (const cube of model.cubes) {
    const what = `Cube ${cube.name}`;
    if (cube.sql_table && lowerTables && !lowerTables.has(cube.sql_table.toLowerCase()))
      problems.error(
        cube,
        `${what}: table ${cube.sql_table} does not exist (tables: ${[...tables].sort().join(', ') || 'none'})`,
        'sql_table',
      );
    checkCubeSql(problems, cube, what);
    const names = new Set<string>();
    for (const m of [...cube.measures, ...cube.dimensions, ...(cube.segments ?? [])]) {
      if (names.has(m.name)) problems.error(m, `${what}: member ${m.name} is defined twice`);
      names.add(m.name);
    }
    const sqlOf = (owner: object, sql: string | undefined, of: string) =>
      checkSql(problems, cubes, cube, owner, sql, of, partial);
    for (const m of cube.measures) {
      sqlOf(m, m.sql, `${what}, measure ${m.name}`);
      for (const f of m.filters ?? []) sqlOf(m, f.sql, `${what}, measure ${m.name}`);
      for (const d of m.drill_members ?? [])
        if (!names.has(d))
          problems.error(m, `${what}, measure ${m.name}: drill_members names unknown member ${d}`, 'drill_members');
    }
    for (const d of cube.dimensions) sqlOf(d, d.sql, `${what}, dimension ${d.name}`);
    for (const s of cube.segments ?? []) sqlOf(s, s.sql, `${what}, segment ${s.name}`);
    for (const j of cube.joins ?? []) {
      if (!cubes.has(j.name)) {
        if (!partial) problems.error(j, `${what}: join to unknown cube ${j.name}`);
      } else if (j.name === cube.name) problems.error(j, `${what}: cyclic join ${cube.name} → ${cube.name}`);
      else sqlOf(j, j.sql, `${what}, join ${j.name}`);
    }
    checkPolicies(problems, cube.access_policy ?? [], [...names], cube.name);
  }
  for (const { cubes: path, join } of joinCycles(cubes))
    problems.error(join, `Cube ${path[path.length - 2]}: cyclic join ${path.join(' → ')}`);
  for (const view of model.views ?? []) {
    const what = `View ${view.name}`;
    let root: string | undefined;
    let incomplete = false;
    for (const part of view.cubes) {
      if (!part.join_path) continue; // reported where the view was read: a join_path is required
      const path = part.join_path.split('.');
      root ??= path[0];
      if (path[0] !== root) problems.error(part, `${what}: join_path ${part.join_path} must start at ${root}`);
      if (path.includes('')) {
        problems.error(part, `${what}: join_path ${part.join_path} has an empty cube name (write cube.cube)`);
        continue;
      }
      const unknown = path.find((c) => !cubes.has(c));
      if (unknown !== undefined) {
        incomplete = true;
        if (!partial) problems.error(part, `${what}: join_path ${part.join_path} names unknown cube ${unknown}`);
        continue;
      }
      if (new Set(path).size !== path.length) problems.error(part, `${what}: cyclic join path ${part.join_path}`);
      for (let i = 1; i < path.length; i++)
        if (!(cubes.get(path[i - 1])!.joins ?? []).some((j) => j.name === path[i]))
          problems.error(part, `${what}: join_path ${part.join_path}: cube ${path[i - 1]} has no join to ${path[i]}`);
      const cube = cubes.get(path[path.length - 1])!;
      const own = memberSet(cube);
      for (const name of [...(part.includes === '*' ? [] : part.includes), ...(part.excludes ?? [])])
        if (name && !own.has(name)) problems.error(part, `${what}: ${cube.name} has no member ${name}`);
    }
    const members = viewMembers(view, cubes);
    const unique = new Set<string>();
    const dup = members.find((m) => unique.size === unique.add(m).size);
    if (dup) problems.error(view, `${what}: member ${dup} is included twice (use prefix: true or excludes)`);
    // A view whose cube is in a file not read: its members are not all known.
    if (!(partial && incomplete)) checkPolicies(problems, view.access_policy ?? [], members, view.name);
  }
}

/** The groups and user attributes a model's access policies name (so sessions can use them). */
export function policyNames(model: DataModel): { groups: string[]; attributes: string[] } {
  const groups = new Set<string>();
  const attributes = new Set<string>();
  const text = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/\{\s*userAttributes\.(\w+)/g)) attributes.add(name);
  };
  for (const source of [...model.cubes, ...(model.views ?? [])]) {
    for (const p of source.access_policy ?? []) {
      for (const g of [...(p.groups ?? []), ...(p.group !== undefined ? [p.group] : [])]) if (g !== '*') groups.add(g);
      text(p);
    }
  }
  return { groups: [...groups], attributes: [...attributes] };
}
