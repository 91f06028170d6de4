// The SQL executor the data plane runs on (DuckDB-wasm: a Worker in the browser, the blocking build in Node), and
// the one place that turns Arrow results into plain JSON values (BigInt, timestamps, dates).

import type { Table } from 'apache-arrow';
import type { SchemaColumn } from '../../api/types.js';
import type { KeptDatabase } from './opfs-database.js';
import { quoteString } from './sql-quote.js';
import { formatTimestamp } from './time.js';

export interface QueryResult {
  schema: SchemaColumn[];
  rows: unknown[][];
}

export interface Executor {
  /** Runs one statement and returns its normalised result. DuckDB errors reject with their message. */
  query(sql: string): Promise<QueryResult>;
  /**
   * Creates or replaces table `name` from an Arrow IPC stream (bytes, which it may take over, or a Blob); with
   * `append`, adds the stream's rows to the existing table instead (a file read a batch at a time).
   */
  loadTable(name: string, ipc: Uint8Array | Blob, options?: { append?: boolean }): Promise<void>;
  /** The formats `loadFile` reads here (default: csv and tsv; native DuckDB also reads parquet itself). */
  readonly fileFormats?: readonly FileFormat[];
  /**
   * Creates or replaces table `name` by reading `source` with DuckDB's own reader for `format`, inside DuckDB's
   * worker: registered as a file under this DuckDB's private directory (the only one it may read), read, and
   * unregistered. Bytes are taken over (moved to the worker); a Blob is read without a long task, or by the worker
   * itself when large.
   */
  loadFile(name: string, source: Uint8Array | Blob, format: FileFormat, options?: FileOptions): Promise<void>;
  /** Table `name` as an Arrow IPC stream (what the engine keeps in IndexedDB), written inside DuckDB's worker. */
  exportTable(name: string): Promise<Uint8Array>;
  close(): Promise<void>;
  /** Stops DuckDB at once, even inside a query (its worker is terminated); pending calls reject. */
  terminate(): void;
  /**
   * Stops DuckDB at once, as terminate() does, and starts a new one for the next call: this executor stays usable,
   * empty (its tables are gone). Executors made by createExecutor() have it (executor-runtime.ts).
   */
  restart?(): void;
  /**
   * Browsers, with a database in OPFS: stops this DuckDB, removes its file and starts the next one in memory for the
   * rest of this engine's life, `reason` being why (the file could not take a table: data/database-fallback.ts).
   */
  keepInMemory?(reason: string): Promise<void>;
  /**
   * Stops the statement running now at once, and every call queued behind it (they reject); the executor and its
   * tables stay. Only where DuckDB can be interrupted (native DuckDB): otherwise terminate() or restart().
   */
  interrupt?(): void;
  /** With a database file: the tables it holds that the engine put there, their versions and records (JSON). */
  held?(): Promise<{ name: string; version: number; record: string }[]>;
  /** With a database file: notes in it that it holds table `name` at `version` (undefined: no longer). */
  hold?(name: string, version: number | undefined, record?: string): Promise<void>;
  /**
   * Browsers: the database in the origin-private file system this DuckDB keeps its tables in, or why they are in
   * memory (`keepDatabase: false`, another tab holds the file, no OPFS here…: data/opfs-database.ts).
   */
  keptDatabase?(): Promise<KeptDatabase>;
  /**
   * Browsers, with a database in OPFS: tables are made in memory in front of it and copied into it afterwards
   * (opfs-stage.ts). Copies table `name`, made from the record stamped `stamp`, into the file in the background, and
   * notes it with `stamp` once it is all there; false when this DuckDB has no such file (it went on in memory).
   */
  keepLater?(name: string, stamp: string): Promise<boolean>;
  /** With keepLater: tables `names` are about to change; a copy of any of them under way stops. */
  forget?(...names: string[]): Promise<void>;
  /** Whether `path`, a file on this machine, can be read where it is (native DuckDB, in a folder it may read). */
  readsInPlace?(path: string): boolean;
  /** Creates or replaces table `name` from the file at `path` by DuckDB's own reader (native DuckDB). */
  loadPath?(name: string, path: string, format: FileFormat | 'parquet', options?: FileOptions): Promise<void>;
}

/**
 * Formats a DuckDB may read itself: csv and tsv everywhere; parquet where its parquet extension is built in (native
 * DuckDB: `fileFormats`), not in the wasm build here.
 */
export type FileFormat = 'csv' | 'tsv' | 'parquet';

/** Reader options: `columns` overrides inferred types (`{ amount: 'DECIMAL(10,2)' }`), the rest as read_csv's. */
export interface FileOptions {
  columns?: Record<string, string>;
  delimiter?: string;
  header?: boolean;
  /** read_csv's allow_quoted_nulls (default true: `""` reads as NULL); false keeps it an empty string. */
  allowQuotedNulls?: boolean;
}

