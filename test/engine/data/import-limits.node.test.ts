// Imports are bounded by their file, not its shape (issue 30, finding 6): a library's loans, imported through
// putTable in every format, are refused past importLimits with the limit, the table (and file) and the line, row or
// column named, before DuckDB reads them; the table stays what it was. An import has a deadline (importTimeoutMs).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow';
import { createLocalEngine, type LocalEngine, type TableSource } from '../../../src/engine/index.js';
import { admin } from './own-data.scenario.js';

const LOANS = 'isbn,borrower,days\n978-0,ana,14\n978-1,ben,7\n978-2,ana,21\n';
const encode = (text: string) => new TextEncoder().encode(text);
const csv = (text: string, name = 'loans.csv') => new File([text], name, { type: 'text/csv' });
const json = (value: unknown) => ({ source: encode(JSON.stringify(value)), format: 'json' as const });
const row = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`shelf_${i}`, i]));

let seq = 0;
const engineWith = (options: Parameters<typeof createLocalEngine>[0] = {}) =>
  createLocalEngine({
    name: `limits-${process.pid}-${++seq}`,
    worker: false,
    model: { cubes: [] },
    data: { loans: csv(LOANS) },
    ...options,
  });

/**
 * An engine with an import deadline whose loans table was imported before, by an engine without one, under the same
 * name: on a busy machine DuckDB-wasm may take longer than a short deadline over even its 3 rows.
 */
async function withDeadline(importTimeoutMs: number): Promise<LocalEngine> {
  const name = `limits-${process.pid}-${++seq}`;
  await (await engineWith({ name })).close();
  return engineWith({ name, data: undefined, importTimeoutMs });
}

/** The loans table is still the one imported first: its columns, rows and values. */
async function intact(engine: LocalEngine): Promise<void> {
  const [loans] = (await engine.tables()).filter((t) => t.name === 'loans');
  assert.deepEqual([loans.rowCount, loans.columns.map((c) => c.name)], [3, ['isbn', 'borrower', 'days']]);
  await engine.setModel({
    cubes: [
      { name: 'loans', sql_table: 'loans', measures: [{ name: 'days', sql: 'days', type: 'sum' }], dimensions: [] },
    ],
  });
  const { data } = await admin(engine).load({ query: { measures: ['loans.days'] } });
  assert.deepEqual(data, [{ 'loans.days': 42 }]);
}

async function refused(engine: LocalEngine, source: TableSource, message: RegExp): Promise<void> {
  const started = performance.now();
  await assert.rejects(engine.putTable('loans', source), (e: Error) => {
    assert.match(e.message, message);
    return true;
  });
  assert.ok(performance.now() - started < 20_000, `refused in ${Math.round(performance.now() - started)} ms`);
  await intact(engine);
}

