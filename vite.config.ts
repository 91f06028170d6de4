// One config for the four jobs: `vite` serves the demo, `vite build` builds the library,
// `vite build --mode demo` builds the demo as a static site, `vite build --mode cdn` the no-build module (dist/cdn/).
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
// @ts-expect-error -- plain JS module shared with the test runner
import { LIBPG_QUERY_LOADER, libpgQueryToEsm } from './scripts/libpg-query-esm.mjs';
import { NODE_ONLY, UNAVAILABLE, nodeOnlyName } from './scripts/node-only.js';

/** Serves and bundles libpg-query's CommonJS loader as an ES module (see scripts/libpg-query-esm.mjs). */
const libpgQueryEsm = (options: { ignoreWasmUrl?: boolean } = {}): Plugin => ({
  name: 'libpg-query-esm',
  enforce: 'pre',
  transform(code, id) {
    return (LIBPG_QUERY_LOADER as RegExp).test(id.split('?')[0])
      ? { code: (libpgQueryToEsm as (c: string, o: object) => string)(code, options), map: null }
      : undefined;
  },
});

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
// Optional ones too: @duckdb/node-api is loaded by dist/node/ (duckdb-native, durable-store) from the host's node_modules.
const runtimeDeps = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies });
/** Runtime dependencies (and their subpaths) stay external so consumers dedupe lit and friends. */
const external = (id: string): boolean =>
  id.startsWith('node:') || runtimeDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * Library build: the wasm files and DuckDB's worker are not inlined (lib mode would base64 them into a 46 MB chunk).
 * The source points at them in node_modules; here they become files of dist/ — DuckDB's beside the engine's chunk,
 * libpg-query's beside the SQL parser's worker in dist/assets — referenced as `new URL('./file', import.meta.url)`,
 * the form a consumer's bundler (Vite, webpack, Parcel) recognises and copies as an asset. `/* @vite-ignore *\/`
 * keeps this build's own asset handling off them and is removed from the output.
 */
const DUCKDB_FILES = ['duckdb-eh.wasm', 'duckdb-browser-eh.worker.js'];
const IGNORE = '/* @vite-ignore */';
/** The output's asset URLs in plain `new URL('./file', import.meta.url)` form; the worker's build needs it too. */
const plainAssetUrls: Plugin = {
  name: 'plain-asset-urls',
  renderChunk(code) {
    // Vite writes the worker's URL as new URL(new URL("assets/w.js", import.meta.url).href, "" + import.meta.url).
    const plain = code
      .replace(
        /new URL\(\s*(?:\/\* @vite-ignore \*\/\s*)?new URL\("((?:assets\/)?[\w.-]+\.js)", import\.meta\.url\)\.href,\s*"" \+ import\.meta\.url\s*\)/g,
        'new URL("./$1", import.meta.url)',
      )
      .replace(/\/\* @vite-ignore \*\/\s*/g, '');
    return plain === code ? null : { code: plain, map: null };
  },
};
/**
 * DuckDB's files as `new URL('<prefix>file', import.meta.url)`: './' from the engine's chunk in dist/, '../' from the
 * engine's worker in dist/assets/ (its own bundle: see `worker` below).
 */
const duckdbUrls = (prefix: string): Plugin => ({
  name: 'duckdb-urls',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/engine/data/duckdb-assets.ts')) return undefined;
    const replaced = code.replace(
      /new URL\(\s*'\.\.\/\.\.\/\.\.\/node_modules\/@duckdb\/duckdb-wasm\/dist\/([\w.-]+)',\s*import\.meta\.url,?\s*\)/g,
      (_, file: string) => {
        if (!DUCKDB_FILES.includes(file)) throw new Error(`library-assets: unexpected file ${file}`);
        return `new URL(${IGNORE} ${JSON.stringify(`${prefix}${file}`)}, import.meta.url)`;
      },
    );
    return { code: replaced, map: null }; // same lines: the source map stays right
  },
});
/**
 * parquet-wasm's wasm as a file beside its module in dist/assets (the workers that bundle it: Parquet's and the
 * engine's), not inlined as a 6.7 MB base64 chunk: its loader's `new URL('parquet_wasm_bg.wasm', import.meta.url)`
 * kept as such for a consumer's bundler, the file emitted by libraryAssets. In Node the engine reads the package's own
 * file (data/parquet-decode.ts).
 */
