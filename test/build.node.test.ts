// `npm run build` produces dist/ with the entries of package.json, their types, and runtime deps external; `npm
// pack` makes it a tarball, and everything below runs from that tarball, installed in node_modules as a consumer gets
// it. The engine works from it in Node; in host apps that their own Vite bundles it works with no configuration:
// test/fixtures/consumer-app, served with the strict Content-Security-Policy `script-src 'self'; object-src 'none'` in
// Debian's Chromium, runs the SQL API with its parser and DuckDB in workers (the host's bundler finds the workers and
// wasm files by their `new URL(…, import.meta.url)` and copies them: no plugin, no rewrite, no CSP relaxation); the
// README's own examples (the blocks marked `<!-- readme-app: file -->`), copied into a fresh Vite app, show a
// dashboard and a chat answer with numbers, in `vite build` and in Vite's dev server, and neither prints a warning.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, posix } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, createServer as createViteServer } from 'vite';
import { DEMO_CSP } from '../vite.config.js';
import type * as EngineModule from '../src/engine/index.js';
import type * as TransportModule from '../src/transport/index.js';
import {
  buildAdvice,
  hostApp,
  launchChromium,
  origin,
  packLibrary,
  pkg,
  recordingLogger,
  root,
  serveStatic,
  watch,
  type Packed,
} from './helpers/package.js';

type TransportEntry = typeof TransportModule;
type EngineEntry = typeof EngineModule;

const entries = Object.entries(pkg.exports).filter(
  (e): e is [string, { types: string; import: string }] => typeof e[1] === 'object',
);

/** The README's blocks marked `<!-- readme-app: <file> -->`, joined per file in their order. */
function readmeApp(): Map<string, string> {
  const files = new Map<string, string>();
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const m of readme.matchAll(/<!-- readme-app: ([\w./-]+) -->\s*```\w*\n([\s\S]*?)```/g)) {
    files.set(m[1], `${files.get(m[1]) ?? ''}${m[2]}\n`);
  }
  return files;
}

/**
 * The README's app in a page: the dashboard's KPI and bar chart, then the viewer asks the starter question and the
 * chat answers with numbers. Returns what it saw.
 */
async function checkReadmeApp(page: Page, url: string): Promise<{ kpi: string; answer: string }> {
  await page.goto(url);
  const dashboard = page.locator('svc-dashboard');
  const kpi = dashboard.locator('[data-widget-id="revenue"] [part="kpi"]');
  await kpi.waitFor({ timeout: 120_000 });
  // The viewer is in sales-eu with region EU: one bar.
  await page.waitForFunction(
    () =>
      document
        .querySelector('svc-dashboard')
        ?.shadowRoot?.querySelectorAll('[data-widget-id="by-region"] svg .mark-rect path').length === 1,
    null,
    { timeout: 60_000 },
  );
  const chat = page.locator('svc-chat');
  await chat.locator('.starters button').first().click();
  const answer = chat.locator('[part~="answer"]').first();
  await answer.waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('svc-chat')?.getAttribute('aria-busy') !== 'true', null, {
    timeout: 60_000,
  });
  return { kpi: ((await kpi.textContent()) ?? '').trim(), answer: ((await answer.textContent()) ?? '').trim() };
}

