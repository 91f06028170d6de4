// The tables a browser engine's database in OPFS holds (opfs-database.ts), checked against IndexedDB, which stays the
// truth. The database notes, in KEPT_STAMPS, the stamp of the IndexedDB record each table was made from; a table's
// note is removed before the table changes and written again after, so a start cut short at any point finds each
// table either noted with the stamp of the rows it holds, or not noted at all. At a start (and after every new DuckDB):
// - a table noted with the stamp its IndexedDB record has now is served as it is, not read again;
// - a table noted with another stamp, or not noted, is dropped and read again from IndexedDB when a query needs it;
// - a table IndexedDB no longer holds is dropped.
// The native executor's database file (kept-tables.ts) is the other way round: there the file is the truth.

import type { Db } from '../store/db.js';
import type { DataTableRecord } from '../store/schema.js';
import type { Executor } from './executor.js';
import type { HeldVersions } from './kept-tables.js';
import { quoteIdent } from './sql-quote.js';

/** The database's notes: table name → the stamp of the record its rows were made from. */
export const KEPT_STAMPS = '__svc_kept';

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A new record stamp: 128 random bits in hex. */
export const newStamp = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether `executor` holds its tables in a database in OPFS now. */
export async function keepsInOpfs(executor: Executor): Promise<boolean> {
  const kept = await executor.keptDatabase?.().catch(() => undefined);
  return kept !== undefined && 'path' in kept;
}

/** Before table `name` changes in a browser's DuckDB: its note goes (a start that finds it missing reads it again). */
export async function forget(executor: Executor, name: string): Promise<void> {
  if (executor.keptDatabase) await executor.query(`DELETE FROM ${KEPT_STAMPS} WHERE name = ${sqlString(name)}`);
}

/**
 * After table `name` was made from the record stamped `stamp`: noted so, and written through to the file (DuckDB-wasm's
 * writes to OPFS are on disk only once flushed: a tab closed without a checkpoint lost them).
 */
export async function note(executor: Executor, name: string, stamp: string | undefined): Promise<void> {
  if (!executor.keptDatabase || stamp === undefined) return;
  await executor.query(`INSERT OR REPLACE INTO ${KEPT_STAMPS} VALUES (${sqlString(name)}, ${sqlString(stamp)})`);
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
 * Only the notes are read: listing DuckDB's catalog (duckdb_tables()) cost a reload 0.4–1 s in Chromium. A table
 * without a note (an import or a drop cut short) is replaced when a table of its name is read or imported.
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
    const record = version !== undefined ? await db.get('dataTables', name) : undefined;
    if (record && record.version === version && record.stamp === stamp) {
      loaded.held(name, version);
      continue;
    }
    await forget(executor, name);
    await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
  }
}
