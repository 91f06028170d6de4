// Size of each entry, minified and gzipped as a consumer's bundler would ship it (esbuild, like size-limit): runtime
// dependencies (lit, valibot…) external, everything else the entry imports inlined, lazy chunks included (the
// eager part alone is what `npx size-limit` checks against the entry's budget).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Row } from './util.js';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** The budgets `npm test` enforces with size-limit (.size-limit.mjs). */
const budgets = ((await import(join(root, '.size-limit.mjs'))) as { default: { name: string; limit: string }[] })
  .default;
const budgetOf = (name: string) => {
  const limit = budgets.find((b) => b.name === name)?.limit;
  return limit ? Number.parseFloat(limit) : undefined;
};

const ENTRIES: Record<string, { file: string; budgetKb?: number }> = {
  'svc-elements': { file: 'src/index.ts', budgetKb: budgetOf('svc-elements') },
  'svc-elements/transport': { file: 'src/transport/index.ts', budgetKb: budgetOf('svc-elements/transport') },
  'svc-elements/engine': { file: 'src/engine/index.ts' },
  'svc-elements/server': { file: 'src/server/index.ts' },
};

/** Minified + gzip (level 9) bytes of one entry. */
export async function entrySize(file: string): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    entryPoints: [join(root, file)],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    write: false,
    external: [...Object.keys(pkg.dependencies), 'node:*'],
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function sizeBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, { file, budgetKb }] of Object.entries(ENTRIES)) {
    const { raw, gzip } = await entrySize(file);
    rows.push({
      entry: name,
      minified: `${(raw / 1024).toFixed(1)} KB`,
      gzip: `${(gzip / 1024).toFixed(2)} KB`,
      budget: budgetKb ? `${budgetKb} KB gzip` : '',
      'of budget': budgetKb ? `${((gzip / 1024 / budgetKb) * 100).toFixed(0)} %` : '',
    });
  }
  return rows;
}
