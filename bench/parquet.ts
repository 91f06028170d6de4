// vega-datasets' flights-3m.parquet (ZSTD, 3,000,000 rows, 13.5 MB) as it comes, through engine.putTable in Chromium
// with the engine in its Worker, to a stored table answering /load; beside it in the same run, the baseline:
// DuckDB-wasm's own read_csv of the same rows as CSV (written by DuckDB-wasm from the Parquet file's rows before the
// runs; registerFileBuffer, CREATE TABLE AS SELECT * FROM read_csv, on a DuckDB that has read a one-row CSV). Then the
// reload: a new engine on the database that keeps the Parquet file, answering its first /load, and DuckDB-wasm's start
// alone on that database in its parts (the reload's largest cost). Each row: the median of 3 runs (interleaved), the
// paired ratio to the read_csv run of its round, the page's main-thread long tasks (PerformanceObserver 'longtask': over
// 50 ms) and the peak resident memory of Chromium's processes over the idle page.
import { AsyncDuckDB, DuckDBAccessMode, VoidLogger } from '@duckdb/duckdb-wasm';
import initParquet, { ParquetFile, type RecordBatch } from 'parquet-wasm/esm';
import { createLocalEngine, type LocalEngine } from '../src/engine/index.js';
import { opfsFileName } from '../src/engine/data/opfs-database.js';
import { countThroughLoad } from './import.js';
import { median, memoryWatch, type Row } from './util.js';

const WASM_URL = new URL('../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url).href;
const WORKER_URL = new URL('../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js', import.meta.url)
  .href;
const FLIGHTS = '/node_modules/vega-datasets/data/flights-3m.parquet';
const ROWS = 3_000_000;
const MODEL = 'cubes:\n  - name: orders\n    sql_table: t\n    measures:\n      - { name: count, type: count }\n';

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  ms: number;
  tasks: number[];
  /** Peak resident bytes of the browser's processes over those of the idle page before. */
  memory: number;
}

async function measure(fn: () => Promise<void>): Promise<Run> {
  await pause(300);
  const idle = await memoryWatch('start');
  const t0 = performance.now();
  await fn();
  const t1 = performance.now();
  const peak = await memoryWatch('stop');
  await pause(200);
  const tasks = longTasks.filter((t) => t.start >= t0 && t.start < t1).map((t) => t.duration);
  return { ms: t1 - t0, tasks, memory: peak - idle };
}

async function startDuckDb() {
  const db = new AsyncDuckDB(new VoidLogger(), new Worker(WORKER_URL));
  await db.instantiate(WASM_URL);
  return { db, conn: await db.connect() };
}

/** The Parquet file's rows as CSV, written by DuckDB-wasm (outside the runs). */
async function flightsCsv(parquet: File): Promise<File> {
  await initParquet();
  const { db, conn } = await startDuckDb();
  try {
    const reader = (await (await ParquetFile.fromFile(parquet)).stream()).getReader();
    for (let first = true; ; first = false) {
      const { done, value } = (await reader.read()) as ReadableStreamReadResult<RecordBatch>;
      if (done) break;
      await conn.insertArrowFromIPCStream(value.intoIPCStream(), { name: 'flights', create: first });
    }
    await db.registerEmptyFileBuffer('flights.csv');
    await conn.query("COPY flights TO 'flights.csv' (HEADER, DELIMITER ',')");
    const bytes = (await db.copyFileToBuffer('flights.csv')) as Uint8Array<ArrayBuffer>;
    return new File([bytes], 'flights-3m.csv', { type: 'text/csv' });
  } finally {
    await db.terminate();
  }
}

/** The baseline: DuckDB-wasm's read_csv of the CSV's bytes, registered as a buffer, on a warmed DuckDB. */
async function rawReadCsv(csv: File): Promise<Run> {
  const { db, conn } = await startDuckDb();
  await db.registerFileBuffer('warm.csv', new TextEncoder().encode('a\n1\n'));
  await conn.query("CREATE TABLE warm AS SELECT * FROM read_csv('warm.csv')");
  const bytes = new Uint8Array(await csv.arrayBuffer());
  try {
    return await measure(async () => {
      await db.registerFileBuffer('flights.csv', bytes);
      await conn.query("CREATE TABLE t AS SELECT * FROM read_csv('flights.csv')");
    });
  } finally {
    const count = Number((await conn.query('SELECT count(*) AS n FROM t')).get(0)?.n);
    await db.terminate();
    if (count !== ROWS) throw new Error(`read_csv: ${count} rows`);
  }
}

/**
 * engine.putTable(File) with the engine in its Worker (DuckDB started by a one-row table), to the first /load; its
 * tables kept in a database in OPFS (the default), or with `keepDatabase: false` held in memory only.
 */
