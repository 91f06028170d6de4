// The engine's Node-only modules (DuckDB's blocking build in a worker thread, native DuckDB, the SQL parser
// in-process, a file read where it lies, the served engine's state folder). The engine imports each only after it has
// checked that it runs in Node, but a bundler follows every `import()`: the library build, the demo and the bench's
// page bundle replace them, when a runtime switch imports them, by a module whose exports say they run only in Node.

import type { Plugin as EsbuildPlugin } from 'esbuild';

/** Each Node-only module by the name it is imported as (`./<name>.js` or `./node/<name>.js`). */
export const NODE_ONLY: Record<string, string> = {
  'duckdb-node': 'src/engine/data/duckdb-node.ts',
  'duckdb-native': 'src/engine/data/duckdb-native.ts',
  'local-file': 'src/engine/data/local-file.ts',
  'pg-parser-local': 'src/engine/data/pg-parser-local.ts',
  'durable-store': 'src/engine/node/durable-store.ts',
};

/** A Node-only module's name when `source`, imported by one of the engine's runtime switches, names one. */
export function nodeOnlyName(source: string, importer: string | undefined): string | undefined {
  const name = /^\.\/(?:node\/)?([\w-]+)\.js$/.exec(source)?.[1];
  if (!name || !NODE_ONLY[name] || !importer) return undefined;
  // Only the runtime switches (executor-runtime, the parser loader, a file source's reader, the engine's state
  // folder); the parser's worker bundles its own copy.
  if (!/\/engine\/(data\/(executor-runtime|pg-parser|import|path-table)|in-page)\.ts$/.test(importer)) return undefined;
  return name;
}

/** What a Node-only module is where it cannot run: each export throws, and native DuckDB says it is not there. */
export const UNAVAILABLE = [
  'createDuckDbExecutor',
  'createInProcessParser',
  'createNativeExecutor',
  'localFile',
  'fileChanged',
  'openDurableStore',
]
  .map((name) => `export function ${name}() {\n  throw new Error('svc-elements: this module runs only in Node');\n}\n`)
  .join('')
  .concat("export async function nativeUnavailable() {\n  return 'not in Node';\n}\n");

/** The same replacement for esbuild (the bench's page bundle). */
export const nodeOnlyEsbuild: EsbuildPlugin = {
  name: 'node-only-stubs',
  setup(build) {
    build.onResolve({ filter: /^\.\/(?:node\/)?[\w-]+\.js$/ }, (args) => {
      const name = nodeOnlyName(args.path, args.importer);
      return name ? { path: name, namespace: 'svc-node-unavailable' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'svc-node-unavailable' }, () => ({ contents: UNAVAILABLE, loader: 'js' }));
  },
};