/**
 * A private directory for one DuckDB's registered import files, the only path it may read: absolute and unguessable,
 * so no SQL (a model's or a caller's) can name a file of the host through it. In Node the executor makes it a fresh
 * empty directory of its own (mkdtemp) and removes it when it stops; in browsers no such path exists anywhere.
 */
export const privateImportDir = (): string =>
  `/svc-imports-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}/`;

const TYPE = /^[A-Za-z][A-Za-z0-9_ ]*(\(\s*\d+\s*(,\s*\d+\s*)?\))?(\[\])?$/;

/** Refuses a column type that is not a plain DuckDB type name (`DECIMAL(10,2)`, `VARCHAR[]`): never SQL text. */
export function checkType(column: string, type: string): void {
  if (typeof type !== 'string' || !TYPE.test(type))
    throw new Error(`columns.${column}: ${JSON.stringify(type)} is not a DuckDB type`);
}

/**
 * The read_csv (or read_parquet) call for a registered file (names, types and delimiter as checked literals, never
 * SQL text). A Parquet file's `columns` are cast after reading (data/stage.ts).
 */
export function readFileSql(path: string, format: FileFormat, options: FileOptions = {}): string {
  const args = [quoteString(path)];
  if (format === 'parquet') return `SELECT * FROM read_parquet(${args[0]})`;
  const delimiter = options.delimiter ?? (format === 'tsv' ? '\t' : undefined);
  if (delimiter !== undefined) {
    if (delimiter.length !== 1) throw new Error(`delimiter must be one character, not ${JSON.stringify(delimiter)}`);
    args.push(`delim = ${quoteString(delimiter)}`);
  }
  if (options.header !== undefined) args.push(`header = ${options.header ? 'true' : 'false'}`);
  if (options.allowQuotedNulls !== undefined) args.push(`allow_quoted_nulls = ${options.allowQuotedNulls}`);
  const columns = Object.entries(options.columns ?? {});
  if (columns.length > 0) {
    for (const [name, type] of columns) checkType(name, type);
    args.push(`types = {${columns.map(([n, t]) => `${quoteString(n)}: ${quoteString(t)}`).join(', ')}}`);
  }
  return `SELECT * FROM read_csv(${args.join(', ')})`;
}

/**
 * Run once on every new DuckDB, before any table: no extension is fetched or loaded on demand (a function from an
 * extension that is not built in would otherwise hang or reach the network), no file, URL or external database is
 * readable, memory is bounded, and the configuration is locked so that no statement can undo any of this.
 */
export const hardeningSql = (
  importDir: string,
  readableFiles: readonly string[] = [],
  /** Statements of ours that need the configuration unlocked (a browser's stage: opfs-stage.ts). */
  beforeLock: readonly string[] = [],
): string[] => [
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  // Registered import files only (`importDir`; native DuckDB also the files it reads in place, by their real paths):
  // set before external access is turned off and the configuration locked.
  `SET allowed_directories = [${quoteString(importDir)}]`,
  ...(readableFiles.length > 0 ? [`SET allowed_paths = [${readableFiles.map(quoteString).join(', ')}]`] : []),
  'SET enable_external_access = false',
  "SET memory_limit = '2GB'",
  ...beforeLock,
  'SET lock_configuration = true',
];

/** The API's name for an Arrow type (`String`, `Int64`, `Float64`, `Timestamp`, …). */
function columnType(type: { toString(): string; typeId: number }): string {
  const name = String(type);
  if (name.startsWith('Dictionary<') || name === 'Utf8' || name === 'LargeUtf8') return 'String';
  if (name.startsWith('Timestamp')) return 'Timestamp';
  if (name.startsWith('Date')) return 'Date';
  if (name.startsWith('Decimal')) return 'Decimal';
  if (name === 'Bool') return 'Boolean';
  return name;
}

function normalizeValue(value: unknown, kind: string, scale: number): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : String(value);
  }
  if ((kind === 'Timestamp' || kind === 'Date') && typeof value === 'number') return formatTimestamp(value);
  // Arrow hands decimals over unscaled (DECIMAL(2,1) 1.5 arrives as 15).
  if (kind === 'Decimal') return Number((value as { toString(): string }).toString()) / 10 ** scale;
  return value;
}

/** Arrow table → {schema, rows}, values as plain JSON. */
export function normalizeArrow(table: Table): QueryResult {
  const fields = table.schema.fields;
  const kinds = fields.map((f) => columnType(f.type as { toString(): string; typeId: number }));
  const scales = fields.map((f) => (f.type as { scale?: number }).scale ?? 0);
  const columns = fields.map((_, i) => table.getChildAt(i));
  const rows = new Array<unknown[]>(table.numRows);
  for (let r = 0; r < table.numRows; r++) {
    const row = new Array<unknown>(fields.length);
    for (let c = 0; c < fields.length; c++) row[c] = normalizeValue(columns[c]?.get(r), kinds[c], scales[c]);
    rows[r] = row;
  }
  return { schema: fields.map((f, i) => ({ name: f.name, column_type: kinds[i] })), rows };
}
