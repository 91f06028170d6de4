// End to end: the built demo (vite build --mode demo, served by vite preview) in Debian's Chromium through
// playwright-core — the newcomer's path (open, pick a viewer, see the dashboard, ask a question, see a chart), no
// request leaves the page's origin, no console errors, axe finds nothing, and every page is served with the strict
// Content-Security-Policy `script-src 'self'; object-src 'none'` and violates it nowhere; screenshots go to
// test-results/e2e/.
import 'fake-indexeddb/auto'; // the remote engine of the remote-mode test runs in this process
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createLogger, createServer as createViteServer } from 'vite';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { DEMO_CSP } from '../../vite.config.js';
import { demoWorkbook } from '../../demo/dashboard.js';
import { createSessionServer } from '../../examples/session-server.js';
import { DEMO, createLocalEngine, demoSeed } from '../../src/engine/index.js';
import { serveFetch } from '../../src/engine/node/serve.js';
import { HttpTransport } from '../../src/transport/index.js';
import { demoScenario } from './demo-scenario.js';
import { playwrightDriver } from './drivers/playwright.js';
import { buildAndPreview, freePort, type DemoPreview } from './server.js';

const root = new URL('../..', import.meta.url).pathname;
/** E2E_PORT chooses the preview's port. */
const PORT = Number(process.env.E2E_PORT) || (await freePort());
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = `${root}test-results/e2e`;

/** Opens a page of the demo, checks it came with the strict policy, and waits for `ready`. */
async function open(page: Page, path: string, ready: () => boolean): Promise<void> {
  const response = await page.goto(`${ORIGIN}${path}`);
  assert.equal(response?.headers()['content-security-policy'], DEMO_CSP, `${path} is served with the strict CSP`);
  await page.waitForFunction(ready, null, { timeout: 120_000 });
}

/** axe-core through DevTools evaluation: an inline <script> would be (rightly) refused by the page's policy. */
const injectAxe = (page: Page) => page.evaluate(readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8'));

/** Every violation of the page's policy, in the page and in its frames, kept in `window.cspViolations`. */
const recordCspViolations = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });

/** Console errors and uncaught exceptions of the page, pushed to `into`. */
function recordConsoleErrors(page: Page, into: string[]): void {
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(m.text());
  });
  page.on('pageerror', (e) => into.push(e.message));
}

/** Waits until the dashboard's "Revenue by region" chart draws `count` bars. */
const regionBars = (page: Page, count: number) =>
  page.waitForFunction(
    (n) =>
      document
        .querySelector('svc-dashboard')
        ?.shadowRoot?.querySelectorAll('[data-widget-id="by-region"] svg .mark-rect path').length === n,
    count,
    { timeout: 60_000 },
  );

