// Parquet through the engine, shared by the Node test (read-parquet.node.test.ts) and the Chromium test
// (read-parquet.test.ts): parcels in every codec and in Parquet 2 pages, and vega-datasets' flights-3m.parquet, each
// answered through /load exactly as native DuckDB's read_parquet answered (test/fixtures/parquet/expected.json,
// written by scripts/parquet-fixtures.ts; the Node test also asks native DuckDB again).

import { DEMO, type LocalEngine, type TableSource } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import type { ParquetExpected } from '../../fixtures/parcels-parquet.js';

export function eq(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

const admin = (engine: LocalEngine) =>
  new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });

const round = (value: unknown) => Math.round(Number(value) * 1000) / 1000;

/** parcels per depot through /load, as BY_DEPOT_SQL's rows (NULL depot last). */
export async function parcelsByDepot(engine: LocalEngine): Promise<unknown[][]> {
  const measures = ['count', 'weight', 'fees', 'fragile', 'first_shipment', 'last_delivery'].map((m) => `parcels.${m}`);
  const { data } = await admin(engine).load({ query: { measures, dimensions: ['parcels.depot'] } });
  return data
    .map((r) => [
      r['parcels.depot'],
      Number(r['parcels.count']),
      round(r['parcels.weight']),
      round(r['parcels.fees']),
      Number(r['parcels.fragile']),
      r['parcels.first_shipment'],
      r['parcels.last_delivery'],
    ])
    .sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : (a[0] as string).localeCompare(b[0] as string)));
}

/** Parcels 5 and 22's nested columns (JSON text) through /load. */
export async function nestedColumns(engine: LocalEngine): Promise<unknown[]> {
  const { data } = await admin(engine).load({
    query: {
      dimensions: ['parcels.parcel_id', 'parcels.box_sizes', 'parcels.address'],
      filters: [{ member: 'parcels.parcel_id', operator: 'equals', values: ['5', '22'] }],
      order: { 'parcels.parcel_id': 'asc' },
    },
  });
  return data.map((r) => ({
    parcel_id: Number(r['parcels.parcel_id']),
    box_sizes: r['parcels.box_sizes'],
    address: r['parcels.address'],
  }));
}

/** Every parcel file imported as table `parcels` (replacing the one before) answers as native DuckDB did. */
export async function checkCodecs(
  engine: LocalEngine,
  expected: ParquetExpected,
  file: (name: string) => Promise<TableSource>,
): Promise<void> {
  for (const name of Object.keys(expected.byDepot)) {
    const info = await engine.putTable('parcels', await file(name));
    eq([info.rowCount, info.format], [2500, 'parquet'], `${name}: rows and format`);
    eq(
      info.columns.map((c) => c.type),
      [
        'BIGINT',
        'VARCHAR',
        'DOUBLE',
        'DECIMAL(10,2)',
        'TIMESTAMP',
        'TIMESTAMP',
        'DATE',
        'BOOLEAN',
        'VARCHAR',
        'VARCHAR',
      ],
      `${name}: column types (the zoned time in UTC, nested columns as JSON text)`,
    );
    eq(await parcelsByDepot(engine), expected.byDepot[name], `${name}: /load by depot`);
    eq(await nestedColumns(engine), expected.nested, `${name}: nested columns`);
  }
}

/** flights-3m.parquet as table `flights`: the busiest origins through /load equal native DuckDB's. */
export async function checkFlights(engine: LocalEngine, expected: ParquetExpected, source: TableSource): Promise<void> {
  const info = await engine.putTable('flights', source);
  eq(info.rowCount, expected.flightsTotal, 'flights rows');
  const { data } = await admin(engine).load({
    query: {
      measures: ['flights.count', 'flights.delay', 'flights.distance'],
      dimensions: ['flights.origin'],
      order: [
        ['flights.count', 'desc'],
        ['flights.origin', 'asc'],
      ],
      limit: 5,
    },
  });
  eq(
    data.map((r) => [
      r['flights.origin'],
      Number(r['flights.count']),
      Number(r['flights.delay']),
      Number(r['flights.distance']),
    ]),
    expected.flights,
    'flights by origin',
  );
}
