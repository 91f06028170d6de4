// DuckDB-wasm in the browser: AsyncDuckDB in a Worker, eh bundle only (ARCHITECTURE §3). Its files are resolved
// beside this module with new URL(…, import.meta.url).

import { AsyncDuckDB, ConsoleLogger, LogLevel } from '@duckdb/duckdb-wasm';
import { tableToIPC } from 'apache-arrow';
import { HARDENING_SQL, IMPORT_DIR, normalizeArrow, readFileSql, type Executor } from './executor.js';

const WASM_URL = new URL('../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url).href;
const WORKER_URL = new URL(
  '../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js',
  import.meta.url,
).href;

export async function createDuckDbExecutor(): Promise<Executor> {
  const worker = new Worker(WORKER_URL);
  const db = new AsyncDuckDB(new ConsoleLogger(LogLevel.WARNING), worker);
  await db.instantiate(WASM_URL);
  const conn = await db.connect();
  for (const sql of HARDENING_SQL) await conn.query(sql);
  let queue: Promise<unknown> = Promise.resolve();
  let files = 0;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  /** One statement at a time on the connection. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    query: (sql) => serial(async () => normalizeArrow(await conn.query(sql))),
    loadTable: (name, ipc) =>
      serial(async () => {
        await conn.query(`DROP TABLE IF EXISTS "${name}"`);
        await conn.insertArrowFromIPCStream(ipc, { name, create: true });
      }),
    loadFile: (name, bytes, format, options) =>
      serial(async () => {
        const path = `${IMPORT_DIR}${++files}.${format}`;
        const sql = readFileSql(path, format, options);
        // The buffer moves to DuckDB's worker, which reads it there.
        await db.registerFileBuffer(path, bytes);
        try {
          await conn.query(`CREATE OR REPLACE TABLE ${quote(name)} AS ${sql}`);
        } finally {
          await db.dropFile(path);
        }
      }),
    exportTable: (name) => serial(async () => tableToIPC(await conn.query(`SELECT * FROM ${quote(name)}`), 'stream')),
    async close() {
      await conn.close();
      await db.terminate();
    },
    terminate() {
      void db.terminate();
    },
  };
}
