// One rule names a table after its file (CLI --data, putTable callers, the playground's panel): public file names
// from vega-datasets and others, and for any file name a name DuckDB and the SQL API take.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkTableName, tableNameFor } from '../../../src/engine/data/table-names.js';

describe('tableNameFor', () => {
  it('names files as the README says', () => {
    const cases: [string, string][] = [
      ['flights-3m.parquet', 'flights_3m'],
      ['seattle-weather.csv', 'seattle_weather'],
      ['data/flights-200k.arrow', 'flights_200k'],
      ['C:\\exports\\Q3 revenue (final).csv', 'Q3_revenue_final_'],
      ['2024 sales.tsv', 't_2024_sales'],
      ['__secret.csv', 't___secret'],
      ['main.csv', 't_main'],
      ['duckdb_settings.parquet', 't_duckdb_settings'],
      ['Orders.CSV', 'Orders'],
      ['café.ndjson', 'caf_'],
      ['.hidden', 't_'],
    ];
    for (const [file, name] of cases) assert.equal(tableNameFor(file), name, file);
  });

  it('gives every vega-datasets file a usable name', async () => {
    const files = await readdir(new URL('../../../node_modules/vega-datasets/data', import.meta.url));
    const names = files.filter((f) => /\.(csv|tsv|json|parquet|arrow)$/.test(f)).map(tableNameFor);
    for (const name of names) checkTableName(name);
    assert.ok(names.length > 30);
  });

  it('gives any file name a name checkTableName takes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (file) => {
        checkTableName(tableNameFor(file));
      }),
      { numRuns: 2000 },
    );
  });
});
