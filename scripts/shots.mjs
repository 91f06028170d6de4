// npm run shots: PNGs of the demo's dashboard and of a chat answer with a chart, at 1280 and 390 px, light and dark,
// and of the "Your data" panel over public files (vega-datasets) with the model of test/fixtures/vega-flights,
// for a person to review (not compared in CI). The demo page runs on Vite's dev server in this process, in Debian's
// Chromium through playwright-core; the pictures go to test-results/shots/ (git-ignored).
import { mkdirSync, realpathSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { chromium } from 'playwright-core';
import { createLogger, createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumPresent } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}test-results/shots`;
const WIDTHS = [1280, 390];
const SCHEMES = ['light', 'dark'];
const QUESTION = 'Revenue by region last year';

async function freePort() {
  const probe = createNetServer();
  await new Promise((resolve, reject) => probe.on('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The dashboard's charts in view have their data and every chart on screen is drawn. */
const dashboardDrawn = () => {
  const el = document.querySelector('svc-dashboard');
  if (!el?.dataLoaded) return false;
  const charts = [...el.shadowRoot.querySelectorAll('[part="chart"]')];
  return charts.length > 0 && charts.every((c) => c.querySelector('svg'));
};

/** Every widget of the dashboard brought into view once, so that every chart loads and draws; then drawn. */
async function drawAll(page) {
  await page.locator('svc-dashboard').evaluate(async (el) => {
    for (const frame of el.shadowRoot.querySelectorAll('[part="widget"]')) {
      frame.scrollIntoView();
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await page.waitForFunction(dashboardDrawn, null, { timeout: 60_000 });
  await page.waitForTimeout(500);
}

/**
 * The "Your data" panel with public files as they come (vega-datasets) and the model of test/fixtures/vega-flights:
 * what the page's default viewer is told (light), then the dashboard and the panel for a dispatcher, light and dark.
 */
async function yourDataShots(page, width) {
  const written = [];
  const shot = async (name, target) => {
    const path = `${out}/${name}.png`;
    await target.screenshot({ path, animations: 'disabled' });
    written.push(path);
  };
  const data = `${root}node_modules/vega-datasets/data`;
  const model = `${root}test/fixtures/vega-flights/model`;
  const status = (prefix) =>
    page.waitForFunction((p) => document.querySelector('#your-status')?.textContent?.startsWith(p), prefix, {
      timeout: 180_000,
    });
  await page.selectOption('#color-scheme', 'light');
  await page.setInputFiles('#your-files', [
    ...['flights-20k.json', 'airports.csv', 'seattle-weather.csv', 'earthquakes.json'].map((f) => `${data}/${f}`),
    ...['flights.yml', 'places.yml', 'views/delays.yml'].map((f) => `${model}/${f}`),
  ]);
  await status('Your model is in use');
  const dashboard = page.locator('svc-dashboard');
  const panel = page.locator('section:has(#your-title)');
  await dashboard.locator('[data-widget-id="not-granted"]').waitFor({ timeout: 60_000 });
  await shot(`your-data-not-granted-${width}-light`, dashboard);
  await shot(`your-data-panel-not-granted-${width}-light`, panel);
  await page.locator('#viewer-hints button', { hasText: 'View as dispatch' }).click();
  await dashboard.locator('[data-widget-id="kpi-flight_delays-count"]').waitFor({ timeout: 60_000 });
  for (const scheme of SCHEMES) {
    await page.selectOption('#color-scheme', scheme);
    await drawAll(page);
    await shot(`your-data-dashboard-${width}-${scheme}`, dashboard);
    await shot(`your-data-panel-${width}-${scheme}`, panel);
  }
  return written;
}

async function main() {
  if (!chromiumPresent()) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROME_PATH)`);
  mkdirSync(out, { recursive: true });
  const logger = createLogger('error', { allowClearScreen: false });
  const vite = await createServer({
    configFile: `${root}vite.config.ts`,
    customLogger: logger,
    // node_modules may be a link to another folder (a worktree's): Vite serves from its real place too.
    server: {
      port: await freePort(),
      strictPort: true,
      watch: null,
      fs: { allow: [root, realpathSync(`${root}node_modules`)] },
    },
  });
  await vite.listen();
  const url = `http://127.0.0.1:${vite.httpServer.address().port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const written = [];
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      await page.goto(url);
      await page.waitForFunction(
        () => document.querySelector('#engine-status')?.textContent?.startsWith('Ready'),
        null,
        {
          timeout: 180_000,
        },
      );
      const dashboard = page.locator('svc-dashboard');
      const chat = page.locator('#chat');
      await chat.locator('textarea').fill(QUESTION);
      await chat.locator('textarea').press('Enter');
      await chat.locator('[part~="answer"]').waitFor({ state: 'attached', timeout: 120_000 });
      await chat.locator('[part="chart"] svg').first().waitFor({ timeout: 60_000 });
      for (const scheme of SCHEMES) {
        await page.selectOption('#color-scheme', scheme);
        // Bring every widget into view once, so that every chart loads and draws.
        await dashboard.evaluate(async (el) => {
          for (const frame of el.shadowRoot.querySelectorAll('[part="widget"]')) {
            frame.scrollIntoView();
            await new Promise((r) => setTimeout(r, 100));
          }
        });
        await page.waitForFunction(dashboardDrawn, null, { timeout: 60_000 });
        await page.waitForTimeout(500); // charts redrawn in the new theme
        for (const [name, target] of [
          ['dashboard', dashboard],
          ['chat', chat],
        ]) {
          const path = `${out}/${name}-${width}-${scheme}.png`;
          await target.screenshot({ path, animations: 'disabled' });
          written.push(path);
        }
      }
      written.push(...(await yourDataShots(page, width)));
      await page.close();
    }
  } finally {
    await browser.close();
    await vite.close();
  }
  for (const path of written) console.log(path.slice(root.length));
}

await main();
