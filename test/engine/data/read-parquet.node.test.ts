// Parquet in Node (fake-indexeddb, DuckDB-wasm's blocking build, parquet-wasm): parcels in every codec and in Parquet 2
// pages, and vega-datasets' flights-3m.parquet, answer through /load as native DuckDB's read_parquet does (asked here
// again, and as test/fixtures/parquet/expected.json keeps for the browser test); the file is kept as it was given, a
// new engine answers from it, and a broken file names itself and leaves the table before as it was.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { Decimal, Table, Vector, makeData, makeVector, tableToIPC } from 'apache-arrow';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import {
  BY_DEPOT_SQL,
  FLIGHTS_SQL,
  PARCELS_MODEL,
  PARCEL_FILES,
  type ParquetExpected,
} from '../../fixtures/parcels-parquet.js';
import { checkCodecs, checkFlights, eq, nestedColumns, parcelsByDepot } from './read-parquet.scenario.js';

const fixtures = new URL('../../fixtures/parquet/', import.meta.url);
const flightsPath = fileURLToPath(
  new URL('../../../node_modules/vega-datasets/data/flights-3m.parquet', import.meta.url),
);
const file = async (name: string) => new File([await readFile(new URL(name, fixtures))], name);
const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value);

describe('Parquet (Node)', { timeout: 600_000 }, () => {
  const name = `read-parquet-${process.pid}`;
  let expected: ParquetExpected;
  let engine: LocalEngine;
  before(async () => {
    expected = JSON.parse(await readFile(new URL('expected.json', fixtures), 'utf8')) as ParquetExpected;
    engine = await createLocalEngine({ name, seed: 'demo' });
  });
  after(() => engine.close());

  it("native DuckDB's read_parquet still answers as the fixtures' expected.json says", async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowsJS().map((r) => r.map(plain));
    for (const f of PARCEL_FILES)
      eq(await rows(BY_DEPOT_SQL(`read_parquet('${fileURLToPath(new URL(f, fixtures))}')`)), expected.byDepot[f], f);
    eq(await rows(FLIGHTS_SQL(`read_parquet('${flightsPath}')`)), expected.flights, 'flights-3m');
    // The fixtures hold what they are for: dictionary pages, and delta encodings in the Parquet 2 file.
    const encodings = async (f: string) =>
      (await rows(`SELECT DISTINCT encodings FROM parquet_metadata('${fileURLToPath(new URL(f, fixtures))}')`)).join();
    assert.match(await encodings('parcels-zstd.parquet'), /DICTIONARY/);
    assert.match(await encodings('parcels-v2.parquet'), /DELTA_BINARY_PACKED/);
  });

  it('reads every codec and Parquet 2 pages with the answers of native DuckDB (nested columns as JSON)', async () => {
    await engine.putTable('parcels', await file('parcels-zstd.parquet'));
    await engine.putTable('flights', [{ origin: 'X', delay: 1, distance: 2 }]);
    await engine.setModel(PARCELS_MODEL);
    await checkCodecs(engine, expected, file);
  });

  it('imports flights-3m.parquet (ZSTD, 3M rows) with the numbers of native DuckDB', async () => {
    await checkFlights(engine, expected, new File([await readFile(flightsPath)], 'flights-3m.parquet'));
  });

  it('keeps the Parquet file as it was given, and a new engine answers from it with the types it was given', async () => {
    const source = await file('parcels-brotli.parquet');
    const info = await engine.putTable('parcels', { source, options: { columns: { fee: 'DOUBLE' } } });
    eq(info.columns[3], { name: 'fee', type: 'DOUBLE' }, 'fee cast');
    const stored = (await engine.tables()).find((t) => t.name === 'parcels')!;
    eq([stored.bytes, stored.format], [source.size, 'parquet'], 'kept as the Parquet bytes');
    const again = await createLocalEngine({ name });
    try {
      eq(await parcelsByDepot(again), expected.byDepot['parcels-brotli.parquet'], 'a new engine, by depot');
      eq(await nestedColumns(again), expected.nested, 'a new engine, nested columns');
      eq((await again.tables()).find((t) => t.name === 'parcels')!.columns[3].type, 'DOUBLE', 'the cast, kept');
    } finally {
      await again.close();
    }
  });

  it('refuses a broken Parquet file by its name and what is wrong, and keeps the table before', async () => {
    const before = await parcelsByDepot(engine);
    const whole = await readFile(new URL('parcels-gzip.parquet', fixtures));
    // Its footer gone (the length and magic at the end kept): not a Parquet file any more.
    const broken = new Uint8Array([...whole.subarray(0, 4), ...whole.subarray(whole.length - 8)]);
    await assert.rejects(
      engine.putTable('parcels', new File([broken], 'broken.parquet')),
      /^Error: Table parcels \(broken\.parquet\): not a readable Parquet file: .+/,
    );
    eq(await parcelsByDepot(engine), before, 'the table before');
  });

  it('refuses a column DuckDB cannot hold by its name and type, and keeps the table before', async () => {
    const before = await parcelsByDepot(engine);
    // A DECIMAL(40, 2) (Arrow's Decimal256: DuckDB holds 38 digits at most), written by parquet-wasm's writer.
    const pw = await import('parquet-wasm/esm');
    pw.initSync({
      module: await readFile(new URL('../../../node_modules/parquet-wasm/esm/parquet_wasm_bg.wasm', import.meta.url)),
    });
    const cents = new Uint32Array(3 * 8).map((_, i) => (i % 8 === 0 ? 1250 + i : 0));
    const wide = makeData({ type: new Decimal(2, 40, 256), length: 3, nullCount: 0, data: cents });
    const arrow = new Table({ parcel_id: makeVector(Int32Array.from([1, 2, 3])), insured_value: new Vector([wide]) });
    const parquet = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(arrow, 'stream')));
    await assert.rejects(
      engine.putTable('parcels', new File([parquet as Uint8Array<ArrayBuffer>], 'insured.parquet')),
      /^Error: Table parcels \(insured\.parquet\): DuckDB cannot hold column "insured_value" \(Arrow Decimal\[40e\+2\]: Unsupported Internal Arrow Type for Decimal d:40,2,256\)$/,
    );
    eq(await parcelsByDepot(engine), before, 'the table before');
  });
});
