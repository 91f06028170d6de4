// No import circle in src/, type-only imports and `import()` included: a circle blurs which module is below which
// (docs/architecture.md: each layer imports only those below it). The check lists every circle it finds, as a
// strongly connected component and one shortest circle through it, and fails on any.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importCircles, importGraph } from './helpers/import-graph.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('import circles', () => {
  it('src/ has none, type-only and dynamic imports included', () => {
    const graph = importGraph(root, 'src');
    assert.ok(graph.size > 100, `only ${graph.size} modules read under src/`);
    const circles = importCircles(graph);
    assert.deepEqual(
      circles.map((c) => c.circle.join(' → ')),
      [],
      `import circles in src/:\n${circles.map((c) => `  ${c.circle.join(' → ')}\n    (${c.modules.join(', ')})`).join('\n')}`,
    );
  });

  describe('the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-circles-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      rmSync(join(dir, 'lib'), { recursive: true, force: true });
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { moduleResolution: 'bundler' } }));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return importCircles(importGraph(dir, 'lib'));
    };

    it('sees a circle made of a type-only import and an import() call', () => {
      const circles = write({
        'lib/orders/totals.ts': "import type { Basket } from '../basket.js';\nexport type Total = Basket;\n",
        'lib/basket.ts': "export type Basket = string[];\nexport const totals = () => import('./orders/totals.js');\n",
        'lib/leaf.ts': 'export const x = 1;\n',
      });
      assert.deepEqual(circles, [
        {
          modules: ['lib/basket.ts', 'lib/orders/totals.ts'],
          circle: ['lib/basket.ts', 'lib/orders/totals.ts', 'lib/basket.ts'],
        },
      ]);
    });

    it("sees re-exports, import('…') types and index modules, and gives the shortest circle", () => {
      const circles = write({
        'lib/a.ts': "export * from './b.js';\n",
        'lib/b.ts': "export type C = typeof import('./c/index.js');\n",
        'lib/c/index.ts': "export { a } from '../d.js';\n",
        'lib/d.ts': "import '../lib/a.js';\nimport './c';\nexport const a = 1;\n",
      });
      assert.equal(circles.length, 1);
      assert.deepEqual(circles[0].modules, ['lib/a.ts', 'lib/b.ts', 'lib/c/index.ts', 'lib/d.ts']);
      assert.deepEqual(circles[0].circle, ['lib/a.ts', 'lib/b.ts', 'lib/c/index.ts', 'lib/d.ts', 'lib/a.ts']);
    });

    it('finds none in a tree', () => {
      const circles = write({
        'lib/top.ts': "import { mid } from './mid.js';\nimport type { Leaf } from './leaf.js';\nexport { mid };\n",
        'lib/mid.ts': "export const mid = () => import('./leaf.js');\n",
        'lib/leaf.ts': 'export type Leaf = number;\n',
      });
      assert.deepEqual(circles, []);
    });
  });
});
