// The SQL API as an attack surface (issue: security), on a logistics model written for the test: every query runs as
// a row- and member-restricted viewer and may never return a canary (a row or column that viewer may not see).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LocalEngine } from '../../../src/engine/index.js';
import { createExecutor } from '../../../src/engine/data/executor-runtime.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { ENDLESS_QUERY, LOGISTICS, isCanary, logisticsViewer } from '../../fixtures/logistics.js';

const TIMEOUT_MS = 2000;

describe('SQL API: a restricted viewer reaches only its own rows and members', () => {
  let engine: LocalEngine;
  let viewer: HttpTransport;
  let secretFile: string;

  before(async () => {
    secretFile = join(mkdtempSync(join(tmpdir(), 'svc-sql-')), 'secret.csv');
    writeFileSync(secretFile, 'a,b\n1,SECRET-from-file\n');
    ({ engine, viewer } = await logisticsViewer(`sql-security-${process.pid}`, TIMEOUT_MS));
  });
  after(() => engine.close());

  /** Runs `query` as the viewer: the rows (which may hold no canary), or the error's status and message. */
  async function run(query: string): Promise<{ rows?: unknown[][]; status?: number; message?: string }> {
    try {
      const rows = (await viewer.cubeSql({ query })).data;
      for (const row of rows) for (const cell of row) assert.ok(!isCanary(cell), `${query} leaked ${String(cell)}`);
      return { rows };
    } catch (error) {
      const e = error as { status?: number; message: string };
      return { status: e.status, message: e.message };
    }
  }

  const refused = async (query: string, message: RegExp) => {
    const r = await run(query);
    assert.equal(r.status, 400, `${query} → ${JSON.stringify(r).slice(0, 300)}`);
    assert.match(r.message!, message, query);
  };

  it('sees its own rows through the cube and the view', async () => {
    assert.deepEqual((await run('SELECT count(*) FROM shipments')).rows, [[LOGISTICS.visibleRows]]);
    assert.deepEqual((await run('SELECT MEASURE(count) FROM freight')).rows, [[LOGISTICS.visibleRows]]);
    assert.deepEqual((await run('SELECT DISTINCT warehouse FROM SHIPMENTS')).rows, [['north']]);
    // Quoted, a name keeps its case, as in Postgres: "SHIPMENTS" is not the cube shipments.
    assert.match(
      (await run('SELECT DISTINCT warehouse FROM "SHIPMENTS"')).message!,
      /^Unknown table SHIPMENTS.*did you mean shipments\?/,
    );
    // The hint names only what the caller may see: not the private cube carriers.
    for (const name of ['"Carriers"', 'CARRIERS'])
      assert.doesNotMatch((await run(`SELECT * FROM ${name}`)).message!, /did you mean/);
  });

  it('names the deparser prints unquoted cannot become SQL (CTE, WINDOW, named argument, JOIN USING alias)', async () => {
    const file = secretFile.replace(/'/g, "''");
    const unsafe = /cannot be run safely/;
    // A CTE takes a name of ours (sql-names.ts): its own, however quoted, is only ever an alias.
    const cte = `a AS (SELECT * FROM read_csv('${file}')) , b`;
    assert.deepEqual((await run(`WITH "${cte}" AS (SELECT 1) SELECT 1`)).rows, [[1]]);
    assert.deepEqual((await run(`WITH "${cte}" AS (SELECT 2 AS v) SELECT v FROM "${cte}"`)).rows, [[2]]);
    assert.deepEqual((await run(`WITH "x AS (SELECT 1) SELECT * FROM '${file}' --" AS (SELECT 1) SELECT 1`)).rows, [
      [1],
    ]);
    // So does a window (renamed within its SELECT).
    const w = '"w AS () ) , (SELECT note FROM shipments) AS x --"';
    assert.deepEqual(
      (await run(`SELECT count(*) OVER ${w} FROM shipments WINDOW ${w} AS ()`)).rows,
      Array.from({ length: LOGISTICS.visibleRows }, () => [LOGISTICS.visibleRows]),
    );
    await refused(`SELECT round("x => 1) , (SELECT 1" => 1)`, unsafe);
    await refused(`SELECT * FROM shipments a JOIN freight b USING (id) AS "j , (SELECT * FROM carriers) c --"`, unsafe);
  });

  it('a CTE never shadows a source, a raw table or the catalog, at any depth or case', async () => {
    const taken = /A CTE may not be named/;
    await refused('WITH shipments AS (SELECT * FROM shipments) SELECT sum(weight_kg) FROM shipments', taken);
    await refused('WITH "SHIPMENTS" AS (SELECT * FROM shipments) SELECT * FROM shipments', taken);
    await refused('SELECT * FROM (WITH freight AS (SELECT 1) SELECT * FROM freight) t', taken);
    await refused('WITH carriers AS (SELECT 1) SELECT * FROM carriers', taken);
    for (const name of ['sqlite_master', 'duckdb_tables', 'pg_tables', 'information_schema']) {
      await refused(`WITH ${name} AS (SELECT 1) SELECT * FROM ${name}`, taken);
    }
    await refused('WITH RECURSIVE r AS (SELECT * FROM shipments) SELECT * FROM r', /WITH RECURSIVE is not allowed/);
  });

  it('binds CTE names by scope: a CTE is not visible outside its SELECT', async () => {
    await refused('SELECT * FROM (WITH x AS (SELECT 1) SELECT 1) t, x', /Unknown table x/);
    await refused('WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a', /Unknown table b/);
    const ok = await run('WITH a AS (SELECT * FROM shipments), b AS (SELECT count(*) AS n FROM a) SELECT n FROM b');
    assert.deepEqual(ok.rows, [[LOGISTICS.visibleRows]]);
  });

  it('the catalog, raw tables, private cubes and files are unknown tables; functions are allow-listed', async () => {
    for (const table of ['sqlite_master', 'duckdb_tables', 'pg_tables', 'carriers', 'information_schema.tables']) {
      await refused(`SELECT * FROM ${table}`, /Unknown table/);
    }
    await refused('SELECT * FROM duckdb_tables()', /Table functions are not allowed/);
    for (const fn of ['current_setting', 'getenv', 'repeat', 'query_table', 'pg_catalog.current_setting']) {
      await refused(`SELECT ${fn}('x')`, /not allowed/);
    }
    await refused(`SELECT main.lower('x')`, /not allowed/);
  });

  it('a query past its deadline is stopped, the event loop keeps running, and the next query is answered', async () => {
    let beats = 0;
    const heartbeat = setInterval(() => beats++, 50);
    const started = Date.now();
    const slow = run(ENDLESS_QUERY);
    const waiting = run('SELECT count(*) FROM freight');
    const r = await slow;
    clearInterval(heartbeat);
    assert.equal(r.status, 400);
    assert.match(r.message!, /ran longer than 2 s/);
    assert.ok(Date.now() - started < TIMEOUT_MS + 5000, 'stopped near its deadline');
    assert.ok(beats >= (TIMEOUT_MS / 50) * 0.5, `event loop ran during the query (${beats} heartbeats)`);
    // The query that waited behind it runs on a new DuckDB.
    assert.deepEqual((await waiting).rows, [[LOGISTICS.visibleRows]]);
    assert.deepEqual((await run('SELECT count(*) FROM shipments')).rows, [[LOGISTICS.visibleRows]]);
  });

  it('DuckDB itself reads no file, loads no extension and keeps its configuration locked', async () => {
    const executor = await createExecutor();
    try {
      await assert.rejects(executor.query(`SELECT * FROM read_csv('${secretFile}')`), /disabled by configuration/);
      await assert.rejects(executor.query(`SELECT * FROM '${secretFile}'`), /disabled by configuration/);
      await assert.rejects(executor.query('SET enable_external_access = true'), /locked/);
      await assert.rejects(executor.query('SET autoload_known_extensions = true'), /locked/);
    } finally {
      await executor.close();
    }
  });
});
