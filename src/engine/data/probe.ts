// A model checked against the tables DuckDB holds, when it is set: each cube's members are compiled as the data API
// compiles them and bound by DuckDB (`LIMIT 0`: nothing is read), all of a cube's at once and, when that fails, one at
// a time — so a misspelt column is a problem at its member's file and line now, not a DuckDB binder message when a
// query first runs. Each join is bound the same way, with a member of each side.

import type { LoadQuery } from '../../api/types.js';
import { editDistance } from '../chat/agent/analyst/text.js';
import type { ModelProblem } from '../model/problems.js';
import { compileLoad } from './load-compiler.js';
import type { Cube, DataModel } from './model-types.js';
import { resolveModel, type ResolvedModel } from './model.js';
import type { Identity } from './policies.js';

/** The model's author: every member and row. */
const AUTHOR: Identity = { bypass: true, groups: [], userAttributes: {}, securityContext: {} };

export interface ProbeOptions {
  /** Where an object of the model was written. */
  where(object: object, key?: string): { file: string; line: number };
  /** Runs a statement on DuckDB; rejects with DuckDB's error. */
  run(sql: string): Promise<{ schema: { name: string }[] }>;
  /** Whether every cube is there (joins are bound only then). */
  whole: boolean;
  nowMs: number;
}

/**
 * DuckDB's words for what failed, on one line: a missing column named with those of `columns` it may have meant,
 * anything else as DuckDB's first lines, without the caret lines under the statement.
 */
function reason(error: unknown, table: string, columns: string[] = []): string {
  const text = error instanceof Error ? error.message : String(error);
  // A cube named like one of its columns: DuckDB reads "cube"."x" as field x of that column.
  const missing =
    /Referenced column "([^"]+)" not found/.exec(text)?.[1] ??
    /does not have a column named "([^"]+)"/.exec(text)?.[1] ??
    /Cannot extract field '([^']+)' from expression/.exec(text)?.[1];
  if (missing !== undefined) {
    const lower = missing.toLowerCase();
    const near = columns.filter((c) => editDistance(c.toLowerCase(), lower, 2) <= 2).slice(0, 3);
    const hint = near.length ? ` (did you mean ${near.map((c) => `"${c}"`).join(', ')}?)` : '';
    return `column "${missing}" is not in ${table}${hint}`;
  }
  const first = text.split(/\n\s*\n|\nLINE \d+:/)[0];
  return first.replace(/\s+/g, ' ').trim();
}

const sourceOf = (cube: Cube) => (cube.sql_table ? `table ${cube.sql_table}` : 'the cube’s sql');

/** Compiles `query` for the author, or undefined when it does not compile on its own (reported elsewhere). */
function compile(resolved: ResolvedModel, query: LoadQuery, nowMs: number): string | undefined {
  try {
    return compileLoad(resolved, AUTHOR, { query: { ...query, limit: 1 } }, nowMs).sql;
  } catch {
    return undefined;
  }
}

/** The columns of a cube's table or SQL (none when that does not run). */
async function columnsOf(cube: Cube, options: ProbeOptions): Promise<string[]> {
  const from = cube.sql ? `(${cube.sql})` : cube.sql_table!;
  try {
    return (await options.run(`SELECT * FROM ${from} AS __columns LIMIT 0`)).schema.map((c) => c.name);
  } catch {
    return [];
  }
}

const bind = (sql: string) => `SELECT * FROM (${sql}) AS __probe LIMIT 0`;

async function fails(options: ProbeOptions, sql: string): Promise<unknown> {
  try {
    await options.run(bind(sql));
    return undefined;
  } catch (error) {
    return error ?? new Error('failed');
  }
}

