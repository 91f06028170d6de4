// @web/test-runner: browser tests in Debian's Chromium and Firefox ESR driven by puppeteer-core (CDP and WebDriver
// BiDi) and in WebKitGTK's MiniBrowser through WebKitWebDriver — no browser download. SVC_BROWSERS picks them
// (comma-separated: chromium, firefox, webkit; default chromium); scripts/test.mjs runs one browser per process.
// Files named *.node.test.ts run under Node instead (see scripts/test.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import * as puppeteerCore from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_MEMORY_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { FIREFOX_PATH, FIREFOX_PREFS } from './scripts/firefox.mjs';
import { webkitLauncher } from './scripts/webkit.mjs';
import { LIBPG_QUERY_LOADER, libpgQueryToEsm } from './scripts/libpg-query-esm.mjs';
import { browserTestFiles } from './scripts/test-files.mjs';

/** Serves libpg-query's CommonJS loader as an ES module (see scripts/libpg-query-esm.mjs). */
const libpgQueryEsm = {
  name: 'libpg-query-esm',
  transform(context) {
    if (LIBPG_QUERY_LOADER.test(context.path)) return { body: libpgQueryToEsm(context.body) };
    return undefined;
  },
};

/** highlight.js's core is CommonJS (without require calls); serve it as an ES module as bundlers do. */
const highlightCoreEsm = {
  name: 'highlight-core-esm',
  transform(context) {
    if (!/highlight\.js\/lib\/core\.js$/.test(context.path)) return undefined;
    return { body: `const module = { exports: {} };\n${context.body}\nexport default module.exports;\n` };
  },
};

/**
 * `heap-after-gc` (executeServerCommand): the page's JS heap in bytes after a full collection, read through DevTools —
 * `performance.memory` is rounded into coarse buckets and cached, too rough for the memory tests' 5% comparisons.
 */
const heapCommand = {
  name: 'heap-after-gc',
  async executeCommand({ command, session }) {
    if (command !== 'heap-after-gc') return undefined;
    if (!session.browser.getPage(session.id).createCDPSession) return undefined; // CDP only (Chromium)
    const cdp = await session.browser.getPage(session.id).createCDPSession();
    try {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    } finally {
      await cdp.detach();
    }
  },
};

/**
 * `storage-quota` (executeServerCommand, payload `{ origin, quotaSize? }`): overrides the storage quota of `origin`
 * through DevTools (Storage.overrideQuotaForOrigin), or puts the browser's own back when `quotaSize` is missing; returns
 * the usage and quota DevTools reports then, or `{ unavailable: why }` where the browser has no such command (Firefox
 * over WebDriver BiDi, WebKit): tests skip then. The override lasts as long as the DevTools session that set it, so
 * that session stays open (one per test page) until the quota is put back.
 */
const quotaSessions = new Map();
const quotaCommand = {
  name: 'storage-quota',
  async executeCommand({ command, session, payload }) {
    if (command !== 'storage-quota') return undefined;
    const page = session.browser.getPage?.(session.id);
    if (!page?.createCDPSession) return { unavailable: 'no DevTools protocol in this browser' };
    const { origin, quotaSize } = payload;
    try {
      let cdp = quotaSessions.get(session.id);
      if (!cdp) quotaSessions.set(session.id, (cdp = await page.createCDPSession()));
      await cdp.send('Storage.overrideQuotaForOrigin', { origin, ...(quotaSize !== undefined && { quotaSize }) });
      const { usage, quota } = await cdp.send('Storage.getUsageAndQuota', { origin });
      if (quotaSize === undefined) {
        quotaSessions.delete(session.id);
        await cdp.detach().catch(() => undefined);
      }
      return { usage, quota };
    } catch (error) {
      quotaSessions.delete(session.id);
      return { unavailable: String(error?.message ?? error) };
    }
  },
};

