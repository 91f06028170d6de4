// Runs a benchmark module inside Debian's Chromium (where the library's browser code runs), through playwright-core:
// the module is bundled with esbuild as an ES module and imported into a page whose origin serves the project's
// files (so DuckDB's worker and wasm load as they do in an app), from a server on 127.0.0.1: a real one, because
// playwright's request routing does not see what workers fetch.
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
// @ts-expect-error -- plain JS module shared with the test runner and Vite's config
import { LIBPG_QUERY_LOADER, libpgQueryToEsm } from '../scripts/libpg-query-esm.mjs';
import { nodeOnlyEsbuild } from '../scripts/node-only.js';
import { LAYOUT_TRACE_CATEGORIES, layoutAttribution, type TraceEvent } from './layout-trace.js';
import type { Row } from './util.js';

const root = new URL('..', import.meta.url).pathname;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

/** The resident bytes (VmRSS) of this process's descendants: the browser it launched and that browser's processes. */
async function processTreeBytes(): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (stat) parents.set(Number(entry), ppid);
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let bytes = 0;
  for (const pid of parents.keys()) {
    if (!ours(pid)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    bytes += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }
  return bytes;
}

export async function inChromium(modulePath: string, exportName: string, ...args: unknown[]): Promise<Row[]> {
  const bundle = (entry: string) =>
    build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      // Node-only code paths (DuckDB's Node build) are behind runtime checks and never load in the page.
      external: ['node:*', 'fs', 'path', 'crypto', 'module', 'url', 'worker_threads'],
      // Keep the module where the source sits, so relative URLs to node_modules resolve as in the source tree.
      outdir: join(root, 'bench'),
      plugins: [
        nodeOnlyEsbuild,
        {
          // libpg-query's loader as an ES module, its wasm found beside it (the rewrite Vite and the test runner use).
          name: 'libpg-query-esm',
          setup(b) {
            b.onLoad({ filter: LIBPG_QUERY_LOADER as RegExp }, async (args) => ({
              contents: (libpgQueryToEsm as (code: string) => string)(await readFile(args.path, 'utf8')),
              loader: 'js',
            }));
          },
        },
      ],
    });
  const text = async (entry: string) => (await bundle(entry)).outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  // esbuild does not follow `new Worker(new URL(…))`: the SQL parser's worker is bundled on its own and served where
  // the page's bundle asks for it (beside it, in /bench/), with libpg-query's wasm beside that.
  const code = await text(modulePath);
  const parserWorker = await text(join(root, 'src/engine/data/pg-parser.worker.ts'));
  // The engine's own worker (createLocalEngine's default in a page), asked for beside the page's bundle too, and the
  // helpers that run DuckDB's worker for it and keep its module; the page asks for the parser's worker for it one
  // folder up (/data/).
  const engineWorker = await text(join(root, 'src/engine/worker/engine.worker.ts'));
  const classicHost = await text(join(root, 'src/engine/worker/classic-host.worker.ts'));
  const moduleKeeper = await text(join(root, 'src/engine/worker/module-keeper.worker.ts'));
  const parquetWorker = await text(join(root, 'src/engine/data/parquet.worker.ts'));
  const parquetWasm = await readFile(join(root, 'node_modules/parquet-wasm/esm/parquet_wasm_bg.wasm'));
  const SERVED: Record<string, { contentType: string; body: string | Buffer }> = {
    '/': { contentType: 'text/html', body: '<!doctype html><title>bench</title>' },
    '/bench/__bench.js': { contentType: 'text/javascript', body: code },
    '/bench/pg-parser.worker.ts': { contentType: 'text/javascript', body: parserWorker },
    '/bench/engine.worker.ts': { contentType: 'text/javascript', body: engineWorker },
    '/bench/classic-host.worker.ts': { contentType: 'text/javascript', body: classicHost },
    // The page's keeper of DuckDB's compiled module (served, or every DuckDB compiles its own).
    '/bench/module-keeper.worker.ts': { contentType: 'text/javascript', body: moduleKeeper },
    // parquet-wasm's worker, made from the engine's worker (through the page) or from the page, and its wasm beside it.
    '/bench/parquet.worker.ts': { contentType: 'text/javascript', body: parquetWorker },
    '/data/parquet.worker.ts': { contentType: 'text/javascript', body: parquetWorker },
    '/bench/parquet_wasm_bg.wasm': { contentType: 'application/wasm', body: parquetWasm },
    '/data/parquet_wasm_bg.wasm': { contentType: 'application/wasm', body: parquetWasm },
    '/data/pg-parser.worker.ts': { contentType: 'text/javascript', body: parserWorker },
    '/bench/libpg-query.wasm': {
      contentType: 'application/wasm',
      body: await readFile(join(root, 'node_modules/libpg-query/wasm/libpg-query.wasm')),
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const send = (status: number, contentType: string, body: string | Buffer) => {
        res.writeHead(status, { 'content-type': contentType });
        res.end(body);
      };
      if (SERVED[path]) return send(200, SERVED[path].contentType, SERVED[path].body);
      const file = normalize(join(root, path));
      if (!file.startsWith(root)) return send(403, 'text/plain', 'forbidden');
      try {
        send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
      } catch {
        send(404, 'text/plain', 'not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH as string,
    headless: true,
    args: CHROMIUM_ARGS as string[],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[bench page]', e.message));
    // Main-thread busy time of the page's renderer (every task: script, style, layout, paint), from DevTools.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.exposeFunction('__mainThreadMs', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    });
    // The renderer main thread's CPU time (ThreadTime): what the page's work costs, whatever else the machine runs.
    await page.exposeFunction('__mainThreadCpuMs', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
    });
    // The renderer main thread's tasks between a start and a stop, from a trace: each one's wall-clock and CPU time.
    const traced: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => traced.push(...(value as unknown as typeof traced)));
    await page.exposeFunction('__traceTasksStart', async () => {
      traced.length = 0;
      await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
    });
    await page.exposeFunction('__traceTasksStop', async () => {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      const main = traced.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      return traced
        .filter(
          (e) =>
            e.pid === main?.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask',
        )
        .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
    });
    // The renderer main thread's DevTools timeline between a start and a stop, summed by event (script, style, layout,
    // paint…): each kind's count, wall-clock and CPU time, and the layout objects laid out / elements restyled.
    await page.exposeFunction('__traceTimelineStart', async () => {
      traced.length = 0;
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
    });
    await page.exposeFunction('__traceTimelineStop', async (top: number) => {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      const main = traced.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const sums = new Map<string, { count: number; wallMs: number; cpuMs: number; objects: number }>();
      for (const e of traced) {
        if (e.pid !== main?.pid || e.tid !== main.tid || e.ph !== 'X') continue;
        const sum = sums.get(e.name) ?? { count: 0, wallMs: 0, cpuMs: 0, objects: 0 };
        sum.count++;
        sum.wallMs += (e.dur ?? 0) / 1000;
        sum.cpuMs += (e.tdur ?? 0) / 1000;
        sum.objects += e.args?.beginData?.dirtyObjects ?? e.args?.elementCount ?? 0;
        sums.set(e.name, sum);
      }
      return [...sums].sort((a, b) => b[1].cpuMs - a[1].cpuMs).slice(0, top);
    });
    // The same timeline with stack traces and invalidation tracking: each layout, where it ran and what dirtied it.
    await page.exposeFunction('__traceLayoutsStart', async () => {
      traced.length = 0;
      await cdp.send('Tracing.start', { categories: LAYOUT_TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    });
    await page.exposeFunction('__traceLayoutsStop', async (renders: number) => {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      return layoutAttribution(traced, renders);
    });
    // V8's sampling profiler on the page's main thread between a start and a stop: the functions with the most own
    // time (ms), as "name file:line".
    await page.exposeFunction('__profileStart', async () => {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    });
    await page.exposeFunction('__profileStop', async (top: number) => {
      const { profile } = await cdp.send('Profiler.stop');
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      const deltas = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        const f = byId.get(id)!.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
      });
      return [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
    });
    await page.exposeFunction('__mainThreadBreakdown', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
      return { script: ms('ScriptDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
    });
    // Peak memory: the resident bytes of every process this run started (Chromium's browser, renderer, GPU and utility
    // processes), summed every 50 ms between __memoryWatch('start') (returns the first sum) and ('stop') (the peak).
    let watch: { timer: NodeJS.Timeout; peak: number } | undefined;
    await page.exposeFunction('__memoryWatch', async (what: 'start' | 'stop') => {
      if (what === 'stop') {
        clearInterval(watch?.timer);
        const peak = watch?.peak ?? 0;
        watch = undefined;
        return peak;
      }
      const first = await processTreeBytes();
      const current: { timer?: NodeJS.Timeout; peak: number } = { peak: first };
      current.timer = setInterval(() => {
        void processTreeBytes().then((bytes) => (current.peak = Math.max(current.peak, bytes)));
      }, 50);
      watch = current as { timer: NodeJS.Timeout; peak: number };
      return first;
    });
    await page.goto(`${origin}/`);
    return await page.evaluate(
      async ({ url, name, fnArgs }) => {
        const mod = (await import(url)) as Record<string, (...a: unknown[]) => Promise<Row[]>>;
        return mod[name](...fnArgs);
      },
      { url: '/bench/__bench.js', name: exportName, fnArgs: args },
    );
  } finally {
    await browser.close();
    server.close();
  }
}
