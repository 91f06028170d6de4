// Size of each entry, minified and gzipped as a consumer's bundler would ship it (esbuild, like size-limit). The
// elements entry as its budget counts it (issue 18: `dist/index.js` with its dependencies — lit, @lit/context… —
// lazy chunks excluded), and without its dependencies (what the library itself adds to a page that has lit already);
// every entry with its lazy chunks included and its runtime dependencies external.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { nodeOnlyEsbuild } from '../scripts/node-only.js';
import type { Row } from './util.js';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** The budgets `npm test` enforces with size-limit (.size-limit.mjs). */
const budgets = ((await import(join(root, '.size-limit.mjs'))) as { default: { name: string; limit: string }[] })
  .default;
/** An entry's budget in kB: its target when the limit is a temporary one (`name (target 25 kB)`), else its limit. */
const budgetOf = (name: string) => {
  const budget = budgets.find((b) => b.name === name || b.name.startsWith(`${name} (`));
  const target = /\(target ([\d.]+) kB\)/.exec(budget?.name ?? '')?.[1];
  return budget ? Number.parseFloat(target ?? budget.limit) : undefined;
};

/** Every `import()` left out of the bundle: what remains is what loads with the entry. */
const lazyChunksExcluded: Plugin = {
  name: 'lazy-chunks-excluded',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

interface Measure {
  /** The entry's dependencies bundled with it (else external). */
  deps: boolean;
  /** Only what loads with the entry (else its lazy chunks too). */
  eager: boolean;
}

/** Minified + gzip (level 9) bytes of one entry. */
export async function entrySize(file: string, { deps, eager }: Measure): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    entryPoints: [join(root, file)],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: deps ? 'browser' : 'neutral',
    write: false,
    external: [...(deps ? [] : Object.keys(pkg.dependencies)), 'node:*'],
    // The engine's Node-only modules are left out as the library build leaves them out (scripts/node-only.ts).
    plugins: eager ? [lazyChunksExcluded, nodeOnlyEsbuild] : [nodeOnlyEsbuild],
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const ROWS: { entry: string; file: string; counts: string; measure: Measure; budget?: string }[] = [
  {
    entry: 'svc-elements',
    file: 'src/index.ts',
    counts: 'loads with it, dependencies included',
    measure: { deps: true, eager: true },
    budget: 'svc-elements',
  },
  {
    entry: 'svc-elements',
    file: 'src/index.ts',
    counts: 'loads with it, without dependencies',
    measure: { deps: false, eager: true },
  },
  {
    entry: 'svc-elements',
    file: 'src/index.ts',
    // Every UI language's catalogue included (a page loads one; size-limit's budget counts one).
    counts: 'lazy chunks and all 11 languages included, without dependencies',
    measure: { deps: false, eager: false },
  },
  {
    entry: 'svc-elements/transport',
    file: 'src/transport/index.ts',
    counts: 'loads with it, without dependencies',
    measure: { deps: false, eager: true },
    budget: 'svc-elements/transport',
  },
  {
    entry: 'svc-elements/engine',
    file: 'src/engine/index.ts',
    counts: 'lazy chunks included, without dependencies',
    measure: { deps: false, eager: false },
  },
  {
    entry: 'svc-elements/server',
    file: 'src/server/index.ts',
    counts: 'lazy chunks included, without dependencies',
    measure: { deps: false, eager: false },
  },
];

export async function sizeBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { entry, file, counts, measure, budget } of ROWS) {
    const { raw, gzip } = await entrySize(file, measure);
    const budgetKb = budget ? budgetOf(budget) : undefined;
    rows.push({
      entry,
      counts,
      minified: `${(raw / 1000).toFixed(1)} kB`,
      gzip: `${(gzip / 1000).toFixed(2)} kB`,
      budget: budgetKb ? `${budgetKb} kB gzip` : '',
      'of budget': budgetKb ? `${((gzip / 1000 / budgetKb) * 100).toFixed(0)} %` : '',
    });
  }
  return rows;
}
