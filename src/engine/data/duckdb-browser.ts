// DuckDB-wasm in the browser: AsyncDuckDB in a Worker, eh bundle only. Its files are resolved
// beside this module with new URL(…, import.meta.url). Imports stay in DuckDB's worker: a file to read is handed over
// as a buffer (read from its Blob; above 256 MB as the Blob, which the worker reads with FileReaderSync) and a table to keep comes back as the IPC bytes the worker wrote.

import { AsyncDuckDB, ConsoleLogger, DuckDBAccessMode, DuckDBDataProtocol, LogLevel } from '@duckdb/duckdb-wasm';
import { MessageHeader, MessageReader, tableFromIPC, tableToIPC } from 'apache-arrow';
import { hardeningSql, normalizeArrow, privateImportDir, readFileSql, type Executor } from './executor.js';
import { helperWorker, type HelperWorker } from './helper-workers.js';
import { quoteIdent } from './sql-quote.js';
import { HelperWorkerStopped, deathOf } from './helper-death.js';
import { KEPT_STAMPS } from './opfs-kept.js';
import { StageKeeper, attention, stageSql } from './opfs-stage.js';
import {
  firstLine,
  holdFileLock,
  isLocked,
  isUnsupported,
  opfsMissing,
  removeDatabaseFile,
  type KeptDatabase,
} from './opfs-database.js';
import { DUCKDB_WASM_URL as WASM_URL, DUCKDB_WORKER_URL as WORKER_URL } from './duckdb-assets.js';

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

/** The browser's DuckDB options: `opfsFile`, a database in the origin-private file system (opfs-database.ts). */
export interface BrowserExecutorOptions {
  opfsFile?: string;
  /** Why this DuckDB keeps its tables in memory although a file may be asked for (it could not take a table). */
  inMemory?: string;
}

/** A DuckDB of this realm letting go of its database file (by path): the next one waits for it, not for another tab. */
const ending = new Map<string, Promise<unknown>>();

/** Opening the kept database failed (not the worker or DuckDB itself). */
class OpenFailed extends Error {}

/** How long a DuckDB that is ending may still hold the database file's handles before this one gives up on it. */
const HANDLE_RELEASE_WAIT_MS = 2_000;
const RETRY_MS = 100;

/**
 * DuckDB in a worker: its tables in the database file `opfsFile` in OPFS when given and it can be opened (held by no
 * other engine, OPFS and sync access handles present, a file DuckDB can read — one it cannot is removed and made
 * again), else in memory, with the reason (keptDatabase()).
 */
