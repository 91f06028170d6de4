// The static Storybook, smoke-tested: `storybook build` of stories/ (cached per source tree, test/helpers/build-cache.ts),
// served by a plain static server and opened in Debian's Chromium (playwright-core, the project's flags). Every story
// of its index.json is shown in turn in one preview page, as Storybook's own UI does (the page's local engine starts
// once), and each must: finish (its play function reaches its state) without Storybook reporting an error; log no
// console error, no uncaught exception and no Lit warning (the build runs Lit in dev mode: .storybook/vite.config.ts);
// draw something in its element; and be axe-clean (axe-core inside the story's root, the page-level rules off: a
// story is a fragment of a page). Every widget kind of WIDGET_KINDS has its story.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { WIDGET_KINDS } from '../src/elements/dashboard/widgets/kinds.js';
import { cachedBuild } from './helpers/build-cache.js';
import { analyzeManifest, launchChromium, origin, root, serveStatic } from './helpers/package.js';

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
}

/** `npm run build-storybook` of the current sources, into the build cache. */
const site = await cachedBuild('storybook', (dir) => {
  analyzeManifest();
  const built = spawnSync('npx', ['storybook', 'build', '--quiet', '--output-dir', dir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  assert.equal(built.status, 0, 'the static Storybook builds');
});
const index = JSON.parse(readFileSync(join(site, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
const all = Object.values(index.entries).filter((e) => e.type === 'story');
/** SVC_STORIES=<regular expression> runs only the stories whose id matches (while working on some). */
const chosen = process.env.SVC_STORIES ? new RegExp(process.env.SVC_STORIES) : undefined;
const stories = chosen ? all.filter((s) => chosen.test(s.id)) : all;

const AXE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
/** Rules about a whole page (landmarks, a main heading), which a story — a fragment — does not have to be. */
const PAGE_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'bypass'];

/** Page code: what the preview reported for the story last asked for (kept by `listen`). */
const LISTEN = `(() => {
  const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
  window.__sbEvents = [];
  for (const name of ['storyFinished', 'storyErrored', 'storyThrewException', 'playFunctionThrewException',
    'storyMissing', 'unhandledErrorsWhilePlaying']) {
    channel.on(name, (payload) => window.__sbEvents.push({ name, payload: JSON.stringify(payload ?? null).slice(0, 2000) }));
  }
  return true;
})()`;
const show = (id: string) => `(() => {
  window.__sbEvents = [];
  window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: ${JSON.stringify(id)}, viewMode: 'story' });
})()`;
const EVENTS = `window.__sbEvents`;

/** Page code: what the story's element drew — the innermost svc- element of the story, its content and size. */
const DRAWN = `(() => {
  const el = ['svc-dashboard', 'svc-chat', 'svc-avatar', 'svc-provider']
    .map((tag) => document.querySelector('#storybook-root ' + tag)).find(Boolean);
  if (!el) return { tag: null, nodes: 0, box: 0 };
  const root = el.localName === 'svc-provider' ? el : el.shadowRoot;
  const box = el.getBoundingClientRect();
  return { tag: el.localName, nodes: root ? root.querySelectorAll('*').length : 0, box: Math.round(box.width * box.height) };
})()`;

/** Page code: every svc- element updated, two frames drawn. */
const SETTLED = `(async () => {
  const roots = [document];
  const pending = [];
  while (roots.length) {
    for (const el of roots.pop().querySelectorAll('*')) {
      if (el.localName.startsWith('svc-')) pending.push(el.updateComplete);
      if (el.shadowRoot) roots.push(el.shadowRoot);
    }
  }
  await Promise.all(pending);
  for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
})()`;

const AXE_RUN = `(async () => {
  const rules = Object.fromEntries(${JSON.stringify(PAGE_RULES)}.map((id) => [id, { enabled: false }]));
  const { violations } = await axe.run('#storybook-root', { resultTypes: ['violations'], rules });
  return violations.map((v) => v.nodes.map((n) => v.id + ' (' + v.impact + ') ' + JSON.stringify(n.target) + ' — ' +
    (n.failureSummary || v.help).replace(/\\s+/g, ' '))).flat();
})()`;

describe('Storybook: every story renders, clean and accessible', { timeout: 240_000 }, () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  /** Console errors, uncaught exceptions and Lit warnings since the current story was asked for. */
  let problems: string[] = [];

  before(async () => {
    server = await serveStatic(site);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Lit's one notice that it runs in dev mode (the build's choice, for the warnings below) is not a problem.
    await page.addInitScript('globalThis.litIssuedWarnings = new Set(["dev-mode"])');
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
      else if (m.type() === 'warning' && /lit\.dev\/msg|Lit is in dev mode/.test(m.text()))
        problems.push(`Lit warning: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    // Storybook reloads the frame when a story is left while its play function still runs (one that hung).
    page.on('load', () => problems.push('the preview frame reloaded'));
    await fresh();
    assert.deepEqual(problems, [], 'the preview frame loads without errors');
  });

  /** The preview frame with no story: each is then asked for over the preview's channel, as the Storybook UI does. */
  async function fresh(): Promise<void> {
    await page.goto(`${origin(server)}/iframe.html`);
    await page.waitForFunction('!!window.__STORYBOOK_ADDONS_CHANNEL__ && !!window.__STORYBOOK_PREVIEW__');
    await page.evaluate(LISTEN);
    await page.evaluate(AXE);
    problems = problems.filter((p) => p !== 'the preview frame reloaded');
  }
  /** Whether the last story failed (it may have left its play function running: the next starts on a fresh frame). */
  let failed = false;

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('has a story for each widget kind, named as the kind', () => {
    const kinds = all.filter((s) => s.title === 'Elements/svc-dashboard/Widget kinds').map((s) => s.name);
    assert.deepEqual(
      kinds.sort(),
      Object.keys(WIDGET_KINDS)
        .map((k) => k.replace(/_/g, ' '))
        .sort(),
    );
  });

  for (const story of stories) {
    it(`${story.title} / ${story.name}`, async (t) => {
      if (failed) await fresh();
      failed = true;
      problems = [];
      const started = Date.now();
      await page.evaluate(show(story.id));
      await page.waitForFunction(`${EVENTS}.length > 0`, null, { timeout: 90_000 });
      const events = await page.evaluate<{ name: string; payload: string }[]>(EVENTS);
      const finished = events.find((e) => e.name === 'storyFinished');
      assert.ok(
        finished && /"status":"success"/.test(finished.payload),
        `the story finishes: ${events.map((e) => `${e.name} ${e.payload}`).join('; ')}`,
      );
      await page.evaluate(SETTLED);
      const drawn = await page.evaluate<{ tag: string | null; nodes: number; box: number }>(DRAWN);
      assert.ok(drawn.tag && drawn.nodes > 0 && drawn.box > 0, `the element drew something: ${JSON.stringify(drawn)}`);
      const violations = await page.evaluate<string[]>(AXE_RUN);
      t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)} s, <${drawn.tag}> ${drawn.nodes} nodes`);
      assert.deepEqual(problems, [], 'no console errors, uncaught exceptions or Lit warnings');
      assert.deepEqual(violations, [], 'axe finds no violations');
      failed = false;
    });
  }
});
