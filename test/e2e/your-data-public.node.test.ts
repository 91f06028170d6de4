// End to end, a person's own public files in the demo's "Your data" panel (Chromium, the built demo under its strict
// CSP): vega-datasets' flights-20k.json, airports.csv, seattle-weather.csv and earthquakes.json as they come, and
// the model of test/fixtures/vega-flights (a view and a cube whose access policies name groups the page's default
// viewer is not in). The dashboard is made for the viewer who sees it — for the default one it says what the model
// grants and to whom, never a grid of errors; a group offered in the viewer form gets the view's data, exact; an
// attribute the model names narrows it — a changed model redraws it, the GeoJSON is refused and never becomes the
// model, and a model with three mistakes in two files lists all three with file and line. The header says where the
// engine runs. Screenshots go to test-results/e2e/.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { buildAndPreview, freePort, type DemoPreview } from './server.js';

const root = new URL('../..', import.meta.url).pathname;
const VEGA = `${root}node_modules/vega-datasets/data`;
const MODEL = `${root}test/fixtures/vega-flights/model`;
const SHOTS = `${root}test-results/e2e`;
const FILES = `${root}test-results/your-data-public`;
const DATA = ['flights-20k.json', 'airports.csv', 'seattle-weather.csv', 'earthquakes.json'].map((f) => `${VEGA}/${f}`);
const MODEL_FILES = ['flights.yml', 'places.yml', 'views/delays.yml'].map((f) => `${MODEL}/${f}`);

const engineReady = () => !!document.querySelector('#engine-status')?.textContent?.startsWith('Ready');
/** The text of a widget of the dashboard (in its shadow root), or '' while it is not there. */
const widgetText = (page: Page, id: string) =>
  page.evaluate(
    (widget) =>
      document.querySelector('svc-dashboard')?.shadowRoot?.querySelector(`[data-widget-id="${widget}"]`)?.textContent ??
      '',
    id,
  );
const waitWidgetText = (page: Page, id: string, pattern: RegExp, timeout = 60_000) =>
  page.waitForFunction(
    ([widget, source]) =>
      new RegExp(source).test(
        document.querySelector('svc-dashboard')?.shadowRoot?.querySelector(`[data-widget-id="${widget}"]`)
          ?.textContent ?? '',
      ),
    [id, pattern.source] as const,
    { timeout },
  );
const errorsShown = (page: Page) =>
  page.evaluate(
    () => document.querySelector('svc-dashboard')?.shadowRoot?.querySelectorAll('[part="error"]').length ?? -1,
  );
const kpi = (page: Page, id: string) =>
  page.evaluate(
    (widget) =>
      document
        .querySelector('svc-dashboard')
        ?.shadowRoot?.querySelector(`[data-widget-id="${widget}"] [part="kpi"]`)
        ?.textContent?.trim(),
    id,
  );
/** Waits until the panel's status starts with `prefix`; else fails with the status and the problems shown. */
async function yourStatus(page: Page, prefix: string, timeout = 180_000): Promise<void> {
  try {
    await page.waitForFunction((p) => document.querySelector('#your-status')?.textContent?.startsWith(p), prefix, {
      timeout,
    });
  } catch (error) {
    const status = await page.locator('#your-status').textContent();
    const listed = await page.locator('#your-problems li').allTextContents();
    throw new Error(`status "${status}", problems ${JSON.stringify(listed)}`, { cause: error });
  }
}

/** Starts a session for the viewer the form describes, without scrolling to it. */
async function viewAs(page: Page, groups: string, attributes = ''): Promise<void> {
  await page.evaluate(
    ([g, a]) => {
      document.querySelector<HTMLInputElement>('#groups')!.value = g;
      document.querySelector<HTMLInputElement>('#attributes')!.value = a;
      document.querySelector<HTMLFormElement>('#viewer-form')!.requestSubmit();
    },
    [groups, attributes] as const,
  );
}

