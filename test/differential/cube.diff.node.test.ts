// Differential suite (issue 24): generated load queries run through the engine and through Cube's own schema compiler
// (@cubejs-backend/schema-compiler with the DuckDB dialect, its SQL run on @duckdb/node-api over the same tables);
// the rows must agree. Part of `npm test`; alone: `npm run test:cube` (QUERIES=n per model, default 200; SEED=n).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { LoadFilter, LoadQuery } from '../../src/api/types.js';
import { createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';
import { bikeModel, clinicModel, libraryModel, type Row, type TestModel } from './models.js';

const require = createRequire(import.meta.url);
interface CubeCompilers {
  compiler: { compile(): Promise<void> };
}
type CubeQuery = new (compilers: CubeCompilers, query: object) => { buildSqlAndParams(): [string, unknown[]] };
const { prepareCompiler } = require('@cubejs-backend/schema-compiler') as {
  prepareCompiler: (repo: object, options: object) => CubeCompilers;
};
const { DuckDBDriver } = require('@cubejs-backend/duckdb-driver') as { DuckDBDriver: { dialectClass(): CubeQuery } };

const QUERIES = Number(process.env.QUERIES ?? 200);
const SEED = Number(process.env.SEED ?? 24);
const ZONES = [undefined, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Berlin'];
const GRANULARITIES = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
const RANGES: [string, string][] = [
  ['2023-11-01', '2024-01-31'],
  ['2024-01-05', '2024-01-05'],
  ['2023-10-01T06:00:00', '2024-03-15T18:30:00'],
];
const DATES = ['2023-12-01', '2024-01-05', '2024-03-31'];

type Value = string | number | boolean | null;

/** Cube's side: the compiled model and a DuckDB with the same tables. */
async function cubeSide(m: TestModel) {
  const repo = {
    localPath: () => '/',
    dataSchemaFiles: () => Promise.resolve([{ fileName: `${m.name}.yml`, content: JSON.stringify(m.model) }]),
  };
  const unavailable = () => {
    throw new Error('Jinja and Python are not available to the differential suite');
  };
  const nativeInstance = {
    newJinjaEngine: () => new Proxy({}, { get: () => unavailable }),
    loadPythonContext: unavailable,
  };
  const compilers = prepareCompiler(repo, { nativeInstance });
  await compilers.compiler.compile();
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  await db.run("SET TimeZone = 'UTC'");
  for (const [table, rows] of Object.entries(m.tables)) await createTable(db, table, rows);
  const Query = DuckDBDriver.dialectClass();
  return {
    async run(query: LoadQuery): Promise<Value[][]> {
      // As Cube's API gateway hands it on: timezone UTC by default, order as [{id, desc}], limit as rowLimit
      const order = (query.order as [string, string][] | undefined)?.map(([id, dir]) => ({ id, desc: dir === 'desc' }));
      const normalized = {
        ...query,
        timezone: query.timezone ?? 'UTC',
        ...(order && { order }),
        ...(query.limit !== undefined && { rowLimit: query.limit }),
      };
      const [sql, params] = new Query(compilers, { ...normalized, useNativeSqlPlanner: false }).buildSqlAndParams();
      const reader = await db.runAndReadAll(sql, params as never);
      return reader.getRowsJS().map((r) => r.map(cell));
    },
    close: () => db.closeSync(),
  };
}

async function createTable(db: DuckDBConnection, table: string, rows: Row[]) {
  const names = Object.keys(rows[0]);
  const type = (n: string) => {
    const v = rows.map((r) => r[n]).find((x) => x !== null);
    if (typeof v === 'boolean') return 'BOOLEAN';
    if (typeof v === 'number') return rows.every((r) => r[n] === null || Number.isInteger(r[n])) ? 'BIGINT' : 'DOUBLE';
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return 'TIMESTAMP';
    return 'VARCHAR';
  };
  await db.run(`CREATE TABLE ${table} (${names.map((n) => `${n} ${type(n)}`).join(', ')})`);
  const lit = (v: Value) => (v === null ? 'NULL' : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));
  await db.run(
    `INSERT INTO ${table} VALUES ${rows.map((r) => `(${names.map((n) => lit(r[n])).join(', ')})`).join(', ')}`,
  );
}

/** One comparable value: numbers rounded to 9 significant digits, times as local ISO to the millisecond. */
function cell(v: unknown): Value {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 23);
  if (typeof v === 'number') return Number(v.toPrecision(9));
  if (typeof v === 'boolean') return v;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s))
    return new Date(`${s.replace(' ', 'T').slice(0, 23)}Z`).toISOString().slice(0, 23);
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(s)) return Number(Number(s).toPrecision(9));
  return s;
}

