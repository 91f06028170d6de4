// One config for the three jobs: `vite` serves the demo, `vite build` builds the library,
// `vite build --mode demo` builds the demo as a static site.
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error -- plain JS module shared with the test runner
import { LIBPG_QUERY_LOADER, libpgQueryToEsm } from './scripts/libpg-query-esm.mjs';

/** Serves and bundles libpg-query's CommonJS loader as an ES module (see scripts/libpg-query-esm.mjs). */
const libpgQueryEsm: Plugin = {
  name: 'libpg-query-esm',
  enforce: 'pre',
  transform(code, id) {
    return (LIBPG_QUERY_LOADER as RegExp).test(id.split('?')[0])
      ? (libpgQueryToEsm as (c: string) => string)(code)
      : undefined;
  },
};

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const runtimeDeps = Object.keys(pkg.dependencies ?? {});
/** Runtime dependencies (and their subpaths) stay external so consumers dedupe lit and friends. */
const external = (id: string): boolean =>
  id.startsWith('node:') || runtimeDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * Library build: DuckDB's worker and wasm are not inlined (lib mode would base64 them into a 46 MB chunk). The source
 * points at them in node_modules; here they become files beside the chunk, referenced relatively, so a consumer's
 * bundler copies them as assets.
 */
const DUCKDB_FILES = ['duckdb-eh.wasm', 'duckdb-browser-eh.worker.js'];
const duckdbAssets: Plugin = {
  name: 'duckdb-assets',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/engine/data/duckdb-browser.ts')) return undefined;
    return code.replace(
      /new URL\(\s*'\.\.\/\.\.\/\.\.\/node_modules\/@duckdb\/duckdb-wasm\/dist\/([\w.-]+)',\s*import\.meta\.url,?\s*\)/g,
      (_, file: string) => {
        if (!DUCKDB_FILES.includes(file)) throw new Error(`duckdb-assets: unexpected file ${file}`);
        return `new URL(/* @vite-ignore */ ${JSON.stringify(`./${file}`)}, import.meta.url)`;
      },
    );
  },
  generateBundle() {
    for (const file of DUCKDB_FILES) {
      const source = readFileSync(new URL(`./node_modules/@duckdb/duckdb-wasm/dist/${file}`, import.meta.url));
      this.emitFile({ type: 'asset', fileName: file, source });
    }
  },
};

/**
 * The demo build: libpg-query's loader (made an ES module by libpgQueryEsm) looks for `libpg-query.wasm` beside
 * the chunk it ends up in (Vite puts chunks in assets/), so the wasm is emitted there under its own name.
 */
const libpgQueryWasm: Plugin = {
  name: 'libpg-query-wasm',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'assets/libpg-query.wasm',
      source: readFileSync(new URL('./node_modules/libpg-query/wasm/libpg-query.wasm', import.meta.url)),
    });
  },
};

export default defineConfig(({ command, mode }) => {
  if (command === 'serve' || mode === 'demo') {
    return {
      root: 'demo',
      plugins: [libpgQueryEsm, libpgQueryWasm],
      optimizeDeps: { exclude: ['libpg-query', '@duckdb/duckdb-wasm'] },
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
  return {
    plugins: [duckdbAssets],
    build: {
      lib: {
        entry: {
          index: 'src/index.ts',
          transport: 'src/transport/index.ts',
          engine: 'src/engine/index.ts',
          server: 'src/server/index.ts',
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
