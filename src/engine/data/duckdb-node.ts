// DuckDB-wasm in Node: the blocking build (ARCHITECTURE §3), for engine tests and `npm run serve`.

import type { Table } from 'apache-arrow';
import { normalizeArrow, type Executor } from './executor.js';

interface BlockingConnection {
  query(sql: string): Table;
  insertArrowFromIPCStream(buffer: Uint8Array, options: { name: string; create?: boolean }): void;
  close(): void;
}

export async function createDuckDbExecutor(): Promise<Executor> {
  // Imported here, not at the top: bundles for the browser keep this module but must not load node:module.
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs') as {
    createDuckDB(
      bundles: unknown,
      logger: unknown,
      runtime: unknown,
    ): Promise<{ instantiate(): Promise<void>; connect(): BlockingConnection }>;
    VoidLogger: new () => unknown;
    NODE_RUNTIME: unknown;
  };
  const dist = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm').replace(/duckdb-eh\.wasm$/, '');
  const db = await duckdb.createDuckDB(
    {
      mvp: { mainModule: `${dist}duckdb-mvp.wasm`, mainWorker: `${dist}duckdb-node-mvp.worker.cjs` },
      eh: { mainModule: `${dist}duckdb-eh.wasm`, mainWorker: `${dist}duckdb-node-eh.worker.cjs` },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await db.instantiate();
  const conn = db.connect();
  return {
    query: (sql) => Promise.resolve().then(() => normalizeArrow(conn.query(sql))),
    loadTable: (name, ipc) =>
      Promise.resolve().then(() => {
        conn.query(`DROP TABLE IF EXISTS "${name}"`);
        conn.insertArrowFromIPCStream(ipc, { name, create: true });
      }),
    close: () => Promise.resolve().then(() => conn.close()),
  };
}
