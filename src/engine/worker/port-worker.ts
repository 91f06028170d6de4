// The engine's side of a helper worker the page made for it (worker/helper-host.ts): a Worker-like object over a
// MessagePort. Messages go both ways on the port; terminate() asks the page to end the worker; a load error the page
// saw arrives as an 'error' event.

import type { HelperSpec, HelperWorker } from '../data/helper-workers.js';

export class PortWorker extends EventTarget implements HelperWorker {
  constructor(
    private readonly port: MessagePort,
    private readonly end: () => void,
  ) {
    super();
    port.onmessage = (event: MessageEvent<unknown>) =>
      this.dispatchEvent(new MessageEvent('message', { data: event.data }));
  }

  postMessage(message: unknown, transfer: Transferable[] | StructuredSerializeOptions = []): void {
    this.port.postMessage(message, Array.isArray(transfer) ? transfer : (transfer.transfer ?? []));
  }

  terminate(): void {
    this.port.close();
    this.end();
  }

  /** The page could not start the worker, or its script failed. */
  fail(message: string): void {
    this.dispatchEvent(new ErrorEvent('error', { message, cancelable: true }));
  }
}

/** Makes helpers through the page: `ask` posts the spawn request with the worker's end of a new channel. */
export function pageHelperMaker(
  ask: (id: number, spec: HelperSpec, port: MessagePort) => void,
  end: (id: number) => void,
): { make: (spec: HelperSpec) => PortWorker; failed: (id: number, message: string) => void } {
  const live = new Map<number, PortWorker>();
  let nextId = 0;
  return {
    make(spec) {
      const id = nextId++;
      const channel = new MessageChannel();
      const helper = new PortWorker(channel.port1, () => {
        live.delete(id);
        end(id);
      });
      live.set(id, helper);
      ask(id, spec, channel.port2);
      return helper;
    },
    failed: (id, message) => live.get(id)?.fail(message),
  };
}
