// Importing a 1,000,000-row CSV (≈ 65 MB, generated in the page: bench/import-csv.ts) in Chromium, against
// DuckDB-wasm's own read_csv of the same bytes in the same run: a fresh AsyncDuckDB, registerFileBuffer, CREATE TABLE
// AS SELECT * FROM read_csv (the baseline). The engine's rows (in the page: `worker: false`) go through to a stored
// (IndexedDB), queryable table; the reload is a new engine on that database answering its first /load (DuckDB
// started, nothing imported: it reads the kept CSV again). Each row is the median of 5 runs, the runs of every row
// interleaved, with the median of each run's ratio to the read_csv run of its round (the paired ratio: the load of a
// shared machine changes between rounds), the page's main-thread long tasks (the PerformanceObserver's 'longtask':
// tasks over 50 ms) while it ran, and the engine's import progress events.
import { AsyncDuckDB, DuckDBDataProtocol, VoidLogger } from '@duckdb/duckdb-wasm';
import { DEMO, createLocalEngine, type EngineProgress, type LocalEngine } from '../src/engine/index.js';
import { generateCsv } from './import-csv.js';
import { median, type Row } from './util.js';

const WASM_URL = new URL('../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url).href;
const WORKER_URL = new URL('../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js', import.meta.url)
  .href;

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

/** The engine in this page (the option of the engine that otherwise runs in its own Worker). */
const IN_PAGE: Record<string, unknown> = { worker: false };
const MODEL = 'cubes:\n  - name: orders\n    sql_table: t\n    measures:\n      - { name: count, type: count }\n';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  ms: number;
  tasks: number[];
  progress?: { bytes: number; rows: number };
}

/** Times `fn` and collects the long tasks that started while it ran (reported a moment after they end). */
async function measure(fn: () => Promise<void>): Promise<Run> {
  await pause(200);
  const t0 = performance.now();
  await fn();
  const t1 = performance.now();
  await pause(200);
  const tasks = longTasks.filter((t) => t.start >= t0 && t.start < t1).map((t) => t.duration);
  return { ms: t1 - t0, tasks };
}

async function startDuckDb(): Promise<{ db: AsyncDuckDB; conn: Awaited<ReturnType<AsyncDuckDB['connect']>> }> {
  const db = new AsyncDuckDB(new VoidLogger(), new Worker(WORKER_URL));
  await db.instantiate(WASM_URL);
  return { db, conn: await db.connect() };
}

async function checkCount(count: number, rows: number, what: string): Promise<void> {
  if (count !== rows) throw new Error(`${what}: ${count} rows, expected ${rows}`);
}

/**
 * The baseline: DuckDB-wasm's read_csv of the bytes, registered as a buffer, on a DuckDB started beforehand that has
 * read a one-row CSV (as the engine's DuckDB has imported a one-row table before the measured import: its first
 * read_csv also compiles the reader's wasm code).
 */
async function rawReadCsv(file: File, rows: number, handle: boolean, cold = false): Promise<Run> {
  const { db, conn } = await startDuckDb();
  if (!cold) {
    await db.registerFileBuffer('warm.csv', new TextEncoder().encode('a\n1\n'));
    await conn.query("CREATE TABLE warm AS SELECT * FROM read_csv('warm.csv')");
  }
  const bytes = handle ? undefined : new Uint8Array(await file.arrayBuffer());
  try {
    return await measure(async () => {
      if (bytes) await db.registerFileBuffer('orders.csv', bytes);
      else await db.registerFileHandle('orders.csv', file, DuckDBDataProtocol.BROWSER_FILEREADER, true);
      await conn.query("CREATE TABLE t AS SELECT * FROM read_csv('orders.csv')");
    });
  } finally {
    const count = Number((await conn.query('SELECT count(*) AS n FROM t')).get(0)?.n);
    await db.terminate();
    await checkCount(count, rows, 'read_csv');
  }
}

async function duckDbStart(): Promise<Run> {
  let started: Awaited<ReturnType<typeof startDuckDb>> | undefined;
  const run = await measure(async () => {
    started = await startDuckDb();
  });
  await started!.db.terminate();
  return run;
}

