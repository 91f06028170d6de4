// Native DuckDB (@duckdb/node-api) as the engine's executor: the same answers as DuckDB-wasm's for every scalar type,
// hardened as it is (no host file read or written, no setting changed, no extension), a statement past its deadline
// interrupted with the tables kept, Parquet of every codec read where it is, and tables kept as Arrow IPC loaded back
// as the same table. Data here: a seismologist's stations and quakes, and Parquet files written in the test.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { createNativeExecutor, type NativeExecutor } from '../../../src/engine/data/duckdb-native.js';
import { createDuckDbExecutor } from '../../../src/engine/data/duckdb-node.js';
import type { Executor } from '../../../src/engine/data/executor.js';
import { createLocalEngine } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

/** Expressions of every scalar type DuckDB-wasm and native DuckDB both have. */
const SCALARS = [
  `1::TINYINT`,
  `-2::SMALLINT`,
  `3::INTEGER`,
  `4::BIGINT`,
  `9007199254740993::BIGINT`,
  `-9007199254740993::BIGINT`,
  `12::HUGEINT`,
  `5::UTINYINT`,
  `6::USMALLINT`,
  `7::UINTEGER`,
  `18446744073709551615::UBIGINT`,
  `0.1::FLOAT`,
  `0.1::DOUBLE`,
  `'nan'::DOUBLE`,
  `'-inf'::DOUBLE`,
  `1.25::DECIMAL(4,2)`,
  `-123456789012.345::DECIMAL(18,3)`,
  `1.5::DECIMAL(30,5)`,
  `'Ωmega "quoted"'`,
  `true`,
  `DATE '2024-02-29'`,
  `DATE '1969-12-31'`,
  `TIMESTAMP '2024-03-05 10:00:00.123456'`,
  `TIMESTAMP '1960-03-05 10:00:00.5'`,
  `TIMESTAMPTZ '2024-03-05 10:00:00+02'`,
  `TIMESTAMP_S '2024-03-05 10:00:00'`,
  `TIMESTAMP_MS '2024-03-05 10:00:00.25'`,
  `TIMESTAMP_NS '2024-03-05 10:00:00.123456789'`,
  `TIME '12:00:01.5'`,
  `'ab'::BLOB`,
  `'5b2f3e5a-1b2c-4d5e-8f90-123456789abc'::UUID`,
  `'b'::ENUM('a', 'b')`,
  `NULL`,
  `NULL::VARCHAR`,
  `[1, 2, NULL]`,
  `['x', NULL]`,
  `{'depth': 10, 'name': 'S1'}`,
  `MAP {'k': 1}`,
  `[[1], [2, 3]]`,
  `[1, 2]::INTEGER[2]`,
];

const json = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

describe('native DuckDB executor', () => {
  let native: NativeExecutor;
  let wasm: Executor;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-native-test-'));
    await writeFile(join(dir, 'stations.csv'), 'station,depth\nS1,10\nS2,35\n');
    await writeFile(join(dir, 'secret.csv'), 'pin\n1234\n');
    native = await createNativeExecutor({ readableFiles: [join(dir, 'stations.csv')] });
    wasm = await createDuckDbExecutor();
  });
  after(async () => {
    await native.close();
    await wasm.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers every scalar type and simple nested values as DuckDB-wasm does (schema and JSON)', async () => {
    for (const expression of SCALARS) {
      const sql = `SELECT ${expression} AS v, 'row' AS k UNION ALL SELECT NULL, 'null'`;
      const [n, w] = [await native.query(sql), await wasm.query(sql)];
      assert.deepEqual(n.schema, w.schema, expression);
      assert.equal(json(n.rows), json(w.rows), expression);
    }
  });

  it('reads a given file where it is, and no other file of the host', async () => {
    await native.loadPath('stations', join(dir, 'stations.csv'), 'csv');
    assert.deepEqual((await native.query('SELECT sum(depth) FROM stations')).rows, [[45]]);
    assert.equal(native.readsInPlace(join(dir, 'secret.csv')), false);
    for (const sql of [
      `SELECT * FROM read_csv('${join(dir, 'secret.csv')}')`,
      `SELECT * FROM read_csv('/etc/passwd')`,
      `SELECT * FROM read_text('/etc/passwd')`,
      `SELECT * FROM read_blob('/etc/hostname')`,
      `SELECT * FROM glob('/etc/*')`,
      `SELECT * FROM glob('${dir}/*')`,
      `SELECT * FROM read_parquet('https://example.com/x.parquet')`,
    ])
      await assert.rejects(native.query(sql), /Permission Error|disabled by configuration/, sql);
  });

  it('runs no statement that writes a file, changes a setting or loads an extension, nor two statements at once', async () => {
    const cases: [string, RegExp][] = [
      // Outside the files it may read DuckDB refuses it itself; onto one of them the executor does.
      [`COPY (SELECT 1) TO '${join(dir, 'written.csv')}'`, /COPY statements are not run|Permission Error/],
      [`COPY stations TO '${join(dir, 'stations.csv')}'`, /COPY statements are not run/],
      [`EXPORT DATABASE '${join(dir, 'export')}'`, /EXPORT statements are not run|Permission Error/],
      [`ATTACH '${join(dir, 'other.duckdb')}'`, /ATTACH statements are not run|Permission Error/],
      [`INSTALL httpfs`, /statements are not run/],
      [`LOAD httpfs`, /LOAD statements are not run/],
      [`SET enable_external_access = true`, /SET statements are not run/],
      [`SET allowed_directories = ['/']`, /SET statements are not run/],
      [`PRAGMA enable_profiling`, /PRAGMA statements are not run/],
      [`CALL duckdb_settings()`, /CALL statements are not run/],
      [`SELECT 1; COPY (SELECT 1) TO '${join(dir, 'written.csv')}'`, /One statement at a time: this SQL has 2/],
    ];
    for (const [sql, message] of cases) await assert.rejects(native.query(sql), message, sql);
    assert.deepEqual((await readdir(dir)).sort(), ['secret.csv', 'stations.csv']);
    assert.equal(existsSync(join(dir, 'export')), false);
    // The settings are as the executor left them.
    const settings = await native.query(
      `SELECT current_setting('enable_external_access'), current_setting('lock_configuration')`,
    );
    assert.deepEqual(settings.rows, [[false, true]]);
  });

  it('interrupts a statement at once: the ones queued behind it reject, the tables stay, the next one runs', async () => {
    await native.loadPath('stations', join(dir, 'stations.csv'), 'csv');
    const started = Date.now();
    const long = native.query('SELECT count(*) FROM range(100000000000) a, range(10) b');
    const queued = native.query('SELECT 1');
    setTimeout(() => native.interrupt(), 200);
    await assert.rejects(long, /INTERRUPT|Interrupted/i);
    await assert.rejects(queued, /DuckDB was stopped/);
    assert.ok(Date.now() - started < 5_000, `stopped after ${Date.now() - started} ms`);
    assert.deepEqual((await native.query('SELECT count(*) FROM stations')).rows, [[2]]);
  });

  it('loads back a table it exported (Arrow IPC) with the same types and values', async () => {
    await native.query(
      `CREATE TABLE quakes AS SELECT * FROM (VALUES
        (1, 'S1', 4.25::DECIMAL(4,2), TIMESTAMP '2024-01-02 03:04:05.678', DATE '2024-01-02', [1, 2], {'a': 'x'}, true, 1e300),
        (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
        (3, 'a "b", c', -0.5, TIMESTAMP '1960-01-01', DATE '1960-01-01', [], {'a': NULL}, false, -0.0)
      ) t(id, station, magnitude, felt_at, day, tags, extra, felt, energy)`,
    );
    const ipc = await native.exportTable('quakes');
    await native.loadTable('quakes_back', ipc);
    const [a, b] = [await native.query('DESCRIBE quakes'), await native.query('DESCRIBE quakes_back')];
    assert.deepEqual(b.rows, a.rows);
    const [x, y] = [
      await native.query('SELECT * FROM quakes ORDER BY id'),
      await native.query('SELECT * FROM quakes_back ORDER BY id'),
    ];
    assert.equal(json(y.rows), json(x.rows));
  });
});