interface Catalog {
  measures: string[];
  dims: { name: string; type: string }[];
  times: string[];
  segments: string[];
}

/** The members a query over `source` may use (a cube: every cube's members; a view: its own). */
function catalogs(m: TestModel): Catalog[] {
  const cubes: Catalog = { measures: [], dims: [], times: [], segments: [] };
  for (const c of m.model.cubes) {
    cubes.measures.push(...c.measures.map((x) => `${c.name}.${x.name}`));
    for (const d of c.dimensions) {
      if (d.type === 'time') cubes.times.push(`${c.name}.${d.name}`);
      else cubes.dims.push({ name: `${c.name}.${d.name}`, type: d.type });
    }
    cubes.segments.push(...(c.segments ?? []).map((s) => `${c.name}.${s.name}`));
  }
  const views = (m.model.views ?? []).map((v): Catalog => {
    const out: Catalog = { measures: [], dims: [], times: [], segments: [] };
    for (const part of v.cubes) {
      const cube = m.model.cubes.find((c) => c.name === part.join_path.split('.').pop())!;
      const prefix = part.prefix ? `${cube.name}_` : '';
      const included = (n: string) => part.includes === '*' || part.includes.includes(n);
      for (const x of cube.measures) if (included(x.name)) out.measures.push(`${v.name}.${prefix}${x.name}`);
      for (const d of cube.dimensions) {
        if (!included(d.name)) continue;
        if (d.type === 'time') out.times.push(`${v.name}.${prefix}${d.name}`);
        else out.dims.push({ name: `${v.name}.${prefix}${d.name}`, type: d.type });
      }
    }
    return out;
  });
  return [cubes, ...views];
}

const STRINGS = ['smooth', 'Smooth', 'a', 'Berlin', 'annual', 'flu', 'north', 'f', 'novel', 'sea', 'm1', 'ck', 'ri'];

function filterArb(c: Catalog): fc.Arbitrary<LoadFilter> {
  const dim = fc.constantFrom(...c.dims).chain((d): fc.Arbitrary<LoadFilter> => {
    if (d.type === 'number')
      return fc.record({
        member: fc.constant(d.name),
        operator: fc.constantFrom('equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet'),
        values: fc.array(fc.constantFrom('1', '5', '20', '30.5', '100'), { minLength: 1, maxLength: 2 }),
      });
    return fc.record({
      member: fc.constant(d.name),
      operator: fc.constantFrom(
        'equals',
        'notEquals',
        'contains',
        'notContains',
        'startsWith',
        'notStartsWith',
        'endsWith',
        'notEndsWith',
        'set',
        'notSet',
      ),
      values: fc.array(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 2 }),
    });
  });
  const time = c.times.length
    ? fc.oneof(
        fc.record({
          member: fc.constantFrom(...c.times),
          operator: fc.constantFrom('beforeDate', 'beforeOrOnDate', 'afterDate', 'afterOrOnDate'),
          values: fc.constantFrom(...DATES).map((d) => [d]),
        }),
        fc.record({
          member: fc.constantFrom(...c.times),
          operator: fc.constantFrom('inDateRange', 'notInDateRange'),
          values: fc.constantFrom(...RANGES),
        }),
      )
    : dim;
  const leaf: fc.Arbitrary<LoadFilter> = fc.oneof({ weight: 3, arbitrary: dim }, { weight: 2, arbitrary: time });
  return fc.oneof(
    { weight: 5, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((or) => ({ or })) },
    { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((and) => ({ and })) },
  );
}

