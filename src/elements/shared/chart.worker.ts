// The chart worker: draws the page's charts off its main thread (chart-worker-draw.ts), one request at a time in the
// order they come, each answered with the number it came with.

import { handle } from './chart-worker-draw.js';
import type { ChartMessage, ChartReply } from './chart-worker-protocol.js';

const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ChartMessage>) => void): void;
  postMessage(message: ChartReply, transfer?: Transferable[]): void;
};

let queue: Promise<unknown> = Promise.resolve();

scope.addEventListener('message', ({ data: { id, ...request } }) => {
  queue = queue.then(async () => {
    try {
      scope.postMessage({ id, ...(await handle(request)) });
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
