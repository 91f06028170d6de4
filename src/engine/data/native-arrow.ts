// Arrow IPC in and out of native DuckDB, which has no Arrow reader or writer built in: a table to load is written as
// a CSV file with every column's DuckDB type given (read by read_csv, in parallel, then cast), and a table to keep
// is exported as text columns with their DuckDB types in the schema's metadata, so that loading it back makes the
// same table. What the engine keeps of a table (data/tables.ts) is this export; a table read from a file on disk is
// kept as the file's path instead (no export).

import { Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import { formatTimestamp } from './executor.js';
import { quoteIdent } from './sql-quote.js';

/** Schema metadata key of an export: the DuckDB types of its (text) columns, as JSON. */
export const TYPES_KEY = 'svc.duckdb-types';

const text = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** The DuckDB type an Arrow column is loaded as, and how a value of it is written as CSV text. */
/** An unscaled decimal integer's digits (`-1250`) with `scale` of them after the point (`-12.50`). */
function withPoint(digits: string, scale: number): string {
  if (scale === 0) return digits;
  const negative = digits.startsWith('-');
  const body = (negative ? digits.slice(1) : digits).padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${body.slice(0, -scale)}.${body.slice(-scale)}`;
}

interface ArrowType {
  toString(): string;
  scale?: number;
  precision?: number;
  bitWidth?: number;
}

function columnOf(type: ArrowType): { type: string; cell(value: unknown): string } {
  const name = String(type);
  const number = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? text(String(v)) : String(v));
  const ints: Record<string, string> = {
    Int8: 'TINYINT',
    Int16: 'SMALLINT',
    Int32: 'INTEGER',
    Int64: 'BIGINT',
    Uint8: 'UTINYINT',
    Uint16: 'USMALLINT',
    Uint32: 'UINTEGER',
    Uint64: 'UBIGINT',
  };
  if (ints[name]) return { type: ints[name], cell: (v) => String(v) };
  if (name === 'Float32') return { type: 'FLOAT', cell: number };
  if (name === 'Float64') return { type: 'DOUBLE', cell: number };
  if (name === 'Bool') return { type: 'BOOLEAN', cell: (v) => String(v) };
  if (name === 'Utf8' || name === 'LargeUtf8' || name.startsWith('Dictionary<'))
    return { type: 'VARCHAR', cell: (v) => text(String(v)) };
  if (name.startsWith('Timestamp'))
    return { type: 'TIMESTAMP', cell: (v) => formatTimestamp(Number(v)).replace('T', ' ') };
  if (name.startsWith('Date')) return { type: 'DATE', cell: (v) => formatTimestamp(Number(v)).slice(0, 10) };
  if (name.startsWith('Decimal')) {
    // Exact: the unscaled integer's digits with the point put back. DuckDB holds 38 digits at most (as its Arrow
    // reader says of a wider one).
    const { precision = 38, scale = 0, bitWidth = 128 } = type;
    if (precision > 38)
      throw new Error(`Unsupported Internal Arrow Type for Decimal d:${precision},${scale},${bitWidth}`);
    return { type: `DECIMAL(${precision},${scale})`, cell: (v) => withPoint(String(v), scale) };
  }
  return {
    type: 'VARCHAR',
    cell: (v) => text(JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x))),
  };
}

/**
 * An Arrow IPC stream or file → CSV text with a header and the DuckDB types of its columns (those of an export's
 * metadata, else the Arrow types' nearest), and the SELECT list that makes the table from read_csv's text columns.
 */
export function arrowToCsv(ipc: Uint8Array): { csv: string; columns: Record<string, string>; select: string } {
  const table = tableFromIPC(ipc);
  const fields = table.schema.fields;
  const exported = table.schema.metadata.get(TYPES_KEY);
  const types = exported ? (JSON.parse(exported) as string[]) : undefined;
  const writers = fields.map((f) => columnOf(f.type as ArrowType));
  const vectors = fields.map((_, i) => table.getChildAt(i)!);
  const lines = [fields.map((f) => text(f.name)).join(',')];
  for (let r = 0; r < table.numRows; r++) {
    const cells = new Array<string>(fields.length);
    for (let c = 0; c < fields.length; c++) {
      const value = vectors[c].get(r) as unknown;
      cells[c] = value === null || value === undefined ? '' : writers[c].cell(value);
    }
    lines.push(cells.join(','));
  }
  // An export's columns are read as text and cast to their types; others as the types their Arrow types map to.
  const columns = Object.fromEntries(fields.map((f, i) => [f.name, types ? 'VARCHAR' : writers[i].type]));
  const select = types
    ? fields.map((f, i) => `CAST(${quoteIdent(f.name)} AS ${types[i]}) AS ${quoteIdent(f.name)}`).join(', ')
    : '*';
  return { csv: `${lines.join('\n')}\n`, columns, select };
}

/** A table's text columns (CAST AS VARCHAR, in DuckDB) and their DuckDB types → an Arrow IPC stream to keep. */
export function exportToIpc(names: string[], types: string[], columns: (string | null)[][]): Uint8Array {
  const vectors: Record<string, Vector> = {};
  names.forEach((name, i) => (vectors[name] = vectorFromArray(columns[i], new Utf8())));
  const table = new Table(vectors);
  table.schema.metadata.set(TYPES_KEY, JSON.stringify(types));
  return tableToIPC(table, 'stream');
}
