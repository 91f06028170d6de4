// Parquet → DuckDB. Where the executor's DuckDB reads Parquet itself (native DuckDB), it does; DuckDB-wasm here has no
// parquet extension, so parquet-wasm (parquet-decode.ts; in browsers in a worker of its own, loaded with the first
// Parquet file) decodes the file a batch of rows at a time, read from the Blob as needed, into Arrow IPC that DuckDB
// appends to the table: never the whole file as rows, one batch decoded ahead. Nested columns (lists, structs, maps)
// become JSON text. Every codec arrow-rs reads: ZSTD, Snappy, GZIP, Brotli, LZ4_RAW (and LZ4), none.

import { RecordBatchReader, tableFromIPC, tableToIPC, type Schema } from 'apache-arrow';
import type { Executor } from './executor.js';
import type { FormatRead } from './format-types.js';
import { helperWorker } from './helper-workers.js';
import { checkCells, fmt, tooManyColumns } from './import-limits.js';
import { nestedAsJson, nestedFields } from './nested-json.js';
import type { ParquetDecoder } from './parquet-decode.js';
import type { ParquetRequest, ParquetResponse } from './parquet.worker.js';
import { quoteIdent } from './sql-quote.js';

/** Parquet is compressed: its rows may make this many times more cells a byte than text formats. */
export const PARQUET_CELLS = 8;
/** Rows decoded at once (at most a row group; its Arrow IPC: ~12 MB for flights-3m's 5 columns). */
export const PARQUET_BATCH_ROWS = 262_144;

const reason = (error: unknown) => String((error as Error)?.message ?? error).replace(/^Error:\s*/, '');

/** The decoder in parquet-wasm's own worker: one request at a time, the next batch asked for as one arrives. */
async function workerDecoder(blob: Blob): Promise<ParquetDecoder> {
  const worker = helperWorker(
    { kind: 'parquet' },
    () => new Worker(new URL('./parquet.worker.ts', import.meta.url), { type: 'module', name: 'svc-parquet' }),
  );
  let pending: { resolve(value: ParquetResponse): void; reject(error: Error): void } | undefined;
  let broken: Error | undefined;
  worker.addEventListener('message', (event) => {
    const data = (event as MessageEvent<ParquetResponse>).data;
    const call = pending;
    pending = undefined;
    if ('error' in data) call?.reject(new Error(data.error));
    else call?.resolve(data);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    broken = new Error(`not a readable Parquet file: its reader stopped on it (${event.message || 'it failed'})`);
    pending?.reject(broken);
    pending = undefined;
  });
  const ask = (request: ParquetRequest) =>
    new Promise<ParquetResponse>((resolve, reject) => {
      if (broken) return reject(broken);
      pending = { resolve, reject };
      worker.postMessage(request);
    });
  let opened;
  try {
    opened = (await ask({ op: 'open', blob, batchRows: PARQUET_BATCH_ROWS })) as { schema: Uint8Array; rows: number };
  } catch (error) {
    worker.terminate();
    throw error;
  }
  let ahead: Promise<ParquetResponse> | undefined;
  const prefetch = () => {
    ahead = ask({ op: 'next' });
    ahead.catch(() => undefined);
  };
  return {
    ...opened,
    async next() {
      if (!ahead) prefetch();
      const { ipc } = (await ahead!) as { ipc?: Uint8Array };
      if (ipc) prefetch();
      return ipc;
    },
    close: () => worker.terminate(),
  };
}

/** A decoder for `blob`: in parquet-wasm's worker in browsers, in-process in Node (no Web Workers there). */
async function openDecoder(blob: Blob): Promise<ParquetDecoder> {
  const node = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
  if (node || typeof Worker === 'undefined')
    return (await import('./parquet-decode.js')).openParquet(blob, PARQUET_BATCH_ROWS);
  return workerDecoder(blob);
}

/** Reads a Parquet source into table `input.table` (see the file's opening). */
export async function readParquet(input: FormatRead): Promise<void> {
  const { executor, table, blob, options, limits, checkpoint } = input;
  if (executor.fileFormats?.includes('parquet')) return executor.loadFile(table, blob!, 'parquet', options);
  const source = blob instanceof Uint8Array ? new Blob([blob as Uint8Array<ArrayBuffer>]) : blob!;
  const decoder = await openDecoder(source);
  try {
    checkpoint();
    let schema: Schema;
    try {
      schema = RecordBatchReader.from(decoder.schema).open().schema;
    } catch (error) {
      throw new Error(`not a readable Parquet file: its schema: ${reason(error)}`);
    }
    // Its shape, from its footer, before a row is decoded.
    const columns = schema.fields.length;
    if (limits) {
      if (columns > limits.maxColumns) throw tooManyColumns('the Parquet file', fmt(columns), limits.maxColumns);
      checkCells(decoder.rows, columns, input.size, limits.maxCellsPerByte * PARQUET_CELLS, 'the Parquet file');
    }
    if (decoder.rows === 0) throw new Error('no rows');
    const nested = nestedFields(schema);
    for (let first = true; ; first = false) {
      checkpoint();
      let ipc = await decoder.next();
      if (!ipc) break;
      if (nested.length > 0) ipc = nestedAsJson(ipc, nested);
      try {
        await executor.loadTable(table, ipc, { append: !first });
      } catch (error) {
        throw await unheld(executor, table, ipc, error);
      }
    }
  } finally {
    decoder.close();
  }
}

/** DuckDB-wasm's error text: its JSON's message when it is JSON. */
function duckDbReason(error: unknown): string {
  const text = reason(error);
  try {
    return String((JSON.parse(text) as { exception_message?: string }).exception_message ?? text);
  } catch {
    return text;
  }
}

/**
 * The error for a batch DuckDB refused: the columns it cannot hold, found by giving it each column's first row alone
 * (only when a batch fails), else DuckDB's own message.
 */
async function unheld(executor: Executor, table: string, ipc: Uint8Array, error: unknown): Promise<Error> {
  const batch = tableFromIPC(ipc);
  const probe = `${table}_probe`;
  const columns: string[] = [];
  for (const field of batch.schema.fields) {
    try {
      await executor.loadTable(probe, tableToIPC(batch.select([field.name]).slice(0, 1), 'stream'));
    } catch (refused) {
      columns.push(`column ${JSON.stringify(field.name)} (Arrow ${String(field.type)}: ${duckDbReason(refused)})`);
    }
  }
  await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(probe)}`).catch(() => undefined);
  return new Error(
    columns.length > 0
      ? `DuckDB cannot hold ${columns.join(', ')}`
      : `DuckDB could not read its rows: ${duckDbReason(error)}`,
  );
}
