// The library from its packed tarball in the frameworks' own toolchains: examples/react (TSX, compiled by Vite 8 on
// its own) and examples/vue (an SFC, @vitejs/plugin-vue) are copied, get the tarball in their node_modules, are type
// checked against the generated typings (`svc-elements/react`, `/vue`; plain `tsc`, and for the Vue template a small
// reading of its svc-* elements' bindings against `GlobalComponents`, as vue-tsc would check them), built with Vite,
// served, and in Chromium show a dashboard (charts drawn, the `svc-dashboard-loaded` handler called through the
// framework) and a chat that answers. `svc-elements/svelte` is type checked against a stand-in of `svelte/elements`
// (Svelte is not installed here). And importing the package in plain Node, with no DOM, works: its entries and
// subpaths import, the elements are registered in Lit's server-side registry, and the Vue app renders on the server
// through Vite's SSR.
// About 6 minutes on 2 busy cores (load ~25): the pack (~2 min), two type checks and two Vite builds (~40 s each),
// the pages (~20 s each).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { build, createServer as createViteServer } from 'vite';
import { parse, type SFCDescriptor } from 'vue/compiler-sfc';
import {
  buildAdvice,
  hostApp,
  launchChromium,
  origin,
  packLibrary,
  pkg,
  recordingLogger,
  root,
  serveStatic,
  watch,
  type Packed,
} from '../helpers/package.js';

const tsc = (project: string) =>
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
    encoding: 'utf8',
    stdio: 'pipe',
  });

