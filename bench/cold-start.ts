// Cold start of the demo's production build in Chromium (issue 18): main-thread long tasks (PerformanceObserver
// 'longtask', registered before any of the page's scripts) and the time to the first chart drawn in
// <svc-dashboard>, until the dashboard is idle. Each start is a fresh browser context (empty IndexedDB: the demo
// seeds its engine), then a warm start (a reload, the engine's database kept). The engine in its worker (the
// default) against the same build with the engine in the page (`?engine=in-page`, the baseline), in the same run;
// medians of 5 with the range [min–max], and how many of the runs kept to the target (at most one task over 50 ms,
// none over 100 ms). cold-start-profile.ts names what the long tasks run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { waitForServer } from '../test/e2e/server.js';
import { median, type Row } from './util.js';

const root = new URL('..', import.meta.url).pathname;
export const OUT = `${root}test-results/cold-start-build`;
const RUNS = 5;
/** The dashboard is idle once this long has passed with no long task after it said it was loaded. */
const QUIET_MS = 2_000;

/** What one start measured, in ms from navigation. */
export interface StartMeasure {
  over50: number;
  over100: number;
  totalMs: number;
  maxMs: number;
  firstChartMs: number;
  loadedMs: number;
  /** The tasks over 50 ms, as "duration at start" (ms from navigation). */
  long: string[];
}

interface Probe {
  tasks: { start: number; duration: number }[];
  firstChart?: number;
  loaded?: number;
}

/**
 * Runs in the page before any of its scripts: records long tasks, the first drawn Vega chart inside
 * <svc-dashboard> (in any shadow root within it) and svc-dashboard-loaded; once the dashboard is idle (loaded, a
 * chart drawn, and no long task for `quietMs`), it logs what it saw to the console. Nothing is evaluated in the page
 * from outside while it starts (DevTools evaluation runs scripts of its own on the main thread).
 */
function probe(quietMs: number): void {
  const state: Probe = { tasks: [] };
  const idle = setInterval(() => {
    if (state.loaded === undefined || state.firstChart === undefined) return;
    const lastEnd = Math.max(state.loaded, ...state.tasks.map((t) => t.start + t.duration));
    if (performance.now() - lastEnd < quietMs) return;
    clearInterval(idle);
    console.debug(`__coldStart ${JSON.stringify(state)}`);
  }, 250);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('svc-dashboard-loaded', () => (state.loaded ??= performance.now()), true);
  // Every shadow root is watched from its creation (no per-frame walks of the page, which would add main-thread work
  // of their own): the first mutation after which a root inside <svc-dashboard> holds a drawn Vega mark is the chart.
  const inDashboard = (root: ShadowRoot): boolean => {
    for (let node: Node = root; node instanceof ShadowRoot; node = node.host.getRootNode()) {
      if (node.host.localName === 'svc-dashboard') return true;
    }
    return false;
  };
  const observers: MutationObserver[] = [];
  const attachShadow = Object.getOwnPropertyDescriptor(Element.prototype, 'attachShadow')!.value as (
    this: Element,
    init: ShadowRootInit,
  ) => ShadowRoot;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attachShadow.call(this, init);
    const observer = new MutationObserver(() => {
      if (state.firstChart !== undefined || !root.querySelector('svg.marks g.role-mark > *') || !inDashboard(root))
        return;
      state.firstChart = performance.now();
      for (const o of observers) o.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    observers.push(observer);
    return root;
  };
}

/** The probe as the page's first script (tsx names functions with a `__name` helper the page lacks: a local one). */
export const PROBE = { content: `(() => { const __name = (f) => f; (${probe.toString()})(${QUIET_MS}); })();` };

/** Navigates (`go`) and waits until the page's probe says the dashboard is idle; what it saw. */
export async function measure(page: Page, go: () => Promise<unknown>): Promise<StartMeasure> {
  const said = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('__coldStart '),
    timeout: 180_000,
  });
  await go();
  const s = JSON.parse((await said).text().slice('__coldStart '.length)) as Probe;
  const durations = s.tasks.map((t) => t.duration);
  return {
    over50: durations.filter((d) => d > 50).length,
    over100: durations.filter((d) => d > 100).length,
    totalMs: durations.reduce((a, b) => a + b, 0),
    maxMs: Math.max(0, ...durations),
    firstChartMs: s.firstChart!,
    loadedMs: s.loaded!,
    long: s.tasks
      .filter((t) => t.duration > 50)
      .map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.start)} ms`),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.on('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Builds the demo (its own output folder) and serves it with `vite preview`; `use` gets the origin. */
export async function withDemo<T>(use: (origin: string, browser: Browser) => Promise<T>): Promise<T> {
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'demo', '--logLevel', 'error', '--outDir', OUT, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the demo did not build');
  const port = await freePort();
  const server: ChildProcess = spawn(
    'npx',
    ['vite', 'preview', '--mode', 'demo', '--outDir', OUT, '--port', String(port), '--strictPort'],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const origin = `http://127.0.0.1:${port}`;
  let browser: Browser | undefined;
  try {
    await waitForServer(`${origin}/`, 30_000);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    return await use(origin, browser);
  } finally {
    await browser?.close();
    if (server.pid) process.kill(-server.pid);
  }
}

