// The table versions a DuckDB holds (DuckDbRunner's `loaded`), and with a database file (`createLocalEngine({
// database })`) the same written into that file, beside the tables, with each table's record: the next start with
// the file finds its tables there and serves them without importing them again.
//
// At a start with a database file, against the engine's table registry (IndexedDB, or the state the host keeps):
// - a table the file holds at the version the registry lists is served from the file, not loaded again;
// - a table the file holds that the registry does not list is adopted: the registry gets its record back (rows,
//   columns, what it was read from), so an unchanged source given again (`data`, `serve --data`) is not imported;
// - a table the registry lists at another version, or that the file does not hold, is loaded from what the registry
//   keeps of it (a file on disk read again, a kept copy); a table kept only in the database file that the file lost
//   is an error on the next query naming it ("import it again").

import type { Db } from '../store/db.js';
import type { DataTableRecord } from '../store/schema.js';
import type { Executor } from './executor.js';

/** What a database file keeps of a table's record: no copy of its rows (the file holds them). */
export type HeldRecord = Omit<DataTableRecord, 'ipc' | 'file'>;

/** `loaded`: setting or deleting a version also tells `keep` (which writes it into a database file, if any). */
export class HeldVersions extends Map<string, number> {
  private keep?: (name: string, version: number | undefined) => void;

  constructor(keep: (name: string, version: number | undefined) => void) {
    super();
    this.keep = keep;
  }

  override set(name: string, version: number): this {
    super.set(name, version);
    this.keep?.(name, version);
    return this;
  }

  override delete(name: string): boolean {
    const had = super.delete(name);
    this.keep?.(name, undefined);
    return had;
  }

  /**
   * Whether the tables a browser's database in OPFS holds were checked against the registry since the DuckDB was
   * started or its tables forgotten (clear()): opfs-kept.ts.
   */
  checked = false;

  /** Whether the tables a browser's database in OPFS holds without a note were dropped since (opfs-kept.ts). */
  swept = false;

  override clear(): void {
    super.clear();
    this.checked = false;
    this.swept = false;
  }

  /** A version the database file already holds: noted, not written again. */
  held(name: string, version: number): void {
    super.set(name, version);
  }
}

/** A stored record as a database file keeps it. */
export function heldRecord(record: DataTableRecord): HeldRecord {
  const { ipc: _ipc, file: _file, ...rest } = record;
  return rest;
}

/** Adopts the tables a database file holds into the registry, or notes them as loaded (the rules above). */
export async function adoptHeld(db: Db, executor: Executor, loaded: HeldVersions): Promise<void> {
  const held = (await executor.held?.()) ?? [];
  if (held.length === 0) return;
  const tx = db.transaction(['dataTables', 'dataModels'], 'readwrite');
  const current = (await tx.objectStore('dataModels').get('default')) ?? {
    key: 'default' as const,
    model: { cubes: [] },
    tableVersions: {},
  };
  const versions = { ...current.tableVersions };
  const served: [string, number][] = [];
  for (const { name, version, record } of held) {
    const listed = versions[name];
    if (listed === version) served.push([name, version]);
    else if (listed === undefined) {
      await tx.objectStore('dataTables').put({ ...(JSON.parse(record) as HeldRecord), name, version });
      versions[name] = version;
      served.push([name, version]);
    }
  }
  await tx.objectStore('dataModels').put({ ...current, tableVersions: versions });
  await tx.done;
  for (const [name, version] of served) loaded.held(name, version);
}
