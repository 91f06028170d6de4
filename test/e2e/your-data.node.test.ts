// End to end: the demo's "Try your own model and data" panel in Debian's Chromium (playwright-core, a Vite preview of
// the built demo, the strict CSP): real files from examples/ picked in the page — a broken model first (its errors
// with file and line, the page keeps the sample), then the example model — the tables with row counts and types, a
// dashboard generated from the model with exact numbers, the chat over it, a reload that comes back to it, and "Back
// to the sample". Screenshots go to test-results/e2e/.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { DEMO_CSP } from '../../vite.config.js';
import { buildAndPreview, freePort, type DemoPreview } from './server.js';
import { EXAMPLE_DATA, EXAMPLE_MODEL, viewAsProgrammers, yourStatus } from './your-data-steps.js';

const root = new URL('../..', import.meta.url).pathname;
const PORT = Number(process.env.E2E_PORT) || (await freePort());
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = `${root}test-results/e2e`;
const FILES = `${root}test-results/your-data-files`;
/** A view over a cube the model does not have, and a cube over a table there is not: each problem at its line. */
const BROKEN = {
  'broken_view.yml': 'views:\n  - name: broken\n    cubes:\n      - join_path: nowhere\n        includes: "*"\n',
  'broken_table.yml':
    'cubes:\n  - name: lost\n    sql_table: no_such_table\n    measures:\n      - name: count\n        type: count\n',
};

const engineReady = () => !!document.querySelector('#engine-status')?.textContent?.startsWith('Ready');
const kpi = (page: Page, id: string) =>
  page.locator(`svc-dashboard [data-widget-id="${id}"] [part="kpi"]`).textContent({ timeout: 60_000 });

describe('demo: your own model and data, end to end', { timeout: 240_000 }, () => {
  let preview: DemoPreview | undefined;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const foreign: string[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mkdirSync(FILES, { recursive: true });
    for (const [name, text] of Object.entries(BROKEN)) writeFileSync(`${FILES}/${name}`, text);
    preview = await buildAndPreview({ port: PORT });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(ORIGIN) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
  });

  after(async () => {
    await browser?.close();
    preview?.close();
  });

  it('tables, model errors with file and line, a generated dashboard and the chat; a reload; back to the sample', async () => {
    const response = await page.goto(`${ORIGIN}/`);
    assert.equal(response?.headers()['content-security-policy'], DEMO_CSP);
    await page.waitForFunction(engineReady, null, { timeout: 120_000 });

    // The data files and a broken model: the tables are in, the model's problems are listed, the sample stays.
    await page.setInputFiles('#your-files', [...EXAMPLE_DATA, ...Object.keys(BROKEN).map((f) => `${FILES}/${f}`)]);
    await yourStatus(page, 'The model has');
    const errors = await page.locator('#your-problems li.error').allTextContents();
    assert.ok(
      errors.some((e) => /broken_table\.yml:3: .*no_such_table/.test(e)),
      `the missing table at its line: ${errors.join(' | ')}`,
    );
    assert.ok(
      errors.some((e) => /broken_view\.yml:4: .*nowhere/.test(e)),
      `the unknown cube at its line: ${errors.join(' | ')}`,
    );
    const rows = await page
      .locator('#your-tables tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.deepEqual(
      rows.map(([name, count]) => [name, count]),
      [
        ['cinemas', '4'],
        ['films', '5'],
        ['ratings', '6'],
        ['screenings', '60'],
        ['staff', '5'],
      ],
    );
    const screenings = rows.find((r) => r[0] === 'screenings')![2];
    assert.match(screenings, /starts_at TIMESTAMP/);
    assert.match(screenings, /revenue (BIGINT|INTEGER|DOUBLE|DECIMAL)/);
    await page.screenshot({ path: `${SHOTS}/your-data-1-errors.png`, fullPage: true });

    // The example model: a dashboard generated from it. A programmer (the view's policy) sees every screening.
    // The dashboard out of view until the viewer is one the model's policy lets in: a viewer switched while the
    // dashboard's cards are loading leaves some of them as they were (a known <svc-dashboard> issue).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.setInputFiles('#your-files', EXAMPLE_MODEL);
    await yourStatus(page, 'Your model is in use');
    await viewAsProgrammers(page);
    // Tickets sold: the sum of the CSV's seats_sold column, as the KPI shows it.
    const csv = readFileSync(`${root}examples/data/screenings.csv`, 'utf8').trim().split('\n').slice(1);
    const tickets = csv.reduce((sum, line) => sum + Number(line.split(',')[4]), 0);
    assert.equal((await kpi(page, 'kpi-box_office-tickets'))?.trim(), tickets.toLocaleString('en-US'));
    await page.locator('svc-dashboard [data-widget-id="time-box_office-count"] [part="chart"] svg').waitFor({
      timeout: 60_000,
    });
    await page.screenshot({ path: `${SHOTS}/your-data-2-dashboard.png`, fullPage: true });

    // The chat over the same model: its suggested questions come from it, and one is answered.
    const chat = page.locator('#chat');
    await chat.locator('.starters button').first().waitFor({ timeout: 30_000 });
    assert.doesNotMatch((await chat.locator('.starters').textContent()) ?? '', /orders|products/i);
    await chat.locator('.starters button').first().click();
    await chat.locator('[part~="answer"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/your-data-3-chat.png`, fullPage: true });

    // A reload comes back to the person's model and tables (IndexedDB), not to the sample.
    await page.reload();
    await yourStatus(page, 'Your model is in use');
    assert.equal(await page.locator('#your-tables tbody tr').count(), 5);
    // The dashboard is made again for the page's default viewer: what they may query (the public ratings cube), and
    // the status says what the model keeps from them and whom it lets in.
    await page.waitForFunction(
      () => document.querySelector('#your-status')?.textContent?.includes('Not for this viewer'),
      null,
      { timeout: 60_000 },
    );
    assert.match(
      (await page.locator('#your-status').textContent()) ?? '',
      /\(ratings\).*Not for this viewer: view box_office to groups programmers, cinema-managers \(rows by country\)/,
    );

    // Back to the sample: the sales model, its dashboard (an executive sees four regions), the tables gone.
    await page.click('#your-back');
    await yourStatus(page, 'Back to the sample');
    await page.selectOption('#preset', 'exec');
    await page.click('#viewer-form button[type="submit"]');
    await page.locator('svc-dashboard [data-widget-id="by-region"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        document
          .querySelector('svc-dashboard')
          ?.shadowRoot?.querySelectorAll('[data-widget-id="by-region"] svg .mark-rect path').length === 4,
      null,
      { timeout: 60_000 },
    );
    assert.equal(await page.locator('#your-tables').isHidden(), true);

    assert.deepEqual(foreign, [], 'no request leaves the page’s origin');
    assert.deepEqual(problems, [], 'no console errors');
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      [],
      'nothing violates the strict CSP',
    );
  });
});
