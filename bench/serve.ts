// `svc-elements serve --model --data` over vega-datasets' flights-3m.parquet (3,000,000 rows, ZSTD) as a person runs
// it (a child process, native DuckDB): ms until the URL is printed, the process's peak RSS (Linux VmHWM), and a
// /load group-by through HTTP against the same SQL (the engine's own, from /cubejs-api/v1/sql) on native DuckDB
// directly over the same rows. `npm run bench -- serve`; `-- serve 30m` adds the rows ten times (30M).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { median, type Row } from './util.js';

const root = new URL('..', import.meta.url).pathname;
const FLIGHTS = join(root, 'node_modules/vega-datasets/data/flights-3m.parquet');
const RUNS = 3;
const MODEL = (table: string) => `cubes:
  - name: flights
    sql_table: ${table}
    measures:
      - { name: count, type: count }
      - { name: delay, sql: delay, type: avg }
      - { name: distance, sql: distance, type: sum }
    dimensions:
      - { name: origin, sql: origin, type: string }
      - { name: date, sql: date, type: time }
`;
const QUERY = {
  measures: ['flights.count', 'flights.delay', 'flights.distance'],
  dimensions: ['flights.origin'],
  order: { 'flights.count': 'desc' },
  limit: 20,
};

interface Started {
  url: string;
  ms: number;
  peakMb: () => number;
  stop: () => Promise<void>;
}

async function startServe(model: string, data: string): Promise<Started> {
  const begun = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/run.ts', 'serve', '--demo', '--model', model, '--data', data, '--port', '0'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  for (;;) {
    const url = /local engine on (http:\S+)/.exec(out)?.[1];
    if (url) {
      const ms = performance.now() - begun;
      const peakMb = () =>
        Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const stop = () =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      return { url, ms, peakMb, stop };
    }
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${err}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo-admin-key', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function measure(label: string, file: string, goals = { start: '≤ 2,000 ms', rss: '≤ 600 MB' }): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-bench-serve-'));
  try {
    await mkdir(join(dir, 'data'));
    await symlink(file, join(dir, 'data', 'flights-3m.parquet'));
    await writeFile(join(dir, 'model.yml'), MODEL('flights_3m'));
    const starts: number[] = [];
    const peaks: number[] = [];
    const loads: number[] = [];
    let sql = '';
    for (let run = 0; run < RUNS; run++) {
      const served = await startServe(join(dir, 'model.yml'), join(dir, 'data'));
      try {
        starts.push(served.ms);
        const first = await post(served.url, '/cubejs-api/v1/load', { query: QUERY });
        if (first.status !== 200) throw new Error(`load answered ${first.status}: ${await first.text()}`);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++)
          times.push(await timed(async () => (await post(served.url, '/cubejs-api/v1/load', { query: QUERY })).json()));
        loads.push(median(times));
        const compiled = (await (await post(served.url, '/cubejs-api/v1/sql', { query: QUERY })).json()) as {
          sql: { sql: [string, unknown[]] };
        };
        sql = compiled.sql.sql[0];
        peaks.push(served.peakMb());
      } finally {
        await served.stop();
      }
    }
    // The same SQL on native DuckDB directly, over the same rows in a table.
    const direct = await (await DuckDBInstance.create(':memory:')).connect();
    await direct.run(`CREATE TABLE flights_3m AS SELECT * FROM read_parquet('${file}')`);
    await direct.runAndReadAll(sql);
    const nativeMs = median(
      await Array.from({ length: RUNS }).reduce<Promise<number[]>>(
        async (acc) => [...(await acc), await timed(() => direct.runAndReadAll(sql))],
        Promise.resolve([]),
      ),
    );
    direct.closeSync();
    const ms = (n: number) => `${Math.round(n)} ms`;
    return [
      { rows: label, measure: 'URL printed', value: ms(median(starts)), goal: goals.start },
      { rows: label, measure: 'peak RSS', value: `${Math.round(median(peaks))} MB`, goal: goals.rss },
      {
        rows: label,
        measure: '/load group-by through serve',
        value: `${ms(median(loads))} (${(median(loads) / nativeMs).toFixed(2)}× native)`,
        goal: '≤ 1.2× native',
      },
      { rows: label, measure: 'same SQL, native DuckDB directly', value: ms(nativeMs), goal: '' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rows of the serve bench: 3M rows, and with `thirty` the same rows ten times. */
export async function serveBench(thirty = false): Promise<Row[]> {
  const rows = await measure('3M (flights-3m.parquet)', FLIGHTS);
  if (!thirty) return rows;
  const dir = await mkdtemp(join(tmpdir(), 'svc-bench-30m-'));
  try {
    const file = join(dir, 'flights-30m.parquet');
    const writer = await (await DuckDBInstance.create(':memory:')).connect();
    await writer.run(
      `COPY (SELECT f.* FROM read_parquet('${FLIGHTS}') f, range(10)) TO '${file}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    writer.closeSync();
    return [...rows, ...(await measure('30M (the file ten times)', file, { start: '≤ 10,000 ms', rss: '' }))];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
