// parquet-wasm (arrow-rs's Parquet reader compiled to wasm) over a Blob: its schema and row count from the footer, then
// its rows as Arrow IPC streams, a batch at a time, read from the Blob as they are needed. In browsers this runs in a
// worker of its own (parquet.worker.ts: a reader that traps on a broken file takes only that worker down, and its
// memory goes with it); in Node, in-process.

import type * as ParquetWasmModule from 'parquet-wasm/esm';
import type { ParquetFile, RecordBatch } from 'parquet-wasm/esm';

type ParquetWasm = typeof ParquetWasmModule;
let loading: Promise<ParquetWasm> | undefined;

/** parquet-wasm, started once: its wasm from its package (Node: the file; browsers: beside its module). */
export function parquetWasm(): Promise<ParquetWasm> {
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

/** A Parquet file being decoded: its footer read, its batches to come. */
export interface ParquetDecoder {
  /** The Arrow schema as an IPC stream with no batches. */
  schema: Uint8Array;
  rows: number;
  /** The next batch of rows as an Arrow IPC stream; undefined after the last. */
  next(): Promise<Uint8Array | undefined>;
  close(): void;
}

/** Opens `blob` (its footer read; errors say what is wrong with the file). */
export async function openParquet(blob: Blob, batchRows: number): Promise<ParquetDecoder> {
  const pw = await parquetWasm();
  let file: ParquetFile;
  let schema: Uint8Array;
  let rows: number;
  try {
    file = await pw.ParquetFile.fromFile(blob);
    schema = file.schema().intoIPCStream();
    rows = file.metadata().fileMetadata().numRows();
  } catch (error) {
    throw new Error(`not a readable Parquet file: ${reason(error)}`);
  }
  let reader: ReadableStreamDefaultReader<RecordBatch> | undefined;
  return {
    schema,
    rows,
    async next() {
      try {
        reader ??= (
          await file.stream({ batchSize: batchRows })
        ).getReader() as ReadableStreamDefaultReader<RecordBatch>;
        const { done, value } = await reader.read();
        return done ? undefined : value.intoIPCStream();
      } catch (error) {
        throw new Error(`not a readable Parquet file: ${reason(error)}`);
      }
    },
    close() {
      void reader?.cancel().catch(() => undefined);
      file.free();
    },
  };
}
