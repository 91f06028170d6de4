// Runs a benchmark module inside Debian's Chromium (where the library's browser code runs), through playwright-core:
// the module is bundled with esbuild as an ES module and imported into a page whose origin serves the project's
// files (so DuckDB's worker and wasm load as they do in an app), without any network.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import type { Row } from './util.js';

const ORIGIN = 'http://bench.localhost';
const root = new URL('..', import.meta.url).pathname;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

export async function inChromium(modulePath: string, exportName: string, ...args: unknown[]): Promise<Row[]> {
  const bundle = await build({
    entryPoints: [modulePath],
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
      {
        // libpg-query's loader finds its wasm from document.currentScript; point it at the file's real URL.
        name: 'libpg-query-location',
        setup(b) {
          b.onLoad({ filter: /libpg-query[\\/]wasm[\\/]libpg-query\.js$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replace(
              'globalThis.document?.currentScript?.src',
              JSON.stringify(`${ORIGIN}/node_modules/libpg-query/wasm/libpg-query.js`),
            ),
            loader: 'js',
          }));
        },
      },
    ],
  });
  const code = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH as string,
    headless: true,
    args: CHROMIUM_ARGS as string[],
  });
  try {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, async (route) => {
      const path = decodeURIComponent(new URL(route.request().url()).pathname);
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' });
      if (path === '/bench/__bench.js') return route.fulfill({ contentType: 'text/javascript', body: code });
      const file = normalize(join(root, path));
      if (!file.startsWith(root)) return route.fulfill({ status: 403 });
      try {
        return route.fulfill({
          contentType: TYPES[extname(file)] ?? 'application/octet-stream',
          body: await readFile(file),
        });
      } catch {
        return route.fulfill({ status: 404 });
      }
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[bench page]', e.message));
    // Main-thread busy time of the page's renderer (every task: script, style, layout, paint), from DevTools.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.exposeFunction('__mainThreadMs', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    });
    await page.exposeFunction('__mainThreadBreakdown', async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
      return { script: ms('ScriptDuration'), style: ms('RecalcStyleDuration'), layout: ms('LayoutDuration') };
    });
    await page.goto(`${ORIGIN}/`);
    return await page.evaluate(
      async ({ url, name, fnArgs }) => {
        const mod = (await import(url)) as Record<string, (...a: unknown[]) => Promise<Row[]>>;
        return mod[name](...fnArgs);
      },
      { url: '/bench/__bench.js', name: exportName, fnArgs: args },
    );
  } finally {
    await browser.close();
  }
}
