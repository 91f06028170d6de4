import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Table, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import type { Executor } from '../../../src/engine/data/executor.js';
import { createExecutor } from '../../../src/engine/data/executor-runtime.js';

describe('DuckDB executor (Node: the blocking build)', () => {
  let exec: Executor;
  before(async () => (exec = await createExecutor()));
  after(() => exec.close());

  it('loads Arrow IPC and runs SQL with normalised results', async () => {
    const table = new Table({
      id: makeVector(Int32Array.from([1, 2, 3])),
      region: vectorFromArray(['EU', 'US', 'EU']),
    });
    await exec.loadTable('t', tableToIPC(table, 'stream'));
    const r = await exec.query(
      "SELECT region, count(*) AS c, DATE_TRUNC('year', TIMESTAMP '2024-05-01') AS y FROM t GROUP BY 1 ORDER BY 1",
    );
    assert.deepEqual(r.rows, [
      ['EU', 2, '2024-01-01T00:00:00.000'],
      ['US', 1, '2024-01-01T00:00:00.000'],
    ]);
    await assert.rejects(exec.query('SELECT nope FROM t'), /nope/);
  });
});
