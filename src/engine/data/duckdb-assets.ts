// Where DuckDB-wasm's files are, for the engine's worker (duckdb-browser.ts) and for the page, which may have DuckDB's
// module compiled before the engine asks for DuckDB (worker/helper-host.ts precompileDuckDb).

export const DUCKDB_WASM_URL = new URL('../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-eh.wasm', import.meta.url)
  .href;
export const DUCKDB_WORKER_URL = new URL(
  '../../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js',
  import.meta.url,
).href;
