// Parsed rows (JSON, NDJSON, rows given, Parquet) and Arrow tables checked against their import's limits
// (import-limits.ts) before DuckDB reads them: columns, a line's and a value's bytes, and cells per byte of source.

import type { Data, Table } from 'apache-arrow';
import type { TableRow } from './format-types.js';
import { cellTooLong, fmt, lineTooLong, tooManyColumns, utf8Past, type ImportLimits } from './import-limits.js';

/** Bytes of a value as the CSV cell it becomes, when they may be past `max`. */
function cellPast(value: unknown, max: number): number | undefined {
  if (typeof value === 'string') return utf8Past(value, max);
  if (value instanceof Uint8Array) return value.length * 2 > max ? value.length * 2 : undefined;
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const json = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    return json === undefined ? undefined : utf8Past(json, max);
  }
  return undefined;
}

/**
 * Refuses rows with more columns than `maxColumns` (in one row, or all rows together: `names` holds the columns of the
 * rows before, `first` their count) or a value longer than `maxCellBytes`. The cells they make are checked once all
 * are counted (checkCells).
 */
export function checkRows(
  rows: TableRow[],
  limits: Required<ImportLimits>,
  names = new Set<string>(),
  first = 0,
): void {
  const { maxColumns, maxCellBytes } = limits;
  rows.forEach((row, r) => {
    const keys = Object.keys(row);
    if (keys.length > maxColumns) throw tooManyColumns(`row ${fmt(first + r + 1)}`, fmt(keys.length), maxColumns);
    for (const key of keys) {
      if (!names.has(key)) {
        names.add(key);
        if (names.size > maxColumns)
          throw tooManyColumns(
            `row ${fmt(first + r + 1)}`,
            `a field that brings the rows to ${fmt(names.size)}`,
            maxColumns,
          );
      }
      const past = cellPast(row[key], maxCellBytes);
      if (past !== undefined)
        throw cellTooLong(`row ${fmt(first + r + 1)}, column ${JSON.stringify(key)}`, fmt(past), maxCellBytes);
    }
  });
}

/** Refuses row `row`'s CSV line (`line`) when it is longer than `max` bytes. */
export function checkRowsLine(line: string, row: number, max: number): void {
  const past = utf8Past(line, max);
  if (past !== undefined) throw lineTooLong(`row ${fmt(row)} as CSV`, fmt(past), max);
}

/** Refuses NDJSON line `number` when it is longer than `max` bytes. */
export function checkNdjsonLine(line: string, number: number, max: number): void {
  const past = utf8Past(line, max);
  if (past !== undefined) throw lineTooLong(`NDJSON line ${fmt(number)}`, fmt(past), max);
}

/** Refuses a string or binary value (or dictionary value) of `data` longer than `max` bytes. */
function checkArrowValues(data: Data, column: string, firstRow: number | undefined, max: number): void {
  const offsets = data.valueOffsets as Int32Array | BigInt64Array | undefined;
  // Variable-width values (strings, binary): each one's bytes are the difference of two offsets.
  if (offsets && data.values instanceof Uint8Array) {
    for (let i = 0; i < data.length; i++) {
      const size = Number(offsets[i + 1]) - Number(offsets[i]);
      if (size > max) {
        const where = firstRow === undefined ? `column ${column}` : `row ${fmt(firstRow + i + 1)}, column ${column}`;
        throw cellTooLong(where, fmt(size), max);
      }
    }
  }
  const dictionary = (data.dictionary?.data ?? []) as Data[];
  for (const values of dictionary) checkArrowValues(values, column, undefined, max);
}

/** Refuses an Arrow table with more columns than `maxColumns` or a string or binary value over `maxCellBytes`. */
export function checkArrow(table: Table, limits: Required<ImportLimits>): void {
  const { maxColumns, maxCellBytes } = limits;
  if (table.numCols > maxColumns) throw tooManyColumns('the Arrow table', fmt(table.numCols), maxColumns);
  table.schema.fields.forEach((field, c) => {
    let row = 0;
    for (const data of (table.getChildAt(c)?.data ?? []) as Data[]) {
      checkArrowValues(data, JSON.stringify(field.name), row, maxCellBytes);
      row += data.length;
    }
  });
}
