// No import circle below the elements, type-only imports included: every module of the engine, the API contract, the
// transport and the helpers sits strictly above the modules it imports, so "which module is below which" has one
// answer (docs/architecture.md). Imports are read with TypeScript's own pre-processor (static, dynamic and
// `export … from`); a circle is reported as the modules it passes through.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
/** Every folder of src/ but elements/ (its own circles are another change's). */
const FOLDERS = ['api', 'cli', 'engine', 'generate', 'layout', 'server', 'transport', 'util'];

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Each module with the modules of ours it imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one module (Tarjan), or of one that imports itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one (type-only imports count)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(
      circles(graph).map((c) => c.sort()),
      [['a', 'b', 'c']],
    );
  });

  it('there is none in src/ outside the elements', () => {
    const files = FOLDERS.flatMap((folder) => modulesUnder(join(ROOT, 'src', folder)));
    assert.ok(files.length > 150, `read ${files.length} modules`);
    const found = circles(importGraph(files)).map((c) => c.map((f) => relative(ROOT, f)).sort());
    assert.deepEqual(found, [], `import circles:\n${found.map((c) => c.join(' → ')).join('\n')}`);
  });
});
