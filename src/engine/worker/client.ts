// The page's side of an engine that runs in a dedicated Worker (worker/engine.worker.ts): the same LocalEngine, its
// fetch a thin proxy. A request's body is read here and posted; the answer's status and headers come back first, then
// its body, which the caller reads as it arrives (NDJSON chat streams stay incremental). Aborting the request's signal
// aborts it in the worker and errors the body, as fetch does; cancelling the body cancels the worker's stream.

import { ApiError } from '../../api/errors.js';
import type { LocalEngine, LocalEngineOptions } from '../options.js';
import type { TableSource } from '../data/import.js';
import { LocalEngineUnavailableError } from '../unavailable.js';
import { recipeOf } from './agent-recipe.js';
import { helperHost } from './helper-host.js';
import { buffersOf, canTransferStreams, type EngineMethod, type FromWorker, type ToWorker } from './protocol.js';
import { fromWire, toWire } from './wire-errors.js';

/**
 * The worker's script could not load at all (a CSP's worker-src, a file the host does not serve): by default the
 * engine then runs in the page; with `worker: true` this is the rejection, a LocalEngineUnavailableError.
 */
export class EngineWorkerLoadError extends LocalEngineUnavailableError {
  constructor(readonly detail: string) {
    super(`its worker's script did not load (${detail})`);
  }
}

let workerUrl: URL | undefined;
/** Test seam: start the worker from another script (one that does not load, to test the fallback). */
export function setWorkerUrl(url: URL | undefined): void {
  workerUrl = url;
}

let streamMode: 'transfer' | 'chunks' | undefined;
/** Test seam: how response bodies cross (default: a transferred stream where the browser can, else chunks). */
export function setStreamMode(mode: 'transfer' | 'chunks' | undefined): void {
  streamMode = mode;
}

