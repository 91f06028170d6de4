// DuckDB-wasm in the browser: AsyncDuckDB in a Worker, eh bundle only. Its files are resolved
// beside this module with new URL(…, import.meta.url). Imports stay in DuckDB's worker: a file to read is handed over
// as a buffer (read from its Blob; above 256 MB as the Blob, which the worker reads with FileReaderSync) and a table to keep comes back as the IPC bytes the worker wrote.

import { AsyncDuckDB, ConsoleLogger, DuckDBDataProtocol, LogLevel } from '@duckdb/duckdb-wasm';
import { MessageHeader, MessageReader, tableFromIPC, tableToIPC } from 'apache-arrow';
import { hardeningSql, normalizeArrow, privateImportDir, readFileSql, type Executor } from './executor.js';
import { helperWorker, type HelperWorker } from './helper-workers.js';
import { deathOf } from './helper-death.js';
import { quoteIdent } from './sql-quote.js';

const WASM_URL = new URL('../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url).href;
const WORKER_URL = new URL(
  '../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js',
  import.meta.url,
).href;

/** Files up to this size are registered with DuckDB as buffers (copied into its memory), larger ones as handles. */
const BUFFERED = 256 << 20;

const MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]; // ARROW1
const CONTINUATION = [0xff, 0xff, 0xff, 0xff];
const at = (bytes: Uint8Array, from: number, expected: number[]) => expected.every((b, i) => bytes[from + i] === b);

/**
 * The stream inside an Arrow IPC file, without copying: a file is `ARROW1\0\0`, the stream's messages, the footer, its
 * length and `ARROW1`. DuckDB's writer (Arrow C++) starts the messages with the schema and ends them with the
 * end-of-stream marker, so they are a stream as they are; undefined when the bytes are not laid out so.
 */
export function streamOfIpcFile(file: Uint8Array): Uint8Array | undefined {
  const n = file.length;
  if (n < 24 || !at(file, 0, MAGIC) || !at(file, n - 6, MAGIC) || !at(file, 8, CONTINUATION)) return undefined;
  const footerStart = n - 10 - new DataView(file.buffer, file.byteOffset + n - 10, 4).getInt32(0, true);
  if (footerStart < 16 || !at(file, footerStart - 8, [...CONTINUATION, 0, 0, 0, 0])) return undefined;
  const stream = file.subarray(8, footerStart);
  try {
    return new MessageReader(stream).readMessage()?.headerType === MessageHeader.Schema ? stream : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A Blob's bytes in one buffer: read at once in a worker (the fastest: 65 MB in ~0.1 s), streamed a chunk per task on
 * a page's main thread (~0.2 s; reading 1 MB slices one after another took ~0.5 s).
 */
async function bytesOfBlob(blob: Blob): Promise<Uint8Array> {
  if (typeof document === 'undefined') return new Uint8Array(await blob.arrayBuffer());
  const out = new Uint8Array(blob.size);
  const reader = blob.stream().getReader();
  for (let at = 0; ;) {
    const { done, value } = await reader.read();
    if (done && at !== out.length) throw new Error('the file changed while it was read');
    if (done) return out;
    if (at + value.length > out.length) throw new Error('the file changed while it was read');
    out.set(value, at);
    at += value.length;
  }
}

/**
 * DuckDB's worker lets go of a dropped file, then asks whether it was an OPFS sync handle: where workers have no
 * FileSystemSyncAccessHandle (WebKitGTK) that question throws, after the file is already gone.
 */
function ignoreMissingSyncHandle(error: unknown): void {
  if (!String((error as Error)?.message ?? error).includes('FileSystemSyncAccessHandle')) throw error;
}

/**
 * DuckDB's next worker, made before a stopped one is terminated, so a query that passed its deadline is followed by a
 * ready worker (in Firefox, a Worker constructor inside the engine's worker just after a sibling busy in wasm was
 * terminated also froze that worker, about one start in three, before the page made the helpers: helper-workers.ts).
 */
let spare: HelperWorker | undefined;
const duckDbWorker = () => helperWorker({ kind: 'classic', script: WORKER_URL }, () => new Worker(WORKER_URL));

export async function createDuckDbExecutor(): Promise<Executor> {
  const worker = spare ?? duckDbWorker();
  spare = undefined;
  // AsyncDuckDB uses only postMessage, add/removeEventListener and terminate of its Worker.
  const db = new AsyncDuckDB(new ConsoleLogger(LogLevel.WARNING), worker as Worker);
  // AsyncDuckDB only logs a worker's error event and forgets its requests: without this, a worker whose script did
  // not load would leave the engine waiting for ever.
  let failed: (error: Error) => void = () => undefined;
  const onError = (event: Event) =>
    failed(new Error(`DuckDB's worker failed: ${(event as ErrorEvent).message || 'its script could not be loaded'}`));
  worker.addEventListener('error', onError);
  try {
    await Promise.race([db.instantiate(WASM_URL), new Promise<never>((_, reject) => (failed = reject))]);
  } catch (error) {
    worker.terminate();
    throw error;
  } finally {
    worker.removeEventListener('error', onError);
  }
  // From here an error event (its script failed, or it ended: helper-death.ts) fails every call at once.
  const death = deathOf(worker, "DuckDB's worker");
  const conn = await db.connect();
  const importDir = privateImportDir();
  for (const sql of hardeningSql(importDir)) await conn.query(sql);
  let queue: Promise<unknown> = Promise.resolve();
  let files = 0;
  /** One statement at a time on the connection. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = Promise.race([queue.then(fn, fn), death]);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    query: (sql) => serial(async () => normalizeArrow(await conn.query(sql))),
    async loadTable(name, ipc, { append = false } = {}) {
      // A Blob (a stored table) is read before the connection is held; the buffer then moves.
      const bytes = ipc instanceof Uint8Array ? ipc : await bytesOfBlob(ipc);
      return serial(async () => {
        if (!append) await conn.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
        await conn.insertArrowFromIPCStream(bytes, { name, create: !append });
      });
    },
    async loadFile(name, source, format, options) {
      const path = `${importDir}${++files}.${format}`;
      const sql = readFileSql(path, format, options);
      // A Blob up to BUFFERED is read here and its buffer moved: DuckDB's read_csv of a registered buffer takes 1.0×,
      // of a file handle (FileReaderSync a block at a time) 1.5× (bench/import.ts).
      const bytes =
        source instanceof Uint8Array ? source : source.size <= BUFFERED ? await bytesOfBlob(source) : undefined;
      return serial(async () => {
        if (bytes) await db.registerFileBuffer(path, bytes);
        else await db.registerFileHandle(path, source, DuckDBDataProtocol.BROWSER_FILEREADER, true);
        try {
          await conn.query(`CREATE OR REPLACE TABLE ${quoteIdent(name)} AS ${sql}`);
        } finally {
          await db.dropFile(path).catch(ignoreMissingSyncHandle);
        }
      });
    },
    // The worker writes the IPC file and moves its buffer here; the stream inside it is what the engine keeps.
    exportTable: (name) =>
      serial(async () => {
        const file = await conn.useUnsafe((bindings, id) => bindings.runQuery(id, `SELECT * FROM ${quoteIdent(name)}`));
        return streamOfIpcFile(file) ?? tableToIPC(tableFromIPC(file), 'stream');
      }),
    async close() {
      await conn.close();
      await db.terminate();
      spare?.terminate();
      spare = undefined;
    },
    terminate() {
      spare ??= duckDbWorker();
      void db.terminate();
    },
  };
}
