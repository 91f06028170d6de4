import { expect } from '@open-wc/testing';
import { Table, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
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
});
