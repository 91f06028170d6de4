// Picks the executor for this runtime, lazily: DuckDB in a Worker in browsers, the blocking build in a worker thread
// in Node. A module of its own so that neither executor imports back the module that loads it (no import cycle).

import type { Executor } from './executor.js';

/** The executor for this runtime: DuckDB in a Worker in browsers, the blocking build in Node. Loaded lazily. */
export async function createExecutor(): Promise<Executor> {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
  const module = isNode ? await import('./duckdb-node.js') : await import('./duckdb-browser.js');
  return module.createDuckDbExecutor();
}
