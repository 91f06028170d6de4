// The chart worker: draws the page's charts off its main thread (chart-worker-draw.ts), one request at a time in the
// order they come, each answered with the number it came with; markdown is rendered as it comes, not queued behind
// the charts (a text widget need not wait for Vega to load).

import { handle } from './chart-worker-draw.js';
import type { ChartMessage, ChartReply, ChartRequest } from './chart-worker-protocol.js';

const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ChartMessage>) => void): void;
  postMessage(message: ChartReply, transfer?: Transferable[]): void;
};

let queue: Promise<unknown> = Promise.resolve();

async function answer(id: number, request: ChartRequest): Promise<void> {
  try {
    scope.postMessage({ id, ...(await handle(request)) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', ({ data: { id, ...request } }) => {
  if (request.op === 'markdown') void answer(id, request);
  else queue = queue.then(() => answer(id, request));
});
