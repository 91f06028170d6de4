// The import graph of a folder's TypeScript modules, read with the TypeScript API: every `import` and `export … from`
// (type-only included), every `import()` call and `import('…')` type; specifiers resolved as tsconfig.json resolves
// them. Its circles are its strongly connected components of more than one module (or a module importing itself),
// each shown as one shortest circle through it.

import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, Set<string>>;

/** Every `.ts` file under `dir` (declaration files left out). */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The module specifiers a source file names, static, dynamic and in types. */
export function specifiersOf(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) out.push(e.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) out.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The graph of `dir`'s modules (paths relative to `root`), edges only to modules under `dir`. */
export function importGraph(root: string, dir: string): ImportGraph {
  const configPath = ts.findConfigFile(root, (f) => ts.sys.fileExists(f), 'tsconfig.json');
  if (!configPath) throw new Error(`No tsconfig.json at ${root}`);
  const config: unknown = ts.readConfigFile(configPath, (f) => ts.sys.readFile(f)).config;
  const options = ts.parseJsonConfigFileContent(config, ts.sys, root).options;
  const files = tsFiles(join(root, dir));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const edges = new Set<string>();
    for (const specifier of specifiersOf(source)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && known.has(resolved)) edges.add(relative(root, resolved));
    }
    graph.set(relative(root, file), edges);
  }
  return graph;
}

/** Strongly connected components (Tarjan's, iterative: no recursion limit on long chains). */
function components(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length) {
      const top = work[work.length - 1];
      const next = top.edges.next();
      if (!next.done) {
        const to = next.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        out.push(component.sort());
      }
    }
  }
  return out;
}

/** The shortest circle from `start` back to it within `members` (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(from.get(path[0])!);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

export interface ImportCircle {
  /** Every module of the strongly connected component, sorted. */
  modules: string[];
  /** One shortest circle through its first module: a → b → … → a. */
  circle: string[];
}

/** The graph's circles, one per strongly connected component. */
export function importCircles(graph: ImportGraph): ImportCircle[] {
  return components(graph)
    .filter((c) => c.length > 1 || graph.get(c[0])?.has(c[0]))
    .map((modules) => ({ modules, circle: shortestCircle(graph, modules[0], new Set(modules)) }));
}