/** A cube's members bound on their own (joins left out): the problems found. */
async function probeCube(cube: Cube, options: ProbeOptions): Promise<ModelProblem[]> {
  let resolved: ResolvedModel;
  try {
    resolved = resolveModel({ cubes: [{ ...cube, joins: [] }], views: [] });
  } catch {
    return [];
  }
  const what = `Cube ${cube.name}`;
  const firstDimension = cube.dimensions[0] && `${cube.name}.${cube.dimensions[0].name}`;
  const members: { object: object; label: string; query: LoadQuery; sql: string }[] = [];
  const add = (object: object, label: string, query: LoadQuery) => {
    const sql = compile(resolved, query, options.nowMs);
    if (sql) members.push({ object, label, query, sql });
  };
  for (const m of cube.measures) add(m, `measure ${m.name}`, { measures: [`${cube.name}.${m.name}`] });
  for (const d of cube.dimensions) add(d, `dimension ${d.name}`, { dimensions: [`${cube.name}.${d.name}`] });
  if (firstDimension)
    for (const s of cube.segments ?? [])
      add(s, `segment ${s.name}`, { dimensions: [firstDimension], segments: [`${cube.name}.${s.name}`] });
  if (members.length === 0) return [];
  const all = compile(
    resolved,
    {
      measures: members.flatMap((m) => m.query.measures ?? []),
      dimensions: [...new Set(members.flatMap((m) => m.query.dimensions ?? []))],
      segments: members.flatMap((m) => m.query.segments ?? []),
    },
    options.nowMs,
  );
  if (all && (await fails(options, all)) === undefined) return [];
  const failed: { object: object; label: string; error: unknown }[] = [];
  for (const m of members) {
    const error = await fails(options, m.sql);
    if (error !== undefined) failed.push({ object: m.object, label: m.label, error });
  }
  const source = sourceOf(cube);
  const columns = await columnsOf(cube, options);
  const reasons = new Set(failed.map((f) => reason(f.error, source, columns)));
  // Every member failing for one reason: the cube's table or SQL is at fault, said once at the cube.
  if (failed.length === members.length && failed.length > 1 && reasons.size === 1)
    return [{ ...options.where(cube, cube.sql ? 'sql' : 'sql_table'), message: `${what}: ${[...reasons][0]}` }];
  return failed.map((f) => ({
    ...options.where(f.object, 'sql'),
    message: `${what}, ${f.label}: ${reason(f.error, source, columns)}`,
  }));
}

/** Each join bound with a dimension of either side, in the whole model (after its cubes passed on their own). */
async function probeJoins(model: DataModel, passed: Set<string>, options: ProbeOptions): Promise<ModelProblem[]> {
  let resolved: ResolvedModel;
  try {
    resolved = resolveModel(model);
  } catch {
    return [];
  }
  const problems: ModelProblem[] = [];
  for (const cube of model.cubes) {
    for (const join of cube.joins ?? []) {
      const other = resolved.cubes.get(join.name);
      if (!passed.has(cube.name) || !passed.has(join.name) || !other) continue;
      const mine = cube.dimensions[0] ?? cube.measures[0];
      const theirs = other.dimensions[0] ?? other.measures[0];
      if (!mine || !theirs) continue;
      const member = (c: Cube, m: { name: string }) => `${c.name}.${m.name}`;
      const kind = (c: Cube, m: object) => (c.dimensions.includes(m as never) ? 'dimensions' : 'measures');
      const query: LoadQuery = {};
      for (const [c, m] of [
        [cube, mine],
        [other, theirs],
      ] as const)
        (query[kind(c, m)] ??= []).push(member(c, m));
      const sql = compile(resolved, query, options.nowMs);
      const error = sql && (await fails(options, sql));
      if (error)
        problems.push({
          ...options.where(join, 'sql'),
          message: `Cube ${cube.name}, join ${join.name}: ${reason(error, `${sourceOf(cube)} joined to ${sourceOf(other)}`)}`,
        });
    }
  }
  return problems;
}

/**
 * The model's problems against DuckDB's tables: cubes whose table is not there (`tables`, lower case) are left to the
 * model's own checks; joins are bound when the model is whole and every cube passed.
 */
export async function probeModel(
  model: DataModel,
  tables: Set<string>,
  options: ProbeOptions,
): Promise<ModelProblem[]> {
  const problems: ModelProblem[] = [];
  const passed = new Set<string>();
  for (const cube of model.cubes) {
    if (!cube.name || (cube.sql_table && !tables.has(cube.sql_table.toLowerCase()))) continue;
    if (!cube.sql_table && !cube.sql) continue;
    const found = await probeCube(cube, options);
    if (found.length === 0) passed.add(cube.name);
    problems.push(...found);
  }
  if (options.whole && problems.length === 0) problems.push(...(await probeJoins(model, passed, options)));
  return problems;
}
