// The demo's end-to-end scenario, browser-neutral: the newcomer's path on the built demo (open it, a viewer's
// dashboard with its chart, another viewer's, a question answered with a chart) under the strict CSP, with zero
// violations and no errors. It runs in Chromium (demo.node.test.ts, playwright-core), Firefox and WebKitGTK
// (demo-browsers.node.test.ts) through the small Driver of drivers/types.ts.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEMO_CSP } from '../../vite.config.js';
import { deepAll, type Driver } from './drivers/types.js';

/**
 * Page code that records what the page does wrong: CSP violations in `window.cspViolations` (as Chromium's init
 * script does) and uncaught errors, unhandled rejections and console.error calls in `window.e2eErrors` (classic
 * WebDriver shows no console). A classic script from the page's own origin, so the strict policy lets it run, before
 * the page's modules: `injectRecorder` adds it to a build of the demo made for the test.
 */
export const RECORDER = `(() => {
  if (window.cspViolations) return;
  const csp = (window.cspViolations = []);
  const errors = (window.e2eErrors = []);
  document.addEventListener('securitypolicyviolation', (e) =>
    csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber),
  );
  addEventListener('error', (e) => errors.push('uncaught: ' + e.message));
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + ((e.reason && e.reason.message) || e.reason)));
  const consoleError = console.error;
  console.error = function (...args) {
    errors.push(args.map(String).join(' '));
    return consoleError.apply(this, args);
  };
})();
`;

/** Adds the recorder to a demo build's pages (first thing in <head>). */
export function injectRecorder(outDir: string, pages = ['index.html', 'gallery.html']): void {
  writeFileSync(`${outDir}/e2e-recorder.js`, RECORDER);
  for (const page of pages) {
    const file = `${outDir}/${page}`;
    const html = readFileSync(file, 'utf8');
    assert.ok(html.includes('<head>'), `${page} has a <head>`);
    writeFileSync(file, html.replace('<head>', '<head><script src="/e2e-recorder.js"></script>'));
  }
}

const engineReady = `!!document.querySelector('#engine-status')?.textContent?.startsWith('Ready')`;
const regionBars = `${deepAll('[data-widget-id="by-region"] svg .mark-rect path')}.length`;
const cspViolations = `[...(window.cspViolations ?? ['no CSP recorder in this page'])]`;

export interface ScenarioOptions {
  /** Where the demo is served (vite preview of the demo build). */
  origin: string;
  /** The screenshot file for a step's name ('1-dashboard-eva'). */
  shot: (name: string) => string;
  /** Resources the page loaded from outside its origin are checked by resource timing unless the driver does more. */
  checkResourceTiming?: boolean;
}

/** Step → milliseconds, for the report. */
export type Timings = Record<string, number>;

export async function demoScenario(driver: Driver, options: ScenarioOptions): Promise<Timings> {
  const { origin, shot } = options;
  const timings: Timings = {};
  let last = Date.now();
  const lap = (step: string) => {
    timings[step] = Date.now() - last;
    last = Date.now();
  };

  // Every page comes with the strict policy (a property of the server: asked from here, not through a browser).
  const response = await fetch(`${origin}/`);
  assert.equal(response.headers.get('content-security-policy'), DEMO_CSP, '/ is served with the strict CSP');
  await response.body?.cancel();

  await driver.goto(`${origin}/`);
  await driver.waitFor(engineReady, 120_000);
  lap('engine ready');
  await driver.waitFor(`${regionBars} > 0`, 60_000);
  // Eva (sales EU) sees one region.
  assert.equal(await driver.evaluate<number>(regionBars), 1, `${driver.name}: Eva sees one region`);
  lap('dashboard');
  await driver.screenshot(shot('1-dashboard-eva'));

  // Alex, an executive, sees every region.
  await driver.evaluate(`(() => {
    const preset = document.querySelector('#preset');
    preset.value = 'exec';
    preset.dispatchEvent(new Event('input', { bubbles: true }));
    preset.dispatchEvent(new Event('change', { bubbles: true }));
  })()`);
  await driver.click('#viewer-form button[type="submit"]');
  await driver.waitFor(`${regionBars} === 4`, 60_000);
  lap('another viewer');
  await driver.screenshot(shot('2-dashboard-alex'));

  // A question to the analyst: the answer, its SQL and a chart (attached is enough: messages off the log's view skip
  // rendering through content-visibility).
  await driver.click('.starters button');
  await driver.waitFor(`${deepAll('[part~="answer"]')}.length > 0`, 60_000);
  await driver.waitFor(`${deepAll('[part="sql"]')}.length > 0`, 10_000);
  await driver.waitFor(`${deepAll('[part="chart"] svg')}.length > 0`, 60_000);
  lap('chat answer with chart');
  await driver.evaluate(`void ${deepAll('[part="chart"] svg')}[0].scrollIntoView({ block: 'center' })`);
  await driver.screenshot(shot('3-chat'));

  // Typing reaches the page: the remote-mode form's address field (nothing is submitted).
  await driver.evaluate(`void (document.querySelector('#remote-base').value = '')`);
  await driver.type('#remote-base', 'http://api.example.test');
  assert.equal(await driver.evaluate(`document.querySelector('#remote-base').value`), 'http://api.example.test');

  if (options.checkResourceTiming) {
    const foreign = await driver.evaluate<string[]>(
      `performance.getEntriesByType('resource').map((e) => e.name).filter((u) => !u.startsWith(location.origin + '/') && !/^(data|blob):/.test(u))`,
    );
    assert.deepEqual(foreign, [], `${driver.name}: no request leaves the page’s origin`);
  }
  assert.deepEqual(await driver.errors(), [], `${driver.name}: no console errors`);
  // DuckDB and the SQL parser compiled their wasm in workers: the page's policy needed no relaxation.
  assert.deepEqual(await driver.evaluate(cspViolations), [], `${driver.name}: nothing violates the strict CSP`);

  // The recorders are alive in this browser: an inline script is refused and seen, an uncaught error is seen.
  await driver.evaluate(
    `void document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.inlineRan = true' }))`,
  );
  await driver.evaluate(`void setTimeout(() => { throw new Error('e2e control error'); })`);
  await driver.waitFor(`(window.cspViolations ?? []).length > 0`, 5_000);
  assert.equal(await driver.evaluate(`window.inlineRan ?? false`), false, `${driver.name}: the policy is enforced`);
  const until = Date.now() + 5_000;
  while (!(await driver.errors()).some((e) => e.includes('e2e control error')) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  assert.ok(
    (await driver.errors()).some((e) => e.includes('e2e control error')),
    `${driver.name}: an uncaught error is seen`,
  );
  lap('checks');
  return timings;
}
