// The IndexedDB records of imported tables (data/tables.ts): one stored with its new version in one transaction,
// whether a source given again is the one a stored table was imported from, and what the stored tables are.

import type { Db } from '../store/db.js';
import type { DataTableRecord } from '../store/schema.js';
import type { ReadSource } from './import.js';
import { sameBytes } from './stored-file.js';
import { RecordBatchReader } from 'apache-arrow';
import { arrowTypeName } from './arrow.js';
import { byteSize } from './chunks.js';
import type { TableFormat } from './formats.js';
import { SESSION_ONLY, type SessionTables } from './session-tables.js';

/** A stored table: rows, DuckDB's column types, size of what is stored (the file, or Arrow IPC), its format. */
export interface TableInfo {
  name: string;
  rowCount: number;
  columns: { name: string; type: string }[];
  bytes: number;
  format?: TableFormat;
  /** Something the user should know about how the table is kept (its import succeeded). */
  warning?: string;
}

/**
 * Stores an imported table and the new version of it in one transaction, and deletes the table's other files (the
 * one it replaces, or one left by an import that did not finish); returns the version.
 */
export async function storeTable(
  db: Db,
  table: Omit<DataTableRecord, 'version'>,
  loaded: Map<string, number>,
): Promise<number> {
  const tx = db.transaction(['dataTables', 'dataModels', 'dataFiles'], 'readwrite');
  const done = tx.done;
  done.catch(() => undefined); // a failed put rejects both; the put's error is the one thrown
  const record = (await tx.objectStore('dataModels').get('default')) ?? {
    key: 'default' as const,
    model: { cubes: [] },
    tableVersions: {},
  };
  const { name } = table;
  const files = tx.objectStore('dataFiles');
  if (table.file && (await files.count(table.file.id)) === 0) {
    tx.abort();
    throw new Error('another import of this table replaced it meanwhile');
  }
  for (const id of await files.index('table').getAllKeys(name)) if (id !== table.file?.id) void files.delete(id);
  const previous = await tx.objectStore('dataTables').get(name);
  const version = Math.max(previous?.version ?? 0, record.tableVersions[name] ?? 0, loaded.get(name) ?? 0) + 1;
  await tx.objectStore('dataTables').put({ ...table, version });
  await tx.objectStore('dataModels').put({ ...record, tableVersions: { ...record.tableVersions, [name]: version } });
  await done;
  return version;
}

/**
 * Whether `read` is what `stored` was imported from: bytes of another size changed; of the same size, a kept file
 * is compared with them (and the format and options with those it was read with), else their hash tells.
 */
export async function unchanged(db: Db, stored: DataTableRecord, read: ReadSource): Promise<boolean> {
  if (stored.source?.size !== read.size) return false;
  if (!stored.file) return stored.source.fingerprint === (await read.fingerprint());
  const { format, options } = stored.file;
  if (format !== read.format || JSON.stringify(options) !== JSON.stringify(read.options) || !read.blob) return false;
  const kept = await db.get('dataFiles', stored.file.id);
  return !!kept && (await sameBytes(kept.bytes, read.blob));
}

/** The tables `names` (those stored, in IndexedDB or for this session only: `session`), by name. */
export async function tableInfos(db: Db, session: SessionTables, names: string[]): Promise<TableInfo[]> {
  const out: TableInfo[] = [];
  for (const name of [...names].sort()) {
    const held = session.get(name);
    const table = held ?? (await db.get('dataTables', name));
    if (!table) continue;
    const columns =
      table.columns ??
      RecordBatchReader.from(table.ipc as Uint8Array<ArrayBuffer>)
        .open()
        .schema.fields.map((f) => ({ name: f.name, type: arrowTypeName(f.type) }));
    out.push({
      name,
      rowCount: table.rowCount,
      columns,
      bytes: table.ipc ? byteSize(table.ipc) : (table.source?.size ?? 0),
      ...(table.source && { format: table.source.format as TableFormat }),
      ...(held && { warning: SESSION_ONLY }),
    });
  }
  return out;
}
