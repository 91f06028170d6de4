// Parquet → DuckDB. Where the executor's DuckDB reads Parquet itself (native DuckDB), it does; DuckDB-wasm here has no
// parquet extension, so parquet-wasm (arrow-rs's reader compiled to wasm, loaded with the first Parquet file) decodes
// the file a batch of rows at a time, read from the Blob as needed, into Arrow IPC that DuckDB appends to the table:
// never the whole file as rows, and at most one batch decoded at once. Nested columns (lists, structs, maps) become
// JSON text. Every codec arrow-rs reads: ZSTD, Snappy, GZIP, Brotli, LZ4_RAW (and LZ4), none.

import { RecordBatchReader, type Schema } from 'apache-arrow';
import type * as ParquetWasmModule from 'parquet-wasm/esm';
import type { ParquetFile, RecordBatch } from 'parquet-wasm/esm';
import type { FormatRead } from './format-types.js';
import { checkCells, fmt, tooManyColumns } from './import-limits.js';
import { nestedAsJson, nestedFields } from './nested-json.js';

/** Parquet is compressed: its rows may make this many times more cells a byte than text formats. */
export const PARQUET_CELLS = 8;
/** Rows decoded at once (at most a row group; its Arrow IPC: ~12 MB for flights-3m's 5 columns). */
export const PARQUET_BATCH_ROWS = 262_144;

type ParquetWasm = typeof ParquetWasmModule;
let loading: Promise<ParquetWasm> | undefined;

/** parquet-wasm, started once: its wasm from its package (Node: the file; browsers: beside its module). */
function parquetWasm(): Promise<ParquetWasm> {
  loading ??= (async () => {
    const module = await import('parquet-wasm/esm');
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    if (typeof window === 'undefined' && typeof node?.getBuiltinModule === 'function') {
      const { createRequire } = node.getBuiltinModule('node:module') as {
        createRequire: (from: string) => { resolve: (id: string) => string };
      };
      const { readFileSync } = node.getBuiltinModule('node:fs') as { readFileSync: (path: string) => Uint8Array };
      const path = createRequire(import.meta.url).resolve('parquet-wasm/esm/parquet_wasm_bg.wasm');
      module.initSync({ module: readFileSync(path) });
    } else await module.default();
    return module;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

const reason = (error: unknown) => String((error as Error)?.message ?? error).replace(/^Error:\s*/, '');

/** Reads a Parquet source into table `input.table` (see the file's opening). */
export async function readParquet(input: FormatRead): Promise<void> {
  const { executor, table, blob, options, limits, checkpoint } = input;
  if (executor.fileFormats?.includes('parquet')) return executor.loadFile(table, blob!, 'parquet', options);
  const pw = await parquetWasm();
  checkpoint();
  const source = blob instanceof Uint8Array ? new Blob([blob as Uint8Array<ArrayBuffer>]) : blob!;
  let file: ParquetFile;
  let schema: Schema;
  let rows: number;
  try {
    file = await pw.ParquetFile.fromFile(source);
    schema = RecordBatchReader.from(file.schema().intoIPCStream()).open().schema;
    rows = file.metadata().fileMetadata().numRows();
  } catch (error) {
    throw new Error(`not a readable Parquet file: ${reason(error)}`);
  }
  try {
    // Its shape, from its footer, before a row is decoded.
    const columns = schema.fields.length;
    if (limits) {
      if (columns > limits.maxColumns) throw tooManyColumns('the Parquet file', fmt(columns), limits.maxColumns);
      checkCells(rows, columns, input.size, limits.maxCellsPerByte * PARQUET_CELLS, 'the Parquet file');
    }
    if (rows === 0) throw new Error('no rows');
    const nested = nestedFields(schema);
    const stream = await file.stream({ batchSize: PARQUET_BATCH_ROWS });
    const reader = stream.getReader() as ReadableStreamDefaultReader<RecordBatch>;
    let first = true;
    try {
      for (;;) {
        checkpoint();
        let next: ReadableStreamReadResult<RecordBatch>;
        try {
          next = await reader.read();
        } catch (error) {
          throw new Error(`not a readable Parquet file: ${reason(error)}`);
        }
        if (next.done) break;
        let ipc = next.value.intoIPCStream();
        if (nested.length > 0) ipc = nestedAsJson(ipc, nested);
        try {
          await executor.loadTable(table, ipc, { append: !first });
        } catch (error) {
          throw new Error(`DuckDB cannot hold its columns (${describeFields(schema)}): ${reason(error)}`);
        }
        first = false;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  } finally {
    file.free();
  }
}

/** The columns and their Arrow types, for a message. */
const describeFields = (schema: Schema) => schema.fields.map((f) => `${f.name} ${String(f.type)}`).join(', ');
