// The physical anchor beside bench/parquet.ts: native DuckDB (@duckdb/node-api) reading the same flights-3m.parquet
// into a table (CREATE TABLE AS SELECT * FROM read_parquet), and a group-by over the 3M rows — in Node, medians of 3.
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { median, type Row } from './util.js';

const FLIGHTS = fileURLToPath(new URL('../node_modules/vega-datasets/data/flights-3m.parquet', import.meta.url));

export async function nativeParquetBench(runs = 3): Promise<Row[]> {
  const read: number[] = [];
  const groupBy: number[] = [];
  for (let i = 0; i < runs; i++) {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    let t0 = performance.now();
    await conn.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${FLIGHTS}')`);
    read.push(performance.now() - t0);
    t0 = performance.now();
    const rows = (await conn.runAndReadAll('SELECT origin, count(*), sum(delay) FROM t GROUP BY 1')).getRows();
    groupBy.push(performance.now() - t0);
    if (rows.length < 100) throw new Error(`group-by: ${rows.length} origins`);
    conn.closeSync();
    instance.closeSync();
  }
  return [
    {
      step: 'native DuckDB: CREATE TABLE AS SELECT * FROM read_parquet(flights-3m.parquet)',
      median: `${median(read).toFixed(0)} ms`,
    },
    { step: 'native DuckDB: group-by origin over the 3M rows', median: `${median(groupBy).toFixed(0)} ms` },
  ];
}