/** Counts results; prints "N passed, N failed, N skipped" last and writes them for scripts/test.mjs. */
function plainSummaryReporter() {
  let sessions = [];
  // Each failure by file and test name, with the first line of its error: CI keeps only the log's tail.
  const walk = (suite, acc, file, path = []) => {
    for (const t of suite?.tests ?? []) {
      acc[t.skipped ? 'skipped' : t.passed ? 'passed' : 'failed']++;
      const name = `${file} › ${[...path, t.name].join(' › ')}`;
      if (!t.skipped && !t.passed) acc.failures.push(`${name}: ${firstLine(t.error?.message)}`);
      if (t.duration) acc.tests.push([Math.round(t.duration / 100) / 10, name]);
    }
    for (const s of suite?.suites ?? []) walk(s, acc, file, [...path, s.name]);
    return acc;
  };
  const firstLine = (text) =>
    String(text ?? 'no message')
      .split('\n')[0]
      .slice(0, 300);
  // Seconds per file (one file at a time, so the time between two files' results is the later one's): the slow files
  // of a stage, written beside the counts.
  let last = Date.now();
  const seconds = {};
  return {
    reportTestFileResults({ testFile }) {
      const now = Date.now();
      seconds[testFile.replace(`${process.cwd()}/`, '')] = Math.round((now - last) / 100) / 10;
      last = now;
    },
    onTestRunFinished(args) {
      sessions = args.sessions;
    },
    stop() {
      const file = `test-results/browser${process.env.SVC_RESULTS_SUFFIX ?? ''}.json`;
      const acc = { passed: 0, failed: 0, skipped: 0, failures: [], tests: [] };
      for (const s of sessions) {
        const file = s.testFile.replace(`${process.cwd()}/`, '');
        walk(s.testResults, acc, file);
        if (!s.passed && s.errors?.length) {
          acc.failed += s.errors.length; // file-level errors (import failure…)
          for (const e of s.errors) acc.failures.push(`${file}: ${firstLine(e.message)}`);
        }
        if (!s.passed && !s.errors?.length && !s.testResults?.tests?.length && !s.testResults?.suites?.length) {
          acc.failed++; // a file that never reported (timeout, crash)
          acc.failures.push(`${file}: never reported (timeout or crash)`);
        }
      }
      mkdirSync('test-results', { recursive: true });
      // The slowest tests (seconds, "file › suite › test"), for whoever shortens the run.
      const { tests, ...counts } = acc;
      const slowest = tests.sort((a, b) => b[0] - a[0]).slice(0, 60);
      writeFileSync(file, JSON.stringify({ ...counts, seconds, slowest }));
      // wtr's dynamic terminal repaints over direct writes, so print on process exit.
      process.once('exit', () =>
        process.stdout.write(`\n${acc.passed} passed, ${acc.failed} failed, ${acc.skipped} skipped\n`),
      );
    },
  };
}

/** A port the system says is free now: several runs on one machine never collide on the runner's default 8000. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const launchers = {
  chromium: () =>
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS, ...CHROMIUM_MEMORY_ARGS],
      },
    }),
  // puppeteer-core passed as the launcher's own puppeteer: Firefox over WebDriver BiDi, no download.
  firefox: () =>
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: {
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: true,
        extraPrefsFirefox: FIREFOX_PREFS,
      },
    }),
  webkit: () => webkitLauncher(),
};
const browserNames = (process.env.SVC_BROWSERS || 'chromium').split(',').map((s) => s.trim().toLowerCase());
for (const name of browserNames) if (!launchers[name]) throw new Error(`SVC_BROWSERS: unknown browser ${name}`);

/**
 * Files Chromium alone runs: the engine's logic over its own API — the chat service and its agents, the domain's
 * rules, HTTP authentication, dashboard generation, the data API's queries — the same JavaScript on the same
 * DuckDB-wasm in every browser, and run again in Node on two executors. Firefox and WebKit run every other file: the
 * elements, the transports, the engine's worker, storage, files and locks (the chat's thread lock among them), where
 * browsers differ. Two browsers more of these took a CI run past its time limit. SVC_ALL_FILES=1 runs every file in
 * every browser.
 */
const CHROMIUM_ONLY = [
  /^test\/engine\/chat\/(agent-corpus|agent-language|chat|chat-identity|chat-sort|chat-tokens|openai-compatible)\.test\.ts$/,
  /^test\/engine\/chat\/agent\//,
  /^test\/engine\/domain\//,
  /^test\/engine\/http\//,
  /^test\/engine\/engine\.test\.ts$/,
  // The data API's logic over DuckDB-wasm: the executor, /load, the SQL API, Parquet's codecs, a model and data of
  // one's own (each file says "in Chromium"); the storage under them (IndexedDB, OPFS, Blobs) runs everywhere.
  /^test\/engine\/data\/(executor|load|own-data|read-parquet|sql-api)\.test\.ts$/,
  /^test\/generate\//,
];
const everyFile = process.env.SVC_ALL_FILES === '1' || browserNames.every((name) => name === 'chromium');

/** The browser test files under `dir` (not *.node.test.ts), as paths from the project's folder. */
const files = browserTestFiles('test').filter((file) => everyFile || !CHROMIUM_ONLY.some((only) => only.test(file)));

export default {
  // `--port` on the command line wins over this; WTR_PORT sets it for a whole run.
  port: Number(process.env.WTR_PORT) || (await freePort()),
  files,
  nodeResolve: true,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    libpgQueryEsm,
    highlightCoreEsm,
    heapCommand,
    quotaCommand,
  ],
  browsers: browserNames.map((name) => launchers[name]()),
  concurrency: 1, // 2-core machines
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 300000, // per file: a hang guard (a worker-and-DuckDB-heavy file took over 180 s in Firefox on a loaded machine)
  testFramework: { config: { timeout: 10000 } },
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  reporters: [defaultReporter(), plainSummaryReporter()],
};