const PARQUET_WASM = 'parquet_wasm_bg.wasm';
const parquetWasmUrl = (prefix = './'): Plugin => ({
  name: 'parquet-wasm-url',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/parquet-wasm\/esm\/parquet_wasm\.js$/.test(id.split('?')[0])) return undefined;
    const replaced = code.replace(
      /new URL\(\s*'parquet_wasm_bg\.wasm',\s*import\.meta\.url\s*\)/g,
      `new URL(${IGNORE} ${JSON.stringify(`${prefix}${PARQUET_WASM}`)}, import.meta.url)`,
    );
    if (replaced === code) throw new Error(`parquet-wasm-url: no wasm URL in ${id}`);
    return { code: replaced, map: null };
  },
});
const libraryAssets: Plugin = {
  ...duckdbUrls('./'),
  name: 'library-assets',
  generateBundle() {
    for (const file of DUCKDB_FILES) {
      let source: Buffer | string = readFileSync(
        new URL(`./node_modules/@duckdb/duckdb-wasm/dist/${file}`, import.meta.url),
      );
      // DuckDB's worker names a source map that is not shipped: a host's dev server would fail to read it.
      if (file.endsWith('.js')) source = source.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      this.emitFile({ type: 'asset', fileName: file, source });
    }
    this.emitFile({
      type: 'asset',
      fileName: `assets/${PARQUET_WASM}`,
      source: readFileSync(new URL(`./node_modules/parquet-wasm/esm/${PARQUET_WASM}`, import.meta.url)),
    });
    this.emitFile({
      type: 'asset',
      fileName: 'assets/libpg-query.wasm',
      source: readFileSync(new URL('./node_modules/libpg-query/wasm/libpg-query.wasm', import.meta.url)),
    });
  },
};

/**
 * Node-only modules (DuckDB's blocking build in a worker thread, the SQL parser in-process) are entries of their own
 * in dist/node/, loaded through the package's `imports` field: `#svc-node/<name>` resolves to them under the `node`
 * condition and to dist/node/unavailable.js elsewhere. A browser never loads either (the engine checks the runtime
 * first), but a host's bundler follows every `import()`: this way it never sees `node:module`, `node:worker_threads`
 * or libpg-query's Node loader, and warns about nothing.
 */
const nodeOnlyResolve: Plugin = {
  name: 'node-only-resolve',
  enforce: 'pre',
  resolveId(source, importer) {
    const name = nodeOnlyName(source, importer);
    return name ? { id: `#svc-node/${name}`, external: true } : null;
  },
};
const nodeOnlyImports: Plugin = {
  ...nodeOnlyResolve,
  name: 'node-only-imports',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'node/unavailable.js', source: UNAVAILABLE });
  },
};
/**
 * The demo (a page, never Node) bundles none of the Node-only modules: each is the unavailable module above (native
 * DuckDB's binary cannot be bundled at all).
 */
const nodeOnlyStubs: Plugin = {
  name: 'node-only-stubs',
  enforce: 'pre',
  resolveId(source, importer) {
    const name = nodeOnlyName(source, importer);
    return name ? `\0svc-node-unavailable:${name}` : null;
  },
  load(id) {
    return id.startsWith('\0svc-node-unavailable:') ? UNAVAILABLE : null;
  },
};

/**
 * The built demo is served with a strict Content-Security-Policy on its pages (the e2e test checks that nothing
 * violates it). Only documents carry it: the wasm of DuckDB and of the SQL parser compiles in workers, which get the
 * policy of their own response, so the pages need no 'wasm-unsafe-eval'.
 */
export const DEMO_CSP = "script-src 'self'; object-src 'none'";
const strictCsp: Plugin = {
  name: 'demo-strict-csp',
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path.endsWith('/') || path.endsWith('.html')) res.setHeader('Content-Security-Policy', DEMO_CSP);
      next();
    });
  },
};

/**
 * The dev server serves DuckDB's worker from node_modules as it is: its source map points at 117 sources that are not
 * in the package, and Vite warns about each. The worker is DuckDB's, not ours to debug: serve it without the map.
 */
