// The engine's own data: `engine.setModel`, `putTable`, `dropTable`, `tables()`, and the `model` and `data` options.
// IndexedDB stays the source of truth, so a DuckDB that is restarted, or a page that is reloaded, gets a table back
// without the caller giving it again: a CSV, TSV or Parquet file is kept as the file it was (written while DuckDB reads
// it, read again by its reader: data/stored-file.ts), other formats as DuckDB's Arrow IPC export (as the seed's tables
// are; data/formats.ts says which). Every change is checked first and written in one transaction: bad input changes
// nothing.

import type { EngineContext } from '../domain/context.js';
import {
  ModelError,
  modelLimits,
  readModel,
  type ModelLimits,
  type ModelProblem,
  type ModelSource,
  type ReadModel,
} from '../model/index.js';
import type { DataModelRecord, DataTableRecord } from '../store/schema.js';
import { byteSize, readBlob, toBlob } from './chunks.js';
import { formatSpec } from './formats.js';
import { readSource, urlOf, type ReadSource, type TableSource } from './import.js';
import type { DataService } from './service.js';
import type { Executor } from './executor.js';
import { stageTable, stagingTables } from './stage.js';
import { deleteUnclaimedFile, holdImportLock } from './file-sweep.js';
import { ImportDeadline, ImportTimeout, importLimits, importTimeout, type ImportLimits } from './import-limits.js';
import { keepFile } from './stored-file.js';
import { storeTable, tableInfos, unchanged, type TableInfo } from './table-records.js';
import { ensurePolicyNames } from './policy-records.js';
import { checkFileRoom, databaseCouldNotTake } from './database-fallback.js';
import { QUOTA_FULL, storageReason } from '../storage-error.js';
import { SESSION_ONLY } from './session-tables.js';
import { checkTableName } from './table-names.js';
import { probeModel } from './probe.js';
import { changing, dropTables, newStamp, note, unnote } from './opfs-kept.js';
import { quoteIdent } from './sql-quote.js';

export { checkTableName } from './table-names.js';
export type { TableInfo } from './table-records.js';

/** An import's warning when the database in OPFS could not take the table (docs/browser-data.md), after why. */
export const KEPT_IN_INDEXEDDB = 'kept in IndexedDB only (its database in OPFS was removed: reloads read every table)';

/** `createLocalEngine({ importLimits, importTimeoutMs, modelLimits })`. */
export interface ImportOptions {
  importLimits?: ImportLimits;
  importTimeoutMs?: number;
  modelLimits?: Partial<ModelLimits>;
}

/** How an imported table was kept: its version, the size of what is kept, its stamp, and what the user should know. */
interface Persisted {
  version: number;
  bytes: number;
  stamp: string | undefined;
  warning?: string;
}

export class EngineTables {
  private staged = 0;
  /** Whether IndexedDB here takes Blobs (WebKitGTK's may not): tables are stored as Blobs until it refuses one. */
  private blobs = true;
  private readonly limits: Required<ImportLimits>;
  private readonly timeoutMs: number;
  private readonly modelLimits: ModelLimits;

  constructor(
    private readonly ctx: EngineContext,
    private readonly data: DataService,
    options: ImportOptions = {},
  ) {
    this.limits = importLimits(options.importLimits);
    this.timeoutMs = importTimeout(options.importTimeoutMs);
    this.modelLimits = modelLimits(options.modelLimits);
  }

  /** The data model record, with the tables kept for this session only over its versions. */
  private async record(): Promise<DataModelRecord | undefined> {
    return this.data.session.over(await this.ctx.db.get('dataModels', 'default'));
  }

  /** Reads and checks a model against the stored tables (and `extraTables`, about to be imported). */
  async checkModel(source: ModelSource, extraTables: string[] = []): Promise<ReadModel> {
    const record = await this.record();
    const pending = record?.generate && Object.keys(record.tableVersions).length === 0;
    const tables = pending ? undefined : [...Object.keys(record?.tableVersions ?? {}), ...extraTables];
    return readModel(source, { tables, limits: this.modelLimits });
  }

