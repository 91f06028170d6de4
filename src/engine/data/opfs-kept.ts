// The tables a browser engine's database in OPFS holds (opfs-database.ts), checked against IndexedDB, which stays the
// truth. The database notes, in KEPT_STAMPS, the stamp of the IndexedDB record each table was made from. Before a table
// is made, replaced or dropped — the one imported, its staging tables, one read again from IndexedDB — its note says
// CHANGING; once the change is done the note is written again (or removed, for a table dropped). So a start cut short at
// any point (a tab closed mid-import, a crash) finds every table it may have left noted: with the stamp of the rows it
// holds, or as changing. At a start (and after every new DuckDB):
// - a table noted with the stamp its IndexedDB record has now is served as it is, not read again;
// - a table noted with another stamp, or as changing (a staging table an import left), is dropped (and read again
//   from IndexedDB when a query needs it);
// - a table IndexedDB no longer holds is dropped.
// The native executor's database file (kept-tables.ts) is the other way round: there the file is the truth.

import type { Db } from '../store/db.js';
import type { DataTableRecord } from '../store/schema.js';
import type { Executor } from './executor.js';
import type { HeldVersions } from './kept-tables.js';
import { quoteIdent, quoteString } from './sql-quote.js';

/** The database's notes: table name → the stamp of the record its rows were made from. */
export const KEPT_STAMPS = '__svc_kept';

/** The in-memory database a browser's DuckDB makes tables in, in front of its file (opfs-stage.ts). */
export const STAGE = 'svc_stage';

/** A new record stamp: 128 random bits in hex. */
export const newStamp = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether `executor` holds its tables in a database in OPFS now. */
export async function keepsInOpfs(executor: Executor): Promise<boolean> {
  const kept = await executor.keptDatabase?.().catch(() => undefined);
  return kept !== undefined && 'path' in kept;
}

/** The note of a table that is being made, replaced or dropped: no record's stamp is empty. */
export const CHANGING = '';

const nameList = (names: string[]) => names.map(quoteString).join(', ');

/**
 * Before tables `names` are made, replaced or dropped in a browser's DuckDB: noted as changing (the next start drops
 * any of them it finds so noted, whatever a change cut short left).
 */
export async function changing(executor: Executor, ...names: string[]): Promise<void> {
  if (!executor.keptDatabase || names.length === 0) return;
  await executor.forget?.(...names); // a copy of any of them into the file stops (opfs-stage.ts)
  const rows = names.map((name) => `(${quoteString(name)}, ${quoteString(CHANGING)})`).join(', ');
  await executor.query(`INSERT OR REPLACE INTO ${KEPT_STAMPS} VALUES ${rows}`);
}

/** After tables `names` were dropped (or renamed away) in a browser's DuckDB: their notes go. */
export async function unnote(executor: Executor, ...names: string[]): Promise<void> {
  if (executor.keptDatabase && names.length > 0)
    await executor.query(`DELETE FROM ${KEPT_STAMPS} WHERE name IN (${nameList(names)})`);
}

/** Drops tables `names` (those that exist) and their notes, noted as changing meanwhile. */
export async function dropTables(executor: Executor, ...names: string[]): Promise<void> {
  await changing(executor, ...names);
  for (const name of names) {
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    // A table being copied into the file (opfs-stage.ts) is there too, behind its stage copy: both go.
    if (executor.keepLater) await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
  }
  await unnote(executor, ...names);
}

/** The statement that notes table `name` as made from the record stamped `stamp`. */
export const noteSql = (name: string, stamp: string): string =>
  `INSERT OR REPLACE INTO ${KEPT_STAMPS} VALUES (${quoteString(name)}, ${quoteString(stamp)})`;

/**
 * After table `name` was made from the record stamped `stamp`: noted so, and written through to the file (DuckDB-wasm's
 * writes to OPFS are on disk only once flushed: a tab closed without a checkpoint lost them).
 */
export async function note(executor: Executor, name: string, stamp: string | undefined): Promise<void> {
  if (!executor.keptDatabase || stamp === undefined) return;
  // Made in memory in front of the file: noted once copied into it, in the background (opfs-stage.ts).
  if (await executor.keepLater?.(name, stamp)) return;
  await executor.query(noteSql(name, stamp));
  await executor.query('CHECKPOINT');
}

/**
 * The stamp of `table`'s record, given to it now when it has none (a record stored before stamps, or by the seed);
 * undefined when the record changed since `table` was read (its rows are then not noted).
 */
export async function stampOf(db: Db, table: DataTableRecord): Promise<string | undefined> {
  if (table.stamp !== undefined) return table.stamp;
  const tx = db.transaction('dataTables', 'readwrite');
  const current = await tx.store.get(table.name);
  let stamp: string | undefined;
  if (current?.version === table.version) {
    stamp = current.stamp ?? newStamp();
    if (current.stamp === undefined) await tx.store.put({ ...current, stamp });
  }
  await tx.done;
  return stamp;
}

/**
 * Checks the tables `executor`'s database in OPFS notes against the registry (`versions`, the records in `db`): those
 * noted with their record's stamp are noted in `loaded` as held; every other noted table is dropped (the rules above).
 * Only the notes are read: listing DuckDB's catalog (duckdb_tables()) loads every table's storage, 0.4–0.7 s for a
 * database holding 3M rows in Chromium, on a reload's path to its first answer.
 */
export async function checkKept(
  executor: Executor,
  db: Db,
  versions: Record<string, number>,
  loaded: HeldVersions,
): Promise<void> {
  if (!(await keepsInOpfs(executor))) return;
  const { rows } = await executor.query(`SELECT name, stamp FROM ${KEPT_STAMPS}`);
  for (const [name, stamp] of rows as [string, string][]) {
    const version = versions[name];
    if (version !== undefined && loaded.get(name) === version) continue;
    // Looked up in the index: reading the record would read its rows (a reload's first answer waited 0.3 s for 10 MB).
    const same = version !== undefined && (await db.countFromIndex('dataTables', 'kept', [name, version, stamp]));
    if (same) {
      loaded.held(name, version);
      continue;
    }
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    await unnote(executor, name);
  }
}

/**
 * Drops the tables the database holds without a note (left by a change cut short before it was noted, or by an older
 * version, which noted no staging table). Lists DuckDB's catalog, which loads every table's storage (0.4–0.7 s for 3M
 * rows): run in the background after a start's first answer, between imports (data/service.ts).
 */
export async function sweepUnnoted(executor: Executor): Promise<string[]> {
  if (!(await keepsInOpfs(executor))) return [];
  const { rows } = await executor.query(
    `SELECT table_name FROM duckdb_tables() WHERE database_name <> ${quoteString(STAGE)} AND schema_name = 'main'
     AND NOT temporary AND table_name <> ${quoteString(KEPT_STAMPS)} AND table_name NOT IN (SELECT name FROM ${KEPT_STAMPS})`,
  );
  const names = rows.map((row) => String(row[0]));
  for (const name of names) await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
  return names;
}