const duckdbWorkerWithoutMap: Plugin = {
  name: 'duckdb-worker-without-map',
  apply: 'serve',
  load(id) {
    const file = id.split('?')[0];
    if (!/\/@duckdb\/duckdb-wasm\/dist\/duckdb-browser-eh\.worker\.js$/.test(file)) return null;
    return { code: readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map: null };
  },
};

/**
 * Dependencies the demo's modules load on first use (markdown and DOMPurify, highlight.js, the charts): pre-bundled
 * when the dev server starts, so the optimizer does not discover them at the first chat answer and reload the page
 * (losing the question).
 */
const LAZY_DEPS = [
  'marked',
  'dompurify',
  'highlight.js/lib/core',
  'highlight.js/lib/languages/sql',
  'vega',
  'vega-lite',
  'vega-interpreter',
  'apache-arrow',
];

/**
 * The plugins of the workers the library and the no-build module ship (the engine's, the parser's, Parquet's): their
 * wasm and DuckDB's files found beside them; the Node-only modules left to the package's `imports` or stubbed.
 */
const packagedWorker = (nodeOnly: Plugin): Plugin[] => [
  libpgQueryEsm({ ignoreWasmUrl: true }),
  duckdbUrls('../'),
  parquetWasmUrl(),
  nodeOnly,
  plainAssetUrls,
];

export default defineConfig(({ command, mode }): UserConfig => {
  if (command === 'serve' || mode === 'demo') {
    return {
      root: 'demo',
      plugins: [libpgQueryEsm(), strictCsp, duckdbWorkerWithoutMap, nodeOnlyStubs],
      optimizeDeps: {
        // Relative to root (demo/); the build's inputs below are relative to the working directory.
        entries: ['index.html', 'gallery.html'],
        include: LAZY_DEPS,
        exclude: ['libpg-query', '@duckdb/duckdb-wasm'],
      },
      // The SQL parser's worker (src/engine/data/pg-parser.worker.ts) bundles libpg-query too.
      worker: { format: 'es', plugins: () => [libpgQueryEsm(), nodeOnlyStubs] },
      publicDir: false,
      build: {
        outDir: '../dist-demo',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
        // Two pages: the playground and the gallery of element states.
        rolldownOptions: { input: { index: 'demo/index.html', gallery: 'demo/gallery.html' } },
      },
      server: { host: '127.0.0.1', port: 5173 },
      preview: { host: '127.0.0.1', port: 4173 },
    };
  }
  if (mode === 'cdn') {
    // The no-build module: the library with its dependencies bundled and minified, every lazy part and asset a file
    // beside it (found relative to the module), the Node-only modules left out (a page never loads them).
    return {
      // parquet-wasm is bundled here in the page's chunks too (the library leaves it to the host): its wasm is the one
      // file in assets/ that the workers use.
      plugins: [libraryAssets, parquetWasmUrl('./assets/'), nodeOnlyStubs, plainAssetUrls],
      base: './',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      worker: {
        format: 'es',
        plugins: () => packagedWorker(nodeOnlyStubs),
      },
      build: {
        lib: { entry: { 'svc-elements': 'src/cdn.ts' }, formats: ['es'] },
        outDir: 'dist/cdn',
        emptyOutDir: true,
        sourcemap: true,
        target: 'es2022',
        minify: true,
        rolldownOptions: { external: (id: string) => id.startsWith('node:') },
      },
    };
  }
  return {
    plugins: [libraryAssets, nodeOnlyImports, plainAssetUrls],
    // The engine's worker and the parser's worker are files of their own in dist/assets (each a bundle with what it
    // imports; the parser's with its wasm), found relative to the chunk that starts them. Inside the engine's worker,
    // DuckDB's files are one folder up, and Node-only modules stay behind the package's `imports`.
    base: './',
    worker: {
      format: 'es',
      plugins: () => packagedWorker(nodeOnlyResolve),
    },
    build: {
      lib: {
        entry: {
          index: 'src/index.ts',
          transport: 'src/transport/index.ts',
          engine: 'src/engine/index.ts',
          server: 'src/server/index.ts',
          generate: 'src/generate/index.ts',
          cli: 'src/cli/serve.ts',
          ...Object.fromEntries(Object.entries(NODE_ONLY).map(([name, path]) => [`node/${name}`, path])),
        },
        formats: ['es'],
      },
      outDir: 'dist',
      sourcemap: true,
      target: 'es2022',
      minify: false,
      rolldownOptions: { external },
    },
  };
});