  /**
   * The model's problems with every file's and DuckDB's (columns and SQL bound against the stored tables:
   * data/probe.ts), by file and line: ModelError when there are any.
   */
  private async problems(read: ReadModel): Promise<void> {
    const record = await this.record();
    const tables = new Set(Object.keys(record?.tableVersions ?? {}).map((t) => t.toLowerCase()));
    const found =
      (await this.data.withTables((run) =>
        probeModel(read.model, tables, {
          where: (o, k) => read.where(o, k),
          run,
          whole: read.whole,
          nowMs: this.ctx.now(),
        }),
      )) ?? [];
    const all = [...read.errors, ...found];
    if (all.length === 0) return;
    all.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line); // in the order the files are read
    throw new ModelError(all);
  }

  /** Replaces the data model (ModelError, nothing changed, when it has problems); returns its warnings. */
  async setModel(source: ModelSource): Promise<{ warnings: ModelProblem[] }> {
    return this.adopt(await this.checkModel(source));
  }

  /** Stores a model read by checkModel once DuckDB found no problem either. */
  private async adopt(read: ReadModel): Promise<{ warnings: ModelProblem[] }> {
    await this.problems(read);
    const { model, warnings } = read;
    try {
      await ensurePolicyNames(this.ctx, model);
      this.ctx.cache.clear();
      const tx = this.ctx.db.transaction('dataModels', 'readwrite');
      const current = await tx.store.get('default');
      await tx.store.put({ ...(current ?? { key: 'default', tableVersions: {} }), model });
      await tx.done;
    } catch (error) {
      // A full quota is a DOMException with no message in Chromium: say what was not done, and why.
      throw new Error(`The model was not saved: ${storageReason(error)}`, { cause: error });
    } finally {
      this.ctx.cache.clear();
    }
    return { warnings };
  }

  /** Imports `source` as table `name` (created or replaced); progress reports bytes read, then rows. */
  async putTable(name: string, source: TableSource): Promise<TableInfo> {
    checkTableName(name);
    const deadline = new ImportDeadline(this.timeoutMs);
    try {
      return await this.importRead(name, await this.read(name, source, deadline), deadline);
    } finally {
      deadline.clear();
    }
  }

  private async read(name: string, source: TableSource, deadline: ImportDeadline): Promise<ReadSource> {
    try {
      return await readSource(
        source,
        (bytes, totalBytes) =>
          this.ctx.progress({ phase: 'import', table: name, bytes, ...(totalBytes !== undefined && { totalBytes }) }),
        deadline.signal,
      );
    } catch (error) {
      const cause = deadline.signal.aborted ? new ImportTimeout(this.timeoutMs) : error;
      throw new Error(`Table ${name}: ${(cause as Error).message}`, { cause });
    }
  }

  /**
   * Reads `read` into DuckDB as table `name` and stores it, within `deadline` (its clock stopped while the import
   * waits for DuckDB to start or for another import): past it, DuckDB is stopped (nothing else interrupts a read inside
   * wasm) and started again empty, its tables loaded again from IndexedDB by the next query, and nothing is stored.
   */
  private importRead(name: string, read: ReadSource, deadline: ImportDeadline): Promise<TableInfo> {
    const staging = `__import_${++this.staged}`;
    const { format, size } = read;
    // A download reported its bytes as they came; bytes in memory are all there at once.
    if (read.url === undefined) this.ctx.progress({ phase: 'import', table: name, bytes: size, totalBytes: size });
    // A file whose format keeps it (CSV, TSV, Parquet: data/formats.ts) is kept as it is, written to IndexedDB while
    // DuckDB reads it, under a lock held until the import ends (a file whose import ended without storing it is swept:
    // file-sweep.ts).
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    // A file on this machine is not kept: it is read again where it is (data/path-table.ts); nor are the rows a
    // DuckDB database file holds.
    const kept =
      formatSpec(format).keep === 'file' && read.blob && read.path === undefined && !this.data.keepsTables
        ? this.keep(name, read.blob, ended)
        : undefined;
    kept?.catch(() => undefined);
    // Otherwise the hash is computed here, a slice at a time, while DuckDB's worker reads the source.
    const fingerprint = !kept || read.url !== undefined ? read.fingerprint() : undefined;
    fingerprint?.catch(() => undefined);
    deadline.pause();
    const attempt = async (executor: Executor, loaded: Map<string, number>, again = false): Promise<TableInfo> => {
      let stopped = false;
      await changing(executor, ...stagingTables(staging));
      try {
        const columns = await deadline.race(stageTable(executor, staging, read, this.limits, () => deadline.check()));
        const counted = await deadline.race(executor.query(`SELECT count(*) FROM ${quoteIdent(staging)}`));
        const rowCount = Number(counted.rows[0][0]);
        await checkFileRoom(executor, size);
        const source = { format, size, ...(fingerprint && { fingerprint: await fingerprint }) };
        const table = { name, rowCount, columns, source, stamp: newStamp() }; // the stamp: opfs-kept.ts
        const stored = await this.persist(executor, staging, table, read, kept, loaded, deadline).catch((error) =>
          this.keepForSession(error, executor, staging, table, kept, loaded, deadline),
        );
        const { version, bytes, stamp, warning } = stored;
        await changing(executor, name);
        await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
        await executor.query(`ALTER TABLE ${quoteIdent(staging)} RENAME TO ${quoteIdent(name)}`);
        await unnote(executor, ...stagingTables(staging));
        await note(executor, name, stamp);
        loaded.set(name, version);
        this.ctx.progress({ phase: 'import', table: name, bytes: size, totalBytes: size, rows: rowCount });
        return { name, rowCount, columns, bytes, format, ...(warning && { warning }) };
      } catch (error) {
        // A database in OPFS that could not take the table is given up: the import goes on in memory, once.
        const reason = again ? undefined : await databaseCouldNotTake(executor, error, size).catch(() => undefined);
        if (reason !== undefined) {
          await executor.keepInMemory!(reason);
          loaded.clear();
          this.ctx.progress({ phase: 'database', inMemory: reason });
          const info = await attempt(executor, loaded, true);
          return { ...info, warning: info.warning ?? `${reason}: ${KEPT_IN_INDEXEDDB}` };
        }
        if (error instanceof ImportTimeout) {
          // DuckDB may be inside the read: stopped, and a new one started; every table is loaded again from IndexedDB.
          // Native DuckDB is interrupted instead, and keeps its tables.
          if (executor.interrupt) executor.interrupt();
          else {
            stopped = true;
            loaded.clear();
            if (executor.restart) executor.restart();
            else executor.terminate();
          }
        }
        if (!stopped) await dropTables(executor, ...stagingTables(staging)).catch(() => undefined);
        const id = await kept?.catch(() => undefined);
        if (id !== undefined) await deleteUnclaimedFile(this.ctx.db, name, id).catch(() => undefined);
        const what = read.name ? `Table ${name} (${read.name})` : `Table ${name}`;
        throw new Error(`${what}: ${storageReason(error)}`, { cause: error });
      }
    };
    const imported = this.data.withDuckDb((executor, loaded) => {
      deadline.resume();
      deadline.check();
      return attempt(executor, loaded);
    });
    return imported.finally(end);
  }

  /**
   * Stores an imported table in IndexedDB, its rows as the file it was (`kept`), as where it is read from (a path), as
   * nothing (a database file holds them) or as DuckDB's Arrow IPC export of `staging`; returns its new version.
   */
  private async persist(
    executor: Executor,
    staging: string,
    table: Omit<DataTableRecord, 'version'>,
    read: ReadSource,
    kept: Promise<number> | undefined,
    loaded: Map<string, number>,
    deadline: ImportDeadline,
  ): Promise<Persisted> {
    const { format, size } = read;
    const at = (version: number, bytes = size) => ({ version, bytes, stamp: table.stamp });
    if (kept)
      return at(
        await storeTable(this.ctx.db, { ...table, file: { id: await kept, format, options: read.options } }, loaded),
      );
    if (read.path !== undefined)
      return at(
        await storeTable(this.ctx.db, { ...table, path: { path: read.path, format, options: read.options } }, loaded),
      );
    // DuckDB's database file holds the rows: no copy of them.
    if (this.data.keepsTables) return at(await storeTable(this.ctx.db, table, loaded));
    const stream = await deadline.race(executor.exportTable(staging));
    // Kept as a Blob where IndexedDB takes one: it is stored and read back without a copy on this thread.
    let ipc: Uint8Array | Blob = this.blobs ? await toBlob(stream) : stream;
    let version: number;
    try {
      version = await storeTable(this.ctx.db, { ...table, ipc }, loaded);
    } catch (error) {
      if (!(ipc instanceof Blob) || storageReason(error) === QUOTA_FULL) throw error;
      // WebKitGTK's IndexedDB can refuse Blobs ("Error preparing Blob/File data"): bytes, from now on.
      this.blobs = false;
      ipc = stream;
      version = await storeTable(this.ctx.db, { ...table, ipc }, loaded);
    }
    this.data.session.delete(table.name);
    return at(version, byteSize(ipc));
  }

  /**
   * When IndexedDB had no room for an imported table (`error` a full quota; any other error is thrown again): it is
   * kept for this session only (session-tables.ts), its rows as DuckDB's Arrow IPC export of `staging`, and nothing of
   * it is left in IndexedDB; its import says so (`warning`).
   */
  private async keepForSession(
    error: unknown,
    executor: Executor,
    staging: string,
    table: Omit<DataTableRecord, 'version'>,
    kept: Promise<number> | undefined,
    loaded: Map<string, number>,
    deadline: ImportDeadline,
  ): Promise<Persisted> {
    if (storageReason(error) !== QUOTA_FULL || this.data.keepsTables) throw error;
    const id = await kept?.catch(() => undefined);
    if (id !== undefined) await deleteUnclaimedFile(this.ctx.db, table.name, id).catch(() => undefined);
    const ipc = await toBlob(await deadline.race(executor.exportTable(staging)));
    const { name } = table;
    const listed = (await this.record())?.tableVersions[name] ?? 0;
    const version = Math.max(listed, loaded.get(name) ?? 0) + 1;
    this.data.session.put({ ...table, stamp: undefined, version, ipc });
    // No stamp: a database in OPFS keeps the table noted as changing, so its next start drops it.
    return { version, bytes: ipc.size, stamp: undefined, warning: SESSION_ONLY };
  }

  /** Writes a table's file to IndexedDB: a Blob, or its bytes where IndexedDB refuses Blobs (WebKitGTK's). */
  private async keep(name: string, blob: Blob, until: Promise<void>): Promise<number> {
    const lock = await holdImportLock(until);
    if (this.blobs) {
      try {
        return await keepFile(this.ctx.db, name, blob, lock);
      } catch (error) {
        if (storageReason(error) === QUOTA_FULL) throw error;
        // WebKitGTK's IndexedDB can refuse Blobs ("Error preparing Blob/File data"): bytes, from now on.
        this.blobs = false;
      }
    }
    return keepFile(this.ctx.db, name, await readBlob(blob), lock);
  }

  /** Deletes table `name`; refused while a cube of the model reads it. */
  async dropTable(name: string): Promise<void> {
    const record = await this.record();
    if (!record || !(name in record.tableVersions)) throw new Error(`There is no table ${name}`);
    const reader = record.model.cubes.find((c) => c.sql_table?.toLowerCase() === name.toLowerCase());
    if (reader) throw new Error(`Table ${name} is read by cube ${reader.name}: change the model first (setModel)`);
    this.data.session.delete(name);
    const tx = this.ctx.db.transaction(['dataTables', 'dataModels', 'dataFiles'], 'readwrite');
    const current = (await tx.objectStore('dataModels').get('default'))!;
    const { [name]: _dropped, ...tableVersions } = current.tableVersions;
    await tx.objectStore('dataModels').put({ ...current, tableVersions });
    await tx.objectStore('dataTables').delete(name);
    const files = tx.objectStore('dataFiles');
    for (const id of await files.index('table').getAllKeys(name)) void files.delete(id);
    await tx.done;
    await this.data.withDuckDb(async (executor, loaded) => {
      loaded.delete(name);
      await dropTables(executor, name);
    });
  }

  /** The stored tables, by name (with those kept for this session only). */
  async tables(): Promise<TableInfo[]> {
    return tableInfos(this.ctx.db, this.data.session, Object.keys((await this.record())?.tableVersions ?? {}));
  }

  /**
   * `createLocalEngine({ model, data })`: the model is checked first (against the stored tables and those given),
   * then each table whose source changed is imported (a URL that stayed the same is not fetched; bytes are compared by
   * hash), then the model is stored. Throws ModelError or the first table's error.
   */
  async apply(model: ModelSource | undefined, data: Record<string, TableSource> | undefined): Promise<ModelProblem[]> {
    const names = Object.keys(data ?? {});
    for (const name of names) checkTableName(name);
    await this.data.adoptHeld();
    const checked = model !== undefined ? await this.checkModel(model, names) : undefined;
    if (checked && checked.errors.length > 0) throw new ModelError(checked.errors);
    for (const [name, source] of Object.entries(data ?? {})) {
      const stored = await this.ctx.db.get('dataTables', name);
      const url = urlOf(source);
      if (url && stored?.source?.fingerprint === `url:${url}`) continue;
      const deadline = new ImportDeadline(this.timeoutMs);
      try {
        const read = await this.read(name, source, deadline);
        if (stored && (await unchanged(this.ctx.db, stored, read))) continue;
        await this.importRead(name, read, deadline);
      } finally {
        deadline.clear();
      }
    }
    if (checked) await this.adopt(checked);
    return checked?.warnings ?? [];
  }
}
