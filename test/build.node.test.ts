// `npm run build` produces dist/ with the four entries of package.json, their types, and runtime deps external.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
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
});
