// quoteIdent, the engine's one way of writing a name into SQL: any name — quotes, spaces, keywords, any script —
// reads back from real DuckDB as that same name, as a column alias and as a table name (created, filled, exported).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { tableToIPC, tableFromArrays } from 'apache-arrow';
import { createNativeExecutor, type NativeExecutor } from '../../../src/engine/data/duckdb-native.js';
import { quoteIdent } from '../../../src/engine/data/sql-quote.js';

/** Names DuckDB takes: anything but the NUL character, which no identifier may hold. */
const names = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' }),
    fc.constantFrom('select', 'order', '"', '""', 'a"b', 'Ümlaut "x"', '日本語', ' lead', 'trail ', 'two words'),
  )
  .filter((name) => !name.includes('\0'));

describe('quoteIdent', () => {
  let duckdb: NativeExecutor;
  before(async () => {
    duckdb = await createNativeExecutor();
  });
  after(() => duckdb.close());

  it('doubles every double quote inside the quotes', () => {
    assert.equal(quoteIdent('tickets'), '"tickets"');
    assert.equal(quoteIdent('my "table"'), '"my ""table"""');
    assert.equal(quoteIdent(''), '""');
  });

  it('any name reads back from DuckDB as itself, as a column alias', async () => {
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const result = await duckdb.query(`SELECT 42 AS ${quoteIdent(name)}`);
        assert.deepEqual(
          result.schema.map((c) => c.name),
          [name],
        );
      }),
      { numRuns: 150 },
    );
  });

  it('any name is a table DuckDB creates, fills and exports under that name', async () => {
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        // Identifiers are case-insensitive in DuckDB: one table per name at a time.
        await duckdb.loadTable(name, tableToIPC(tableFromArrays({ rainfall: Float64Array.from([1.5, 2]) }), 'stream'));
        const rows = await duckdb.query(`SELECT sum(rainfall) AS total FROM ${quoteIdent(name)}`);
        assert.deepEqual(rows.rows, [[3.5]]);
        assert.ok((await duckdb.exportTable(name)).byteLength > 0);
        await duckdb.query(`DROP TABLE ${quoteIdent(name)}`);
      }),
      { numRuns: 60 },
    );
  });
});