interface FetchCall {
  kind: 'fetch';
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
  onAbort: () => void;
  body?: ReadableStreamDefaultController<Uint8Array>;
  inner?: ReadableStreamDefaultReader<Uint8Array>;
}
interface MethodCall {
  kind: 'call';
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const closedError = () => new ApiError({ status: 503, message: 'The local engine is closed' });

/** A URL string or URL object among table sources, absolute against this page (the worker's own URL is elsewhere). */
function pageSource(source: TableSource): TableSource {
  const base = globalThis.location?.href;
  if (typeof source === 'string') return base ? new URL(source, base).href : source;
  if (source instanceof URL) return source.href;
  if (source && typeof source === 'object' && 'source' in source && !Array.isArray(source)) {
    return { ...source, source: pageSource(source.source) as typeof source.source };
  }
  return source;
}

function post(worker: Worker, message: ToWorker, transfer: Transferable[] = []): void {
  try {
    worker.postMessage(message, transfer);
  } catch (error) {
    // DataCloneError: something in the arguments cannot cross (a function, a class instance with private state).
    throw new TypeError(`createLocalEngine: this cannot be sent to the engine's worker (${String(error)})`, {
      cause: error,
    });
  }
}

export function createWorkerEngine(options: LocalEngineOptions): Promise<LocalEngine> {
  const worker = workerUrl
    ? new Worker(workerUrl, { type: 'module', name: 'svc-engine' })
    : new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'svc-engine' });
  const pending = new Map<number, FetchCall | MethodCall>();
  let nextId = 0;
  let stopped: Error | undefined;
  let closing: Promise<void> | undefined;
  const helpers = helperHost((id, message) => post(worker, { t: 'helperFailed', id, message }));

  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (call?.kind === 'fetch') call.signal.removeEventListener('abort', call.onAbort);
    return call;
  };
  /** The worker is gone (closed or failed): every call still open ends with `error`. */
  const stop = (error: Error) => {
    stopped ??= error;
    for (const [id, call] of pending) {
      settle(id);
      if (call.kind === 'call') call.reject(error);
      else if (call.body) call.body.error(error);
      else call.resolve(Response.json({ error: error.message }, { status: 503 }));
    }
    worker.terminate();
    helpers.endAll();
  };

  const head = (call: FetchCall, id: number, message: Extract<FromWorker, { t: 'head' }>) => {
    const init = { status: message.status, statusText: message.statusText, headers: message.headers };
    if (message.body === null || NULL_BODY.has(message.status)) {
      settle(id);
      return call.resolve(new Response(null, init));
    }
    const source = message.body;
    const inner = source === 'chunks' ? undefined : source.getReader();
    call.inner = inner;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => void (call.body = controller),
        pull: inner
          ? async (controller) => {
              const { done, value } = await inner.read();
              if (!done) return controller.enqueue(value);
              settle(id);
              controller.close();
            }
          : undefined,
        cancel: (reason) => {
          settle(id);
          if (inner) return inner.cancel(reason);
          post(worker, { t: 'cancel', id });
        },
      },
      { highWaterMark: 0 },
    );
    call.resolve(new Response(body, init));
  };

  const onMessage = (message: FromWorker) => {
    if (message.t === 'progress') {
      try {
        options.onProgress?.(message.progress);
      } catch (error) {
        console.warn('svc-engine: onProgress threw', error);
      }
      return;
    }
    if (message.t === 'ask') {
      void (async () => {
        try {
          const value = await options.checkChatToken!(message.token, message.context);
          post(worker, { t: 'reply', id: message.id, value });
        } catch (error) {
          post(worker, { t: 'reply', id: message.id, error: toWire(error) });
        }
      })();
      return;
    }
    // A helper asked for as the engine stopped is not made (nothing would end it).
    if (message.t === 'helper')
      return stopped ? message.port.close() : helpers.spawn(message.id, message.spec, message.port);
    if (message.t === 'helperEnd') return helpers.end(message.id);
    if (message.t === 'ready' || message.t === 'failed') return; // startup, handled below
    const call = pending.get(message.id);
    if (!call) return;
    switch (message.t) {
      case 'head':
        return call.kind === 'fetch' ? head(call, message.id, message) : undefined;
      case 'chunk':
        return call.kind === 'fetch' ? call.body?.enqueue(message.chunk) : undefined;
      case 'end':
        settle(message.id);
        return call.kind === 'fetch' ? call.body?.close() : undefined;
      case 'bodyError':
        settle(message.id);
        return call.kind === 'fetch' ? call.body?.error(fromWire(message.error)) : undefined;
      case 'result':
        settle(message.id);
        return call.kind === 'call' ? call.resolve(message.value) : undefined;
      case 'error':
        settle(message.id);
        return call.reject(fromWire(message.error));
    }
  };

  const callMethod = <T>(method: EngineMethod, args: unknown[] = [], transfer: Transferable[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (stopped || closing) return reject(closedError());
      const id = nextId++;
      pending.set(id, { kind: 'call', resolve: (value) => resolve(value as T), reject });
      try {
        post(worker, { t: 'call', id, method, args }, transfer);
      } catch (error) {
        settle(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });

  const engine: LocalEngine = {
    async fetch(request: Request): Promise<Response> {
      if (stopped || closing) {
        const message = stopped && stopped.message !== closedError().message ? stopped.message : undefined;
        return Response.json({ error: message ?? 'The local engine is closed' }, { status: 503 });
      }
      const signal = request.signal;
      signal.throwIfAborted();
      // Request.body is not in every browser (Firefox): GET and HEAD have none, anything else is read whole.
      const bytes = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
      signal.throwIfAborted();
      const id = nextId++;
      return new Promise<Response>((resolve, reject) => {
        const call: FetchCall = {
          kind: 'fetch',
          resolve,
          reject,
          signal,
          onAbort: () => {
            settle(id);
            post(worker, { t: 'abort', id, reason: toWire(signal.reason) });
            if (!call.body) return reject(signal.reason as Error);
            call.body.error(signal.reason);
            void call.inner?.cancel(signal.reason).catch(() => undefined);
          },
        };
        pending.set(id, call);
        signal.addEventListener('abort', call.onAbort, { once: true });
        const headers = [...request.headers] as [string, string][];
        post(
          worker,
          { t: 'fetch', id, url: request.url, method: request.method, headers, body: bytes },
          bytes ? [bytes] : [],
        );
      });
    },
    close() {
      closing ??= callMethod<void>('close').then(
        () => stop(closedError()),
        (error: unknown) => {
          stop(closedError());
          throw error;
        },
      );
      return closing;
    },
    reset: () => callMethod('reset'),
    setModel: (model) => callMethod('setModel', [model]),
    putTable: (name, source) => {
      const crossing = pageSource(source);
      return callMethod('putTable', [name, crossing], buffersOf(crossing));
    },
    dropTable: (name) => callMethod('dropTable', [name]),
    tables: () => callMethod('tables'),
  };

  return new Promise<LocalEngine>((resolve, reject) => {
    let started = false;
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (!started && message.t === 'ready') {
        started = true;
        return resolve(engine);
      }
      if (!started && message.t === 'failed') {
        started = true;
        worker.terminate();
        helpers.endAll();
        return reject(fromWire(message.error));
      }
      onMessage(message);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const detail = event.message || 'it could not be loaded';
      if (!started) {
        started = true;
        worker.terminate();
        return reject(new EngineWorkerLoadError(detail));
      }
      console.error('svc-engine: the worker failed', event.message);
      stop(new Error(`The local engine's worker stopped: ${detail}`));
    });
    const data = options.data && Object.fromEntries(Object.entries(options.data).map(([k, v]) => [k, pageSource(v)]));
    try {
      post(
        worker,
        {
          t: 'init',
          init: {
            name: options.name,
            seed: options.seed,
            model: options.model,
            data,
            remoteJwks: options.remoteJwks,
            queryTimeoutMs: options.queryTimeoutMs,
            continueWaitMs: options.continueWaitMs,
            agent: options.agent && recipeOf(options.agent),
            onProgress: !!options.onProgress,
            checkChatToken: !!options.checkChatToken,
            streams: streamMode ?? (canTransferStreams() ? 'transfer' : 'chunks'),
          },
        },
        buffersOf(data),
      );
    } catch (error) {
      worker.terminate();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
