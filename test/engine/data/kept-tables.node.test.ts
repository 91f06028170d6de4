// `createLocalEngine({ database })`: the tables imported are kept in a DuckDB database file, and the next start with
// that file serves them without importing them again — with a registry that lists them (the same IndexedDB) or one
// that does not (a fresh one: adopted), and a source given again unchanged is not read. A table the registry lists
// that the file lost is an error naming it. Data: a lighthouse keeper's logbook (CSV bytes) and lamp readings (a
// Parquet file on disk).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { createLocalEngine, type DataModel, type EngineProgress, type LocalEngine } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const LOG = new TextEncoder().encode('lighthouse,storms\nFastnet,3\nEddystone,5\nFastnet,2\n');
const MODEL: DataModel = {
  cubes: [
    {
      name: 'log',
      sql_table: 'logbook',
      measures: [{ name: 'storms', sql: 'storms', type: 'sum' }],
      dimensions: [{ name: 'lighthouse', sql: 'lighthouse', type: 'string' }],
    },
    {
      name: 'lamps',
      sql_table: 'lamp_readings',
      measures: [{ name: 'lumens', sql: 'lumens', type: 'sum' }],
      dimensions: [],
    },
  ],
};

const totals = async (engine: LocalEngine) => {
  const log = await admin(engine).load({
    query: { measures: ['log.storms'], dimensions: ['log.lighthouse'], order: { 'log.lighthouse': 'asc' } },
  });
  const lamps = await admin(engine).load({ query: { measures: ['lamps.lumens'] } });
  return [log.data, lamps.data];
};

const EXPECTED = [
  [
    { 'log.lighthouse': 'Eddystone', 'log.storms': 5 },
    { 'log.lighthouse': 'Fastnet', 'log.storms': 5 },
  ],
  [{ 'lamps.lumens': 4999950000 }],
];

describe('tables kept in a database file', () => {
  let dir: string;
  let parquet: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-kept-'));
    parquet = join(dir, 'lamp-readings.parquet');
    const writer = await (await DuckDBInstance.create(':memory:')).connect();
    await writer.run(
      `COPY (SELECT i AS lumens FROM range(100000) t(i)) TO '${parquet}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    writer.closeSync();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const start = (name: string, database: string, withData: boolean, events: EngineProgress[] = []) =>
    createLocalEngine({
      name,
      database,
      model: MODEL,
      ...(withData && { data: { logbook: { source: LOG, format: 'csv' }, lamp_readings: pathToFileURL(parquet) } }),
      onProgress: (e) => events.push(e),
    });

  it('serves the tables at the next start without importing them, with a fresh registry or the same one', async () => {
    const database = join(dir, 'tables.duckdb');
    const first = await start('kept-1', database, true);
    assert.deepEqual(await totals(first), EXPECTED);
    await first.close();

    // A fresh registry (another IndexedDB) and no data: the file's tables are adopted.
    const events: EngineProgress[] = [];
    const second = await start('kept-2', database, false, events);
    assert.deepEqual(await totals(second), EXPECTED);
    assert.deepEqual(
      (await second.tables()).map((t) => [t.name, t.rowCount, t.format]),
      [
        ['lamp_readings', 100000, 'parquet'],
        ['logbook', 3, 'csv'],
      ],
    );
    await second.close();

    // The same sources again, unchanged: nothing is imported or loaded.
    const third = await start('kept-3', database, true, events);
    assert.deepEqual(await totals(third), EXPECTED);
    await third.close();
    // The registry that imported them, again: served from the file.
    const fourth = await start('kept-1', database, false, events);
    assert.deepEqual(await totals(fourth), EXPECTED);
    await fourth.close();
    assert.deepEqual(
      events.filter((e) => e.phase === 'import' || e.phase === 'load'),
      [],
    );
  });

  it('says which table a registry lists that the database file lost', async () => {
    const engine = await start('kept-lost', join(dir, 'a.duckdb'), true);
    await engine.close();
    // The same registry, another (empty) file: the logbook was kept only in the first. The model is checked against
    // its tables when the engine starts, so the start itself says so.
    await assert.rejects(
      start('kept-lost', join(dir, 'b.duckdb'), false),
      /Table logbook: it was kept only in the database file, which no longer holds it: import it again/,
    );
  });
});
