// A table kept for this session only (IndexedDB refused it with a full quota: data/session-tables.ts) is still there
// after the engine's DuckDB is stopped and started again (a query past its deadline, on DuckDB-wasm, which loses every
// table): the new DuckDB reads it from the session's copy, not from IndexedDB, which never held it; the next start
// of the engine does not have it. Rows of our own (beehives), over the library seed.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEngine } from '../../../src/engine/index.js';
import { SESSION_ONLY } from '../../../src/engine/data/session-tables.js';
import { deleteDatabase, dumpDatabase } from '../helpers.js';
import { LIBRARY_KEY, librarySeed } from '../http/library-fixture.js';

const cubeSql = (query: string) =>
  new Request('https://library.test/cubejs-api/v1/cubesql', {
    method: 'POST',
    headers: { authorization: LIBRARY_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

/** Until the returned function is called, puts and adds to `stores` of database `db` fail as a full quota does. */
function fullQuota(db: string, stores: string[]): () => void {
  const { put, add } = Object.getOwnPropertyDescriptors(IDBObjectStore.prototype);
  const originals = { put: put.value as IDBObjectStore['put'], add: add.value as IDBObjectStore['add'] };
  for (const write of ['put', 'add'] as const) {
    IDBObjectStore.prototype[write] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.transaction.db.name !== db || !stores.includes(this.name))
        return originals[write].call(this, value, key);
      const error = new DOMException('', 'QuotaExceededError');
      this.transaction.abort();
      throw error;
    };
  }
  return () => {
    Object.defineProperty(IDBObjectStore.prototype, 'put', put);
    Object.defineProperty(IDBObjectStore.prototype, 'add', add);
  };
}

const MODEL = `cubes:
  - name: hives
    sql_table: hives
    measures:
      - { name: count, type: count }
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: apiary, sql: apiary, type: string }
      - { name: honey_kg, sql: honey_kg, type: number }
`;

describe('a table kept for this session only', () => {
  it('survives a DuckDB stopped and started again, and is gone with the engine', async () => {
    const name = `session-tables-${process.pid}`;
    const engine = await createLocalEngine({ name, seed: librarySeed, executor: 'wasm', queryTimeoutMs: 5000 });
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, apiary: `a${i % 4}`, honey_kg: (i % 5) + 0.25 }));
    const honey = rows.reduce((sum, r) => sum + r.honey_kg, 0);
    const restore = fullQuota(name, ['dataTables', 'dataFiles']);
    try {
      const info = await engine.putTable('hives', rows);
      await engine.setModel(MODEL);
      assert.equal(info.warning, SESSION_ONLY);
      assert.equal(info.rowCount, 3000);
    } finally {
      restore();
    }
    try {
      /** The SQL API's answer: NDJSON, its rows in the `data` lines. */
      const totals = async () => {
        const text = await (await engine.fetch(cubeSql('SELECT COUNT(*), SUM(honey_kg) FROM hives'))).text();
        const lines = text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { data?: unknown[][]; error?: string });
        if (lines.some((l) => l.error)) throw new Error(text);
        return { data: lines.flatMap((l) => l.data ?? []) };
      };
      assert.deepEqual(await totals(), { data: [[3000, honey]] });
      // Triples of rows: runs for minutes; stopped at the deadline with its DuckDB.
      const long = await engine.fetch(
        cubeSql('SELECT COUNT(*) FROM hives a, hives b, hives c WHERE a.id * b.id * c.id = -7'),
      );
      assert.equal(long.status, 400);
      assert.match(((await long.json()) as { error: string }).error, /ran longer than 5 s/);
      // A new DuckDB: the table read again from the session's copy.
      assert.deepEqual(await totals(), { data: [[3000, honey]] });
      const stored = await dumpDatabase(name);
      assert.ok(!(stored.dataTables as { name: string }[]).some((t) => t.name === 'hives'), 'not in IndexedDB');
      assert.deepEqual(
        (await engine.tables()).filter((t) => t.warning).map((t) => t.name),
        ['hives'],
      );
      await engine.close();
      // The next start: IndexedDB's tables, without it.
      const again = await createLocalEngine({ name, executor: 'wasm' });
      assert.equal(
        (await again.tables()).some((t) => t.name === 'hives'),
        false,
      );
      await again.close();
    } finally {
      await engine.close().catch(() => undefined);
      await deleteDatabase(name);
    }
  });
});
