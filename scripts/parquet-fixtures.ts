// Writes test/fixtures/parquet: parcels in every codec DuckDB's Parquet writer has and in Parquet 2 pages (native
// DuckDB, through @duckdb/node-api), and native DuckDB's answers (read_parquet) to the questions the tests ask, over
// those files and over vega-datasets' flights-3m.parquet. `node --import tsx scripts/parquet-fixtures.ts`
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  BY_DEPOT_SQL,
  CODECS,
  FLIGHTS_SQL,
  PARCELS_SQL,
  PARCEL_FILES,
  type ParquetExpected,
} from '../test/fixtures/parcels-parquet.js';

const dir = new URL('../test/fixtures/parquet/', import.meta.url);
const flights = fileURLToPath(new URL('../node_modules/vega-datasets/data/flights-3m.parquet', import.meta.url));
mkdirSync(dir, { recursive: true });
const db = await (await DuckDBInstance.create(':memory:')).connect();
const path = (file: string) => fileURLToPath(new URL(file, dir));
const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowsJS();
const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value);

for (const codec of CODECS)
  await db.run(
    `COPY (${PARCELS_SQL}) TO '${path(`parcels-${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 1000)`,
  );
await db.run(
  `COPY (${PARCELS_SQL}) TO '${path('parcels-v2.parquet')}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1000, PARQUET_VERSION V2)`,
);
const expected: ParquetExpected = { byDepot: {}, nested: [], flights: [], flightsTotal: 0 };
for (const file of PARCEL_FILES)
  expected.byDepot[file] = (await rows(BY_DEPOT_SQL(`read_parquet('${path(file)}')`))).map((r) => r.map(plain));
expected.nested = (
  await rows(
    `SELECT parcel_id, box_sizes::VARCHAR, '{"street":"' || address.street || '","zip":' || address.zip || '}'
     FROM read_parquet('${path('parcels-zstd.parquet')}') WHERE parcel_id IN (5, 22) ORDER BY parcel_id`,
  )
).map(([id, sizes, address]) => ({
  parcel_id: Number(id),
  box_sizes: sizes === null ? null : (sizes as string).replace(/ /g, ''),
  address: address as string,
}));
expected.flights = (await rows(FLIGHTS_SQL(`read_parquet('${flights}')`))).map((r) => r.map(plain));
expected.flightsTotal = Number((await rows(`SELECT count(*) FROM read_parquet('${flights}')`))[0][0]);
writeFileSync(new URL('expected.json', dir), `${JSON.stringify(expected, null, 1)}\n`);
console.log('test/fixtures/parquet written');
