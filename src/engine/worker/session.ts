// One engine worker's life, seen from the page (worker/client.ts starts one, and another when one dies). A request's
// body is read here and posted; the answer's status and headers come back first, then its body, which the caller reads
// as it arrives (NDJSON chat streams stay incremental). Aborting the request's signal aborts it in the worker and
// errors the body, as fetch does; cancelling the body cancels the worker's stream. When the worker ends without being
// asked to (noticed by liveness.ts), every call still open ends at once: a fetch not yet answered with a 503, a body
// being read through its `cut` handler (or with the error), a method call with the error.

import { apiError } from '../http/errors.js';
import type { LocalEngineOptions } from '../options.js';
import { LocalEngineUnavailableError } from '../unavailable.js';
import { helperHost } from './helper-host.js';
import { ALIVE_WITHIN_MS, watchWorker, type Heartbeat } from './liveness.js';
import type { EngineMethod, FromWorker, ToWorker, WorkerInit } from './protocol.js';
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

/** What ends a response body the worker's end cut short: `seen` is told each chunk, `end` finishes the body. */
export interface CutHandler {
  seen(chunk: Uint8Array): void;
  end(body: ReadableStreamDefaultController<Uint8Array>, error: Error): void;
}

interface FetchCall {
  kind: 'fetch';
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
  onAbort: () => void;
  cut?: CutHandler;
  body?: ReadableStreamDefaultController<Uint8Array>;
  inner?: ReadableStreamDefaultReader<Uint8Array>;
  /** Transferred bodies: the worker read the body to its end (`end`), and the page has read it all (`drained`). */
  ended?: boolean;
  drained?: boolean;
}
interface MethodCall {
  kind: 'call';
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** The calls a dead worker had: a 503, as for a closed engine; the next call starts a new worker. */
const stoppedError = (how: string) =>
  apiError('unavailable', `The local engine's worker stopped: ${how}; the next call starts it again`);

export interface Session {
  /** Why the worker ended, once it has. */
  readonly stopped: Error | undefined;
  fetch(request: Request, cut?: CutHandler): Promise<Response>;
  call<T>(method: EngineMethod, args?: unknown[], transfer?: Transferable[]): Promise<T>;
  /** Ends the worker on purpose: open calls end with `error`. */
  end(error: Error): void;
}

export interface SessionSetup {
  /** Makes the engine's worker (its script's URL written where bundlers see it: worker/client.ts). */
  makeWorker: () => Worker;
  init: WorkerInit;
  transfer: Transferable[];
  options: Pick<LocalEngineOptions, 'onProgress' | 'checkChatToken'>;
  heartbeat?: Heartbeat;
  /** Where the live workers are kept (a test seam: client.ts's liveWorkers). */
  workers?: Set<Worker>;
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

/** Starts a worker and its engine; resolves once it is ready, rejects with its startup error. */
export function startSession({
  makeWorker,
  init,
  transfer,
  options,
  heartbeat,
  workers,
}: SessionSetup): Promise<Session> {
  const worker = makeWorker();
  workers?.add(worker);
  const ended = () => {
    clearTimeout(aliveTimer);
    watch.stop();
    worker.terminate();
    workers?.delete(worker);
    helpers.endAll();
  };
  const pending = new Map<number, FetchCall | MethodCall>();
  let nextId = 0;
  let stopped: Error | undefined;
  let startFailed: (error: Error) => void = () => undefined;
  const helpers = helperHost((id, message) => post(worker, { t: 'helperFailed', id, message }));
  const watch = watchWorker(
    () => post(worker, { t: 'ping' }),
    (how) => died(stoppedError(how)),
    heartbeat,
  );

  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (call?.kind === 'fetch') call.signal.removeEventListener('abort', call.onAbort);
    watch.busy(pending.size);
    return call;
  };
  const track = (id: number, call: FetchCall | MethodCall) => {
    pending.set(id, call);
    watch.busy(pending.size);
  };
  /** The worker is gone (ended, or died): every call still open ends with `error`. */
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    watch.stop();
    for (const [id, call] of pending) {
      settle(id);
      if (call.kind === 'call') call.reject(error);
      else if (call.body && call.cut) call.cut.end(call.body, error);
      else if (call.body) call.body.error(error);
      else call.resolve(Response.json({ error: error.message }, { status: 503 }));
    }
    ended();
    startFailed(error);
  };
  const died = (error: Error) => {
    console.error('svc-engine:', error.message);
    stop(error);
  };

