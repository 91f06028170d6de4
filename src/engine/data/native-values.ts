// Results of native DuckDB (@duckdb/node-api) as the same {schema, rows} DuckDB-wasm's Arrow results give
// (executor.ts normalizeArrow): each column named with the Arrow type DuckDB would export it as, each value as the
// same JSON value. Only types here: the values arrive as @duckdb/node-api's classes, recognised by their fields.

import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { SchemaColumn } from '../../api/types.js';
import type { QueryResult } from './executor.js';
import { formatTimestamp } from './time.js';

// DuckDBTypeId's numbers (a const enum of the optional package: not imported at run time).
const T = {
  BOOLEAN: 1,
  TINYINT: 2,
  SMALLINT: 3,
  INTEGER: 4,
  BIGINT: 5,
  UTINYINT: 6,
  USMALLINT: 7,
  UINTEGER: 8,
  UBIGINT: 9,
  FLOAT: 10,
  DOUBLE: 11,
  TIMESTAMP: 12,
  DATE: 13,
  TIME: 14,
  INTERVAL: 15,
  HUGEINT: 16,
  VARCHAR: 17,
  BLOB: 18,
  DECIMAL: 19,
  TIMESTAMP_S: 20,
  TIMESTAMP_MS: 21,
  TIMESTAMP_NS: 22,
  ENUM: 23,
  LIST: 24,
  STRUCT: 25,
  MAP: 26,
  UUID: 27,
  BIT: 29,
  TIMESTAMP_TZ: 31,
  UHUGEINT: 32,
  ARRAY: 33,
  SQLNULL: 36,
} as const;

type Typed = DuckDBType & {
  width?: number;
  scale?: number;
  valueType?: Typed;
  keyType?: Typed;
  length?: number;
  entryNames?: readonly string[];
  entryTypes?: readonly Typed[];
};

const SIMPLE: Record<number, string> = {
  [T.BOOLEAN]: 'Bool',
  [T.TINYINT]: 'Int8',
  [T.SMALLINT]: 'Int16',
  [T.INTEGER]: 'Int32',
  [T.BIGINT]: 'Int64',
  [T.UTINYINT]: 'Uint8',
  [T.USMALLINT]: 'Uint16',
  [T.UINTEGER]: 'Uint32',
  [T.UBIGINT]: 'Uint64',
  [T.FLOAT]: 'Float32',
  [T.DOUBLE]: 'Float64',
  [T.VARCHAR]: 'Utf8',
  [T.UUID]: 'Utf8',
  [T.BLOB]: 'Binary',
  [T.BIT]: 'Binary',
  [T.DATE]: 'Date32<DAY>',
  [T.TIME]: 'Time64<MICROSECOND>',
  [T.TIMESTAMP]: 'Timestamp<MICROSECOND>',
  [T.TIMESTAMP_TZ]: 'Timestamp<MICROSECOND, UTC>',
  [T.TIMESTAMP_S]: 'Timestamp<SECOND>',
  [T.TIMESTAMP_MS]: 'Timestamp<MILLISECOND>',
  [T.TIMESTAMP_NS]: 'Timestamp<NANOSECOND>',
  [T.INTERVAL]: 'Interval<MONTH_DAY_NANO>',
  [T.ENUM]: 'Dictionary<Uint8, Utf8>',
  [T.SQLNULL]: 'Int32',
};

/** The Arrow type name DuckDB exports a column of `type` as (apache-arrow's toString of it). */
export function arrowName(type: Typed): string {
  const id = type.typeId as number;
  if (SIMPLE[id]) return SIMPLE[id];
  if (id === T.DECIMAL || id === T.HUGEINT || id === T.UHUGEINT) return 'Decimal';
  if (id === T.LIST) return `List<${arrowName(type.valueType!)}>`;
  if (id === T.ARRAY) return `FixedSizeList[${type.length}]<${arrowName(type.valueType!)}>`;
  if (id === T.MAP) return `Map<{key:${arrowName(type.keyType!)}, value:${arrowName(type.valueType!)}}>`;
  if (id === T.STRUCT)
    return `Struct<{${type.entryNames!.map((n, i) => `${n}:${arrowName(type.entryTypes![i])}`).join(', ')}}>`;
  return type.toString();
}

