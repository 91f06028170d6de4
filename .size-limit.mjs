// Size budgets `npm test` checks (size-limit, esbuild, minified and gzipped). An entry's budget counts what a page
// loads with it: its static imports, not the chunks it imports lazily (`import()`, left out of the bundle here). The
// elements entry counts its dependencies too (lit, @lit/context…: issue 18's measure, `dist/index.js` with its
// dependencies); the others leave out the runtime dependencies a host app shares. A looser budget on the whole, lazy
// chunks included, keeps their growth visible too.
import { readFileSync } from 'node:fs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const ignore = Object.keys(dependencies);

/** esbuild leaves every `import()` out of the bundle: what remains is what loads with the entry. */
const eagerOnly = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      name: 'lazy-chunks-excluded',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

/** The UI languages' catalogues are alternatives (a page shows one): left out of the whole, budgeted one by one. */
const oneLanguage = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      name: 'catalogues-excluded',
      setup(build) {
        build.onResolve({ filter: /\/l10n\/locales\// }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
});

export default [
  { name: 'svc-elements', path: 'src/index.ts', limit: '25 kB', gzip: true, modifyEsbuildConfig: eagerOnly },
  // Lazy chunks grew by the UI languages' runtime and Vega's locale from Intl (+2.6 kB; the catalogues are apart),
  // then by the chat's thin element and its provider handling (42.1 kB), then by the charts' fit to real data
  // (shared/chart-fit.ts: time ticks at the data's grain, "(none)", top bars and "Other"; 45.5 kB), then by the API's
  // operation table the transport's calls are made from (api/operations.ts, 1 kB of it) and the widget kinds'
  // descriptors and their config schemas (api/schemas/widgets.ts: each widget's config checked before it is drawn;
  // valibot's 1.7 kB beside them, a dependency and so not counted here), then by the chat's stream folded in slices
  // with its markdown prepared in tasks of their own (main thread as a host measures it) and a dashboard's empty state,
  // then by the markdown's renderer that writes safe HTML by construction (shared/safe-renderer.ts, +0.7 kB: no
  // sanitiser parses an answer's HTML again; DOMPurify, a dependency and not counted here, stays for highlighted SQL),
  // then by the chart worker's page side (shared/chart-worker-client.ts, +1.7 kB: charts are drawn off the main thread,
  // the page keeps the markup, the clicks, the tooltips and the exports, and a dashboard with charts warms the worker;
  // the worker's own code loads in the worker).
  {
    name: 'svc-elements, lazy chunks included',
    path: 'src/index.ts',
    limit: '51 kB',
    gzip: true,
    ignore,
    modifyEsbuildConfig: oneLanguage,
  },
  // A UI language's catalogue (Arabic, among the largest; 75 messages), loaded beside the elements when a page shows it.
  {
    name: 'svc-elements, one UI language',
    path: 'src/elements/l10n/locales/ar.ts',
    limit: '2.6 kB',
    gzip: true,
    ignore,
  },
  {
    name: 'svc-elements/transport',
    path: 'src/transport/index.ts',
    limit: '6 kB',
    gzip: true,
    ignore,
    modifyEsbuildConfig: eagerOnly,
  },
  {
    name: 'svc-elements/transport, lazy chunks included',
    path: 'src/transport/index.ts',
    limit: '8 kB',
    gzip: true,
    ignore,
  },
  { name: 'svc-elements/generate', path: 'src/generate/index.ts', limit: '3.5 kB', gzip: true, ignore },
];
