// Tables kept as the file that was imported (dataFiles; the formats whose entry in data/formats.ts says `keep: 'file'`:
// CSV, TSV, Parquet) instead of DuckDB's export of the table: the file is written to IndexedDB while DuckDB reads it
// (no Arrow IPC export and write after the read), and its format's reader reads it again, with the same options (and,
// for read_csv, the column types it found then), when a DuckDB needs the table.

import { nextTask } from '../../util/next-task.js';
import type { Db } from '../store/db.js';
import type { DataTableRecord } from '../store/schema.js';
import { SLICE } from './chunks.js';
import { checkType, type Executor, type FileOptions } from './executor.js';
import { formatSpec, type TableFormat } from './formats.js';
import { stageTable } from './stage.js';
import { quoteIdent } from './sql-quote.js';
import type { EngineContext } from '../domain/context.js';
import type { HeldVersions } from './kept-tables.js';
import { changing, checkKept, keepsInOpfs, note, stampOf } from './opfs-kept.js';
import type { SessionTables } from './session-tables.js';

const sizeOf = (data: Blob | Uint8Array) => (data instanceof Uint8Array ? data.byteLength : data.size);

async function sliceOf(data: Blob | Uint8Array, at: number): Promise<Uint8Array> {
  return data instanceof Uint8Array
    ? data.subarray(at, at + SLICE)
    : new Uint8Array(await data.slice(at, at + SLICE).arrayBuffer());
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >> 2;
    const x = new Uint32Array(a.buffer, a.byteOffset, words);
    const y = new Uint32Array(b.buffer, b.byteOffset, words);
    for (; i < words; i++) if (x[i] !== y[i]) return false;
    i = words << 2;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two Blobs or byte arrays hold the same bytes, compared a slice at a time (a task each). */
export async function sameBytes(a: Blob | Uint8Array, b: Blob | Uint8Array): Promise<boolean> {
  const size = sizeOf(a);
  if (size !== sizeOf(b)) return false;
  for (let at = 0; at < size; at += SLICE) {
    if (at > 0) await nextTask();
    const [x, y] = await Promise.all([sliceOf(a, at), sliceOf(b, at)]);
    if (!equal(x, y)) return false;
  }
  return true;
}

/**
 * Stores `bytes` as table `table`'s file (a Blob, or bytes where IndexedDB refuses Blobs) for an import that holds
 * lock `lock` (file-sweep.ts); returns its id.
 */
export async function keepFile(db: Db, table: string, bytes: Blob | Uint8Array, lock?: string): Promise<number> {
  return db.add('dataFiles', { table, bytes, ...(lock !== undefined && { lock }) });
}

/** The staging table a kept file of table `name` is read into. */
const reloadStaging = (name: string) => `__reload_${name}`;

/** Reads a kept file into `name` through a staging table, as its import read it (data/stage.ts); returns the columns. */
async function readInto(
  executor: Executor,
  name: string,
  bytes: Blob | Uint8Array,
  format: TableFormat,
  options: FileOptions,
): Promise<{ name: string; type: string }[]> {
  const staging = reloadStaging(name);
  try {
    const columns = await stageTable(executor, staging, { format, options, size: sizeOf(bytes), blob: bytes });
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    await executor.query(`ALTER TABLE ${quoteIdent(staging)} RENAME TO ${quoteIdent(name)}`);
    return columns;
  } finally {
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`).catch(() => undefined);
  }
}

const sameColumns = (a: { name: string; type: string }[], b: { name: string; type: string }[]) =>
  a.length === b.length && a.every((c, i) => c.name === b[i].name && c.type === b[i].type);

/**
 * Puts a stored table into DuckDB as table `table.name`: its Arrow IPC, or its kept file read by its format's reader
 * with the options it was imported with (read_csv also with the column types it had (a TIMESTAMP may have been a zoned time: that one is found
 * again). Bytes read back as other columns than were imported are an error, never a different table.
 */
export async function loadStoredTable(executor: Executor, db: Db, table: DataTableRecord): Promise<void> {
  const { name, file } = table;
  if (table.path) return (await import('./path-table.js')).loadPathTable(executor, table);
  if (!file && !table.ipc)
    throw new Error(`Table ${name}: it was kept only in the database file, which no longer holds it: import it again`);
  if (!file) return executor.loadTable(name, table.ipc!);
  const kept = await db.get('dataFiles', file.id);
  if (!kept) throw new Error(`Table ${name}: its imported file is missing from IndexedDB`);
  const columns = table.columns ?? [];
  const pinned: Record<string, string> = { ...file.options.columns };
  // Formats read by read_csv are given the types they had; the others are read as they are (and cast as imported).
  if (formatSpec(file.format).typesByReader)
    for (const c of columns) {
      try {
        checkType(c.name, c.type);
        if (c.type !== 'TIMESTAMP') pinned[c.name] = c.type;
      } catch {
        // A type read_csv cannot be given: left to it to find again.
      }
    }
  let read: { name: string; type: string }[] | undefined;
  try {
    read = await readInto(executor, name, kept.bytes, file.format, { ...file.options, columns: pinned });
  } catch {
    read = undefined;
  }
  if (!read || !sameColumns(read, columns)) {
    // Bytes were moved to DuckDB's worker: read again for the second attempt, with the options alone.
    const again = (await db.get('dataFiles', file.id))!;
    read = await readInto(executor, name, again.bytes, file.format, file.options);
  }
  if (!sameColumns(read, columns)) {
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    throw new Error(`Table ${name}: its imported file reads back with other columns than it had: import it again`);
  }
}

/**
 * Puts into DuckDB every table of `versions` it does not hold at that version (`loaded`), from IndexedDB (or from
 * `session`, the tables kept for this session only; or from `given`, records just stored, at the version listed); a
 * browser's database in OPFS first keeps those it holds as IndexedDB has them (opfs-kept.ts) and notes the ones read
 * here (all noted as changing first, in one statement).
 */
export async function loadStoredTables(
  executor: Executor,
  ctx: Pick<EngineContext, 'db' | 'progress'>,
  versions: Record<string, number>,
  loaded: HeldVersions,
  session?: SessionTables,
  given?: ReadonlyMap<string, DataTableRecord>,
): Promise<void> {
  if (!loaded.checked) {
    // A database that cannot be checked keeps nothing: every table is read again.
    await checkKept(executor, ctx.db, versions, loaded).catch(() => undefined);
    loaded.checked = true;
  }
  const stale = Object.entries(versions).filter(([name, version]) => loaded.get(name) !== version);
  if (stale.length === 0) return;
  const keeps = await keepsInOpfs(executor);
  // Their staging tables need no note: a database in OPFS makes them in memory, in the stage in front of its file
  // (opfs-stage.ts), so none reaches the file; each write of the notes is one to the file (60–130 ms in Chromium).
  await changing(executor, ...stale.map(([name]) => name));
  for (const [i, [name, version]] of stale.entries()) {
    // A table kept for this session only is read from memory, and never noted (the next start drops it).
    const held = session?.get(name);
    const inHand = given?.get(name);
    const table = held ?? (inHand?.version === version ? inHand : await ctx.db.get('dataTables', name));
    if (!table) continue;
    ctx.progress({ phase: 'load', table: name, done: i, total: stale.length });
    const stamp = keeps && !held ? await stampOf(ctx.db, table) : undefined;
    await loadStoredTable(executor, ctx.db, table);
    await note(executor, name, stamp);
    loaded.set(name, table.version);
  }
  ctx.progress({ phase: 'ready' });
}