function queryArb(c: Catalog): fc.Arbitrary<LoadQuery> {
  const sub = <T>(xs: T[], max: number) =>
    fc.uniqueArray(fc.constantFrom(...xs), { maxLength: Math.min(max, xs.length) });
  return fc
    .record({
      measures: sub(c.measures, 3),
      dimensions: sub(
        c.dims.map((d) => d.name),
        2,
      ),
      timeDimensions: c.times.length
        ? fc.option(
            fc.record(
              {
                dimension: fc.constantFrom(...c.times),
                granularity: fc.option(fc.constantFrom(...GRANULARITIES), { nil: undefined }),
                dateRange: fc.option(fc.constantFrom(...RANGES), { nil: undefined }),
              },
              { requiredKeys: ['dimension'] },
            ),
            { nil: undefined },
          )
        : fc.constant(undefined),
      filters: fc.array(filterArb(c), { maxLength: 2 }),
      measureFilter: fc.option(fc.constantFrom('0', '3', '50'), { nil: undefined }),
      segments: c.segments.length ? sub(c.segments, 1) : fc.constant([]),
      timezone: fc.constantFrom(...ZONES),
      paging: fc.option(fc.record({ limit: fc.integer({ min: 1, max: 20 }), offset: fc.integer({ min: 0, max: 5 }) }), {
        nil: undefined,
      }),
    })
    .filter((r) => r.measures.length + r.dimensions.length + (r.timeDimensions?.granularity ? 1 : 0) > 0)
    .map((r) => {
      const q: LoadQuery = { measures: r.measures, dimensions: r.dimensions };
      const td = r.timeDimensions;
      if (td) q.timeDimensions = [td];
      const filters = [...r.filters];
      if (r.measureFilter && r.measures.length)
        filters.push({ member: r.measures[0], operator: 'gt', values: [r.measureFilter] });
      if (filters.length) q.filters = filters;
      if (r.segments.length) q.segments = [...r.segments];
      if (r.timezone) q.timezone = r.timezone;
      if (r.paging) {
        // a total order, so that a page is the same page on both sides
        const keys = [...r.dimensions, ...(td?.granularity ? [td.dimension] : []), ...r.measures];
        q.order = keys.map((k): [string, 'asc'] => [k, 'asc']);
        Object.assign(q, r.paging);
      }
      return q;
    });
}

/** The engine's rows as arrays, columns in the query's order (dimensions, time buckets, measures). */
function engineRows(query: LoadQuery, data: Record<string, unknown>[]): Value[][] {
  const keys = [
    ...(query.dimensions ?? []),
    ...(query.timeDimensions ?? []).filter((t) => t.granularity).map((t) => `${t.dimension}.${t.granularity}`),
    ...(query.measures ?? []),
  ];
  return data.map((row) => keys.map((k) => cell(row[k])));
}

const sorted = (rows: Value[][]) => rows.map((r) => JSON.stringify(r)).sort();

void describe('differential: the engine agrees with Cube', () => {
  const engines: LocalEngine[] = [];
  after(async () => {
    for (const e of engines) await e.close();
  });

  for (const make of [bikeModel, clinicModel, libraryModel]) {
    const m = make();
    void it(`${m.name}: ${QUERIES} generated queries`, async () => {
      const cube = await cubeSide(m);
      const engine = await createLocalEngine({
        name: `diff-${m.name}-${process.pid}`,
        seed: {
          account: { name: m.name, plan: 'enterprise' },
          deployments: [
            { id: 1, name: m.name, apiSecret: 'differential-secret-0123456789-012345', serviceTokenAuth: true },
          ],
          users: [{ email: 'admin@diff.test', role: 'admin' }],
          apiKeys: [{ key: 'diff-key', userEmail: 'admin@diff.test' }],
          dataModel: m.model,
          tables: m.tables,
        },
      });
      engines.push(engine);
      const api = new HttpTransport({ baseUrl: 'https://x', fetch: engine.fetch, auth: { apiKey: 'diff-key' } });
      const differences: string[] = [];
      let bothRefused = 0;
      const queries = fc.sample(fc.oneof(...catalogs(m).map(queryArb)), { numRuns: QUERIES, seed: SEED });
      for (const query of queries) {
        let expected: Value[][] | Error;
        let actual: Value[][] | Error;
        try {
          expected = await cube.run(query);
        } catch (e) {
          expected = e as Error;
        }
        try {
          actual = engineRows(query, (await api.load({ query })).data);
        } catch (e) {
          actual = e as Error;
        }
        const show = (x: Value[][] | Error) =>
          x instanceof Error ? `error: ${x.message.split('\n')[0]}` : JSON.stringify(x.slice(0, 6));
        if (expected instanceof Error || actual instanceof Error) {
          if (expected instanceof Error && actual instanceof Error) bothRefused++;
          else differences.push(`${JSON.stringify(query)}\n  cube:   ${show(expected)}\n  engine: ${show(actual)}`);
          continue;
        }
        const same = query.limit
          ? JSON.stringify(expected) === JSON.stringify(actual)
          : JSON.stringify(sorted(expected)) === JSON.stringify(sorted(actual));
        if (!same) differences.push(`${JSON.stringify(query)}\n  cube:   ${show(expected)}\n  engine: ${show(actual)}`);
      }
      cube.close();
      console.log(
        `${m.name}: ${queries.length} queries, ${bothRefused} refused by both, ${differences.length} differences`,
      );
      assert.equal(differences.length, 0, `${differences.length} differences:\n${differences.slice(0, 8).join('\n')}`);
    });
  }
});