describe('import limits (defaults)', () => {
  let engine: LocalEngine;
  before(async () => (engine = await engineWith()));
  after(() => engine.close());

  it('a JSON row with 200,000 keys', () =>
    refused(
      engine,
      json([row(200_000)]),
      /^Table loans: row 1 has 200,000 columns; importLimits\.maxColumns is 2,000$/,
    ));

  it('rows that together have more columns than the limit', () =>
    refused(
      engine,
      Array.from({ length: 2_001 }, (_, i) => ({ [`shelf_${i}`]: i })),
      /^Table loans: row 2,001 has a field that brings the rows to 2,001 columns; importLimits\.maxColumns is 2,000$/,
    ));

  it('a one-line CSV of 15 million fields', () =>
    refused(
      engine,
      csv('a,'.repeat(15_000_000), 'wide.csv'),
      /^Table loans \(wide\.csv\): line 1 has more than 2,000 columns \(separated by ","\); importLimits\.maxColumns/,
    ));

  it('a CSV whose second line is a 30 MB value', () =>
    refused(
      engine,
      csv(`isbn,note\n1,${'x'.repeat(30_000_000)}\n`, 'notes.csv'),
      /^Table loans \(notes\.csv\): line 2, column 2 holds a value of more than 1,000,000 bytes; importLimits\.maxCellBytes is 1,000,000$/,
    ));

  it('a TSV line longer than 2,000,000 bytes of short values', () =>
    refused(
      engine,
      { source: encode(`a\tb\n${Array.from({ length: 1_500 }, () => 'y'.repeat(1_500)).join('\t')}\n`), format: 'tsv' },
      /^Table loans: line 2 is more than 2,000,000 bytes long; importLimits\.maxLineBytes is 2,000,000$/,
    ));

  it('a quoted value with line breaks, longer than the cell limit, on the line it starts', () =>
    refused(
      engine,
      csv(`isbn,note\n1,ok\n2,"${'line\n'.repeat(250_000)}"\n`),
      /line 3, column 2 holds a value of more than 1,000,000 bytes/,
    ));

  it('an NDJSON line longer than the line limit', () =>
    refused(
      engine,
      { source: encode(`{"a":1}\n{"a":"${'z'.repeat(2_100_000)}"}\n`), format: 'ndjson' },
      /^Table loans: NDJSON line 2 is 2,100,008 bytes long; importLimits\.maxLineBytes is 2,000,000$/,
    ));

  it('a value of rows longer than the cell limit', () =>
    refused(
      engine,
      [{ isbn: '1', note: 'é'.repeat(600_000) }],
      /^Table loans: row 1, column "note" holds a value of 1,200,000 bytes; importLimits\.maxCellBytes is 1,000,000$/,
    ));

  it('sparse NDJSON rows: more cells than bytes of source', () =>
    refused(
      engine,
      {
        source: encode(Array.from({ length: 30_000 }, (_, i) => `{"k${i % 1_000}":1}`).join('\n')),
        format: 'ndjson',
      },
      /^Table loans: the rows would make 30,000 rows × 1,000 columns = 30,000,000 cells from [\d,]+ bytes; at most 1,000,000 are allowed \(importLimits\.maxCellsPerByte is 1/,
    ));

  it('an Arrow string longer than the cell limit, plain or dictionary-encoded', async () => {
    const long = ['1', 'q'.repeat(1_000_001)];
    await refused(
      engine,
      tableToIPC(new Table({ isbn: vectorFromArray(long, new Utf8()) }), 'file'),
      /^Table loans: row 2, column "isbn" holds a value of 1,000,001 bytes; importLimits\.maxCellBytes/,
    );
    await refused(
      engine,
      tableToIPC(new Table({ isbn: vectorFromArray(long) }), 'stream'),
      /^Table loans: column "isbn" holds a value of 1,000,001 bytes; importLimits\.maxCellBytes/,
    );
  });

  it('imports what is within the limits', async () => {
    const info = await engine.putTable('wide_ok', json([row(2_000), row(2_000)]));
    assert.deepEqual([info.rowCount, info.columns.length], [2, 2_000]);
  });
});

describe('import limits (options)', () => {
  const root = new URL('../../../', import.meta.url);
  let engine: LocalEngine;
  before(async () => (engine = await engineWith({ importLimits: { maxColumns: 3, maxCellBytes: 40 } })));
  after(() => engine.close());

  it('refuses Parquet, Arrow, CSV and rows past a smaller limit, and takes them at it', async () => {
    const films = new Uint8Array(await readFile(new URL('examples/data/films.parquet', root)));
    await refused(engine, films, /^Table loans: the Parquet file has \d+ columns; importLimits\.maxColumns is 3$/);
    const staff = new Uint8Array(await readFile(new URL('examples/data/staff.arrow', root)));
    await refused(engine, staff, /^Table loans: the Arrow table has \d+ columns; importLimits\.maxColumns is 3$/);
    await refused(engine, csv('a,b,c,d\n1,2,3,4\n'), /line 1 has more than 3 columns/);
    await refused(engine, [{ a: 1, b: 2, c: 3, d: 4 }], /row 1 has 4 columns/);
    await refused(engine, csv(`a\n${'n'.repeat(41)}\n`), /line 2, column 1 holds a value of more than 40 bytes/);
    assert.equal((await engine.putTable('three', csv('a,b,c\n1,2,3\n'))).columns.length, 3);
    assert.equal((await engine.putTable('three_rows', [{ a: 'n'.repeat(40), b: 2, c: 3 }])).columns.length, 3);
  });

  it('refuses limits that are not positive integers, or a line limit above read_csv’s', async () => {
    for (const importLimits of [{ maxColumns: 0 }, { maxCellBytes: 1.5 }, { maxLineBytes: 3_000_000 }])
      await assert.rejects(engineWith({ importLimits }), TypeError);
    await assert.rejects(engineWith({ importTimeoutMs: -1 }), TypeError);
  });
});

describe('import deadline (importTimeoutMs)', () => {
  let engine: LocalEngine;
  let server: ReturnType<typeof createServer>;
  let url: string;
  before(async () => {
    engine = await withDeadline(1_500); // in a loaded run here DuckDB-wasm took longer than 1.5 s over the 3 rows
    // A server that sends a CSV's header, then a byte every 100 ms, for ever.
    server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('isbn,days\n');
      const timer = setInterval(() => res.write('1'), 100);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow.csv`;
  });
  after(async () => {
    await engine.close();
    server.closeAllConnections();
    server.close();
  });

  it('stops a download past the deadline; the table stays what it was', async () => {
    await refused(
      engine,
      url,
      /^Table loans: the import was stopped: it took longer than 1\.5 s \(importTimeoutMs is 1,500\)$/,
    );
  });

  it("stops DuckDB's read past the deadline, and the engine goes on with its tables and imports", async () => {
    // 3,000,000 rows take DuckDB 1.5–2 s to read, type and count, natively or in wasm: a 300 ms deadline stops the
    // read on any machine (at 1.5 s the native reader sometimes finished first).
    const quick = await withDeadline(300);
    try {
      const big = `isbn,days,when\n${'978-0,14,2024-05-01T10:00:00\n'.repeat(3_000_000)}`;
      await refused(quick, csv(big), /the import was stopped: it took longer than 0\.3 s/);
    } finally {
      await quick.close();
    }
    // Within its deadline (1.5 s: 300 ms is too short for any import on DuckDB-wasm on a busy machine), a table
    // imports as before.
    assert.equal((await engine.putTable('later', csv(LOANS))).rowCount, 3);
  });
});
