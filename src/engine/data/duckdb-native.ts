// Native DuckDB in Node (@duckdb/node-api, an optional dependency): the executor of `svc-elements serve` and of
// createLocalEngine in Node when the package loads (executor-runtime.ts). Files are read where they are (CSV, TSV
// and Parquet by DuckDB's own readers, the files it was given), results normalised as DuckDB-wasm's are
// (native-values.ts), and it is hardened as the wasm one is (hardeningSql): no extension installed or loaded, no
// file readable but those and its own private directory, the configuration locked, and no statement that writes a
// file (COPY, EXPORT, ATTACH) or changes a setting (SET, PRAGMA) run. A statement past its
// deadline is interrupted (connection.interrupt()); the database and its tables stay.

import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { TYPES_KEY, arrowToParquet, exportSelect, parquetToIpc } from './native-arrow.js';
import { normalizeNative } from './native-values.js';
import { hardeningSql, readFileSql, type Executor, type FileFormat, type FileOptions } from './executor.js';
import { quoteIdent, quoteString } from './sql-quote.js';

/** `createLocalEngine({ database })` and the folders the engine's own tables are read from. */
export interface NativeExecutorOptions {
  /** A DuckDB database file: its tables stay for the next start (created when missing). Default: in memory. */
  database?: string;
  /**
   * Files DuckDB may read where they are (paths or `file:` URLs: those of a data folder; links followed to the file
   * itself). Nothing else
   * of the host is readable, and nothing of the host is writable.
   */
  readableFiles?: readonly string[];
  /**
   * Arrow IPC bytes loaded (loadTable) into one Parquet file at most: parquet-wasm's memory, which never shrinks,
   * grows to about twice this. Default LOAD_FILE_BYTES (64 MiB).
   */
  loadFileBytes?: number;
}

/** What the native executor adds to the interface: files read in place, and a statement stopped without a restart. */
export interface NativeExecutor extends Executor {
  /** Whether `path` is a file this DuckDB may read where it is (given when it started). */
  readsInPlace(path: string): boolean;
  /**
   * Creates or replaces table `name` from the file at `path` (CSV, TSV or Parquet) by DuckDB's own reader: where it
   * is when readsInPlace(path), else from a copy in its private folder.
   */
  loadPath(name: string, path: string, format: FileFormat | 'parquet', options?: FileOptions): Promise<void>;
  interrupt(): void;
}

/** In a database file: which tables the engine put there, at which version, with their records (kept-tables.ts). */
const KEPT = '__svc_tables';

let availability: Promise<string | undefined> | undefined;

/** Why @duckdb/node-api cannot load here (not installed, no binary for this platform), or undefined when it can. */
export function nativeUnavailable(): Promise<string | undefined> {
  return (availability ??= import('@duckdb/node-api').then(
    () => undefined,
    (error: Error) => error.message.split('\n')[0],
  ));
}

/**
 * Statement kinds run (StatementType's numbers): reading and the engine's own table changes. Never COPY, EXPORT,
 * ATTACH, LOAD, INSTALL, SET, PRAGMA, CALL: a folder DuckDB may read (the data folder) it could also write.
 */
const ALLOWED = new Set([1, 2, 3, 4, 5, 7, 9, 10, 15]);
const STATEMENTS: Record<number, string> = {
  6: 'PREPARE',
  8: 'EXECUTE',
  11: 'COPY',
  13: 'SET VARIABLE',
  14: 'CREATE FUNCTION',
  16: 'EXPORT',
  17: 'PRAGMA',
  18: 'VACUUM',
  19: 'CALL',
  20: 'SET',
  21: 'LOAD',
  23: 'INSTALL',
  25: 'ATTACH',
  26: 'DETACH',
  28: 'COPY DATABASE',
  29: 'UPDATE EXTENSIONS',
};

/** Statement kinds that change a setting (SET, SET VARIABLE, PRAGMA). */
const SETTINGS = new Set([13, 17, 20]);

/** A database file's DuckDB still closing (a restart waits for it: one process opens a file once). */
const closing = new Map<string, Promise<void>>();

export class DuckDbInterrupted extends Error {
  constructor() {
    super('DuckDB was stopped');
  }
}

