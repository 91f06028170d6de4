// Tables imported while the browser's storage had no room for them (IndexedDB refused their rows with a full quota):
// kept for this engine's life only, in memory — their rows as an Arrow IPC Blob, so a DuckDB started again (a query
// past its deadline, a worker that died) reads them again from here — and seen as the registry's own meanwhile: a
// table here overrides IndexedDB's record of the same name (an import that replaced it) until it is imported again
// with room, dropped, or the engine is reset or closed. Nothing of them is in IndexedDB, and a database in OPFS notes
// them as changing, so the next start never reads a half-kept table: it has IndexedDB's tables as they were.

import type { DataModelRecord, DataTableRecord } from '../store/schema.js';

/** Why a table is kept for this session only (an import's `warning`). */
export const SESSION_ONLY = "kept for this session only: the browser's storage is full";

export class SessionTables {
  private readonly tables = new Map<string, DataTableRecord>();

  /** Table `name`'s record, its rows in `ipc`, when this session holds it. */
  get(name: string): DataTableRecord | undefined {
    return this.tables.get(name);
  }

  put(table: DataTableRecord & { ipc: Blob }): void {
    this.tables.set(table.name, table);
  }

  delete(name: string): boolean {
    return this.tables.delete(name);
  }

  clear(): void {
    this.tables.clear();
  }

  /** `record` as this session sees it: its table versions with this session's tables over them. */
  over<T extends Pick<DataModelRecord, 'tableVersions'>>(record: T): T;
  over<T extends Pick<DataModelRecord, 'tableVersions'>>(record: T | undefined): T | undefined;
  over<T extends Pick<DataModelRecord, 'tableVersions'>>(record: T | undefined): T | undefined {
    if (!record || this.tables.size === 0) return record;
    const tableVersions = { ...record.tableVersions };
    for (const [name, table] of this.tables) tableVersions[name] = table.version;
    return { ...record, tableVersions };
  }
}
