// A helper worker the page makes for the engine's worker (helper-host.ts): its first message names a classic script
// (DuckDB's worker) and brings a MessagePort to the engine's worker. The script runs here as this worker's own: what
// it posts goes out on the port, and what comes in on the port it receives as its messages. It also takes the Web
// Lock `lock` and holds it for its life, saying `{ alive: true }` to the page (on the worker's own channel) once it
// does, so the page notices this worker's end even without an error event (liveness.ts). No imports: a classic
// worker.

addEventListener(
  'message',
  (first: MessageEvent<{ script: string; port: MessagePort; lock?: string }>) => {
    const { script, port, lock } = first.data;
    const scope = self as unknown as {
      postMessage(message: unknown, transfer?: Transferable[]): void;
      dispatchEvent(event: Event): boolean;
    };
    const toPage = scope.postMessage.bind(scope);
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
