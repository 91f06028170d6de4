// A read source → a DuckDB table (a staging name; data/tables.ts renames it into place once it is stored). After
// reading: times with a zone become TIMESTAMP in UTC (the engine's times have no zone), and `options.columns` casts
// the columns it names for formats read without read_csv.

import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { readBlob } from './chunks.js';
import { scanCsv } from './csv-scan.js';
import { checkType, type Executor } from './executor.js';
import type { ReadSource, TableRow } from './import.js';
import { checkArrow, checkRows, checkRowsLine, checkNdjsonLine } from './row-limits.js';
import { checkCells, fmt, tooManyColumns, type ImportLimits } from './import-limits.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoUtc = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/** A value as CSV text, and the DuckDB type it asks for (undefined: let read_csv infer, e.g. ISO times). */
function cell(value: unknown): { text: string; type?: string } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? { text: String(value), type: Number.isSafeInteger(value) ? 'BIGINT' : 'DOUBLE' }
      : null;
  if (typeof value === 'bigint') return { text: String(value), type: 'BIGINT' };
  if (typeof value === 'boolean') return { text: String(value), type: 'BOOLEAN' };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { text: isoUtc(value), type: 'TIMESTAMP' };
  if (typeof value === 'string')
    return { text: `"${value.replace(/"/g, '""')}"`, type: ISO.test(value) ? undefined : 'VARCHAR' };
  if (value instanceof Uint8Array)
    return { text: Array.from(value, (b) => b.toString(16).padStart(2, '0')).join(''), type: 'VARCHAR' };
  return {
    text: `"${JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).replace(/"/g, '""')}"`,
    type: 'VARCHAR',
  };
}

/**
 * Rows → CSV bytes and per-column types (a column whose values disagree is VARCHAR; BIGINT with DOUBLE is DOUBLE).
 * A row whose CSV line is longer than `maxLineBytes` is refused.
 */
export function rowsToCsv(
  rows: TableRow[],
  maxLineBytes = Infinity,
): { bytes: Uint8Array; types: Record<string, string> } {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (names.length === 0) throw new Error('no columns: the rows have no fields');
  const types = new Map<string, string | undefined | null>(names.map((n) => [n, null]));
  const lines = [names.map((n) => `"${n.replace(/"/g, '""')}"`).join(',')];
  for (const row of rows) {
    const out = new Array<string>(names.length);
    names.forEach((name, i) => {
      const c = cell(row[name]);
      out[i] = c?.text ?? '';
      if (!c) return;
      const seen = types.get(name);
      if (seen === null) types.set(name, c.type);
      else if (seen !== c.type)
        types.set(
          name,
          (seen === 'BIGINT' && c.type === 'DOUBLE') || (seen === 'DOUBLE' && c.type === 'BIGINT')
            ? 'DOUBLE'
            : 'VARCHAR',
        );
    });
    const line = out.join(',');
    checkRowsLine(line, lines.length, maxLineBytes);
    lines.push(line);
  }
  const fixed = Object.fromEntries([...types].filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { bytes: new TextEncoder().encode(`${lines.join('\n')}\n`), types: fixed };
}

function parseJson(bytes: Uint8Array, format: 'json' | 'ndjson', limits: Required<ImportLimits>): TableRow[] {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  let rows: unknown[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new Error('JSON: expected an array of objects (one per row)');
    rows = parsed;
  } else {
    rows = [];
    text.split('\n').forEach((line, i) => {
      checkNdjsonLine(line, i + 1, limits.maxLineBytes);
      if (!line.trim()) return;
      try {
        rows.push(JSON.parse(line));
      } catch (error) {
        throw new Error(`NDJSON line ${i + 1}: ${(error as Error).message}`);
      }
    });
  }
  rows.forEach((row, i) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new Error(`row ${i + 1} is not an object`);
  });
  return rows as TableRow[];
}

/** Parquet is compressed: its rows may make this many times more cells a byte than text formats. */
const PARQUET_CELLS = 8;

