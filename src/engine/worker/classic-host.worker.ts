// A helper worker the page makes for the engine's worker (helper-host.ts): its first message names a classic script
// (DuckDB's worker) and brings a MessagePort to the engine's worker. The script runs here as this worker's own: what
// it posts goes out on the port, and what comes in on the port it receives as its messages. It also takes the Web
// Lock `lock` and holds it for its life, saying `{ alive: true }` to the page (on the worker's own channel) once it
// does, so the page notices this worker's end even without an error event (liveness.ts). No imports: a classic
// worker.
//
// The script's WebAssembly module is compiled once per page, not once per worker: compiling DuckDB's 34 MB module is
// most of a new DuckDB's start (about 3 s of 4). When the page gives this worker a port to its module keeper
// (module-keeper.worker.ts), the worker asks it for the module first (not when the page started the keeper just now:
// it holds none), and hands it the module it compiled otherwise.

type Instantiated = WebAssembly.WebAssemblyInstantiatedSource;
type Streaming = (source: Response | PromiseLike<Response>, imports?: WebAssembly.Imports) => Promise<Instantiated>;

/** How long the keeper may take to answer before the module is compiled here anyway. */
const KEEPER_WAIT_MS = 2_000;
/** How long a module the keeper is compiling (the page asked it to, early) is waited for. */
const KEEPER_COMPILE_WAIT_MS = 60_000;

/** The keeper's module for `script`, or undefined (none yet, no answer in time, or one that could not be read). */
function askKeeper(keeper: MessagePort, script: string): Promise<WebAssembly.Module | undefined> {
  return new Promise((resolve) => {
    let timer = setTimeout(() => resolve(undefined), KEEPER_WAIT_MS);
    const done = (module: unknown) => {
      clearTimeout(timer);
      resolve(module instanceof WebAssembly.Module ? module : undefined);
    };
    keeper.onmessage = (event: MessageEvent<{ module?: unknown; pending?: unknown }>) => {
      if (event.data?.pending !== true) return done(event.data?.module);
      clearTimeout(timer);
      timer = setTimeout(() => resolve(undefined), KEEPER_COMPILE_WAIT_MS);
    };
    keeper.onmessageerror = () => done(undefined);
    keeper.postMessage({ get: script });
  });
}

/**
 * WebAssembly.instantiateStreaming, made to use the keeper's module when it has one (`ask`: the page's keeper was
 * running before this worker, so it may), else to give it this one.
 */
function shareModule(keeper: MessagePort, script: string, ask: boolean): void {
  if (typeof WebAssembly?.instantiateStreaming !== 'function') return; // the script compiles its own way
  const original: Streaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  const kept = ask ? askKeeper(keeper, script) : Promise.resolve(undefined);
  let first = true;
  const streaming: Streaming = async (source, imports) => {
    if (!first) return original(source, imports);
    first = false;
    const module = await kept;
    if (module) {
      // The response is not needed: its body is let go of (a failed fetch is ignored: the module is compiled).
      Promise.resolve(source).then(
        (response) => response.body?.cancel().catch(() => undefined),
        () => undefined,
      );
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    }
    const result = await original(source, imports);
    try {
      keeper.postMessage({ put: script, module: result.module });
    } catch {
      // a browser that cannot post a module: every worker compiles its own
    }
    return result;
  };
  WebAssembly.instantiateStreaming = streaming;
}

addEventListener(
  'message',
  (
    first: MessageEvent<{
      script: string;
      port: MessagePort;
      lock?: string;
      keeper?: MessagePort;
      askKeeper?: boolean;
    }>,
  ) => {
    const { script, port, lock, keeper, askKeeper: ask } = first.data;
    const scope = self as unknown as {
      postMessage(message: unknown, transfer?: Transferable[]): void;
      dispatchEvent(event: Event): boolean;
    };
    const toPage = scope.postMessage.bind(scope);
    if (keeper instanceof MessagePort) shareModule(keeper, script, ask === true);
    const locks = (self.navigator as Navigator | undefined)?.locks;
    if (lock && locks) {
      try {
        locks
          .request(lock, () => {
            toPage({ alive: true });
            return new Promise<never>(() => undefined);
          })
          .catch(() => undefined);
      } catch {
        // no Web Locks here: only error events tell this worker's end
      }
    }
    Object.defineProperty(scope, 'postMessage', {
      configurable: true,
      writable: true,
      value: (message: unknown, transfer: Transferable[] = []) => port.postMessage(message, transfer),
    });
    (self as unknown as { importScripts(url: string): void }).importScripts(script);
    port.onmessage = (event: MessageEvent<unknown>) =>
      scope.dispatchEvent(new MessageEvent('message', { data: event.data }));
  },
  { once: true },
);