describe('library build', () => {
  let packed: Packed;
  let packageDir: string; // the package as `npm pack` saw it: package.json, README.md, dist/
  let tarball: string;
  let browser: Browser | undefined;
  const at = (distPath: string) => join(packageDir, distPath);
  const launch = async () => (browser ??= await launchChromium());

  before(async () => {
    packed = await packLibrary('build-');
    ({ packageDir, tarball } = packed);
  });

  after(async () => {
    await browser?.close();
    rmSync(packed.work, { recursive: true, force: true });
  });

  it('declares the five entry points, and the elements again with framework typings', () => {
    assert.deepEqual(
      entries.map(([name]) => name),
      ['.', './transport', './engine', './server', './generate', './react', './vue', './svelte'],
    );
    for (const framework of ['./react', './vue', './svelte'])
      assert.equal(
        (pkg.exports[framework] as { import: string }).import,
        (pkg.exports['.'] as { import: string }).import,
      );
  });

  it('the tarball holds each entry, its type declarations, and the files the engine loads', () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    const has = (path: string) => listed.includes(`package/${path.replace(/^\.\//, '')}`);
    for (const [name, target] of entries) {
      assert.ok(has(target.import), `${name}: ${target.import}`);
      assert.ok(has(target.types), `${name}: ${target.types}`);
    }
    for (const file of [
      'dist/duckdb-eh.wasm',
      'dist/duckdb-browser-eh.worker.js',
      'dist/assets/libpg-query.wasm',
      'dist/assets/parquet_wasm_bg.wasm',
    ])
      assert.ok(has(file), file);
    // No wasm inlined into a module (as base64: lib mode's default for `new URL('x.wasm', import.meta.url)`).
    for (const file of listed.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(packageDir, file.replace(/^package\//, '')), 'utf8');
      assert.doesNotMatch(text, /data:application\/wasm;base64/, file);
    }
    // Every file a shipped module names for its source map is shipped too (a host's dev server reads them).
    for (const file of listed.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(packageDir, file.replace(/^package\//, '')), 'utf8');
      const map = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
      if (map && !map.startsWith('data:'))
        assert.ok(has(join(dirname(file.replace(/^package\//, '')), map)), `${file} → ${map}`);
    }
  });

  it('the README and the documents it links link nothing outside the package', () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .map((f) => f.replace(/^package\//, ''));
    assert.ok(listed.includes('README.md'));
    for (const doc of listed.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(packageDir, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const path = posix.normalize(posix.join(posix.dirname(doc), target.replace(/#.*$/, ''))).replace(/\/$/, '');
        assert.ok(
          !path.startsWith('..') && listed.some((f) => f === path || f.startsWith(`${path}/`)),
          `${doc} links ${target}, which is not in the package`,
        );
      }
    }
  });

  it('keeps runtime dependencies external', () => {
    const index = readFileSync(at((pkg.exports['.'] as { import: string }).import), 'utf8');
    assert.match(index, /from "lit"/);
    assert.doesNotMatch(index, /class ReactiveElement/); // lit's own code is not bundled
    for (const dep of Object.keys(pkg.dependencies)) assert.ok(!existsSync(join(packageDir, 'node_modules', dep)));
  });

  it('the transport, server and engine entries import in Node 20', async () => {
    const load = (name: string) =>
      import(pathToFileURL(at((pkg.exports[name] as { import: string }).import)).href) as Promise<
        Record<string, unknown>
      >;
    const transport = await load('./transport');
    assert.equal(typeof transport.HttpTransport, 'function');
    assert.equal(typeof transport.readNdjson, 'function');
    const server = await load('./server');
    assert.equal(typeof server.createServerClient, 'function');
    const engine = await load('./engine');
    assert.equal(typeof engine.createLocalEngine, 'function');
  });

  it('the built engine runs in Node on fake-indexeddb, DuckDB and the SQL parser included', async () => {
    const auto = 'fake-indexeddb/auto'; // the IndexedDB classes idb expects as globals
    await import(auto);
    const { IDBFactory } = await import('fake-indexeddb');
    const { createLocalEngine, DEMO, demoSeed } = (await import(
      pathToFileURL(at('dist/engine.js')).href
    )) as EngineEntry;
    const { HttpTransport } = (await import(pathToFileURL(at('dist/transport.js')).href)) as TransportEntry;
    const engine = await createLocalEngine({
      indexedDB: new IDBFactory(),
      seed: { ...demoSeed, data: { rows: 1_000 } },
    });
    const t = new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
    assert.deepEqual(
      (await t.listDeployments()).map((d) => d.name),
      ['Demo'],
    );
    // Node's own modules (DuckDB in a worker thread, the parser in-process) come through the package's imports field.
    const { data } = await t.cubeSql({ query: 'SELECT MEASURE(count) AS orders FROM sales' });
    assert.equal(Number(data[0][0]), 1_000);
    // Parquet, and rows handed over as Arrow (parquet-wasm's writer on native DuckDB, its reader on DuckDB-wasm):
    // parquet-wasm's wasm read from the installed package's file.
    const parquet = readFileSync(join(root, 'test/fixtures/parquet/parcels-zstd.parquet'));
    assert.equal((await engine.putTable('parcels', new File([parquet], 'parcels.parquet'))).rowCount, 2_500);
    const rows = JSON.stringify([
      { bin: 'b1', litres: 12.5 },
      { bin: 'b2', litres: null },
    ]);
    assert.equal((await engine.putTable('bins', new File([rows], 'bins.json'))).rowCount, 2);
    await engine.close();
  });

  it('the transport entry works from the build', async () => {
    const { HttpTransport } = (await import(pathToFileURL(at('dist/transport.js')).href)) as TransportEntry;
    const t = new HttpTransport({
      baseUrl: 'https://a.example.com',
      auth: { apiKey: 'k' },
      fetch: (req) =>
        Promise.resolve(new Response(JSON.stringify([{ id: 1, name: req.headers.get('authorization') }]))),
    });
    assert.deepEqual(await t.listDeployments(), [{ id: 1, name: 'Bearer k' }]);
  });

  describe('in a host app bundled by its own Vite, under a strict CSP', { timeout: 240_000 }, () => {
    let site: string;
    let server: Server | undefined;
    const warnings: string[] = [];

    before(async () => {
      const app = hostApp(packed, 'consumer-app', join(root, 'test/fixtures/consumer-app'));
      mkdirSync(join(app, 'public'));
      cpSync(join(root, 'test/fixtures/parquet/parcels-zstd.parquet'), join(app, 'public/parcels.parquet'));
      site = join(app, 'dist');
      // The host's Vite as it comes: no configuration file, no plugin.
      await build({ root: app, configFile: false, customLogger: recordingLogger(warnings) });
      server = await serveStatic(site, DEMO_CSP); // only pages carry the policy, as hosts usually send it
    });

    after(() => server?.close());

    it("the host's build prints no warning about the package", () => {
      assert.deepEqual(
        warnings.filter((w) => !buildAdvice(w)),
        [],
      );
    });

    it("the host's build copies the engine's workers and wasm files", () => {
      const assets = readdirSync(join(site, 'assets'));
      for (const file of [
        /^duckdb-eh-.*\.wasm$/,
        /^duckdb-browser-eh\.worker-.*\.js$/,
        /^libpg-query-.*\.wasm$/,
        /^parquet_wasm_bg-.*\.wasm$/,
      ]) {
        assert.ok(
          assets.some((a) => file.test(a)),
          `${String(file)} among ${assets.join(', ')}`,
        );
      }
    });

    it('runs the SQL API with the parser and DuckDB in workers, violating nothing', async () => {
      const page = await (await launch()).newPage();
      try {
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        await page.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective}`)),
        );
        const response = await page.goto(`${origin(server!)}/`);
        assert.equal(response?.headers()['content-security-policy'], DEMO_CSP);
        await page.waitForFunction(() => document.querySelector('#out')?.textContent !== 'Starting…', null, {
          timeout: 120_000,
        });
        const text = (await page.textContent('#out')) ?? '';
        assert.ok(!text.startsWith('FAILED'), text);
        const { rows, syntax, parquetRows } = JSON.parse(text) as {
          rows: [string, number][];
          syntax: string;
          parquetRows: number;
        };
        assert.equal(parquetRows, 2_500);
        assert.deepEqual(
          rows.map((r) => r[0]),
          ['cancelled', 'completed', 'processing', 'returned', 'shipped'],
        );
        assert.equal(
          rows.reduce((sum, r) => sum + Number(r[1]), 0),
          200_000,
        );
        assert.match(syntax, /^400 SQL syntax error: syntax error at or near "SELEC"/);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  });

  describe("the README's examples in a fresh Vite app", { timeout: 240_000 }, () => {
    let app: string;

    before(() => {
      const files = readmeApp();
      assert.deepEqual([...files.keys()].sort(), ['index.html', 'src/main.ts']);
      files.set(
        'index.html',
        `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <link rel="icon" href="data:," />\n    <title>readme-app</title>\n  </head>\n  <body>\n${files.get('index.html')}  </body>\n</html>\n`,
      );
      files.set(
        'package.json',
        JSON.stringify({
          name: 'readme-app',
          private: true,
          type: 'module',
          dependencies: { [pkg.name]: pkg.version },
        }),
      );
      app = hostApp(packed, 'readme-app', files);
    });

    it("type-checks against the package's declarations, as create-vite's vanilla-ts template checks it", () => {
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['es2022', 'dom', 'dom.iterable'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
          },
          include: ['src'],
        }),
      );
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], { stdio: 'pipe' });
    });

    it('vite build: no warning about the package; the page shows the dashboard and a chat answer with numbers', async () => {
      const warnings: string[] = [];
      await build({ root: app, configFile: false, customLogger: recordingLogger(warnings) });
      assert.deepEqual(
        warnings.filter((w) => !buildAdvice(w)),
        [],
      );
      const server = await serveStatic(join(app, 'dist'), DEMO_CSP);
      const page = await (await launch()).newPage({ viewport: { width: 1280, height: 900 } });
      const { problems } = watch(page);
      try {
        const { kpi, answer } = await checkReadmeApp(page, `${origin(server)}/`);
        assert.match(kpi, /\d/, 'the KPI shows a number');
        assert.match(answer, /\d[\d,.]*/, `the answer states numbers: ${answer}`);
        assert.match(answer, /EU/, 'the answer is about what the viewer may see');
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
        server.close();
      }
    });

    it("vite's dev server: no warning, the first question is answered without a reload", async () => {
      const warnings: string[] = [];
      const vite = await createViteServer({
        root: app,
        configFile: false,
        customLogger: recordingLogger(warnings),
        server: { host: '127.0.0.1', port: 0 },
      });
      await vite.listen();
      const page = await (await launch()).newPage({ viewport: { width: 1280, height: 900 } });
      const { problems, navigations } = watch(page);
      try {
        const { kpi, answer } = await checkReadmeApp(page, `${origin(vite.httpServer!)}/`);
        assert.match(kpi, /\d/);
        assert.match(answer, /\d/);
        assert.equal(navigations(), 1, 'the dependency optimizer never reloaded the page');
        assert.deepEqual(problems, []);
        assert.deepEqual(warnings, []);
      } finally {
        await page.close();
        await vite.close();
      }
    });
  });
});