/** tsc's complaints (its stdout) when it fails, '' when the project type checks. */
function typeErrors(project: string): string {
  try {
    tsc(project);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

type TemplateNode = NonNullable<NonNullable<SFCDescriptor['template']>['ast']>['children'][number];
const camelize = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The svc-* elements of a Vue SFC's template as TypeScript that checks their bindings against `GlobalComponents`,
 * appended to the SFC's `<script setup>` (whose bindings the template uses): static attributes, `:prop` bindings and
 * `@event` handlers (a handler's name or member expression, as the example writes them).
 */
export function vueTemplateCheck(sfc: string): string {
  const { descriptor } = parse(sfc);
  const checks: string[] = [];
  const visit = (node: TemplateNode) => {
    if (!('tag' in node)) return;
    const element = node;
    if (element.tag.startsWith('svc-')) {
      const props = element.props.map((p) => {
        if (!('exp' in p)) return `${JSON.stringify(camelize(p.name))}: ${JSON.stringify(p.value?.content ?? '')}`;
        const arg = p.arg && 'isStatic' in p.arg && p.arg.isStatic ? p.arg.content : undefined;
        const exp = p.exp && 'content' in p.exp ? p.exp.content : undefined;
        if (!arg || !exp) throw new Error(`unsupported binding ${p.loc.source}`);
        if (p.name === 'bind') return `${JSON.stringify(camelize(arg))}: (${exp})`;
        if (p.name === 'on' && /^[\w$.]+$/.test(exp)) {
          const name = camelize(arg);
          return `${JSON.stringify(`on${name[0].toUpperCase()}${name.slice(1)}`)}: ${exp}`;
        }
        throw new Error(`unsupported binding ${p.loc.source}`);
      });
      checks.push(`({ ${props.join(', ')} }) satisfies SvcProps<'${element.tag}'>;`);
    }
    element.children.forEach(visit);
  };
  descriptor.template!.ast!.children.forEach(visit);
  assert.ok(checks.length > 0, 'the template has svc-* elements');
  return `${descriptor.scriptSetup!.content}
import type { GlobalComponents as __GlobalComponents } from 'vue';
type SvcProps<T extends keyof __GlobalComponents> = InstanceType<__GlobalComponents[T]>['$props'];
${checks.join('\n')}
`;
}

describe('frameworks, from the packed library', { timeout: 600_000 }, () => {
  let packed: Packed;
  let browser: Browser | undefined;
  const launch = async () => (browser ??= await launchChromium());

  before(async () => {
    packed = await packLibrary('frameworks-');
  });

  after(async () => {
    await browser?.close();
    // Scratch under test-results/: a folder a tool still writes to as it is removed is left for the next run, not a failure.
    if (packed)
      try {
        rmSync(packed.work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`left ${packed.work}: ${String(error)}`);
      }
  });

  /** Builds `app` with Vite (its own config, if it has one) and opens it: dashboard, event handler, chat answer. */
  async function buildAndOpen(app: string): Promise<void> {
    const warnings: string[] = [];
    await build({ root: app, logLevel: 'warn', customLogger: recordingLogger(warnings) });
    assert.deepEqual(
      warnings.filter((w) => !buildAdvice(w)),
      [],
    );
    const server = await serveStatic(join(app, 'dist'));
    const page = await (await launch()).newPage({ viewport: { width: 1280, height: 900 } });
    const { problems } = watch(page);
    try {
      await page.goto(`${origin(server)}/`);
      // The framework passed the handler on: `svc-dashboard-loaded` with its widget count.
      const status = page.locator('p[role=status]');
      await status.filter({ hasText: /widgets loaded|Failed/ }).waitFor({ timeout: 120_000 });
      assert.match((await status.textContent()) ?? '', /^\d+ widgets loaded$/);
      // The framework set the `dashboard` property (an object): its KPIs show numbers and its charts are drawn.
      const dashboard = page.locator('svc-dashboard');
      assert.match((await dashboard.locator('[part~="kpi"]').first().textContent()) ?? '', /\d/);
      await page.waitForFunction(
        () =>
          (document.querySelector('svc-dashboard')?.shadowRoot?.querySelectorAll('[part~="chart"] svg .mark-line path')
            .length ?? 0) > 0,
        null,
        { timeout: 60_000 },
      );
      // …and `starterPrompts` (an array): the chat offers the question and answers it with the viewer's numbers.
      const chat = page.locator('svc-chat');
      const starter = chat.locator('.starters button').first();
      assert.equal(((await starter.textContent()) ?? '').trim(), 'Revenue by region last year');
      await starter.click();
      const answer = chat.locator('[part~="answer"]').first();
      await answer.waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('svc-chat')?.getAttribute('aria-busy') !== 'true', null, {
        timeout: 60_000,
      });
      const text = ((await answer.textContent()) ?? '').trim();
      assert.match(text, /EU/, text);
      assert.match(text, /\d[\d,.]*/, text);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      server.close();
    }
  }

  describe('React 19 (examples/react)', () => {
    let app: string;
    before(() => {
      app = hostApp(packed, 'react', join(root, 'examples/react'));
    });

    it('type checks against svc-elements/react, which types properties and event handlers precisely', () => {
      assert.equal(typeErrors(app), '');
      // What the typings refuse (each line must be an error, or tsc reports an unused @ts-expect-error).
      writeFileSync(
        join(app, 'src/refused.tsx'),
        `export const refused = [
  // @ts-expect-error -- publicId is a string
  <svc-dashboard publicId={3} />,
  // @ts-expect-error -- the event has no such field
  <svc-dashboard onsvc-dashboard-loaded={(event) => event.nope} />,
  // @ts-expect-error -- starterPrompts is a string array
  <svc-chat starterPrompts="Revenue?" />,
  // @ts-expect-error -- <svc-chat> has no publicId
  <svc-chat publicId="d1" />,
  // @ts-expect-error -- a read-only property
  <svc-dashboard dataLoaded={true} />,
  <svc-chat ref={(chat) => void chat?.send('Revenue?')} className="chat" />,
  <svc-provider renewBefore={30} onsvc-session-expiring={(event) => event.expiresAt.toFixed()} />,
];
`,
      );
      try {
        assert.equal(typeErrors(app), '');
      } finally {
        rmSync(join(app, 'src/refused.tsx'));
      }
    });

    it('built by Vite (TSX without a plugin): shows the dashboard and a chat that answers', async () => {
      await buildAndOpen(app);
    });
  });

  describe('Vue 3 (examples/vue)', () => {
    let app: string;
    before(() => {
      app = hostApp(packed, 'vue', join(root, 'examples/vue'));
    });

    it("type checks, and the template's svc-* bindings check against svc-elements/vue's GlobalComponents", () => {
      const sfc = readFileSync(join(app, 'src/App.vue'), 'utf8');
      writeFileSync(join(app, 'src/App.vue.check.ts'), vueTemplateCheck(sfc));
      assert.equal(typeErrors(app), '');
      // The same reading refuses a wrong binding.
      writeFileSync(
        join(app, 'src/App.vue.check.ts'),
        vueTemplateCheck(sfc.replace(':token="demo.token"', ':token="demo.dashboard"')),
      );
      assert.match(typeErrors(app), /App\.vue\.check\.ts.*error TS2322/s);
      rmSync(join(app, 'src/App.vue.check.ts'));
    });

    it('built by Vite with @vitejs/plugin-vue: shows the dashboard and a chat that answers', async () => {
      await buildAndOpen(app);
    });

    it("renders on the server (Vite's SSR in Node): the elements' tags and attributes, for the client to upgrade", async () => {
      // The example's App with its `svc-elements/vue` import, rendered by Vue's server renderer; the package is
      // imported by Node itself (Vite leaves node_modules to it), with no DOM.
      writeFileSync(
        join(app, 'src/entry-server.ts'),
        `import 'svc-elements/vue';
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import App from './App.vue';

export const render = () =>
  renderToString(
    createSSRApp(App, {
      demo: { fetch, token: 'server-token', dashboard: { config: { title: 'On the server', widgets: [] }, reportSnapshots: [] } },
    }),
  );
`,
      );
      const vite = await createViteServer({
        root: app,
        logLevel: 'silent',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Server rendering only: no scan of the client's dependencies, which wrote into node_modules/.vite after close.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { render } = (await vite.ssrLoadModule('/src/entry-server.ts')) as { render: () => Promise<string> };
        const html = await render();
        assert.match(html, /^<svc-provider base-url="https:\/\/local\.svc" account-name="demo" agent-id="analyst"/);
        assert.match(html, /<svc-dashboard><\/svc-dashboard>/, 'objects and listeners are left to the client');
        assert.match(html, /<svc-chat><\/svc-chat>/);
        assert.match(html, /<p role="status">Loading the dashboard…<\/p>/);
      } finally {
        await vite.close();
        rmSync(join(app, 'src/entry-server.ts'));
      }
    });
  });

  it('Svelte 5: svc-elements/svelte types the elements in SvelteHTMLElements', () => {
    // Svelte is not installed here: its `svelte/elements` stands in as the two declarations the typings build on.
    const svelteElements = `export interface HTMLAttributes<T extends EventTarget> { class?: string; id?: string; onclick?: (event: MouseEvent & { currentTarget: T }) => void }
export interface SvelteHTMLElements {}
`;
    const app = hostApp(
      packed,
      'svelte',
      new Map([
        ['package.json', JSON.stringify({ name: 'svelte-app', private: true, type: 'module' })],
        ['tsconfig.json', readFileSync(join(root, 'examples/react/tsconfig.json'), 'utf8')],
        [
          'node_modules/svelte/package.json',
          JSON.stringify({ name: 'svelte', exports: { './elements': { types: './elements.d.ts' } } }),
        ],
        ['node_modules/svelte/elements.d.ts', svelteElements],
        [
          'src/check.ts',
          `import 'svc-elements/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { GeneratedDashboard } from 'svc-elements/generate';

declare const dashboard: GeneratedDashboard;
({ dashboard, 'public-id': 'd1', class: 'wide', 'onsvc-dashboard-loaded': (event) => event.widgetCount.toFixed() }) satisfies SvelteHTMLElements['svc-dashboard'];
({ starterPrompts: ['Revenue?'], 'onsvc-ai-query': (event) => event.phase }) satisfies SvelteHTMLElements['svc-chat'];
// @ts-expect-error -- publicId is a string
({ publicId: 3 }) satisfies SvelteHTMLElements['svc-dashboard'];
// @ts-expect-error -- the event has no such field
({ 'onsvc-dashboard-loaded': (event) => event.nope }) satisfies SvelteHTMLElements['svc-dashboard'];
// @ts-expect-error -- <svc-avatar> fires no chat events
({ 'onsvc-ai-query': () => undefined }) satisfies SvelteHTMLElements['svc-avatar'];
`,
        ],
      ]),
    );
    assert.equal(typeErrors(app), '');
  });

  describe('on a server: plain Node, no DOM', () => {
    let app: string;
    before(() => {
      app = hostApp(packed, 'node-app', new Map([['package.json', JSON.stringify({ type: 'module' })]]));
    });
    const node = (code: string) =>
      execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' });

    it('`node -e "import(\'svc-elements\')"` succeeds', () => {
      execFileSync(process.execPath, ['-e', "import('svc-elements')"], { cwd: app, stdio: 'pipe' });
    });

    it('every entry and subpath imports, and the elements are in the server-side registry for Lit SSR', () => {
      const subpaths = Object.keys(pkg.exports).filter((e) => !e.endsWith('.json'));
      const out = node(`
        const imported = [];
        for (const subpath of ${JSON.stringify(subpaths)}) {
          await import(subpath === '.' ? 'svc-elements' : 'svc-elements' + subpath.slice(1));
          imported.push(subpath);
        }
        const { SvcDashboard } = await import('svc-elements');
        console.log(JSON.stringify({
          imported,
          window: typeof window,
          document: typeof document,
          tags: ['svc-provider', 'svc-dashboard', 'svc-chat', 'svc-avatar'].filter((t) => customElements.get(t)),
          dashboard: customElements.get('svc-dashboard') === SvcDashboard,
        }));
      `);
      assert.deepEqual(JSON.parse(out), {
        imported: subpaths,
        window: 'undefined',
        document: 'undefined',
        tags: ['svc-provider', 'svc-dashboard', 'svc-chat', 'svc-avatar'],
        dashboard: true,
      });
    });
  });
});