describe('Parquet of every codec through the engine on native DuckDB', () => {
  const CODECS = ['zstd', 'snappy', 'gzip', 'brotli', 'lz4_raw', 'uncompressed'];
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-native-parquet-'));
    const writer = await (await DuckDBInstance.create(':memory:')).connect();
    for (const codec of CODECS)
      await writer.run(
        `COPY (SELECT i AS reading, 'S' || (i % 7) AS station, i * 0.25 AS depth, TIMESTAMP '2024-01-01' + INTERVAL (i) MINUTE AS at
           FROM range(50000) t(i)) TO '${join(dir, `${codec}-readings.parquet`)}' (FORMAT parquet, COMPRESSION ${codec})`,
      );
    writer.closeSync();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('imports each (file: URL, read where it is) and answers what DuckDB answers over the file', async () => {
    const data = Object.fromEntries(
      CODECS.map((codec) => [`readings_${codec}`, pathToFileURL(join(dir, `${codec}-readings.parquet`))]),
    );
    const engine = await createLocalEngine({
      name: `native-parquet-${Date.now()}`,
      executor: 'native',
      data,
      model: {
        cubes: CODECS.map((codec) => ({
          name: codec,
          sql_table: `readings_${codec}`,
          measures: [
            { name: 'count', type: 'count' },
            { name: 'depth', sql: 'depth', type: 'sum' },
          ],
          dimensions: [{ name: 'station', sql: 'station', type: 'string' }],
        })),
      },
    });
    try {
      const direct = await (await DuckDBInstance.create(':memory:')).connect();
      const expected = await direct.runAndReadAll(
        `SELECT station, count(*)::INTEGER, sum(depth)::DOUBLE FROM read_parquet('${join(dir, 'zstd-readings.parquet')}') GROUP BY 1 ORDER BY 1`,
      );
      for (const codec of CODECS) {
        const { data: rows } = await admin(engine).load({
          query: {
            measures: [`${codec}.count`, `${codec}.depth`],
            dimensions: [`${codec}.station`],
            order: { [`${codec}.station`]: 'asc' },
          },
        });
        assert.deepEqual(
          rows.map((r) => [r[`${codec}.station`], r[`${codec}.count`], r[`${codec}.depth`]]),
          expected.getRowsJS(),
          codec,
        );
      }
      // A corrupt file (cut in half) put in place of one: refused naming the file, the table as it was.
      const good = join(dir, 'zstd-readings.parquet');
      const cut = join(dir, 'cut-readings.parquet');
      const bytes = await readFile(good);
      await writeFile(cut, bytes.subarray(0, bytes.length >> 1));
      await assert.rejects(
        engine.putTable('readings_zstd', pathToFileURL(cut)),
        (error: Error) =>
          error.message.startsWith(`Table readings_zstd (${cut}): `) && /No magic bytes/.test(error.message),
      );
      const after = await admin(engine).load({ query: { measures: ['zstd.count'] } });
      assert.deepEqual(after.data, [{ 'zstd.count': 50000 }]);
      const tables = await engine.tables();
      assert.deepEqual(
        tables.map((t) => [t.name, t.rowCount, t.format]),
        CODECS.map((codec) => [`readings_${codec}`, 50000, 'parquet']).sort(),
      );
    } finally {
      await engine.close();
    }
  });
});
