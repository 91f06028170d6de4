// The no-build module (dist/cdn/svc-elements.js): the elements, the transport and the local engine in one ES module
// with every dependency bundled, for a page without a bundler — `<script type="module" src="…/svc-elements.js">` from
// any static server or npm CDN. The lazy parts (dashboard and chat bodies, charts, markdown, the whole engine, its
// worker, DuckDB's wasm and worker, the SQL parser's wasm) are files beside it, loaded relative to it on first use: a
// page that only embeds the elements against a remote API never loads the engine.
import type { LocalEngine, LocalEngineOptions } from './engine/index.js';

export * from './index.js';
export * from './transport/index.js';
export { DEMO } from './engine/demo-keys.js';
export type * from './engine/index.js';

/** The whole `svc-elements/engine` entry (the demo seed, agents, model errors…), loaded on first use. */
export const loadEngine = () => import('./engine/index.js');

/** `createLocalEngine` of `svc-elements/engine`, the engine loaded with the first call. */
export async function createLocalEngine(options?: LocalEngineOptions): Promise<LocalEngine> {
  return (await loadEngine()).createLocalEngine(options);
}