export async function createDuckDbExecutor(
  options: BrowserExecutorOptions = {},
  booting?: () => void,
): Promise<Executor> {
  const file = options.opfsFile;
  if (options.inMemory !== undefined) return start({ inMemory: options.inMemory }, undefined, booting);
  if (file === undefined) return start({ inMemory: 'keepDatabase is false' }, undefined, booting);
  const missing = opfsMissing();
  if (missing !== undefined) return start({ inMemory: missing }, undefined, booting);
  await ending.get(`opfs://${file}`)?.catch(() => undefined);
  const release = await holdFileLock(file);
  if (!release) return start({ inMemory: `another tab or worker of this origin holds ${file}` }, undefined, booting);
  let removed = false;
  let reason: string;
  for (const begun = Date.now(); ;) {
    try {
      return await start({ path: `opfs://${file}` }, release, booting);
    } catch (error) {
      if (!(error instanceof OpenFailed)) {
        release();
        throw error;
      }
      reason = firstLine(error);
      // Handles of a DuckDB of this engine that was just stopped are released a moment after its worker ends.
      if (isLocked(error) && Date.now() - begun < HANDLE_RELEASE_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      if (isLocked(error) || isUnsupported(error) || removed) break;
      // A file DuckDB cannot open (corrupt, of another version): it only caches IndexedDB's tables, so made again
      // (once the worker that tried it let go of it).
      for (const tried = Date.now(); !removed && Date.now() - tried < HANDLE_RELEASE_WAIT_MS;) {
        removed = await removeDatabaseFile(file);
        if (!removed) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      if (!removed) break;
    }
  }
  release();
  return start({ inMemory: `${file} could not be opened: ${reason}` });
}

/**
 * Removes database file `file` once the DuckDB of this realm that held it let go of it (terminated: its handles are
 * released a moment after its worker ends); false when it could not be removed within HANDLE_RELEASE_WAIT_MS.
 */
export async function removeDatabase(file: string): Promise<boolean> {
  await ending.get(`opfs://${file}`)?.catch(() => undefined);
  for (const begun = Date.now(); Date.now() - begun < HANDLE_RELEASE_WAIT_MS;) {
    if (await removeDatabaseFile(file)) return true;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  return false;
}

/** The copies of tables into the database file wait until queries and loads have given the connection this long. */
const QUIET_MS = 1_000;

/**
 * `booting` is told once DuckDB's module is instantiated: its download and compile, the longest part of its start and
 * busy on every core, are over; its initialisation needs only its own worker.
 */
async function start(kept: KeptDatabase, release?: () => void, booting?: () => void): Promise<Executor> {
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
    const instantiating = db.instantiate(WASM_URL);
    await Promise.race([instantiating, new Promise<never>((_, reject) => (failed = reject))]);
  } catch (error) {
    worker.terminate();
    throw error;
  } finally {
    worker.removeEventListener('error', onError);
  }
  booting?.();
  // From here an error event (its script failed, or it ended: helper-death.ts) fails every call at once.
  const death = deathOf(worker, "DuckDB's worker");
  if ('path' in kept)
    try {
      await Promise.race([db.open({ path: kept.path, accessMode: DuckDBAccessMode.READ_WRITE }), death]);
    } catch (error) {
      worker.terminate();
      if (error instanceof HelperWorkerStopped) throw error;
      throw new OpenFailed(firstLine(error), { cause: error });
    }
  const conn = await db.connect();
  const importDir = privateImportDir();
  // The tables the database holds and the stamps of their IndexedDB records (opfs-kept.ts); in memory too, empty.
  await conn.query(`CREATE TABLE IF NOT EXISTS ${KEPT_STAMPS} (name VARCHAR PRIMARY KEY, stamp VARCHAR NOT NULL)`);
  // A database in OPFS: tables are made in memory in front of it, and copied into it afterwards (opfs-stage.ts).
  const file =
    'path' in kept ? String(normalizeArrow(await conn.query('SELECT current_database()')).rows[0][0]) : undefined;
  for (const sql of hardeningSql(importDir, [], file === undefined ? [] : stageSql(file))) await conn.query(sql);
  let queue: Promise<unknown> = Promise.resolve();
  let files = 0;
  /** One statement at a time on the connection. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = Promise.race([queue.then(fn, fn), death]);
    queue = run.catch(() => undefined);
    return run;
  };
  // The work callers wait on (queries, loads, exports): the copies into the file wait for a quiet connection.
  const { attended, quiet, end } = attention(QUIET_MS);
  const loadFile: Executor['loadFile'] = async (name, source, format, options) => {
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
  };
  const keeper =
    file === undefined
      ? undefined
      : new StageKeeper(file, serial, (sql) => conn.query(sql).then(normalizeArrow), quiet);
  return {
    query: (sql) => attended(() => serial(async () => normalizeArrow(await conn.query(sql)))),
    ...(keeper && {
      keepLater(name: string, stamp: string) {
        keeper.keep(name, stamp);
        return Promise.resolve(true);
      },
      forget(...names: string[]) {
        keeper.forget(...names);
        return Promise.resolve();
      },
    }),
    loadTable: (name, ipc, { append = false } = {}) =>
      attended(async () => {
        // A Blob (a stored table) is read before the connection is held; the buffer then moves.
        const bytes = ipc instanceof Uint8Array ? ipc : await bytesOfBlob(ipc);
        return serial(async () => {
          if (!append) await conn.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
          await conn.insertArrowFromIPCStream(bytes, { name, create: !append });
        });
      }),
    loadFile: (name, source, format, options) => attended(() => loadFile(name, source, format, options)),
    // The worker writes the IPC file and moves its buffer here; the stream inside it is what the engine keeps.
    exportTable: (name) =>
      attended(() =>
        serial(async () => {
          const file = await conn.useUnsafe((bindings, id) =>
            bindings.runQuery(id, `SELECT * FROM ${quoteIdent(name)}`),
          );
          return streamOfIpcFile(file) ?? tableToIPC(tableFromIPC(file), 'stream');
        }),
      ),
    keptDatabase: () => Promise.resolve(kept),
    async close() {
      end();
      const done = (async () => {
        try {
          // Every table copied, and everything into the database file, so the next start opens it without replaying a log.
          await keeper?.settled();
          if (file !== undefined)
            await serial(() => conn.query(`CHECKPOINT ${quoteIdent(file)}`)).catch(() => undefined);
          // Not waited for when DuckDB's worker ended: it would never answer.
          await Promise.race([conn.close(), death]).catch(() => undefined);
          await db.terminate();
        } finally {
          release?.();
        }
      })();
      if ('path' in kept) ending.set(kept.path, done);
      await done;
      spare?.terminate();
      spare = undefined;
    },
    terminate() {
      spare ??= duckDbWorker();
      const done = db.terminate().finally(() => release?.());
      if ('path' in kept) ending.set(kept.path, done);
    },
  };
}