/** A cold start in a fresh context, then a warm one (a reload: the engine's database is kept). */
async function startTwice(browser: Browser, url: string): Promise<{ cold: StartMeasure; warm: StartMeasure }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[cold-start page]', e.message));
    const cold = await measure(page, () => page.goto(url));
    const warm = await measure(page, () => page.reload());
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

function row(mode: string, start: string, runs: StartMeasure[], baseline?: StartMeasure[]): Row {
  const m = (k: Exclude<keyof StartMeasure, 'long'>, of = runs) => median(of.map((r) => r[k]));
  const spread = (k: Exclude<keyof StartMeasure, 'long'>, f: (v: number) => string = ms) =>
    `${f(m(k))} [${f(Math.min(...runs.map((r) => r[k])))}–${f(Math.max(...runs.map((r) => r[k])))}]`;
  const ratio = (k: Exclude<keyof StartMeasure, 'long'>) =>
    baseline && m(k, baseline) > 0 ? ` (${(m(k) / m(k, baseline)).toFixed(2)}×)` : '';
  const kept = runs.filter((r) => r.over50 <= 1 && r.over100 === 0).length;
  return {
    engine: mode,
    start,
    'tasks > 50 ms': spread('over50', String),
    'tasks > 100 ms': spread('over100', String),
    'longest task': spread('maxMs') + ratio('maxMs'),
    'runs ≤ 1 task > 50 ms, none > 100 ms': `${kept} of ${runs.length}`,
    'long tasks total': ms(m('totalMs')) + ratio('totalMs'),
    'first chart': spread('firstChartMs') + ratio('firstChartMs'),
    'dashboard loaded': ms(m('loadedMs')) + ratio('loadedMs'),
  };
}

export async function coldStartBench(): Promise<Row[]> {
  return withDemo(async (origin, browser) => {
    const modes = { 'in the page (baseline)': '/?engine=in-page', 'in a worker': '/' } as const;
    const results = new Map<string, { cold: StartMeasure[]; warm: StartMeasure[] }>();
    for (const name of Object.keys(modes)) results.set(name, { cold: [], warm: [] });
    // Interleaved, so the machine's drift over the run falls on both alike.
    for (let i = 0; i < RUNS; i++) {
      for (const [name, path] of Object.entries(modes)) {
        const { cold, warm } = await startTwice(browser, origin + path);
        results.get(name)!.cold.push(cold);
        results.get(name)!.warm.push(warm);
      }
    }
    // The runs that missed the target, with their long tasks: when they ran says what ran.
    for (const [name, r] of results)
      r.cold.forEach((run, i) => {
        if (run.over50 > 1 || run.over100 > 0) console.log(`${name}, cold run ${i + 1}: ${run.long.join(', ')}`);
      });
    const base = results.get('in the page (baseline)')!;
    return [...results].flatMap(([name, r]) => [
      row(name, 'cold', r.cold, r === base ? undefined : base.cold),
      row(name, 'warm', r.warm, r === base ? undefined : base.warm),
    ]);
  });
}
