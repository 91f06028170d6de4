// The SQL executor the data plane runs on (DuckDB-wasm: a Worker in the browser, the blocking build in Node), and
// the one place that turns Arrow results into plain JSON values (BigInt, timestamps, dates).

import type { Table } from 'apache-arrow';
import type { SchemaColumn } from '../../api/types.js';

export interface QueryResult {
  schema: SchemaColumn[];
  rows: unknown[][];
}

export interface Executor {
  /** Runs one statement and returns its normalised result. DuckDB errors reject with their message. */
  query(sql: string): Promise<QueryResult>;
  /** Creates or replaces table `name` from an Arrow IPC stream. */
  loadTable(name: string, ipc: Uint8Array): Promise<void>;
  close(): Promise<void>;
  /** Stops DuckDB at once, even inside a query (its worker is terminated); pending calls reject. */
  terminate(): void;
}

/**
 * Run once on every new DuckDB, before any table: no extension is fetched or loaded on demand (a function from an
 * extension that is not built in would otherwise hang or reach the network), no file, URL or external database is
 * readable, memory is bounded, and the configuration is locked so that no statement can undo any of this.
 */
export const HARDENING_SQL = [
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  'SET enable_external_access = false',
  "SET memory_limit = '2GB'",
  'SET lock_configuration = true',
];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Epoch ms as the API's local timestamp text: `2024-03-05T10:00:00.000` (TIMESTAMP has no zone). */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

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

/** The executor for this runtime: DuckDB in a Worker in browsers, the blocking build in Node. Loaded lazily. */
export async function createExecutor(): Promise<Executor> {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
  const module = isNode ? await import('./duckdb-node.js') : await import('./duckdb-browser.js');
  return module.createDuckDbExecutor();
}
