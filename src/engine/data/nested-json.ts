// Nested Arrow columns (lists, structs, maps, unions) as JSON text: the engine's results and its SQL are flat, so a
// nested value is kept as the JSON a person would write for it (64-bit integers as numbers, exact; times as epoch ms).

import {
  DataType,
  Table,
  Utf8,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
  type Schema,
  type Vector,
} from 'apache-arrow';

const isNested = (type: DataType) =>
  DataType.isList(type) ||
  DataType.isStruct(type) ||
  DataType.isMap(type) ||
  DataType.isFixedSizeList(type) ||
  DataType.isUnion(type);

/** The positions of `schema`'s nested columns. */
export const nestedFields = (schema: Schema): number[] =>
  schema.fields.flatMap((field, i) => (isNested(field.type as DataType) ? [i] : []));

const RAW = '\u0000bigint:';
/** A value as JSON: Arrow's rows and vectors by their toJSON, 64-bit integers as their exact digits. */
function json(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${RAW}${v}` : v));
  // The marker's NUL is escaped in the JSON text as \u0000.
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}

/** An Arrow IPC stream with the columns at `fields` replaced by their values' JSON text. */
export function nestedAsJson(ipc: Uint8Array, fields: number[]): Uint8Array {
  const table = tableFromIPC(ipc);
  const columns: Record<string, Vector> = {};
  table.schema.fields.forEach((field, i) => {
    const column = table.getChildAt(i)!;
    columns[field.name] = fields.includes(i)
      ? vectorFromArray(
          Array.from({ length: column.length }, (_, r) => json(column.get(r))),
          new Utf8(),
        )
      : column;
  });
  return tableToIPC(new Table(columns), 'stream');
}
