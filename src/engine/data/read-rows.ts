// JSON, NDJSON and rows given as objects → DuckDB (the wasm build has no json extension): parsed here into rows and
// handed to read_csv as CSV, with the types their values have (strings stay strings, ISO times are left to read_csv).

import { readBlob } from './chunks.js';
import type { FormatRead, TableRow } from './format-types.js';
import { checkNdjsonLine, checkRows, checkRowsLine } from './row-limits.js';

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

function parseJson(bytes: Uint8Array, format: 'json' | 'ndjson', maxLineBytes: number): TableRow[] {
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
      checkNdjsonLine(line, i + 1, maxLineBytes);
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

/** Reads a JSON or NDJSON source, or the rows given, into table `input.table`. */
export async function readRows(input: FormatRead, format: 'json' | 'ndjson'): Promise<void> {
  const { executor, table, blob, options, limits, checkpoint } = input;
  const maxLineBytes = limits?.maxLineBytes ?? Infinity;
  const rows = input.rows ?? parseJson(blob instanceof Uint8Array ? blob : await readBlob(blob!), format, maxLineBytes);
  if (rows.length === 0) throw new Error('no rows');
  if (limits) checkRows(rows, input.size, limits);
  checkpoint();
  const { bytes: csv, types } = rowsToCsv(rows, maxLineBytes);
  checkpoint();
  await executor.loadFile(table, csv, 'csv', {
    header: true,
    delimiter: ',',
    allowQuotedNulls: false,
    columns: { ...types, ...options.columns },
  });
}
