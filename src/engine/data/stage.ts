// A source → a DuckDB table (a staging name: data/tables.ts renames it into place once it is stored), read by its
// format's reader (data/formats.ts). After reading: times with a zone become TIMESTAMP in UTC (the engine's times have
// no zone), and `options.columns` casts the columns it names for formats whose reader does not take types.

import { checkType, type Executor } from './executor.js';
import { formatSpec } from './formats.js';
import type { ReadSource } from './import.js';
import { fmt, tooManyColumns, type ImportLimits } from './import-limits.js';
import { quoteIdent } from './sql-quote.js';

export type ColumnInfo = { name: string; type: string };

/**
 * The tables stageTable may make for staging name `staging` (the second while it casts columns): a database in OPFS
 * notes them as changing before they are made (opfs-kept.ts), so an import cut short leaves none unnoted.
 */
export const stagingTables = (staging: string): string[] => [staging, `${staging}_cast`];

const describe = async (executor: Executor, table: string): Promise<ColumnInfo[]> =>
  (await executor.query(`DESCRIBE ${quoteIdent(table)}`)).rows.map((r) => ({ name: String(r[0]), type: String(r[1]) }));

/** What is staged: a source made ready to read (import.ts), or a kept file read again (stored-file.ts). */
export type StageSource = Pick<ReadSource, 'format' | 'options' | 'size' | 'rows' | 'name' | 'path'> & {
  blob?: Blob | Uint8Array;
};

/**
 * Creates table `staging` from `read` with its format's reader (data/formats.ts) and returns its columns; the caller
 * drops it on failure. A source past `limits` is refused (ImportLimitError) before DuckDB reads it (no limits: a
 * kept file read again); `checkpoint` runs between steps (the import's deadline).
 */
export async function stageTable(
  executor: Executor,
  staging: string,
  read: StageSource,
  limits?: Required<ImportLimits>,
  checkpoint: () => void = () => undefined,
): Promise<ColumnInfo[]> {
  const { format, options } = read;
  if (read.path && executor.loadPath !== undefined && (format === 'csv' || format === 'tsv' || format === 'parquet')) {
    // A file on this machine and native DuckDB: read by DuckDB's own reader, where it is when it may (its columns
    // are counted below, once read).
    checkpoint();
    await executor.loadPath(staging, read.path, format, options);
  } else await formatSpec(format).read({ ...read, executor, table: staging, limits, checkpoint });
  // Zoned times → UTC TIMESTAMP; the given column types for formats read_csv did not read.
  const columns = await describe(executor, staging);
  // The columns read_csv found (its sniffer may choose another delimiter than the scan counted most fields of).
  if (limits && columns.length > limits.maxColumns)
    throw tooManyColumns('the table', fmt(columns.length), limits.maxColumns);
  const casts: Record<string, string> = {};
  for (const c of columns) if (c.type === 'TIMESTAMP WITH TIME ZONE') casts[c.name] = 'TIMESTAMP';
  if (!formatSpec(format).typesByReader) Object.assign(casts, options.columns);
  for (const [name, type] of Object.entries(casts)) checkType(name, type);
  for (const name of Object.keys(casts))
    if (!columns.some((c) => c.name === name)) throw new Error(`columns.${name}: there is no column ${name}`);
  if (Object.keys(casts).length === 0) return columns;
  const replace = Object.entries(casts).map(([n, t]) => `CAST(${quoteIdent(n)} AS ${t}) AS ${quoteIdent(n)}`);
  const cast = stagingTables(staging)[1];
  await executor.query(
    `CREATE TABLE ${quoteIdent(cast)} AS SELECT * REPLACE (${replace.join(', ')}) FROM ${quoteIdent(staging)}`,
  );
  await executor.query(`DROP TABLE ${quoteIdent(staging)}`);
  await executor.query(`ALTER TABLE ${quoteIdent(cast)} RENAME TO ${quoteIdent(staging)}`);
  return describe(executor, staging);
}
