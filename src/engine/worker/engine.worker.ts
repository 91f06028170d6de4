// The engine's worker: the whole engine (store, domain, routing, agent, data generation and import; DuckDB and the
// SQL parser in workers of their own) runs here, off the page's main thread. The page's createLocalEngine() talks to
// it through worker/client.ts: requests in, status and headers out, then the body as a transferred stream or chunks.

import type { ChatTokenClaims, LocalEngine, LocalEngineOptions } from '../options.js';
import { createInPageEngine } from '../in-page.js';
import { setHelperWorkerMaker } from '../data/helper-workers.js';
import { agentFromRecipe } from './agent-recipe.js';
import { holdLifeLock } from './liveness.js';
import { reopened } from './reopen.js';
import { pageHelperMaker } from './port-worker.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import { fromWire, toWire } from './wire-errors.js';

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
};
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

let engine: LocalEngine | undefined;
let streams: WorkerInit['streams'] = 'chunks';
/** Requests in flight: their abort controller, and the reader of their body once it streams as chunks. */
const requests = new Map<number, { abort: AbortController; reader?: ReadableStreamDefaultReader<Uint8Array> }>();
/** checkChatToken calls waiting for the page. */
const asks = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
let nextAsk = 0;

async function start(init: WorkerInit): Promise<void> {
  streams = init.streams;
  // Held for this worker's life: the page notices its end even without an error event (liveness.ts).
  post({ t: 'alive', locked: await holdLifeLock(init.lifeLock) });
  const options: LocalEngineOptions = {
    name: init.name,
    seed: init.seed,
    model: init.model,
    data: init.data,
    remoteJwks: init.remoteJwks,
    queryTimeoutMs: init.queryTimeoutMs,
    continueWaitMs: init.continueWaitMs,
    importTimeoutMs: init.importTimeoutMs,
    importLimits: init.importLimits,
    orphanedTimeoutMs: init.orphanedTimeoutMs,
    maxQueriesPerRequest: init.maxQueriesPerRequest,
    modelLimits: init.modelLimits,
    keepDatabase: init.keepDatabase,
    prepareData: init.prepareData,
    ...(init.agent && { agent: agentFromRecipe(init.agent) }),
    ...(init.onProgress && { onProgress: (progress) => post({ t: 'progress', progress }) }),
    ...(init.checkChatToken && {
      checkChatToken: (token, context) =>
        new Promise<ChatTokenClaims | null | undefined>((resolve, reject) => {
          const id = nextAsk++;
          asks.set(id, { resolve: resolve, reject });
          post({ t: 'ask', id, token, context });
        }),
    }),
  };
  try {
    engine = init.reopen ? await reopened(options, createInPageEngine) : await createInPageEngine(options);
    post({ t: 'ready' });
  } catch (error) {
    post({ t: 'failed', error: toWire(error) });
  }
}

async function answer(message: Extract<ToWorker, { t: 'fetch' }>, live: LocalEngine): Promise<void> {
  const { id } = message;
  const abort = new AbortController();
  requests.set(id, { abort });
  try {
    const response = await live.fetch(
      new Request(message.url, {
        method: message.method,
        headers: message.headers,
        body: message.body,
        signal: abort.signal,
      }),
    );
    const head = {
      t: 'head' as const,
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers] as [string, string][],
    };
    const body = response.body;
    if (!body || abort.signal.aborted) {
      if (body) void body.cancel().catch(() => undefined);
      requests.delete(id);
      return post({ ...head, body: null });
    }
    if (streams === 'transfer') {
      requests.delete(id); // the stream carries its own cancel from here
      // `end` once the body was read to its end here: the page tells a whole body from one cut by this worker's end.
      const told = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({ flush: () => post({ t: 'end', id }) }),
      );
      return post({ ...head, body: told }, [told]);
    }
    post({ ...head, body: 'chunks' });
    const reader = body.getReader();
    requests.set(id, { abort, reader });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        post({ t: 'chunk', id, chunk: value }); // copied: the stream's source may still hold the buffer
      }
      post({ t: 'end', id });
    } catch (error) {
      post({ t: 'bodyError', id, error: toWire(error) });
    }
  } catch (error) {
    post({ t: 'error', id, error: toWire(error) });
  } finally {
    requests.delete(id);
  }
}

async function call(message: Extract<ToWorker, { t: 'call' }>, live: LocalEngine): Promise<void> {
  try {
    const method = live[message.method] as (...args: unknown[]) => Promise<unknown>;
    const value = await method(...message.args);
    post({ t: 'result', id: message.id, value });
  } catch (error) {
    post({ t: 'error', id: message.id, error: toWire(error) });
  }
}

/**
 * One engine per worker, even where the script is evaluated twice: Vite's dev server serves a packaged worker as a
 * wrapper module that imports the file again under another URL (`?v=`), two module instances in one worker.
 */
const marker = Symbol.for('svc-elements.engine-worker');
const claimed = (globalThis as { [marker]?: boolean })[marker];
(globalThis as { [marker]?: boolean })[marker] = true;

/** DuckDB's and the parser's workers are made by the page (data/helper-workers.ts says why). */
const helpers = pageHelperMaker(
  (id, spec, port) => post({ t: 'helper', id, spec, port }, [port]),
  (id) => post({ t: 'helperEnd', id }),
);
if (!claimed) setHelperWorkerMaker(helpers.make);

if (!claimed)
  scope.addEventListener('message', (event) => {
    const message = event.data;
    switch (message.t) {
      case 'init':
        return void start(message.init);
      case 'fetch':
        return void answer(message, engine!);
      case 'call':
        return void call(message, engine!);
      case 'abort': {
        const request = requests.get(message.id);
        request?.abort.abort(fromWire(message.reason));
        void request?.reader?.cancel(fromWire(message.reason)).catch(() => undefined);
        return;
      }
      case 'cancel':
        return void requests
          .get(message.id)
          ?.reader?.cancel()
          .catch(() => undefined);
      case 'ping':
        return post({ t: 'pong' });
      case 'helperFailed':
        return helpers.failed(message.id, message.message);
      case 'reply': {
        const ask = asks.get(message.id);
        asks.delete(message.id);
        if (message.error) ask?.reject(fromWire(message.error));
        else ask?.resolve(message.value);
        return;
      }
    }
  });
