// Runs a benchmark module inside Debian's Chromium (where the library's browser code runs), through playwright-core:
// the module is bundled with esbuild and its exported function called in a blank page.
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import type { Row } from './util.js';

export async function inChromium(modulePath: string, exportName: string, ...args: unknown[]): Promise<Row[]> {
  const bundle = await build({
    entryPoints: [modulePath],
    bundle: true,
    format: 'iife',
    globalName: '__bench',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH as string,
    headless: true,
    args: CHROMIUM_ARGS as string[],
  });
  try {
    const page = await browser.newPage();
    // A real origin (served by the route, no network) so IndexedDB and the like are available.
    await page.route('http://bench.localhost/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto('http://bench.localhost/');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    return await page.evaluate(
      async ({ name, fnArgs }) => {
        const mod = (globalThis as unknown as { __bench: Record<string, (...a: unknown[]) => Promise<Row[]>> }).__bench;
        return mod[name](...fnArgs);
      },
      { name: exportName, fnArgs: args },
    );
  } finally {
    await browser.close();
  }
}