const engineReady = () => !!document.querySelector('#engine-status')?.textContent?.startsWith('Ready');
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('demo, end to end', { timeout: 240_000 }, () => {
  let preview: DemoPreview | undefined;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    preview = await buildAndPreview({ port: PORT });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    recordConsoleErrors(page, consoleErrors);
    await recordCspViolations(page);
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
    preview?.close();
  });

  it('the newcomer path: the demo loads, a viewer sees their dashboard, a question gets a chart', async () => {
    // The scenario shared with Firefox and WebKit (demo-scenario.ts, demo-browsers.node.test.ts): the strict CSP,
    // Eva's dashboard, Alex's, a question answered with a chart, no console errors, nothing violates the CSP.
    await demoScenario(playwrightDriver(page, consoleErrors), {
      origin: ORIGIN,
      shot: (name) => `${SHOTS}/${name}.png`,
    });
    assert.deepEqual(foreignRequests, [], 'no request leaves the page’s origin');
  });

  it('the gallery shows every element’s states in light and dark, axe-clean, without console errors', async () => {
    const errorsBefore = consoleErrors.length;
    await open(page, '/gallery.html', () => document.querySelector('#gallery-status')?.textContent === 'Ready.');
    const answered = page.locator('.answered-chat [part~="answer"]');
    assert.equal(await answered.count(), 2);
    await page
      .locator('.small-dashboard [data-widget-id="broken"] [part="error"]')
      .first()
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/4-gallery.png`, fullPage: true });
    await injectAxe(page);
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
    assert.deepEqual(await cspViolations(page), []);
  });

  it('creator mode: definitions are bootstrapped idempotently, listed, deleted, and a type never changes', async () => {
    await open(page, '/', engineReady);
    const groups = page.locator('#tenant-groups tbody');
    const attributes = page.locator('#tenant-attributes tbody');
    const status = page.locator('#creator-status');
    const names = async (body: typeof groups) => (await body.locator('tr td:first-child').allTextContents()).sort();

    for (let run = 0; run < 2; run++) {
      await status.evaluate((el) => (el.textContent = ''));
      await page.click('#creator-form button[type="submit"]');
      await page.waitForFunction(() =>
        document.querySelector('#creator-status')?.textContent?.startsWith('Creator-mode session'),
      );
      await page.waitForFunction(() => document.querySelectorAll('#tenant-groups tbody button').length >= 2);
      // Twice the same request: the same end state.
      assert.deepEqual(await names(groups), ['acme-analysts', 'acme-managers']);
      assert.deepEqual(await names(attributes), ['seniority', 'team']);
    }
    assert.equal(await attributes.locator('tr', { hasText: 'seniority' }).locator('td').nth(1).textContent(), 'number');

    await page.getByRole('button', { name: 'Delete group acme-managers' }).click();
    await page.waitForFunction(
      () => document.querySelector('#creator-status')?.textContent === 'Deleted group acme-managers.',
    );
    await page.waitForFunction(() => document.querySelectorAll('#tenant-groups tbody button').length === 1);
    assert.deepEqual(await names(groups), ['acme-analysts']);

    // A definition's type cannot change: the service refuses, nothing changes.
    await page.fill('#attribute-defs', 'team: number');
    await page.click('#creator-form button[type="submit"]');
    await page.waitForFunction(() =>
      /cannot change type/.test(document.querySelector('#creator-status')?.textContent ?? ''),
    );
    assert.deepEqual(await names(attributes), ['seniority', 'team']);
    // An unknown type is caught before any request.
    await page.fill('#attribute-defs', 'team: text');
    await page.click('#creator-form button[type="submit"]');
    assert.match((await status.textContent()) ?? '', /Attribute line 1: type "text" is not one of string, number/);
    await page.screenshot({ path: `${SHOTS}/5-creator-mode.png`, fullPage: true });
    assert.deepEqual(await cspViolations(page), []);
  });

  it('remote mode: the same page on the engine over HTTP, sessions from the example session server', async () => {
    // The "real service": the engine served over HTTP (5,000 orders, unlike the page's own 200,000), CORS for the
    // page; the host's backend: the example session server holding the API key.
    const engine = await createLocalEngine({
      seed: { ...demoSeed, data: { rows: 5_000 } },
      name: `e2e-${process.pid}`,
    });
    const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = await serveFetch(engine.fetch, { port: 0, allowOrigin: ORIGIN });
    const admin = new HttpTransport({ baseUrl: base(api), auth: { apiKey: DEMO.adminKey } });
    const workbook = await admin.upsertWorkbookBySlug(DEMO.deploymentId, 'sales-overview', demoWorkbook);
    const { publicId } = await admin.publishDashboard(DEMO.deploymentId, workbook.id, { allowEmbed: true });
    const sessions = createSessionServer({
      baseUrl: base(api),
      apiKey: DEMO.adminKey,
      deploymentId: DEMO.deploymentId,
      allowOrigin: ORIGIN,
    });
    await new Promise<void>((resolve) => sessions.listen(0, '127.0.0.1', resolve));
    const remotePage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await recordCspViolations(remotePage);
    const problems: string[] = [];
    recordConsoleErrors(remotePage, problems);
    const toApi: string[] = [];
    remotePage.on('request', (r) => {
      if (r.url().startsWith(base(api))) toApi.push(r.url());
    });
    try {
      await open(remotePage, '/', engineReady);
      const kpi = () => remotePage.locator('svc-dashboard [data-widget-id="orders"] [part="kpi"]').textContent();
      const localOrders = Number(((await kpi()) ?? '').replace(/\D/g, ''));
      await remotePage.fill('#remote-base', base(api));
      await remotePage.fill('#remote-sessions', `${base(sessions)}/session`);
      await remotePage.fill('#remote-dashboard', publicId);
      await remotePage.click('#remote-form button[type="submit"]');
      // Eva (EU) on the remote data: her share of 5,000 orders, not of the page's 200,000.
      await remotePage.waitForFunction(
        (local) => {
          const text = document
            .querySelector('svc-dashboard')
            ?.shadowRoot?.querySelector('[data-widget-id="orders"] [part="kpi"]')?.textContent;
          const n = Number((text ?? '').replace(/\D/g, ''));
          return n > 0 && n < 5_000 && n !== local;
        },
        localOrders,
        { timeout: 60_000 },
      );
      await regionBars(remotePage, 1);
      // Another viewer: the page asks the session server again (provider.newSession()).
      await remotePage.selectOption('#preset', 'exec');
      await remotePage.click('#viewer-form button[type="submit"]');
      await regionBars(remotePage, 4);
      // The analyst over the remote chat stream.
      await remotePage.locator('#chat .starters button').first().click();
      await remotePage.locator('#chat [part~="answer"]').waitFor({ state: 'attached', timeout: 60_000 });
      await remotePage.screenshot({ path: `${SHOTS}/6-remote-mode.png`, fullPage: true });
      assert.ok(
        toApi.some((u) => u.includes('/cubejs-api/v1/load')),
        'data came from the remote API',
      );
      assert.ok(
        toApi.some((u) => u.includes('/chat/stream-chat-state')),
        'the chat streamed from the remote API',
      );
      assert.deepEqual(problems, []);
      assert.deepEqual(await cspViolations(remotePage), []);
    } finally {
      await remotePage.close();
      await new Promise((resolve) => sessions.close(resolve));
      await new Promise((resolve) => api.close(resolve));
      await engine.close();
    }
  });

  it('axe finds no violations on the playground', async () => {
    await open(page, '/', engineReady);
    await injectAxe(page);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
        .axe;
      const result = await axe.run();
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    assert.deepEqual(violations, []);
  });
});

// `npm start`: the dev server on a fresh dependency cache starts without a scan error or a flood of warnings, and the
// first question is answered without the optimizer reloading the page (which would lose it).
describe('npm start (the dev server)', { timeout: 180_000 }, () => {
  it('prints no warning, and the first question is answered without a reload', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn', { allowClearScreen: false });
    const keep = (level: string) => (message: string) => warnings.push(`${level}: ${message}`);
    const cacheDir = `${root}test-results/vite-dev-cache-${process.pid}`;
    const vite = await createViteServer({
      configFile: `${root}vite.config.ts`,
      cacheDir,
      customLogger: {
        ...logger,
        info: () => undefined,
        warn: keep('warn'),
        warnOnce: keep('warn'),
        error: keep('error'),
      },
      // Files edited meanwhile (a shared checkout) must not reload the page under test.
      server: { port: await freePort(), strictPort: true, watch: null },
    });
    await vite.listen();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      recordConsoleErrors(page, problems);
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });
      await page.goto(`http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}/`);
      await page.waitForFunction(engineReady, null, { timeout: 120_000 });
      await page.locator('#chat .starters button').first().click();
      await page.locator('#chat [part~="answer"]').waitFor({ state: 'attached', timeout: 60_000 });
      assert.equal(navigations, 1, 'the page was never reloaded');
      assert.deepEqual(problems, []);
      assert.deepEqual(warnings, []);
    } finally {
      await browser.close();
      await vite.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
