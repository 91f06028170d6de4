// Accessibility, end to end: axe-core in Debian's Chromium (playwright-core) over the built demo, served with its
// strict CSP. The playground and the gallery are driven through their states — loaded, a tab switched, a filter
// applied, the "Ask AI" dialog open, chats empty and answered (SQL, table, chart), an invalid session, the "your
// data" panel with errors and with a model, elements still loading — and each state is checked in light and dark
// (prefers-color-scheme) at 1280 and 390 px wide. axe is evaluated through DevTools (the page's policy rightly refuses
// an inline script; no CSP bypass is needed) and sees into the elements' open shadow roots. Any violation fails the
// test with its rule, impact, target and summary.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after, afterEach, before, describe, it, type TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error -- plain JS module shared with the test runner
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { DEMO_CSP } from '../../vite.config.js';
import { buildAndPreview, type DemoPreview } from './server.js';
import { EXAMPLE_DATA, EXAMPLE_MODEL, viewAsProgrammers, yourStatus } from './your-data-steps.js';

const root = new URL('../..', import.meta.url).pathname;
const FILES = `${root}test-results/a11y-files`;
const SHOTS = `${root}test-results/e2e`;
const AXE = readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8');

const LOOKS = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 390 },
  { scheme: 'dark', width: 390 },
] as const;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string;
  help: string;
  nodes: AxeNode[];
}

/** A shadow-DOM target (['svc-chat', 'button']) as one selector path. */
const target = (t: unknown[]): string => t.map((s) => (Array.isArray(s) ? s.join(' >>> ') : String(s))).join(' | ');

/**
 * Page code: whether `count` elements match `selector` in the document and its open shadow roots (a walk without
 * named functions: tsx would name them with a helper the page does not have; the CSP refuses string predicates).
 */
