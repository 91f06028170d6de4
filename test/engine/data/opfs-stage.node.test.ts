// The stage in front of a browser's database in OPFS (src/engine/data/opfs-stage.ts), on native DuckDB with a database
// file as DuckDB-wasm has one in OPFS: tables are made in memory and copied into the file a slice at a time; a query
// between slices reads the whole table; the note is written, and the memory copy dropped, only once the file has every
// row; a change to the table stops its copy (never a mix of two versions); a copy that fails leaves nothing noted.
// Data: tide-gauge readings of our own, of every size around a slice's.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { KEPT_STAMPS, STAGE } from '../../../src/engine/data/opfs-kept.js';
import { SLICE_ROWS, StageKeeper, attention, stageSql } from '../../../src/engine/data/opfs-stage.js';

const FILE = 'gauges';

interface Db {
  conn: DuckDBConnection;
  keeper: StageKeeper;
  /** Runs a statement alone on the connection (as the browser's executor does), counting the statements run. */
  query(sql: string): Promise<unknown[][]>;
  statements: string[];
  close(): void;
}

let dir: string;
before(async () => (dir = await mkdtemp(join(tmpdir(), 'svc-stage-'))));
after(() => rm(dir, { recursive: true, force: true }));

/** `quietMs`: the copies wait for the connection to have been quiet that long (as the browser's executor has them). */
async function open(failOn?: RegExp, quietMs?: number): Promise<Db> {
  // A file of its own per test, named alike (DuckDB names its database after the file).
  const instance = await DuckDBInstance.create(join(await mkdtemp(join(dir, 't-')), `${FILE}.duckdb`));
  const conn = await instance.connect();
  await conn.run(`CREATE TABLE IF NOT EXISTS ${KEPT_STAMPS} (name VARCHAR PRIMARY KEY, stamp VARCHAR NOT NULL)`);
  for (const sql of stageSql(FILE)) await conn.run(sql);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const statements: string[] = [];
  const run = async (sql: string) => {
    statements.push(sql);
    if (failOn?.test(sql)) throw new Error('IO Error: the file could not be written');
    const rows = (await conn.runAndReadAll(sql)).getRows();
    return { rows: rows.map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v))) };
  };
  const watch = quietMs === undefined ? undefined : attention(quietMs);
  const keeper = new StageKeeper(FILE, serial, run, watch?.quiet);
  return {
    conn,
    keeper,
    statements,
    query: (sql) => (watch?.attended ?? ((fn) => fn()))(() => serial(async () => (await run(sql)).rows)),
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

/** Readings 0…n−1 of gauge `gauge` made in the stage (as an import makes a table), named `name`. */
async function stageReadings(db: Db, name: string, n: number, gauge: string): Promise<void> {
  await db.query(
    `CREATE OR REPLACE TABLE ${name} AS SELECT range AS id, '${gauge}' AS gauge, (range % 97) / 10.0 AS metres FROM range(${n})`,
  );
}

const inFile = (name: string) => `"${FILE}".main.${name}`;
const tables = async (db: Db, database: string) =>
  (await db.query(`SELECT table_name FROM duckdb_tables() WHERE database_name = '${database}' ORDER BY 1`)).map(
    (r) => r[0],
  );
const noted = async (db: Db) => Object.fromEntries((await db.query(`SELECT * FROM ${KEPT_STAMPS} ORDER BY 1`)) as []);

describe('the stage in front of a database file: tables copied into it a slice at a time', () => {
  it('copies tables of every size around a slice whole and in order, notes them, and drops the memory copy', async () => {
    const db = await open();
    try {
      const sizes = [0, 1, SLICE_ROWS - 1, SLICE_ROWS, SLICE_ROWS + 1, Math.floor(SLICE_ROWS * 2.5)];
      for (const [i, n] of sizes.entries()) await stageReadings(db, `t${i}`, n, `g${i}`);
      assert.deepEqual(await tables(db, STAGE), ['t0', 't1', 't2', 't3', 't4', 't5'], 'made in memory');
      assert.deepEqual(await tables(db, FILE), [KEPT_STAMPS], 'nothing in the file yet');
      for (const [i] of sizes.entries()) db.keeper.keep(`t${i}`, `stamp-${i}`);
      await db.keeper.settled();
      assert.deepEqual(await tables(db, STAGE), [], 'each memory copy dropped once its rows are in the file');
      for (const [i, n] of sizes.entries()) {
        const [[count, ordered, gauges]] = await db.query(
          `SELECT count(*), count(*) FILTER (WHERE id = rowid), count(DISTINCT gauge) FROM ${inFile(`t${i}`)}`,
        );
        assert.deepEqual([count, ordered, gauges], [n, n, n === 0 ? 0 : 1], `t${i}: ${n} rows, in their order`);
      }
      assert.deepEqual(await noted(db), Object.fromEntries(sizes.map((_, i) => [`t${i}`, `stamp-${i}`])));
      // A slice per statement: 2.5 slices' rows in three.
      const slices = db.statements.filter((s) =>
        /^(CREATE OR REPLACE TABLE|INSERT INTO) "gauges"\.main\."t5" /.test(s),
      );
      assert.equal(slices.length, 3);
    } finally {
      db.close();
    }
  });

  it('answers every query between slices from the whole table, and the name finds the file once copied', async () => {
    const db = await open();
    try {
      const n = SLICE_ROWS * 3 + 17;
      await stageReadings(db, 'tides', n, 'harbour');
      db.keeper.keep('tides', 'v1');
      const counts: number[] = [];
      // Queries asked while the copy runs go between its slices (the connection's queue is first come, first served).
      for (let i = 0; i < 6; i++) counts.push(Number((await db.query('SELECT count(*) FROM tides'))[0][0]));
      const between = db.statements.indexOf('SELECT count(*) FROM tides');
      const slices = db.statements.flatMap((s, i) => (s.startsWith('INSERT INTO "gauges".main."tides"') ? [i] : []));
      const lastSlice = slices[slices.length - 1];
      assert.ok(between < lastSlice, 'a query ran before the copy was done');
      await db.keeper.settled();
      assert.deepEqual(counts, Array(6).fill(n));
      assert.equal(Number((await db.query('SELECT count(*) FROM tides'))[0][0]), n, 'now from the file');
      assert.deepEqual(await tables(db, STAGE), []);
    } finally {
      db.close();
    }
  });

  it('a table changed while it is copied: the copy stops, and the next copy is of the new rows only', async () => {
    const db = await open();
    try {
      await stageReadings(db, 'surge', SLICE_ROWS * 3, 'old');
      db.keeper.keep('surge', 'old');
      // The change begins after the copy's first slice: forget(), then the table is made again.
      for (
        let waited = 0;
        !db.statements.some((s) => s.startsWith('CREATE OR REPLACE TABLE "gauges".main."surge"'));
        waited++
      ) {
        assert.ok(waited < 100_000, 'the copy began');
        await new Promise((resolve) => setImmediate(resolve));
      }
      db.keeper.forget('surge');
      await db.query(`INSERT OR REPLACE INTO ${KEPT_STAMPS} VALUES ('surge', '')`);
      await db.query('DROP TABLE IF EXISTS surge');
      await stageReadings(db, 'surge', SLICE_ROWS + 5, 'new');
      await db.keeper.settled();
      assert.deepEqual(await noted(db), { surge: '' }, 'the stopped copy noted nothing');
      assert.equal(
        db.statements.filter((s) => s.startsWith('INSERT INTO "gauges".main."surge"')).length,
        0,
        'no slice after the change',
      );
      db.keeper.keep('surge', 'new');
      await db.keeper.settled();
      const [[count, gauges]] = await db.query(`SELECT count(*), string_agg(DISTINCT gauge) FROM ${inFile('surge')}`);
      assert.deepEqual([count, gauges], [SLICE_ROWS + 5, 'new']);
      assert.deepEqual(await noted(db), { surge: 'new' });
    } finally {
      db.close();
    }
  });

  it('a copy the file cannot take: nothing noted, nothing left in the file, the table still answers', async () => {
    const db = await open(/^INSERT INTO "gauges"\.main\."swell" /);
    try {
      await stageReadings(db, 'swell', SLICE_ROWS * 2, 'reef');
      await db.query(`INSERT OR REPLACE INTO ${KEPT_STAMPS} VALUES ('swell', '')`);
      db.keeper.keep('swell', 'v1');
      await db.keeper.settled();
      assert.deepEqual(await noted(db), { swell: '' }, 'still noted as changing: the next start reads it again');
      assert.deepEqual(await tables(db, FILE), [KEPT_STAMPS]);
      assert.equal(Number((await db.query('SELECT count(*) FROM swell'))[0][0]), SLICE_ROWS * 2);
    } finally {
      db.close();
    }
  });

  it('waits for a quiet connection: the queries of a busy moment all run before any of the copy', async () => {
    const db = await open(undefined, 300);
    try {
      await stageReadings(db, 'tides', SLICE_ROWS + 3, 'pier');
      db.keeper.keep('tides', 'v1');
      // A start's queries, each less than the quiet time after the one before.
      for (let i = 0; i < 6; i++) {
        assert.equal(Number((await db.query('SELECT count(*) FROM tides'))[0][0]), SLICE_ROWS + 3);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.deepEqual(
        db.statements.filter((s) => s.includes(`${STAGE}.main`)),
        [],
        'nothing of the copy while the queries came',
      );
      await db.keeper.settled();
      assert.deepEqual(await noted(db), { tides: 'v1' });
      assert.equal(Number((await db.query(`SELECT count(*) FROM ${inFile('tides')}`))[0][0]), SLICE_ROWS + 3);
    } finally {
      db.close();
    }
  });

  it('a quiet connection: not while work is under way or just ended, at once once the database closes', async () => {
    const watch = attention(400);
    let quietAt = 0;
    let release = () => undefined as void;
    const work = watch.attended(() => new Promise<void>((resolve) => (release = resolve)));
    const begun = Date.now();
    const quiet = watch.quiet().then(() => (quietAt = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(quietAt, 0, 'not while work is under way');
    release();
    await work;
    const ended = Date.now();
    await quiet;
    assert.ok(quietAt - ended >= 390, `quiet ${quietAt - ended} ms after the work ended`);
    assert.ok(quietAt - begun >= 990);
    const again = attention(60_000);
    await again.attended(() => Promise.resolve());
    const closing = Date.now();
    setTimeout(() => again.end(), 50);
    await again.quiet();
    assert.ok(Date.now() - closing < 1_000, 'at once once ended');
  });
});
