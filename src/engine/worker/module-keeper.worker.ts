// Keeps the WebAssembly modules that DuckDB's workers of this page compiled (classic-host.worker.ts), by script URL,
// and hands one to the page's next DuckDB worker that asks: compiling DuckDB's 34 MB module is most of a new DuckDB's
// start. A worker, not the page, holds them: a page whose Content-Security-Policy has no 'wasm-unsafe-eval' may not
// receive a module (Firefox refuses to), while workers of its own origin have a policy of their own. Each DuckDB
// worker talks to it on a MessagePort of its own, which the page hands on without reading from it (helper-host.ts).

// The page may also have it compile DuckDB's module before any DuckDB worker asks (`compileDuckDb`: the engine's worker
// is still starting); a worker that asks meanwhile is told it is on its way (`pending`), then sent it. Where DuckDB's
// files are is this worker's own knowledge (a page's bundle that named them would carry them inlined).

import { DUCKDB_WASM_URL, DUCKDB_WORKER_URL } from '../data/duckdb-assets.js';

const modules = new Map<string, WebAssembly.Module>();
const compiling = new Map<string, Promise<WebAssembly.Module | undefined>>();

type Ask = { get?: unknown; put?: unknown; module?: unknown; list?: unknown; compileDuckDb?: unknown };

addEventListener('message', (event: MessageEvent<{ port?: unknown }>) => {
  const port = event.data?.port;
  if (!(port instanceof MessagePort)) return;
  port.onmessage = ({ data }: MessageEvent<Ask>) => {
    if (data?.compileDuckDb === true) compile(DUCKDB_WORKER_URL, DUCKDB_WASM_URL);
    if (typeof data?.get === 'string') {
      const pending = modules.has(data.get) ? undefined : compiling.get(data.get);
      if (!pending) port.postMessage({ module: modules.get(data.get) });
      else {
        port.postMessage({ pending: true });
        void pending.then((module) => port.postMessage({ module }));
      }
    }
    if (typeof data?.put === 'string' && data.module instanceof WebAssembly.Module) modules.set(data.put, data.module);
    if (data?.list) port.postMessage({ scripts: [...modules.keys()] }); // which scripts it holds a module of
  };
});

/** Compiles `script`'s module from `url` now, unless it is held or under way (a failure: the worker compiles it). */
function compile(script: string, url: string): void {
  if (modules.has(script) || compiling.has(script) || typeof WebAssembly?.compileStreaming !== 'function') return;
  const done = WebAssembly.compileStreaming(fetch(url)).then(
    (module) => (modules.set(script, module), module),
    () => undefined,
  );
  compiling.set(script, done);
  void done.finally(() => compiling.delete(script));
}