async function enginePut(parquet: File, kept: string[], keepDatabase = true): Promise<Run> {
  const name = `svc-bench-parquet-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const engine = await createLocalEngine({ name, seed: 'demo', keepDatabase });
  try {
    await engine.putTable('warm', [{ a: 1 }]);
    let count = 0;
    const run = await measure(async () => {
      await engine.putTable('t', parquet);
      await engine.setModel(MODEL);
      count = await countThroughLoad(engine);
    });
    if (count !== ROWS) throw new Error(`putTable: ${count} rows`);
    kept.push(name);
    return run;
  } finally {
    await engine.close();
  }
}

/** A new engine on a database that keeps the Parquet file: its start and first /load. */
async function reload(name: string): Promise<Run> {
  let engine: LocalEngine | undefined;
  let count = 0;
  try {
    const run = await measure(async () => {
      engine = await createLocalEngine({ name });
      count = await countThroughLoad(engine);
    });
    if (count !== ROWS) throw new Error(`reload: ${count} rows`);
    return run;
  } finally {
    await engine?.close();
  }
}

/** The parts of a DuckDB-wasm start on the database a reload opens, in ms (DuckDB alone, no engine around it). */
interface StartParts {
  /** Its worker's script loaded and answering. */
  script: number;
  /** instantiate(): the wasm fetched, compiled and started. */
  instantiate: number;
  /** open() of the kept database in OPFS. */
  open: number;
  /** connect() and the first count(*) over the kept table. */
  query: number;
}

async function startParts(name: string): Promise<StartParts> {
  await pause(300);
  const t0 = performance.now();
  const db = new AsyncDuckDB(new VoidLogger(), new Worker(WORKER_URL));
  await db.getVersion().catch(() => undefined); // refused before instantiate, once the script answers
  const t1 = performance.now();
  await db.instantiate(WASM_URL);
  const t2 = performance.now();
  await db.open({ path: `opfs://${opfsFileName(name)}`, accessMode: DuckDBAccessMode.READ_WRITE });
  const t3 = performance.now();
  const conn = await db.connect();
  const count = Number((await conn.query('SELECT count(*) AS n FROM t')).get(0)?.n);
  const t4 = performance.now();
  await conn.close();
  await db.terminate();
  if (count !== ROWS) throw new Error(`start parts: ${count} rows`);
  return { script: t1 - t0, instantiate: t2 - t1, open: t3 - t2, query: t4 - t3 };
}

export async function parquetBench(runs = 3): Promise<Row[]> {
  const parquet = new File([await (await fetch(FLIGHTS)).arrayBuffer()], 'flights-3m.parquet');
  const csv = await flightsCsv(parquet);
  const results: Record<string, Run[]> = { csv: [], put: [], memory: [], reload: [] };
  const kept: string[] = [];
  const parts: StartParts[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      results.csv.push(await rawReadCsv(csv));
      results.memory.push(await enginePut(parquet, kept, false));
      results.put.push(await enginePut(parquet, kept));
      results.reload.push(await reload(kept[kept.length - 1]));
      parts.push(await startParts(kept[kept.length - 1]));
    }
  } finally {
    const root = await navigator.storage.getDirectory().catch(() => undefined);
    for (const name of kept) {
      indexedDB.deleteDatabase(name);
      // Its tables' database in OPFS (keepDatabase).
      for (const file of [opfsFileName(name), `${opfsFileName(name)}.wal`])
        await root?.removeEntry(file).catch(() => undefined);
    }
  }
  const row = (step: string, key: string, target = ''): Row => {
    const list = results[key];
    const tasks = list.flatMap((r) => r.tasks);
    return {
      step,
      median: `${median(list.map((r) => r.ms)).toFixed(0)} ms`,
      'paired ratio to read_csv': `${median(list.map((r, i) => r.ms / results.csv[i].ms)).toFixed(2)}×`,
      [`long tasks (${runs} runs)`]: String(tasks.length),
      longest: tasks.length ? `${Math.max(...tasks).toFixed(0)} ms` : '—',
      'peak memory over idle': `${(median(list.map((r) => r.memory)) / 2 ** 20).toFixed(0)} MB`,
      target,
    };
  };
  return [
    row(`DuckDB-wasm read_csv of the same rows as CSV (${(csv.size / 1e6).toFixed(0)} MB, baseline)`, 'csv'),
    row(
      'flights-3m.parquet (13.5 MB, ZSTD) → engine.putTable(File), engine in its Worker, to the first /load',
      'put',
      '≤ 3 s, 0 tasks > 50 ms, ≤ 1 GB',
    ),
    row('the same with keepDatabase: false (its DuckDB in memory; IndexedDB keeps the file)', 'memory'),
    row('page reload with those rows kept → new engine, first /load', 'reload', '≤ 1.5 s'),
    {
      step: 'its DuckDB start alone, in parts: worker script + instantiate (the 34 MB wasm) + open in OPFS + first count(*)',
      median: (['script', 'instantiate', 'open', 'query'] as const)
        .map((part) => `${median(parts.map((p) => p[part])).toFixed(0)}`)
        .join(' + ')
        .concat(' ms'),
    },
  ];
}
