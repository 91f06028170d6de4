// The demo's end-to-end scenario (demo-scenario.ts) in Firefox (Debian's firefox-esr, puppeteer-core over WebDriver
// BiDi) and WebKitGTK (MiniBrowser through WebKitWebDriver on Xvfb); demo.node.test.ts runs it in Chromium. The demo
// is built into test-results/ of its own, with a recorder script added to its pages (CSP violations and errors,
// which classic WebDriver cannot report), and served by `vite preview` with the strict CSP. A browser that is not
// installed, or left out by SVC_BROWSERS, skips and says so (scripts/ensure-browsers.mjs installs them for `npm test`).
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { demoScenario, injectRecorder } from './demo-scenario.js';
import { firefoxDriver, firefoxPresent } from './drivers/firefox.js';
import { notChosen, type Driver } from './drivers/types.js';
import { webkitDriver, webkitMissing } from './drivers/webkit.js';
import { buildAndPreview, type DemoPreview } from './server.js';

const root = new URL('../..', import.meta.url).pathname;
const OUT = `${root}test-results/demo-browsers-build`;
const SHOTS = `${root}test-results/e2e`;

const browsers: { id: string; launch: () => Promise<Driver>; skip: string }[] = [
  {
    id: 'firefox',
    launch: () => firefoxDriver(),
    skip: notChosen('firefox') || (firefoxPresent() ? '' : 'firefox-esr not installed'),
  },
  { id: 'webkit', launch: () => webkitDriver(), skip: notChosen('webkit') || webkitMissing() },
];

describe('demo, end to end, in Firefox and WebKit', { timeout: 300_000 }, () => {
  let preview: DemoPreview | undefined;
  let origin = '';

  before(async () => {
    if (browsers.every((b) => b.skip)) return;
    mkdirSync(SHOTS, { recursive: true });
    preview = await buildAndPreview({ outDir: OUT, prepare: injectRecorder });
    origin = preview.origin;
  });

  after(() => {
    preview?.close();
  });

  for (const { id, launch, skip } of browsers) {
    it(
      `${id}: the newcomer path under the strict CSP — dashboards, a chat answer with a chart, no violation, no error`,
      { skip: skip || false },
      async (t) => {
        const started = Date.now();
        const driver = await launch();
        try {
          const timings = await demoScenario(driver, {
            origin,
            shot: (name) => `${SHOTS}/${id}-${name}.png`,
            checkResourceTiming: true,
          });
          const steps = Object.entries(timings).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`);
          t.diagnostic(`${driver.name}: ${steps.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
        } finally {
          await driver.close();
        }
      },
    );
  }
});
