// End to end: the built demo (vite build --mode demo, served by vite preview) in Debian's Chromium through
// playwright-core — the newcomer's path (open, pick a viewer, see the dashboard, ask a question, see a chart), no
// request leaves the page's origin, no console errors, axe finds nothing; screenshots go to test-results/e2e/.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const root = new URL('../..', import.meta.url).pathname;
const PORT = 4179;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = `${root}test-results/e2e`;

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

describe('demo, end to end', { timeout: 240_000 }, () => {
  let server: ChildProcess;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const built = spawnSync('npx', ['vite', 'build', '--mode', 'demo', '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
    });
    assert.equal(built.status, 0, 'the demo builds');
    server = spawn('npx', ['vite', 'preview', '--mode', 'demo', '--port', String(PORT), '--strictPort'], {
      cwd: root,
      stdio: 'ignore',
      detached: true,
    });
    await waitForServer(`${ORIGIN}/`, 30_000);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    // Offline: anything that is not the page's own origin is refused and recorded.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(ORIGIN) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      foreignRequests.push(url);
      return route.abort();
    });
  });

  after(async () => {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid);
  });

  it('the newcomer path: the demo loads, a viewer sees their dashboard, a question gets a chart', async () => {
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => document.querySelector('#engine-status')?.textContent?.startsWith('Ready'), null, {
      timeout: 120_000,
    });
    const dashboard = page.locator('svc-dashboard');
    await dashboard.locator('[data-widget-id="by-region"] [part="chart"] svg').waitFor({ timeout: 60_000 });
    // Eva (sales EU) sees one region.
    assert.equal(await dashboard.locator('[data-widget-id="by-region"] svg .mark-rect path').count(), 1);
    await page.screenshot({ path: `${SHOTS}/1-dashboard-eva.png`, fullPage: true });

    // Alex, an executive, sees every region.
    await page.selectOption('#preset', 'exec');
    await page.click('#viewer-form button[type="submit"]');
    await page.waitForFunction(
      () => {
        const root = document.querySelector('svc-dashboard')?.shadowRoot;
        return (root?.querySelectorAll('[data-widget-id="by-region"] svg .mark-rect path').length ?? 0) === 4;
      },
      null,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: `${SHOTS}/2-dashboard-alex.png`, fullPage: true });

    // A question to the analyst: the answer, its SQL and a chart.
    const chat = page.locator('#chat');
    await chat.locator('.starters button').first().click();
    await chat.locator('[part~="answer"]').waitFor({ timeout: 60_000 });
    // Attached is enough: messages off the log's view skip rendering (content-visibility), so "visible" would lie.
    await chat.locator('[part="sql"]').first().waitFor({ state: 'attached' });
    await chat.locator('[part="chart"] svg').first().waitFor({ state: 'attached', timeout: 60_000 });
    await chat.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/3-chat.png`, fullPage: true });

    assert.deepEqual(foreignRequests, [], 'no request leaves the page’s origin');
    assert.deepEqual(consoleErrors, [], 'no console errors');
  });

  it('the gallery shows every element’s states in light and dark, axe-clean, without console errors', async () => {
    const errorsBefore = consoleErrors.length;
    await page.goto(`${ORIGIN}/gallery.html`);
    await page.waitForFunction(() => document.querySelector('#gallery-status')?.textContent === 'Ready.', null, {
      timeout: 120_000,
    });
    const answered = page.locator('.answered-chat [part~="answer"]');
    assert.equal(await answered.count(), 2);
    await page
      .locator('.small-dashboard [data-widget-id="broken"] [part="error"]')
      .first()
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/4-gallery.png`, fullPage: true });
    await page.addScriptTag({ path: `${root}node_modules/axe-core/axe.min.js` });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
        .axe;
      return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    assert.deepEqual(violations, []);
    // The broken avatar picture is a 404 on purpose: the avatar shows initials instead.
    const errors = consoleErrors.slice(errorsBefore).filter((e) => !e.includes('404'));
    assert.deepEqual(errors, []);
    assert.deepEqual(foreignRequests, []);
  });

  it('axe finds no violations on the playground', async () => {
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => document.querySelector('#engine-status')?.textContent?.startsWith('Ready'), null, {
      timeout: 120_000,
    });
    await page.addScriptTag({ path: `${root}node_modules/axe-core/axe.min.js` });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
        .axe;
      const result = await axe.run();
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    assert.deepEqual(violations, []);
  });
});
