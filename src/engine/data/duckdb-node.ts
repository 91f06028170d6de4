// DuckDB-wasm in Node: the blocking build, for engine tests and `npm run serve`. It runs in a
// worker thread, so a long query never blocks the event loop and `terminate()` stops any query at once.

import { tableFromIPC } from 'apache-arrow';
import { hardeningSql, normalizeArrow, readFileSql, type Executor } from './executor.js';
import { quoteIdent } from './sql-quote.js';

/** The worker's program (CommonJS, evaluated): DuckDB's blocking build; results go back as Arrow IPC streams. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const duckdb = require(workerData.duckdb);
const arrow = require(workerData.arrow);
(async () => {
  const db = await duckdb.createDuckDB(workerData.bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  const conn = db.connect();
  for (const sql of workerData.setup) conn.query(sql);
  parentPort.on('message', (m) => {
    try {
      if (m.op === 'query') {
        const ipc = arrow.tableToIPC(conn.query(m.sql), 'stream');
        parentPort.postMessage({ id: m.id, ipc }, [ipc.buffer]);
      } else if (m.op === 'file') {
        db.registerFileBuffer(m.path, m.bytes);
        try {
          conn.query('CREATE OR REPLACE TABLE ' + m.table + ' AS ' + m.sql);
        } finally {
          db.dropFile(m.path);
        }
        parentPort.postMessage({ id: m.id });
      } else {
        if (!m.append) conn.query('DROP TABLE IF EXISTS ' + m.table);
        conn.insertArrowFromIPCStream(m.ipc, { name: m.name, create: !m.append });
        parentPort.postMessage({ id: m.id });
      }
    } catch (error) {
      parentPort.postMessage({ id: m.id, error: String((error && error.message) || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ fatal: String((error && error.message) || error) }));
`;

const bytesOf = async (data: Uint8Array | Blob) =>
  data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());

type Reply = { id: number; ipc?: Uint8Array; error?: string } | { ready: true } | { fatal: string };

export async function createDuckDbExecutor(): Promise<Executor> {
  // Imported here, not at the top: bundles for the browser keep this module but must not load node: modules.
  const { createRequire } = await import('node:module');
  const { Worker } = await import('node:worker_threads');
  const { mkdtemp, realpath, rm } = await import('node:fs/promises');
  const os = await import('node:os');
  const nodePath = await import('node:path');
  // The only directory this DuckDB may read: a fresh empty one of its own (mode 0700), where only the files the engine
  // registers exist (as buffers in DuckDB's memory), removed when it stops. A relative path would be the working
  // directory's, where any SQL could read the host's files.
  const importDir = `${await realpath(await mkdtemp(nodePath.join(os.tmpdir(), 'svc-imports-')))}/`;
  const removeDir = () => rm(importDir, { recursive: true, force: true }).catch(() => undefined);
  const require = createRequire(import.meta.url);
  const dist = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm').replace(/duckdb-eh\.wasm$/, '');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      duckdb: `${dist}duckdb-node-blocking.cjs`,
      // DuckDB's build requires apache-arrow itself; the worker uses that same copy to write IPC.
      arrow: createRequire(`${dist}duckdb-node-blocking.cjs`).resolve('apache-arrow'),
      bundles: {
        mvp: { mainModule: `${dist}duckdb-mvp.wasm`, mainWorker: `${dist}duckdb-node-mvp.worker.cjs` },
        eh: { mainModule: `${dist}duckdb-eh.wasm`, mainWorker: `${dist}duckdb-node-eh.worker.cjs` },
      },
      setup: hardeningSql(importDir),
    },
  });
  const pending = new Map<number, { resolve(ipc?: Uint8Array): void; reject(error: Error): void }>();
  let nextId = 0;
  let dead: Error | undefined;
  const fail = (error: Error) => {
    dead ??= error;
    for (const call of pending.values()) call.reject(dead);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return resolve();
      if ('fatal' in reply) return reject(new Error(`DuckDB did not start: ${reply.fatal}`));
      const call = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref(); // idle: a script that is done may end (held again by the next call)
      if (reply.error !== undefined) call?.reject(new Error(reply.error));
      else call?.resolve(reply.ipc);
    });
    worker.on('error', (error) => (fail(error), reject(error)));
    worker.on('exit', () => fail(new Error('DuckDB was stopped')));
  });
  await ready.catch(async (error: unknown) => {
    await removeDir();
    throw error;
  });
  // The worker holds the process only while a call is in flight (a message listener refs it: unref after them).
  worker.unref();
  type Message =
    | { op: 'query'; sql: string }
    | { op: 'load'; name: string; table: string; ipc: Uint8Array; append: boolean }
    | { op: 'file'; table: string; path: string; sql: string; bytes: Uint8Array };
  const send = (message: Message, transfer: ArrayBuffer[] = []) =>
    new Promise<Uint8Array | undefined>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref(); // a call in flight keeps the process alive until its answer (an unref'd worker's reply is lost)
      worker.postMessage({ ...message, id }, transfer);
    });
  let files = 0;
  return {
    query: async (sql) => normalizeArrow(tableFromIPC(await send({ op: 'query', sql }))),
    loadTable: async (name, ipc, { append = false } = {}) =>
      void (await send({ op: 'load', name, table: quoteIdent(name), ipc: await bytesOf(ipc), append })),
    loadFile: async (name, source, format, options) => {
      const path = `${importDir}${++files}.${format}`;
      const sql = readFileSql(path, format, options);
      await send({ op: 'file', table: quoteIdent(name), path, sql, bytes: await bytesOf(source) });
    },
    exportTable: async (name) => (await send({ op: 'query', sql: `SELECT * FROM ${quoteIdent(name)}` }))!,
    close: async () => {
      fail(new Error('DuckDB was stopped'));
      await worker.terminate();
      await removeDir();
    },
    terminate: () => {
      fail(new Error('DuckDB was stopped'));
      void worker.terminate().then(removeDir);
    },
  };
}