/** The API's name for a column (executor.ts columnType over the Arrow name). */
function columnType(type: Typed): string {
  const name = arrowName(type);
  if (name.startsWith('Dictionary<') || name === 'Utf8') return 'String';
  if (name.startsWith('Timestamp')) return 'Timestamp';
  if (name.startsWith('Date')) return 'Date';
  if (name.startsWith('Decimal')) return 'Decimal';
  if (name === 'Bool') return 'Boolean';
  return name;
}

const safe = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : String(value);

type Fields = {
  micros?: bigint;
  millis?: bigint;
  seconds?: bigint;
  nanos?: bigint;
  days?: number;
  value?: bigint;
  scale?: number;
  bytes?: Uint8Array;
  items?: readonly DuckDBValue[];
  entries?: unknown;
  toString(): string;
};

/** One value as DuckDB-wasm's normaliser gives it (nested values: the same rules inside). */
export function nativeValue(value: DuckDBValue, type: Typed): unknown {
  if (value === null || value === undefined) return null;
  const id = type.typeId as number;
  const v = value as unknown as Fields;
  switch (id) {
    case T.BIGINT:
    case T.UBIGINT:
      return safe(value as bigint);
    case T.HUGEINT:
    case T.UHUGEINT:
      // Exported as DECIMAL(38,0): a number, as Arrow's decimal is read.
      return Number(value);
    case T.DECIMAL:
      return Number(v.value!.toString()) / 10 ** v.scale!;
    case T.DATE:
      return formatTimestamp(v.days! * 86_400_000);
    case T.TIMESTAMP:
    case T.TIMESTAMP_TZ:
      return formatTimestamp(Number(v.micros!) / 1000);
    case T.TIMESTAMP_S:
      return formatTimestamp(Number(v.seconds!) * 1000);
    case T.TIMESTAMP_MS:
      return formatTimestamp(Number(v.millis!));
    case T.TIMESTAMP_NS:
      return formatTimestamp(Number(v.nanos!) / 1e6);
    case T.TIME:
      return Number(v.micros!);
    case T.UUID:
    case T.ENUM:
    case T.VARCHAR:
      return String(value);
    case T.BLOB:
      return Uint8Array.from(v.bytes!);
    case T.BIT: {
      // DuckDB exports a BIT as its bytes (the first one the count of padding bits), as Arrow Binary.
      const bytes = (value as unknown as { data: Uint8Array }).data;
      return Uint8Array.from(bytes);
    }
    case T.LIST:
    case T.ARRAY:
      return v.items!.map((item) => nativeValue(item, type.valueType!));
    case T.STRUCT: {
      const entries = v.entries as Record<string, DuckDBValue>;
      return Object.fromEntries(type.entryNames!.map((n, i) => [n, nativeValue(entries[n], type.entryTypes![i])]));
    }
    case T.MAP: {
      const entries = v.entries as { key: DuckDBValue; value: DuckDBValue }[];
      return Object.fromEntries(
        entries.map((e) => [String(nativeValue(e.key, type.keyType!)), nativeValue(e.value, type.valueType!)]),
      );
    }
    default:
      return typeof value === 'object' ? String(value) : value;
  }
}

/** A native result's columns (names, types) and row-major values → {schema, rows}. */
export function normalizeNative(names: string[], types: DuckDBType[], rows: DuckDBValue[][]): QueryResult {
  const typed = types as Typed[];
  const schema: SchemaColumn[] = names.map((name, i) => ({ name, column_type: columnType(typed[i]) }));
  const out = new Array<unknown[]>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const values = new Array<unknown>(row.length);
    for (let c = 0; c < row.length; c++) values[c] = nativeValue(row[c], typed[c]);
    out[r] = values;
  }
  return { schema, rows: out };
}