const present = ([selector, count]: readonly [string, number]): boolean => {
  const roots: (Document | ShadowRoot)[] = [document];
  let n = 0;
  while (roots.length) {
    const node = roots.pop()!;
    n += node.querySelectorAll(selector).length;
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  return n >= count;
};

/** Page code: waits until every svc- element has rendered and two frames were drawn (after a resize or a scheme change). */
const settled = async (): Promise<void> => {
  const roots: (Document | ShadowRoot)[] = [document];
  const pending: unknown[] = [];
  while (roots.length) {
    for (const el of roots.pop()!.querySelectorAll('*')) {
      if (el.localName.startsWith('svc-')) pending.push((el as Element & { updateComplete?: unknown }).updateComplete);
      if (el.shadowRoot) roots.push(el.shadowRoot);
    }
  }
  await Promise.all(pending);
  for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
};

describe('accessibility (axe-core) of the demo and the gallery', { timeout: 600_000 }, () => {
  let preview: DemoPreview;
  let browser: Browser;
  let page: Page;
  /** `state @ look: rule (impact) target — summary`, for the states of the current test. */
  let violations: string[] = [];
  let rules = new Map<string, number>();
  /** How long each state's four axe runs took, for the report. */
  let timings: string[] = [];

  /** Fails with every violation the test's states had, one a line. */
  function assertNone(t: TestContext): void {
    t.diagnostic(`axe, four looks per state: ${timings.join(', ')}`);
    timings = [];
    t.diagnostic(`axe rules violated (nodes): ${[...rules].map(([id, n]) => `${id} ${n}`).join(', ') || 'none'}`);
    const list = violations;
    violations = [];
    rules = new Map<string, number>();
    assert.equal(list.length, 0, `axe found ${list.length} violations:\n${list.join('\n')}`);
  }

  /** Runs axe on the page as it is now in each look, and keeps what it finds. */
  async function check(state: string): Promise<void> {
    const started = Date.now();
    for (const { scheme, width } of LOOKS) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(settled);
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
      const result = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: unknown[] }> } }).axe;
        return (await axe.run({ resultTypes: ['violations'] })).violations;
      });
      for (const v of result as AxeViolation[]) {
        rules.set(v.id, (rules.get(v.id) ?? 0) + v.nodes.length);
        for (const n of v.nodes) {
          const summary = (n.failureSummary ?? v.help).replace(/\s+/g, ' ');
          violations.push(`${state} @ ${scheme} ${width}px: ${v.id} (${v.impact}) ${target(n.target)} — ${summary}`);
        }
      }
    }
    timings.push(`${state} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Back to the look the steps are driven in.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const open = async (path: string, ready: () => boolean) => {
    const response = await page.goto(`${preview.origin}${path}`);
    assert.equal(response?.headers()['content-security-policy'], DEMO_CSP, `${path} is served with the strict CSP`);
    await page.waitForFunction(ready, null, { timeout: 120_000 });
  };
  /** Waits for `count` elements matching `selector` in the document or any open shadow root. */
  const deep = (selector: string, count = 1) =>
    page.waitForFunction(present, [selector, count] as const, { timeout: 60_000 });

  before(async () => {
    mkdirSync(FILES, { recursive: true });
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(
      `${FILES}/broken_table.yml`,
      'cubes:\n  - name: lost\n    sql_table: no_such_table\n    measures:\n      - name: count\n        type: count\n',
    );
    preview = await buildAndPreview();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH as string, args: CHROMIUM_ARGS as string[] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  });

  // The page as the test left it (its last state, or where it failed).
  afterEach(async (t) => {
    await page?.screenshot({ path: `${SHOTS}/a11y-${t.name.split(':')[0].replace(/\W+/g, '-')}.png`, fullPage: true });
  });

  after(async () => {
    await browser?.close();
    preview?.close();
  });

  it('the gallery: every element state, in a light and a dark provider', async (t) => {
    await page.goto(`${preview.origin}/gallery.html`);
    await page.waitForFunction(() => document.querySelector('#gallery-status')?.textContent === 'Ready.', null, {
      timeout: 120_000,
    });
    await page.locator('.small-dashboard [data-widget-id="broken"] [part="error"]').first().waitFor();
    // Cards load their data when they come into view: each dashboard's chart drawn.
    for (const dashboard of await page.locator('.small-dashboard').all()) {
      await dashboard.scrollIntoViewIfNeeded();
      await dashboard.locator('[data-widget-id="by-region"] svg').waitFor({ timeout: 60_000 });
    }
    await check('gallery');
    assertNone(t);
  });

  it('the playground in each of its states', async (t) => {
    await open('/', () => !!document.querySelector('#engine-status')?.textContent?.startsWith('Ready'));
    await deep('[data-widget-id="by-region"] svg');
    // A tab switched: its card loads its data and is checked with its table drawn.
    const dashboard = page.locator('#dashboard');
    await dashboard.locator('[role="tab"]', { hasText: 'By status' }).click();
    await dashboard.locator('[role="tab"][aria-selected="true"]', { hasText: 'By status' }).waitFor();
    await dashboard.locator('[data-widget-id="by-status"] [part="table"]').waitFor({ timeout: 60_000 });
    await check('playground loaded, a tab switched, chat empty with starters');

    // An executive (every region), with the dashboard's own chat allowed; a filter applied, another time grain.
    await page.selectOption('#preset', 'exec');
    await page.selectOption('#show-chat', 'true');
    await page.click('#viewer-form button[type="submit"]');
    await deep('[data-widget-id="by-region"] svg .mark-rect path', 4);
    await dashboard.locator('[data-widget-id="region"] select').selectOption('EU');
    await dashboard.locator('[data-widget-id="grain"] select').selectOption('week');
    await page.waitForFunction(
      () =>
        document
          .querySelector('svc-dashboard')
          ?.shadowRoot?.querySelectorAll('[data-widget-id="by-region"] svg .mark-rect path').length === 1,
      null,
      { timeout: 60_000 },
    );
    await check('dashboard: another viewer, filter applied');

    // The "Ask AI" dialog, open with its starters.
    await dashboard.locator('[part="chat-launcher"]').click();
    await dashboard.locator('dialog[open] svc-chat .starters button').first().waitFor({ timeout: 30_000 });
    await check('dashboard: Ask AI dialog open');
    await page.keyboard.press('Escape');
    await dashboard.locator('dialog').waitFor({ state: 'detached' });

    // The stand-alone chat and the dashboard's AI card, each with a streamed answer: SQL, a table, a chart.
    await page.locator('#chat .starters button').first().click();
    await dashboard.locator('svc-chat.ai .starters button').first().click();
    await page.locator('#chat [part~="answer"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('#chat [part="sql"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('#chat [part="chart"] svg').first().waitFor({ state: 'attached', timeout: 60_000 });
    await dashboard.locator('svc-chat.ai [part~="answer"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForFunction(
      () =>
        [
          ...document.querySelectorAll('svc-chat'),
          ...document.querySelector('svc-dashboard')!.shadowRoot!.querySelectorAll('svc-chat'),
        ].every((c) => c.shadowRoot?.querySelector('[part="log"]')?.getAttribute('aria-busy') === 'false'),
      null,
      { timeout: 60_000 },
    );
    await check('chats answered');

    // Your own data: a broken model (errors with file and line) next to the tables, then the example model.
    await page.setInputFiles('#your-files', [...EXAMPLE_DATA, `${FILES}/broken_table.yml`]);
    await yourStatus(page, 'The model has');
    await check('your data: tables and model errors');
    await page.setInputFiles('#your-files', EXAMPLE_MODEL);
    await yourStatus(page, 'Your model is in use');
    // A viewer the model's policy lets in (programmers see every screening), switched with the dashboard out of view
    // (as in your-data.node.test.ts: a viewer switched while its cards load leaves some as they were).
    await viewAsProgrammers(page);
    await check('your data: a generated dashboard');

    // Still loading: a transport that never answers, the dashboard's cards refreshed and a question asked.
    await page.evaluate(() => {
      const provider = document.querySelector<HTMLElement & { fetch?: unknown }>('#provider')!;
      Object.assign(window, { engineFetch: provider.fetch });
      provider.fetch = () => new Promise<never>(() => undefined);
      document.querySelector<HTMLElement & { refresh(): void }>('#dashboard')!.refresh();
      void document.querySelector<HTMLElement & { send(q: string): Promise<void> }>('#chat')!.send('Orders by status');
    });
    await dashboard.locator('[aria-busy="true"]').first().waitFor({ state: 'attached' });
    await page.waitForFunction(
      () =>
        document.querySelector('#chat')?.shadowRoot?.querySelector('[part="log"]')?.getAttribute('aria-busy') ===
        'true',
    );
    await check('loading');

    // An invalid session: the dashboard's cards, refreshed, show their errors (and the stopped answer its own).
    await page.locator('#chat [part="stop"]').click();
    await page.evaluate(() => {
      const provider = document.querySelector<HTMLElement & { fetch?: unknown; sessionId?: string }>('#provider')!;
      provider.fetch = (window as unknown as { engineFetch: unknown }).engineFetch;
      provider.sessionId = 'no-such-session';
      document.querySelector<HTMLElement & { refresh(): void }>('#dashboard')!.refresh();
    });
    await dashboard.locator('[part="error"]').first().waitFor({ state: 'attached', timeout: 30_000 });
    await check('an invalid session');
    assertNone(t);
  });
});