async function parseParquet(bytes: Uint8Array, limits: Required<ImportLimits>): Promise<TableRow[]> {
  const { parquetMetadata, parquetReadObjects, parquetSchema } = await import('hyparquet/src/index.js'); // no node:fs
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let metadata;
  let columns: number;
  try {
    metadata = parquetMetadata(file);
    columns = parquetSchema(metadata).children.length;
  } catch (error) {
    throw new Error(`not a readable Parquet file: ${(error as Error).message}`);
  }
  // Its shape, from its footer, before a row is decoded.
  if (columns > limits.maxColumns) throw tooManyColumns('the Parquet file', fmt(columns), limits.maxColumns);
  const rows = Number(metadata.num_rows);
  checkCells(rows, columns, bytes.length, limits.maxCellsPerByte * PARQUET_CELLS, 'the Parquet file');
  try {
    return (await parquetReadObjects({ file, metadata })) as TableRow[];
  } catch (error) {
    throw new Error(`not a readable Parquet file: ${(error as Error).message}`);
  }
}

export type ColumnInfo = { name: string; type: string };

const describe = async (executor: Executor, table: string): Promise<ColumnInfo[]> =>
  (await executor.query(`DESCRIBE ${quote(table)}`)).rows.map((r) => ({ name: String(r[0]), type: String(r[1]) }));

/**
 * Creates table `staging` from `read` and returns its columns; the caller drops it on failure. A source past `limits`
 * is refused (ImportLimitError) before DuckDB reads it; `checkpoint` runs between steps (the import's deadline).
 */
export async function stageTable(
  executor: Executor,
  staging: string,
  read: ReadSource,
  limits: Required<ImportLimits>,
  checkpoint: () => void = () => undefined,
): Promise<ColumnInfo[]> {
  const { format, options } = read;
  if (read.path && executor.loadPath !== undefined && (format === 'csv' || format === 'tsv' || format === 'parquet')) {
    // A file on this machine and native DuckDB: read by DuckDB's own reader, where it is when it may (its columns
    // are counted below, once read).
    checkpoint();
    await executor.loadPath(staging, read.path, format, options);
  } else if (format === 'csv' || format === 'tsv') {
    await scanCsv(read.blob!, limits, options.delimiter ?? (format === 'tsv' ? '\t' : undefined), checkpoint);
    checkpoint();
    await executor.loadFile(staging, read.blob!, format, options);
  } else if (format === 'arrow') {
    let table;
    try {
      table = tableFromIPC(await readBlob(read.blob!));
    } catch (error) {
      throw new Error(`not a readable Arrow IPC file or stream: ${(error as Error).message}`);
    }
    checkArrow(table, limits);
    checkpoint();
    await executor.loadTable(staging, tableToIPC(table, 'stream'));
  } else {
    const bytes = read.rows ? undefined : await readBlob(read.blob!);
    const rows =
      read.rows ?? (format === 'parquet' ? await parseParquet(bytes!, limits) : parseJson(bytes!, format, limits));
    if (rows.length === 0) throw new Error('no rows');
    checkRows(rows, read.size, limits, format === 'parquet' ? PARQUET_CELLS : 1);
    checkpoint();
    const { bytes: csv, types } = rowsToCsv(rows, limits.maxLineBytes);
    checkpoint();
    await executor.loadFile(staging, csv, 'csv', {
      header: true,
      delimiter: ',',
      allowQuotedNulls: false,
      columns: { ...types, ...options.columns },
    });
  }
  // Zoned times → UTC TIMESTAMP; the given column types for formats read_csv did not read.
  const columns = await describe(executor, staging);
  // The columns read_csv found (its sniffer may choose another delimiter than the scan counted most fields of).
  if (columns.length > limits.maxColumns) throw tooManyColumns('the table', fmt(columns.length), limits.maxColumns);
  const casts: Record<string, string> = {};
  for (const c of columns) if (c.type === 'TIMESTAMP WITH TIME ZONE') casts[c.name] = 'TIMESTAMP';
  if (format === 'arrow') Object.assign(casts, options.columns);
  for (const [name, type] of Object.entries(casts)) checkType(name, type);
  for (const name of Object.keys(casts))
    if (!columns.some((c) => c.name === name)) throw new Error(`columns.${name}: there is no column ${name}`);
  if (Object.keys(casts).length === 0) return columns;
  const replace = Object.entries(casts).map(([n, t]) => `CAST(${quote(n)} AS ${t}) AS ${quote(n)}`);
  await executor.query(
    `CREATE TABLE ${quote(`${staging}_cast`)} AS SELECT * REPLACE (${replace.join(', ')}) FROM ${quote(staging)}`,
  );
  await executor.query(`DROP TABLE ${quote(staging)}`);
  await executor.query(`ALTER TABLE ${quote(`${staging}_cast`)} RENAME TO ${quote(staging)}`);
  return describe(executor, staging);
}