/** orders.count through /load (asked again while the engine answers "Continue wait", as Cube's clients do). */
export async function countThroughLoad(engine: LocalEngine): Promise<number> {
  for (;;) {
    const res = await engine.fetch(
      new Request('https://local.svc/cubejs-api/v1/load', {
        method: 'POST',
        headers: { Authorization: `Bearer ${DEMO.adminKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['orders.count'] } }),
      }),
    );
    const body = (await res.json()) as { error?: string; data?: { 'orders.count': number }[] };
    if (res.status === 200 && body.error === 'Continue wait') continue;
    if (res.status !== 200 || !body.data) throw new Error(`load ${res.status}: ${JSON.stringify(body)}`);
    return Number(body.data[0]['orders.count']);
  }
}

/**
 * engine.putTable into a new engine whose DuckDB is already started (by a one-row table), through to the table
 * stored in IndexedDB and queryable; the database is kept for the reload when `keep` is given.
 */
async function enginePut(
  file: File,
  rows: number,
  options: Record<string, unknown>,
  source: 'file' | 'bytes',
  keep?: string[],
): Promise<Run> {
  const name = `svc-bench-import-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const events: EngineProgress[] = [];
  const engine = await createLocalEngine({ name, seed: 'demo', ...options, onProgress: (p) => events.push(p) });
  try {
    await engine.putTable('warm', [{ a: 1 }]);
    events.length = 0;
    const input = source === 'file' ? file : new Uint8Array(await file.arrayBuffer());
    const run = await measure(async () => {
      await checkCount((await engine.putTable('t', input)).rowCount, rows, 'putTable');
    });
    const imports = events.filter((e) => e.phase === 'import');
    run.progress = {
      bytes: imports.filter((e) => e.rows === undefined).length,
      rows: imports.filter((e) => e.rows !== undefined).length,
    };
    await engine.setModel(MODEL);
    await checkCount(await countThroughLoad(engine), rows, '/load after putTable');
    keep?.push(name);
    return run;
  } finally {
    await engine.close();
    if (!keep?.includes(name)) indexedDB.deleteDatabase(name);
  }
}

/** A new engine on a database that holds the table: its start and first /load, DuckDB started, nothing imported. */
async function reload(name: string, rows: number, options: Record<string, unknown>): Promise<Run> {
  const events: EngineProgress[] = [];
  let engine: LocalEngine | undefined;
  let count = 0;
  try {
    const run = await measure(async () => {
      engine = await createLocalEngine({ name, ...options, onProgress: (p) => events.push(p) });
      count = await countThroughLoad(engine);
    });
    await checkCount(count, rows, 'reload');
    if (events.some((e) => e.phase === 'import')) throw new Error('the reload imported again');
    return run;
  } finally {
    await engine?.close();
  }
}

export async function importBench(rows = 1_000_000, runs = 5): Promise<Row[]> {
  const file = generateCsv(rows);
  const results: Record<string, Run[]> = {};
  const add = (key: string, run: Run) => (results[key] ??= []).push(run);
  const kept: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      add('start', await duckDbStart());
      add('raw', await rawReadCsv(file, rows, false));
      add('rawHandle', await rawReadCsv(file, rows, true));
      add('rawCold', await rawReadCsv(file, rows, false, true));
      add('file', await enginePut(file, rows, IN_PAGE, 'file', kept));
      add('bytes', await enginePut(file, rows, IN_PAGE, 'bytes'));
      add('worker', await enginePut(file, rows, {}, 'file'));
    }
    for (const name of kept) {
      add('rawForReload', await rawReadCsv(file, rows, false));
      add('reload', await reload(name, rows, IN_PAGE));
    }
  } finally {
    for (const name of kept) indexedDB.deleteDatabase(name);
  }
  const base = median(results.raw.map((r) => r.ms));
  const row = (step: string, key: string, target = ''): Row => {
    const list = results[key];
    const ms = median(list.map((r) => r.ms));
    const tasks = list.flatMap((r) => r.tasks);
    const progress = list[0].progress;
    // Each run over the read_csv run of the same round (a shared machine's load changes between rounds).
    const baseline = results[key === 'reload' ? 'rawForReload' : 'raw'];
    const paired = median(list.map((r, i) => r.ms / baseline[i].ms));
    return {
      step,
      median: `${ms.toFixed(0)} ms`,
      'ratio to read_csv': `${(ms / base).toFixed(2)}×`,
      'paired ratio': `${paired.toFixed(2)}×`,
      [`long tasks (${runs} runs)`]: String(tasks.length),
      longest: tasks.length ? `${Math.max(...tasks).toFixed(0)} ms` : '—',
      'long-task ms per run': (tasks.reduce((a, b) => a + b, 0) / runs).toFixed(0),
      'progress events (bytes / rows)': progress ? `${progress.bytes} / ${progress.rows}` : '',
      target,
    };
  };
  return [
    row(`DuckDB-wasm read_csv, registerFileBuffer (${(file.size / 1e6).toFixed(1)} MB, baseline)`, 'raw'),
    row('DuckDB-wasm read_csv, registerFileHandle of the File', 'rawHandle'),
    row("DuckDB-wasm read_csv, registerFileBuffer, the DuckDB's first read_csv", 'rawCold'),
    row('engine.putTable(File), in the page: read, stored, queryable', 'file', '≤ 1.2×, no task > 50 ms'),
    row('engine.putTable(Uint8Array), in the page', 'bytes', '≤ 1.2×, no task > 50 ms'),
    row('engine.putTable(File), the default: the engine in its worker', 'worker', '≤ 1.2×, no task > 50 ms'),
    row('reload: new engine on the stored table, first /load', 'reload', 'no import, no task > 50 ms'),
    row('(DuckDB-wasm start alone: instantiate + connect)', 'start'),
  ];
}
