// A helper worker the page makes for the engine's worker (helper-host.ts): its first message names a classic script
// (DuckDB's worker) and brings a MessagePort to the engine's worker. The script runs here as this worker's own: what
// it posts goes out on the port, and what comes in on the port it receives as its messages. No imports: a classic
// worker.

addEventListener(
  'message',
  (first: MessageEvent<{ script: string; port: MessagePort }>) => {
    const { script, port } = first.data;
    const scope = self as unknown as {
      postMessage(message: unknown, transfer?: Transferable[]): void;
      dispatchEvent(event: Event): boolean;
    };
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
