// `npm run build` produces dist/ with the four entries of package.json, their types, and runtime deps external; the
// engine works from it in Node, and in a host app that its own Vite bundles (test/fixtures/consumer-app): served
// with the strict Content-Security-Policy `script-src 'self'; object-src 'none'` in Debian's Chromium, the SQL API
// runs with its parser and DuckDB in workers. The host's bundler finds the workers and wasm files by their
// `new URL(…, import.meta.url)` and copies them: no plugin, no rewrite, no CSP relaxation on the host's side.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { DEMO_CSP } from '../vite.config.js';
import type * as EngineModule from '../src/engine/index.js';
import type * as TransportModule from '../src/transport/index.js';

type TransportEntry = typeof TransportModule;
type EngineEntry = typeof EngineModule;

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; import: string } | string>;
  dependencies: Record<string, string>;
};
const entries = Object.entries(pkg.exports).filter(
  (e): e is [string, { types: string; import: string }] => typeof e[1] === 'object',
);

describe('library build', () => {
  let out: string;
  const at = (distPath: string) => join(out, distPath.replace(/^\.\/dist\//, ''));

  before(async () => {
    // Inside the project, so the build's bare imports (lit, hono…) resolve from its node_modules as a consumer's would.
    mkdirSync(join(root, 'test-results'), { recursive: true });
    out = mkdtempSync(join(root, 'test-results', 'build-'));
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: out, emptyOutDir: true },
    });
    execFileSync(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(root, 'tsconfig.build.json'),
      '--outDir',
      join(out, 'types'),
    ]);
  });

  after(() => rmSync(out, { recursive: true, force: true }));

  it('declares the four entry points', () => {
    assert.deepEqual(
      entries.map(([name]) => name),
      ['.', './transport', './engine', './server'],
    );
  });

  it('emits each entry and its type declarations', () => {
    for (const [name, target] of entries) {
      assert.ok(existsSync(at(target.import)), `${name}: ${target.import}`);
      assert.ok(existsSync(at(target.types)), `${name}: ${target.types}`);
    }
  });

  it('keeps runtime dependencies external', () => {
    const index = readFileSync(at(pkg.exports['.'] && (pkg.exports['.'] as { import: string }).import), 'utf8');
    assert.match(index, /from "lit"/);
    assert.doesNotMatch(index, /class ReactiveElement/); // lit's own code is not bundled
    for (const dep of Object.keys(pkg.dependencies)) assert.ok(!existsSync(join(out, 'node_modules', dep)));
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

  it('the built engine runs in Node on fake-indexeddb', async () => {
    const auto = 'fake-indexeddb/auto'; // the IndexedDB classes idb expects as globals
    await import(auto);
    const { IDBFactory } = await import('fake-indexeddb');
    const { createLocalEngine, DEMO } = (await import(pathToFileURL(join(out, 'engine.js')).href)) as EngineEntry;
    const { HttpTransport } = (await import(pathToFileURL(join(out, 'transport.js')).href)) as TransportEntry;
    const engine = await createLocalEngine({ indexedDB: new IDBFactory(), seed: 'demo' });
    const t = new HttpTransport({ baseUrl: 'https://local.svc', fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
    assert.deepEqual(
      (await t.listDeployments()).map((d) => d.name),
      ['Demo'],
    );
    await engine.close();
  });

  it('the transport entry works from the build', async () => {
    const { HttpTransport } = (await import(pathToFileURL(join(out, 'transport.js')).href)) as TransportEntry;
    const t = new HttpTransport({
      baseUrl: 'https://a.example.com',
      auth: { apiKey: 'k' },
      fetch: (req) =>
        Promise.resolve(new Response(JSON.stringify([{ id: 1, name: req.headers.get('authorization') }]))),
    });
    assert.deepEqual(await t.listDeployments(), [{ id: 1, name: 'Bearer k' }]);
  });

  describe('in a host app bundled by its own Vite, under a strict CSP', { timeout: 240_000 }, () => {
    const app = join(root, 'test/fixtures/consumer-app');
    let site: string;
    let server: Server | undefined;
    const TYPES: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.wasm': 'application/wasm',
    };

    before(async () => {
      site = join(out, 'host-app');
      await build({
        root: app,
        configFile: false,
        logLevel: 'silent',
        resolve: {
          alias: { 'svc-elements/engine': join(out, 'engine.js'), 'svc-elements/transport': join(out, 'transport.js') },
        },
        worker: { format: 'es' },
        build: { outDir: site, emptyOutDir: true, target: 'es2022' },
      });
      // Only pages carry the policy, as hosts usually send it.
      server = createServer((req, res) => {
        const path = new URL(req.url ?? '/', 'http://host').pathname;
        const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
        if (!file.startsWith(site) || !existsSync(file)) return res.writeHead(404).end();
        const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
        if (file.endsWith('.html')) headers['content-security-policy'] = DEMO_CSP;
        res.writeHead(200, headers).end(readFileSync(file));
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    });

    after(() => server?.close());

    it("the host's build copies the engine's workers and wasm files", () => {
      const assets = readdirSync(join(site, 'assets'));
      for (const file of [/^duckdb-eh-.*\.wasm$/, /^duckdb-browser-eh\.worker-.*\.js$/, /^libpg-query-.*\.wasm$/]) {
        assert.ok(
          assets.some((a) => file.test(a)),
          `${String(file)} among ${assets.join(', ')}`,
        );
      }
    });

    it('runs the SQL API with the parser and DuckDB in workers, violating nothing', async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH as string,
        args: CHROMIUM_ARGS as string[],
      });
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        await page.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective}`)),
        );
        const response = await page.goto(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`);
        assert.equal(response?.headers()['content-security-policy'], DEMO_CSP);
        await page.waitForFunction(() => document.querySelector('#out')?.textContent !== 'Starting…', null, {
          timeout: 120_000,
        });
        const text = (await page.textContent('#out')) ?? '';
        assert.ok(!text.startsWith('FAILED'), text);
        const { rows, syntax } = JSON.parse(text) as { rows: [string, number][]; syntax: string };
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
        await browser.close();
      }
    });
  });
});
