// Keeps the WebAssembly modules that DuckDB's workers of this page compiled (classic-host.worker.ts), by script URL,
// and hands one to the page's next DuckDB worker that asks: compiling DuckDB's 34 MB module is most of a new DuckDB's
// start. A worker, not the page, holds them: a page whose Content-Security-Policy has no 'wasm-unsafe-eval' may not
// receive a module (Firefox refuses to), while workers of its own origin have a policy of their own. Each DuckDB
// worker talks to it on a MessagePort of its own, which the page hands on without reading from it (helper-host.ts).

const modules = new Map<string, WebAssembly.Module>();

type Ask = { get?: unknown; put?: unknown; module?: unknown; list?: unknown };

addEventListener('message', (event: MessageEvent<{ port?: unknown }>) => {
  const port = event.data?.port;
  if (!(port instanceof MessagePort)) return;
  port.onmessage = ({ data }: MessageEvent<Ask>) => {
    if (typeof data?.get === 'string') port.postMessage({ module: modules.get(data.get) });
    if (typeof data?.put === 'string' && data.module instanceof WebAssembly.Module) modules.set(data.put, data.module);
    if (data?.list) port.postMessage({ scripts: [...modules.keys()] }); // which scripts it holds a module of
  };
});
