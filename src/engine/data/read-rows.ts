// JSON, NDJSON and rows given as objects → DuckDB (the wasm build has no json extension): parsed here a batch of rows
// at a time and handed to read_csv as CSV, with the types their values have (strings stay strings, ISO times are left
// to read_csv).

import { readBlob } from './chunks.js';
import type { FormatRead, TableRow } from './format-types.js';
import { checkCells } from './import-limits.js';
import { recordTexts } from './json-records.js';
import { checkRows, checkRowsLine } from './row-limits.js';

const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoUtc = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;

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

type Types = Map<string, string | undefined | null>;

/** A cell's type joined with its column's so far (values that disagree: VARCHAR; BIGINT with DOUBLE: DOUBLE). */
function joinType(types: Types, name: string, type: string | undefined): void {
  const seen = types.has(name) ? types.get(name) : null;
  if (seen === null) types.set(name, type);
  else if (seen !== type)
    types.set(
      name,
      (seen === 'BIGINT' && type === 'DOUBLE') || (seen === 'DOUBLE' && type === 'BIGINT') ? 'DOUBLE' : 'VARCHAR',
    );
}

/** Records parsed at once: the rows of one batch are all a JSON or NDJSON import holds as objects. */
export const ROWS_PER_BATCH = 20_000;

/** The rows of a JSON or NDJSON text, a batch at a time (each row checked to be an object). */
function* rowBatches(text: string, format: 'json' | 'ndjson', maxLineBytes: number): Generator<TableRow[]> {
  let batch: TableRow[] = [];
  let number = 0;
  for (const record of recordTexts(text, format, maxLineBytes)) {
    number++;
    let row: unknown;
    try {
      row = JSON.parse(record.text);
    } catch (error) {
      throw new Error(`${record.where ?? 'not valid JSON'}: ${(error as Error).message}`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      throw new Error(`row ${number} is not an object`);
    batch.push(row as TableRow);
    if (batch.length === ROWS_PER_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Reads a JSON or NDJSON source, or the rows given, into table `input.table`: a first pass over the rows, a batch at a
 * time, finds the columns (in the order they first appear) and their types and checks the limits; a second writes
 * them as CSV (a Blob of a part per batch) for read_csv.
 */
export async function readRows(input: FormatRead, format: 'json' | 'ndjson'): Promise<void> {
  const { executor, table, blob, options, limits, checkpoint } = input;
  const maxLineBytes = limits?.maxLineBytes ?? Infinity;
  const text = input.rows
    ? undefined
    : new TextDecoder().decode(blob instanceof Uint8Array ? blob : await readBlob(blob!)).replace(/^\uFEFF/, '');
  const batches = () => (text === undefined ? [input.rows!] : rowBatches(text, format, maxLineBytes));
  const names = new Set<string>();
  const types: Types = new Map();
  let count = 0;
  for (const rows of batches()) {
    if (limits) checkRows(rows, limits, names, count);
    for (const row of rows)
      for (const [name, value] of Object.entries(row)) {
        names.add(name);
        const c = cell(value);
        if (c) joinType(types, name, c.type);
        else if (!types.has(name)) types.set(name, null);
      }
    count += rows.length;
    checkpoint();
  }
  if (count === 0) throw new Error('no rows');
  if (names.size === 0) throw new Error('no columns: the rows have no fields');
  if (limits) checkCells(count, names.size, input.size, limits.maxCellsPerByte, 'the rows');
  const columns = [...names];
  const parts = [`${columns.map((n) => `"${n.replace(/"/g, '""')}"`).join(',')}\n`];
  let row = 0;
  for (const rows of batches()) {
    const lines = rows.map((r) => {
      const line = columns.map((name) => cell(r[name])?.text ?? '').join(',');
      checkRowsLine(line, ++row, maxLineBytes);
      return line;
    });
    parts.push(`${lines.join('\n')}\n`);
    checkpoint();
  }
  const fixed = Object.fromEntries([...types].filter((e): e is [string, string] => typeof e[1] === 'string'));
  await executor.loadFile(table, new Blob(parts), 'csv', {
    header: true,
    delimiter: ',',
    allowQuotedNulls: false,
    columns: { ...fixed, ...options.columns },
  });
}