  const closeBody = (id: number, call: FetchCall) => {
    settle(id);
    call.body?.close();
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
              if (stopped || pending.get(id) !== call) return;
              if (!done) {
                call.cut?.seen(value);
                return controller.enqueue(value);
              }
              // A transferred stream also ends when its worker does: whole only once the worker said `end`.
              call.drained = true;
              if (call.ended) closeBody(id, call);
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
    if (message.t === 'ready' || message.t === 'failed' || message.t === 'alive' || message.t === 'pong') return;
    const call = pending.get(message.id);
    if (!call) return;
    switch (message.t) {
      case 'head':
        return call.kind === 'fetch' ? head(call, message.id, message) : undefined;
      case 'chunk':
        if (call.kind !== 'fetch') return;
        call.cut?.seen(message.chunk);
        return call.body?.enqueue(message.chunk);
      case 'end':
        if (call.kind !== 'fetch') return settle(message.id);
        if (!call.inner || call.drained) return closeBody(message.id, call);
        call.ended = true; // the page closes the body once it has read the rest
        return;
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

  const session: Session = {
    get stopped() {
      return stopped;
    },
    call: <T>(method: EngineMethod, args: unknown[] = [], transfer: Transferable[] = []) =>
      new Promise<T>((resolve, reject) => {
        if (stopped) return reject(apiError('unavailable', stopped.message));
        const id = nextId++;
        track(id, { kind: 'call', resolve: (value) => resolve(value as T), reject });
        try {
          post(worker, { t: 'call', id, method, args }, transfer);
        } catch (error) {
          settle(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
    fetch(request, cut) {
      const signal = request.signal;
      signal.throwIfAborted();
      const id = nextId++;
      let call!: FetchCall;
      const answer = new Promise<Response>((resolve, reject) => {
        call = {
          kind: 'fetch',
          resolve,
          reject,
          signal,
          cut,
          onAbort: () => {
            settle(id);
            post(worker, { t: 'abort', id, reason: toWire(signal.reason) });
            if (!call.body) return reject(signal.reason as Error);
            call.body.error(signal.reason);
            void call.inner?.cancel(signal.reason).catch(() => undefined);
          },
        };
      });
      // In flight from here, while its body is read too: a worker that ends meanwhile answers it at once.
      track(id, call);
      signal.addEventListener('abort', call.onAbort, { once: true });
      void (async () => {
        try {
          // Request.body is not in every browser (Firefox): GET and HEAD have none, anything else is read whole.
          const bytes = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
          if (pending.get(id) !== call) return; // answered meanwhile (the worker ended, or the signal aborted)
          const headers = [...request.headers] as [string, string][];
          post(
            worker,
            { t: 'fetch', id, url: request.url, method: request.method, headers, body: bytes },
            bytes ? [bytes] : [],
          );
        } catch (error) {
          if (pending.get(id) === call) settle(id);
          call.reject(error instanceof Error ? error : new Error(String(error)));
        }
      })();
      return answer;
    },
    end: stop,
  };

  let aliveTimer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<Session>((resolve, reject) => {
    let started = false;
    aliveTimer = setTimeout(
      () => died(apiError('unavailable', `The local engine's worker did not start within ${ALIVE_WITHIN_MS / 1000} s`)),
      ALIVE_WITHIN_MS,
    );
    startFailed = (error) => {
      if (started) return;
      started = true;
      reject(error);
    };
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      watch.heard();
      if (message.t === 'alive') {
        clearTimeout(aliveTimer);
        watch.begin(message.locked ? init.lifeLock : undefined);
        if (!started) watch.busy(1); // the start is watched as a call in flight
      }
      if (!started && message.t === 'ready') {
        started = true;
        watch.busy(pending.size);
        return resolve(session);
      }
      if (!started && message.t === 'failed') {
        started = true;
        ended();
        return reject(fromWire(message.error));
      }
      onMessage(message);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const detail = event.message || 'it could not be loaded';
      if (!started) {
        started = true;
        ended();
        return reject(new EngineWorkerLoadError(detail));
      }
      died(stoppedError(detail));
    });
    try {
      post(worker, { t: 'init', init }, transfer);
    } catch (error) {
      started = true;
      ended();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