export async function createNativeExecutor(options: NativeExecutorOptions = {}): Promise<NativeExecutor> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const { copyFile, mkdtemp, readFile, realpath, rm, writeFile, unlink } = await import('node:fs/promises');
  const { realpathSync } = await import('node:fs');
  const os = await import('node:os');
  const nodePath = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const real = (file: string) =>
    realpath(file.startsWith('file:') ? fileURLToPath(file) : nodePath.resolve(file)).catch(() => undefined);
  const readable = new Set(
    (await Promise.all((options.readableFiles ?? []).map(real))).filter((f): f is string => f !== undefined),
  );
  // Its own folder: files handed over as bytes are written here to be read, and DuckDB spills here.
  const importDir = `${await realpath(await mkdtemp(nodePath.join(os.tmpdir(), 'svc-imports-')))}/`;
  const database = options.database === undefined ? ':memory:' : nodePath.resolve(options.database);
  await closing.get(database);
  let instance: DuckDBInstance;
  let conn: DuckDBConnection;
  try {
    instance = await DuckDBInstance.create(database, { temp_directory: importDir });
    conn = await instance.connect();
    for (const sql of hardeningSql(importDir, [...readable])) await conn.run(sql);
    if (database !== ':memory:')
      await conn.run(`CREATE TABLE IF NOT EXISTS ${KEPT} (name VARCHAR PRIMARY KEY, version INTEGER, record VARCHAR)`);
  } catch (error) {
    await rm(importDir, { recursive: true, force: true });
    throw new Error(
      `DuckDB did not start${database === ':memory:' ? '' : ` on ${database}`}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }

  let queue: Promise<unknown> = Promise.resolve();
  /** Bumped by interrupt(): calls queued before it reject, later ones run. */
  let epoch = 0;
  let dead: Error | undefined;
  let running = false;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const mine = epoch;
    const run = async () => {
      if (dead) throw dead;
      if (mine !== epoch) throw new DuckDbInterrupted();
      running = true;
      try {
        return await fn();
      } finally {
        running = false;
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  /** One statement (a second one, e.g. after a `;` in a model's SQL, is refused: nothing runs). */
  const run = async (sql: string) => {
    const statements = await conn.extractStatements(sql);
    if (statements.count !== 1)
      throw new Error(`One statement at a time: this SQL has ${statements.count} (nothing was run)`);
    const prepared = await statements.prepare(0);
    if (!ALLOWED.has(prepared.statementType))
      throw new Error(
        `${STATEMENTS[prepared.statementType as number] ?? 'This'} statements are not run here` +
          (SETTINGS.has(prepared.statementType) ? ': the configuration is locked' : ''),
      );
    return prepared.runAndReadAll();
  };
  const query = async (sql: string) => {
    const reader = await run(sql);
    return normalizeNative(reader.columnNames(), reader.columnTypes(), reader.getRows());
  };

  let files = 0;
  /** Reads a file written into the private folder, then deletes it. */
  const readWritten = async (name: string, bytes: Uint8Array, sql: (path: string) => string) => {
    const path = `${importDir}${++files}`;
    await writeFile(path, bytes);
    try {
      await run(`CREATE OR REPLACE TABLE ${quoteIdent(name)} AS ${sql(path)}`);
    } finally {
      await unlink(path).catch(() => undefined);
    }
  };
  /** The file's real path when it is one DuckDB may read (DuckDB checks the path it is given). */
  const inReadable = (path: string) => {
    try {
      const real = realpathSync(path);
      return readable.has(real) ? real : undefined;
    } catch {
      return undefined;
    }
  };
  const bytesOf = async (data: Uint8Array | Blob) =>
    data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());

  const stop = async () => {
    dead ??= new Error('DuckDB was stopped');
    epoch++;
    if (running) conn.interrupt();
    const done = queue.then(() => {
      conn.closeSync();
      instance.closeSync();
    });
    if (database !== ':memory:') closing.set(database, done);
    await done;
    if (closing.get(database) === done) closing.delete(database);
    await rm(importDir, { recursive: true, force: true }).catch(() => undefined);
  };

  return {
    query: (sql) => serial(() => query(sql)),
    loadTable: async (name, ipc, { append = false } = {}) => {
      // Parquet files in its private folder (native-arrow.ts), read in one statement: the table whole or unchanged.
      const { files: parquet, select } = await arrowToParquet(await bytesOf(ipc), options.loadFileBytes);
      await serial(async () => {
        const paths = parquet.map(() => `${importDir}${++files}.parquet`);
        try {
          await Promise.all(paths.map((path, i) => writeFile(path, parquet[i])));
          const source = `SELECT ${select} FROM read_parquet([${paths.map(quoteString).join(', ')}])`;
          await run(
            append
              ? `INSERT INTO ${quoteIdent(name)} BY NAME ${source}`
              : `CREATE OR REPLACE TABLE ${quoteIdent(name)} AS ${source}`,
          );
        } finally {
          await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
        }
      });
    },
    loadFile: async (name, source, format, fileOptions) => {
      const bytes = await bytesOf(source);
      await serial(() => readWritten(name, bytes, (path) => readFileSql(path, format, fileOptions)));
    },
    readsInPlace: (path) => inReadable(path) !== undefined,
    loadPath: async (name, path, format, fileOptions) => {
      // Nested Parquet columns (lists, structs, maps) become JSON text, as the engine's other Parquet reader makes them.
      const sqlOf = async (file: string) => {
        if (format !== 'parquet') return readFileSql(file, format, fileOptions);
        const source = `read_parquet(${quoteString(file)})`;
        const described = await serial(() => query(`DESCRIBE SELECT * FROM ${source}`));
        const nested = described.rows
          .filter(([, type]) => /[[\]]|^(STRUCT|MAP|UNION)\b/.test(String(type)))
          .map(([column]) => `to_json(${quoteIdent(String(column))})::VARCHAR AS ${quoteIdent(String(column))}`);
        return `SELECT * ${nested.length ? `REPLACE (${nested.join(', ')}) ` : ''}FROM ${source}`;
      };
      const absolute = inReadable(path);
      if (absolute !== undefined) {
        const select = await sqlOf(absolute);
        await serial(() => run(`CREATE OR REPLACE TABLE ${quoteIdent(name)} AS ${select}`));
        return;
      }
      // A file it was not given at its start (a later putTable): a copy in its private folder (by the kernel, not
      // through JavaScript), read, deleted.
      const copy = `${importDir}${++files}`;
      await copyFile(path, copy);
      try {
        const select = await sqlOf(copy);
        await serial(() => run(`CREATE OR REPLACE TABLE ${quoteIdent(name)} AS ${select}`));
      } catch (error) {
        throw new Error((error as Error).message.replaceAll(copy, path), { cause: error });
      } finally {
        await unlink(copy).catch(() => undefined);
      }
    },
    exportTable: (name) =>
      serial(async () => {
        // Written by DuckDB's own Parquet writer into its private folder (COPY: the executor's own statement, never
        // a caller's), read into Arrow IPC by parquet-wasm.
        const described = (await run(`DESCRIBE ${quoteIdent(name)}`))
          .getRows()
          .map((r): [string, string] => [String(r[0]), String(r[1])]);
        const types = quoteString(JSON.stringify(described.map(([, type]) => type)));
        const path = `${importDir}${++files}.parquet`;
        try {
          await conn.run(
            `COPY (SELECT ${exportSelect(described)} FROM ${quoteIdent(name)}) TO ${quoteString(path)} ` +
              `(FORMAT parquet, COMPRESSION uncompressed, KV_METADATA {${quoteString(TYPES_KEY)}: ${types}})`,
          );
          return await parquetToIpc(new Uint8Array(await readFile(path)));
        } finally {
          await unlink(path).catch(() => undefined);
        }
      }),
    held: () =>
      serial(async () => {
        if (database === ':memory:') return [];
        const reader = await run(
          `SELECT k.name, k.version, k.record FROM ${KEPT} k JOIN duckdb_tables() t ON t.table_name = k.name AND t.schema_name = 'main'`,
        );
        return reader.getRows().map(([name, version, record]) => ({
          name: String(name),
          version: Number(version),
          record: String(record),
        }));
      }),
    hold: async (name, version, record) => {
      if (database === ':memory:') return;
      await serial(() =>
        run(
          version === undefined
            ? `DELETE FROM ${KEPT} WHERE name = ${quoteString(name)}`
            : `INSERT OR REPLACE INTO ${KEPT} VALUES (${quoteString(name)}, ${version}, ${quoteString(record ?? '{}')})`,
        ),
      );
    },
    interrupt: () => {
      epoch++;
      if (running) conn.interrupt();
    },
    close: stop,
    terminate: () => void stop(),
  };
}
