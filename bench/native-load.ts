// Uploaded bytes into native DuckDB (the executor of `svc-elements serve` and of createLocalEngine in Node): Arrow IPC
// loaded by loadTable (through Parquet files in its private folder, data/native-arrow.ts) and a table exported for
// keeping (exportTable), over the public flights-200k.arrow and flights-3m.parquet's rows as Arrow IPC — medians of 3.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { createNativeExecutor } from '../src/engine/data/duckdb-native.js';
import { median, type Row } from './util.js';

const data = (file: string) => new URL(`../node_modules/vega-datasets/data/${file}`, import.meta.url);

/** flights-3m.parquet's rows as an Arrow IPC stream (as a host's Arrow upload of them would be). */
async function flights3m(): Promise<Uint8Array> {
  const pw = await import('parquet-wasm/esm');
  pw.initSync({
    module: await readFile(createRequire(import.meta.url).resolve('parquet-wasm/esm/parquet_wasm_bg.wasm')),
  });
  return pw.readParquet(new Uint8Array(await readFile(data('flights-3m.parquet')))).intoIPCStream();
}

export async function nativeLoadBench(runs = 3): Promise<Row[]> {
  const sources: [string, Uint8Array][] = [
    ['flights-200k.arrow', tableToIPC(tableFromIPC(await readFile(data('flights-200k.arrow'))), 'stream')],
    ['flights-3m as Arrow IPC', await flights3m()],
  ];
  const rows: Row[] = [];
  for (const [name, ipc] of sources) {
    const load: number[] = [];
    const exported: number[] = [];
    for (let i = 0; i < runs; i++) {
      const executor = await createNativeExecutor();
      try {
        let t0 = performance.now();
        await executor.loadTable('flights', ipc.slice());
        load.push(performance.now() - t0);
        t0 = performance.now();
        await executor.exportTable('flights');
        exported.push(performance.now() - t0);
      } finally {
        await executor.close();
      }
    }
    rows.push({
      step: `native loadTable: ${name} (${(ipc.length / 1e6).toFixed(0)} MB)`,
      median: `${median(load).toFixed(0)} ms`,
    });
    rows.push({ step: `native exportTable: ${name}`, median: `${median(exported).toFixed(0)} ms` });
  }
  return rows;
}
