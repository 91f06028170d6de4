// Arrow IPC in and out of native DuckDB, which has no Arrow reader or writer built in, through Parquet, which it reads
// and writes itself, and never through text: a table to load is written as Parquet by parquet-wasm (arrow-rs's
// writer, parquet-decode.ts) into the executor's private folder, a group of record batches a file, and read by
// read_parquet; a table to keep is written by DuckDB's COPY … (FORMAT parquet) there and read into Arrow IPC by
// parquet-wasm, with its DuckDB types in the schema's metadata so that loading it back makes the same table. Columns
// Parquet cannot hold exactly (HUGEINT, INTERVAL, UUID, …) are kept as their text and cast back. What the engine keeps
// of a table (data/tables.ts) is this export; a table read from a file on disk is kept as the file's path instead.

import {
  DataType,
  DateUnit,
  TimeUnit,
  RecordBatchReader,
  Table,
  Utf8,
  tableToIPC,
  vectorFromArray,
  type RecordBatch,
  type Schema,
  type Vector,
} from 'apache-arrow';
import { parquetWasm } from './parquet-decode.js';
import { quoteIdent } from './sql-quote.js';

/** Schema metadata key of an export: the DuckDB types of its columns, as JSON. */
export const TYPES_KEY = 'svc.duckdb-types';

/**
 * The Arrow IPC bytes one Parquet file of a load holds at most: parquet-wasm's memory (which never shrinks) grows to
 * about twice this, never to the whole table's size.
 */
export const LOAD_FILE_BYTES = 64 * 1024 * 1024;

/** Arrow types Parquet holds and DuckDB reads back as DuckDB-wasm's Arrow reader makes them. */
function written(type: DataType): boolean {
  if (DataType.isList(type) || DataType.isFixedSizeList(type) || DataType.isStruct(type) || DataType.isMap(type))
    return type.children.every((child) => written(child.type as DataType));
  if (DataType.isFloat(type)) return String(type) !== 'Float16';
  return (
    DataType.isInt(type) ||
    DataType.isBool(type) ||
    DataType.isUtf8(type) ||
    DataType.isLargeUtf8(type) ||
    DataType.isBinary(type) ||
    DataType.isLargeBinary(type) ||
    DataType.isDictionary(type) ||
    DataType.isTimestamp(type) ||
    DataType.isDate(type) ||
    DataType.isTime(type) ||
    DataType.isDecimal(type) ||
    DataType.isNull(type)
  );
}

const RAW = '\u0000bigint:';
/** A value Parquet cannot hold as its JSON text (64-bit integers as their exact digits, typed arrays as arrays). */
const jsonText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : JSON.stringify(value, (_, v: unknown) =>
        typeof v === 'bigint' ? `${RAW}${v}` : ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v,
      ).replace(/"\\u0000bigint:(-?\d+)"/g, '$1');

/** A group of record batches as an Arrow IPC stream, the columns Parquet cannot hold replaced by their JSON text. */
function groupIpc(schema: Schema, batches: RecordBatch[], odd: number[]): Uint8Array {
  const table = new Table(schema, batches);
  if (odd.length === 0) return tableToIPC(table, 'stream');
  const columns: Record<string, Vector> = {};
  schema.fields.forEach((field, i) => {
    const column = table.getChildAt(i)!;
    columns[field.name] = odd.includes(i) ? vectorFromArray([...column].map(jsonText), new Utf8()) : column;
  });
  return tableToIPC(new Table(columns), 'stream');
}

/**
 * Where read_parquet makes another type of a column than DuckDB-wasm's Arrow reader: the expression that makes the
 * same (Parquet has no seconds timestamps nor 64-bit dates: arrow-rs writes their integers; milliseconds are read as
 * microseconds).
 */
