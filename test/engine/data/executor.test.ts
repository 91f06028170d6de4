import { expect } from '@open-wc/testing';
import { Table, makeVector, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { streamOfIpcFile } from '../../../src/engine/data/duckdb-browser.js';
import type { Executor } from '../../../src/engine/data/executor.js';
import { createExecutor } from '../../../src/engine/data/executor-runtime.js';

describe('DuckDB executor (browser: AsyncDuckDB in a Worker)', function () {
  this.timeout(60_000);
  let exec: Executor;
  before(async () => (exec = await createExecutor()));
  after(() => exec.close());

  it('runs SQL and normalises BigInt, timestamps and dates', async () => {
    const r = await exec.query(
      "SELECT 42::BIGINT AS n, TIMESTAMP '2024-03-05 10:00:00' AS ts, DATE_TRUNC('month', TIMESTAMP '2024-03-05 10:00:00') AS m, 'x' AS s, 1.5 AS f, true AS b",
    );
    expect(r.schema.map((c) => c.column_type)).to.deep.equal([
      'Int64',
      'Timestamp',
      'Date',
      'String',
      'Decimal',
      'Boolean',
    ]);
    expect(r.rows).to.deep.equal([[42, '2024-03-05T10:00:00.000', '2024-03-01T00:00:00.000', 'x', 1.5, true]]);
  });

  it('loads an Arrow IPC table and replaces it on reload', async () => {
    const table = new Table({
      id: makeVector(Int32Array.from([1, 2, 3])),
      region: vectorFromArray(['EU', 'US', 'EU']),
    });
    await exec.loadTable('t', tableToIPC(table, 'stream'));
    expect((await exec.query('SELECT region, count(*) AS c FROM t GROUP BY 1 ORDER BY 1')).rows).to.deep.equal([
      ['EU', 2],
      ['US', 1],
    ]);
    await exec.loadTable('t', tableToIPC(new Table({ id: makeVector(Int32Array.from([9])) }), 'stream'));
    expect((await exec.query('SELECT * FROM t')).rows).to.deep.equal([[9]]);
  });

  it('rejects bad SQL with DuckDB message and keeps working', async () => {
    let message = '';
    try {
      await exec.query('SELEC 1');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).to.match(/syntax error/i);
    expect((await exec.query('SELECT 1 AS one')).rows).to.deep.equal([[1]]);
  });

  it('reads a CSV Blob inside its worker, then lets go of the file', async () => {
    const csv = new Blob(['id,name\n1,"a, b"\n2,c\n'], { type: 'text/csv' });
    await exec.loadFile('blob_csv', csv, 'csv');
    expect((await exec.query('SELECT * FROM blob_csv ORDER BY id')).rows).to.deep.equal([
      [1, 'a, b'],
      [2, 'c'],
    ]);
    // The registered file is gone: the next read of that path finds nothing.
    let message = '';
    await exec.query("SELECT * FROM read_csv('imports/1.csv')").catch((e: Error) => (message = e.message));
    expect(message).to.match(/no files found|does not exist|not found|IO Error|Permission Error/i);
    expect(await csv.text()).to.contain('a, b');
  });

  it('exports a table as the IPC stream its worker wrote, which loads back from a Blob', async () => {
    await exec.query(
      "CREATE TABLE export_me AS SELECT i AS id, 'row ' || i AS label, i * 1.5 AS amount FROM range(1, 5001) t(i)",
    );
    const stream = await exec.exportTable('export_me');
    expect(stream[0]).to.equal(0xff); // a stream starts with a message, not with the file's ARROW1 magic
    const table = tableFromIPC(stream);
    expect([table.numRows, table.get(4999)?.toJSON().label]).to.deep.equal([5000, 'row 5000']);
    await exec.loadTable('export_back', new Blob([stream as Uint8Array<ArrayBuffer>]));
    expect((await exec.query('SELECT count(*), sum(id), max(label) FROM export_back')).rows).to.deep.equal([
      [5000, 12502500, 'row 999'],
    ]);
  });
});

describe('streamOfIpcFile', function () {
  this.timeout(60_000);
  const table = new Table({ id: makeVector(Int32Array.from([1, 2, 3])) });

  it("is the stream inside DuckDB's IPC files, not a copy", async () => {
    const exec = await createExecutor();
    try {
      await exec.query('CREATE TABLE s AS SELECT * FROM range(3) t(id)');
      const stream = await exec.exportTable('s');
      // The stream sits 8 bytes into the file's buffer (after ARROW1 and padding), the footer left after it.
      expect([stream.byteOffset, stream.buffer.byteLength > stream.byteLength + 8]).to.deep.equal([8, true]);
      expect(Array.from(tableFromIPC(stream).getChild('id')!.toArray() as BigInt64Array, Number)).to.deep.equal([
        0, 1, 2,
      ]);
    } finally {
      await exec.close();
    }
  });

  it('is undefined for a stream, for bytes that are not Arrow, and for a file whose messages start without the schema', () => {
    expect(streamOfIpcFile(tableToIPC(table, 'stream'))).to.equal(undefined);
    expect(streamOfIpcFile(new Uint8Array(64))).to.equal(undefined);
    // Arrow JS's file writer keeps the schema in the footer only: its messages are not a stream by themselves.
    expect(streamOfIpcFile(tableToIPC(table, 'file'))).to.equal(undefined);
  });
});