describe('demo: a person’s own public files, end to end', { timeout: 600_000 }, () => {
  let preview: DemoPreview | undefined;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mkdirSync(`${FILES}/broken`, { recursive: true });
    preview = await buildAndPreview({ port: await freePort() });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
  });

  after(async () => {
    await browser?.close();
    preview?.close();
  });

  it('the dashboard is the viewer’s, follows the model, and the panel says what is wrong with which file', async () => {
    await page.goto(`${preview!.origin}/`);
    await page.waitForFunction(engineReady, null, { timeout: 180_000 });
    // Where the engine runs, as it is: its Worker (not "DuckDB-wasm in this page").
    const header = (await page.locator('header').textContent()) ?? '';
    assert.doesNotMatch(header, /DuckDB-wasm in\s+this page/);
    assert.match(header, /the engine in a Web Worker of this page, DuckDB-wasm in another/);

    // The files as they come, model and data together; the GeoJSON among them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.setInputFiles('#your-files', [...DATA, ...MODEL_FILES]);
    await yourStatus(page, 'Your model is in use');
    const errors = await page.locator('#your-problems li.error').allTextContents();
    assert.equal(errors.length, 1, errors.join(' | '));
    assert.match(
      errors[0],
      /^Error: earthquakes\.json: a JSON object with neither cubes nor views \(its keys: type, metadata, features, bbox\), so neither a model file nor a table/,
    );
    const tables = await page.locator('#your-tables tbody tr td:first-child').allTextContents();
    assert.deepEqual(tables, ['airports', 'flights_20k', 'seattle_weather']);
    const flightRows = await page.locator('#your-tables tbody tr').nth(1).locator('td').nth(1).textContent();
    assert.equal(flightRows, '20,000');

    // The page's default viewer (group sales-eu) may query nothing: the dashboard says so, and who may — no errors.
    await waitWidgetText(page, 'not-granted', /Nothing here for this viewer/);
    const said = await widgetText(page, 'not-granted');
    assert.match(said, /view flight_delays to groups dispatch, operations \(rows by state\)/);
    assert.match(said, /cube weather to group meteorologists/);
    assert.equal(await errorsShown(page), 0, 'no widget shows an error');
    assert.match((await page.locator('#your-status').textContent()) ?? '', /may query nothing in it/);
    // The viewer form offers the groups the policies name, and says which attributes they read.
    const hints = page.locator('#viewer-hints');
    assert.deepEqual(await hints.locator('button').allTextContents(), [
      'View as meteorologists',
      'View as dispatch',
      'View as operations',
    ]);
    assert.match((await hints.textContent()) ?? '', /user attributes state/);
    await page.screenshot({ path: `${SHOTS}/your-public-1-not-granted.png`, fullPage: true });

    // A dispatcher: the view's data, every flight.
    await hints.locator('button', { hasText: 'View as dispatch' }).click();
    await page.waitForFunction(() => document.querySelector('#viewer-summary')?.textContent?.includes('dispatch'));
    await page.locator('svc-dashboard [data-widget-id="kpi-flight_delays-count"]').scrollIntoViewIfNeeded({
      timeout: 60_000,
    });
    await waitWidgetText(page, 'kpi-flight_delays-count', /20,000/);
    assert.equal(await errorsShown(page), 0, 'no widget shows an error');
    await page.screenshot({ path: `${SHOTS}/your-public-2-dispatch.png`, fullPage: true });

    // Operations in Washington: the flights leaving WA airports (390, as DuckDB counts them in Node from the same files).
    await viewAs(page, 'operations', 'state=WA');
    await page.waitForFunction(() => document.querySelector('#viewer-summary')?.textContent?.includes('state WA'));
    await page.locator('svc-dashboard [data-widget-id="kpi-flight_delays-count"]').scrollIntoViewIfNeeded({
      timeout: 60_000,
    });
    // The KPI's own part, waited for: the widget's whole text can show the number a moment before a re-render.
    await page
      .waitForFunction(
        (widget) =>
          document
            .querySelector('svc-dashboard')
            ?.shadowRoot?.querySelector(`[data-widget-id="${widget}"] [part="kpi"]`)
            ?.textContent?.trim() === '390',
        'kpi-flight_delays-count',
        { timeout: 60_000 },
      )
      .catch(async (error: unknown) => {
        throw new Error(`the KPI shows ${String(await kpi(page, 'kpi-flight_delays-count'))}, not 390`, {
          cause: error,
        });
      });

    // A changed model (the view takes the distance too): the dashboard follows the panel's word (within a second on a
    // quiet machine, printed below; the wait is a hang guard: a loaded CI machine took longer than a second).
    const changed = readFileSync(`${MODEL}/views/delays.yml`, 'utf8').replace(
      'includes: [count, avg_delay, date, origin]',
      'includes: [count, avg_delay, distance, date, origin]',
    );
    mkdirSync(`${FILES}/views`, { recursive: true });
    writeFileSync(`${FILES}/views/delays.yml`, changed);
    await page.evaluate(() => (document.querySelector('#your-status')!.textContent = ''));
    await page.setInputFiles('#your-files', [
      `${MODEL}/flights.yml`,
      `${MODEL}/places.yml`,
      `${FILES}/views/delays.yml`,
    ]);
    await yourStatus(page, 'Your model is in use');
    const inUse = Date.now();
    await page
      .locator('svc-dashboard [data-widget-id="kpi-flight_delays-distance"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    console.log(`  the changed model's dashboard drawn ${Date.now() - inUse} ms after the panel said it is in use`);

    // The GeoJSON alone: refused, the model stays (the distance KPI is still there).
    await page.setInputFiles('#your-files', [`${VEGA}/earthquakes.json`]);
    await yourStatus(page, 'Some files could not be read');
    assert.match((await page.locator('#your-status').textContent()) ?? '', /keeps your model as it was/);
    assert.match(await widgetText(page, 'kpi-flight_delays-distance'), /Distance/);

    // Three mistakes in two files: a YAML syntax error in one, two misspelt columns in the other — all listed.
    writeFileSync(
      `${FILES}/broken/flights.yml`,
      readFileSync(`${MODEL}/flights.yml`, 'utf8')
        .replace('sql: delay', 'sql: dellay')
        .replace('sql: origin\n', 'sql: orgin\n'),
    );
    writeFileSync(
      `${FILES}/broken/places.yml`,
      readFileSync(`${MODEL}/places.yml`, 'utf8').replace('sql_table: airports', 'sql_table: [airports'),
    );
    await page.setInputFiles('#your-files', [`${FILES}/broken/flights.yml`, `${FILES}/broken/places.yml`]);
    await yourStatus(page, 'The model has 3 problems');
    const three = await page.locator('#your-problems li.error').allTextContents();
    assert.equal(three.length, 3, three.join('\n'));
    assert.match(
      three[0],
      /^Error: flights\.yml:13: Cube flights, measure avg_delay: column "dellay" is not in table flights_20k \(did you mean "delay"\?\)$/,
    );
    assert.match(
      three[1],
      /^Error: flights\.yml:23: Cube flights, dimension origin: column "orgin" is not in table flights_20k \(did you mean "origin"\?\)$/,
    );
    assert.match(three[2], /^Error: places\.yml:\d+: YAML syntax error/);
    assert.match(await widgetText(page, 'kpi-flight_delays-distance'), /Distance/, 'the model in use stays');
    await page.screenshot({ path: `${SHOTS}/your-public-3-three-problems.png`, fullPage: true });

    assert.deepEqual(problems, [], 'no console errors');
  });
});