function asWasmReads(column: string, type: DataType): string | undefined {
  if (DataType.isTimestamp(type)) {
    const zoned = type.timezone !== null && type.timezone !== undefined;
    if (type.unit === TimeUnit.SECOND)
      return zoned ? `to_timestamp(${column})` : `CAST(make_timestamp(${column} * 1000000) AS TIMESTAMP_S)`;
    if (type.unit === TimeUnit.MILLISECOND && !zoned) return `CAST(${column} AS TIMESTAMP_MS)`;
  }
  if (DataType.isDate(type) && type.unit === DateUnit.MILLISECOND)
    return `CAST(make_timestamp(${column} * 1000) AS DATE)`;
  return undefined;
}

/**
 * An Arrow IPC stream or file → Parquet files (a file once its batches reach `fileBytes`), and the SELECT list that
 * makes the table from read_parquet's columns: an export's columns cast back to the DuckDB types in its metadata.
 */
export async function arrowToParquet(
  ipc: Uint8Array,
  fileBytes = LOAD_FILE_BYTES,
): Promise<{ files: Uint8Array[]; select: string }> {
  const reader = RecordBatchReader.from(ipc).open();
  const schema = reader.schema;
  for (const field of schema.fields) {
    const {
      precision = 0,
      scale = 0,
      bitWidth = 128,
    } = field.type as { precision?: number; scale?: number; bitWidth?: number };
    // DuckDB holds 38 digits at most (as its Arrow reader says of a wider one).
    if (DataType.isDecimal(field.type) && precision > 38)
      throw new Error(`Unsupported Internal Arrow Type for Decimal d:${precision},${scale},${bitWidth}`);
  }
  const odd = schema.fields.flatMap((f, i) => (written(f.type as DataType) ? [] : [i]));
  const exported = schema.metadata.get(TYPES_KEY);
  const types = exported ? (JSON.parse(exported) as string[]) : undefined;
  const pw = await parquetWasm();
  // Uncompressed, no dictionaries: a file read once, at once; its writing is what takes the time.
  const props = () =>
    new pw.WriterPropertiesBuilder().setCompression(pw.Compression.UNCOMPRESSED).setDictionaryEnabled(false).build();
  const files: Uint8Array[] = [];
  let group: RecordBatch[] = [];
  let bytes = 0;
  const flush = () => {
    if (group.length === 0 && files.length > 0) return;
    files.push(pw.writeParquet(pw.Table.fromIPCStream(groupIpc(schema, group, odd)), props()));
    group = [];
    bytes = 0;
  };
  for (const batch of reader) {
    group.push(batch);
    bytes += batch.data.byteLength;
    if (bytes >= fileBytes) flush();
  }
  if (group.length > 0 || files.length === 0) flush();
  const select = schema.fields
    .map((f, i) => {
      const column = quoteIdent(f.name);
      const cast = types ? `CAST(${column} AS ${types[i]})` : asWasmReads(column, f.type as DataType);
      return cast ? `${cast} AS ${column}` : column;
    })
    .join(', ');
  return { files, select };
}

/** DuckDB types Parquet holds exactly (and parquet-wasm reads back as the same Arrow type); others go as text. */
const EXACT =
  /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE|VARCHAR|BLOB|DATE|TIME|TIMESTAMP|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|TIMESTAMP WITH TIME ZONE|DECIMAL\(\d+,\d+\))$/;

/** The SELECT list of an export: each column as it is where Parquet holds it exactly, else as its text. */
export function exportSelect(columns: [name: string, type: string][]): string {
  return columns
    .map(([name, type]) =>
      EXACT.test(type) ? quoteIdent(name) : `CAST(${quoteIdent(name)} AS VARCHAR) AS ${quoteIdent(name)}`,
    )
    .join(', ');
}

/**
 * DuckDB's Parquet export of a table (its columns' DuckDB types under TYPES_KEY in the file's key-value metadata,
 * which parquet-wasm makes the Arrow schema's) → an Arrow IPC stream to keep.
 */
export async function parquetToIpc(parquet: Uint8Array): Promise<Uint8Array> {
  return (await parquetWasm()).readParquet(parquet).intoIPCStream();
}
