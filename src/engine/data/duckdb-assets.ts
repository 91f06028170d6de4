// Where DuckDB-wasm's files are, for the workers that need them: the engine's (duckdb-browser.ts) and the page's module
// keeper, which may compile DuckDB's module before the engine asks for DuckDB (worker/module-keeper.worker.ts). Only
// workers import this: a page's library bundle would carry the files inlined.

export const DUCKDB_WASM_URL = new URL('../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url)
  .href;
export const DUCKDB_WORKER_URL = new URL(
  '../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js',
  import.meta.url,
).href;
