// The page's side of an engine that runs in a dedicated Worker (worker/engine.worker.ts): the same LocalEngine, its
// fetch a thin proxy (worker/session.ts carries the calls of one worker). A worker that dies — with an error event or
// without a word (liveness.ts) — ends the calls it had at once, and the next call starts a new worker on the same
// store (same IndexedDB name and options), as a reload of the page would.

import { apiError } from '../http/errors.js';
import type { LocalEngine, LocalEngineOptions } from '../options.js';
import type { TableSource } from '../data/import.js';
import { recipeOf } from './agent-recipe.js';
import { chatCut } from './cut-chat.js';
import { nextTask } from '../../util/next-task.js';
import { lifeLockName, type Heartbeat } from './liveness.js';
import { buffersOf, canTransferStreams, type EngineMethod, type WorkerInit } from './protocol.js';
import { EngineWorkerLoadError, startSession, type Session } from './session.js';
import { toRequest } from '../fetch-args.js';
import { precompileDuckDb } from './helper-host.js';

export { EngineWorkerLoadError };

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

let liveness: { heartbeat?: Heartbeat; noLocks?: boolean } = {};
/** Test seam: the heartbeat's timing, and whether workers take a life lock (false: the heartbeat watches them). */
export function setLiveness(options: { heartbeat?: Heartbeat; noLocks?: boolean }): void {
  liveness = options;
}

/** Test seam: the engines' live workers, to end one as the browser would (terminate(): no error event). */
export const liveWorkers = new Set<Worker>();

const closedError = () => apiError('unavailable', 'The local engine is closed');
const unavailable = (error: Error) => Response.json({ error: error.message }, { status: 503 });

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

/**
 * What a worker started again is sent: the same options, but `data` only where it can cross again — bytes given as
 * ArrayBuffers or typed arrays were moved to the first worker (they are empty here now); the store has their tables.
 */
function againInit(init: WorkerInit): WorkerInit {
  const data = init.data && Object.fromEntries(Object.entries(init.data).filter(([, v]) => buffersOf(v).length === 0));
  return { ...init, data, reopen: true, lifeLock: lifeLockName() };
}

/** A seed that generates its data (the demo's): the engine's worker wants DuckDB as soon as it starts (prepareData). */
const generatesData = (seed: LocalEngineOptions['seed']): boolean =>
  seed === 'demo' ||
  (seed?.dataModel !== undefined && seed.data?.rows !== undefined && Object.keys(seed.tables ?? {}).length === 0);

export async function createWorkerEngine(options: LocalEngineOptions): Promise<LocalEngine> {
  // DuckDB's module (34 MB of WebAssembly) starts compiling with the page, not after the engine's worker has started.
  if (options.prepareData !== false && generatesData(options.seed)) precompileDuckDb();
  // The engine's worker starts in a task of its own: the caller's script (a page's first) ends sooner.
  await nextTask();
  // The literal `new Worker(new URL(…, import.meta.url))` is what bundlers recognise as a worker to emit: a URL held in
  // a variable is bundled as a plain asset instead (Vite inlined the TypeScript source as a data: URL).
  const makeWorker = () =>
    workerUrl
      ? new Worker(workerUrl, { type: 'module', name: 'svc-engine' })
      : new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'svc-engine' });
  const data = options.data && Object.fromEntries(Object.entries(options.data).map(([k, v]) => [k, pageSource(v)]));
  const init: WorkerInit = {
    name: options.name,
    seed: options.seed,
    model: options.model,
    data,
    remoteJwks: options.remoteJwks,
    queryTimeoutMs: options.queryTimeoutMs,
    continueWaitMs: options.continueWaitMs,
    importTimeoutMs: options.importTimeoutMs,
    importLimits: options.importLimits,
    orphanedTimeoutMs: options.orphanedTimeoutMs,
    maxQueriesPerRequest: options.maxQueriesPerRequest,
    modelLimits: options.modelLimits,
    keepDatabase: options.keepDatabase,
    prepareData: options.prepareData,
    agent: options.agent && recipeOf(options.agent),
    onProgress: !!options.onProgress,
    checkChatToken: !!options.checkChatToken,
    streams: streamMode ?? (canTransferStreams() ? 'transfer' : 'chunks'),
    lifeLock: liveness.noLocks ? '' : lifeLockName(),
  };
  const { heartbeat, noLocks } = liveness;
  const start = (sent: WorkerInit, transfer: Transferable[] = []) =>
    startSession({ makeWorker, init: sent, transfer, options, heartbeat, workers: liveWorkers });
  let session: Session = await start(init, buffersOf(data));
  let restarting: Promise<Session> | undefined;
  let closing: Promise<void> | undefined;

  /** The live session: the current one, or a new worker on the same store when the current one died. */
  const live = (): Promise<Session> => {
    if (!session.stopped) return Promise.resolve(session);
    restarting ??= start({ ...againInit(init), ...(noLocks && { lifeLock: '' }) }).then(
      (next) => {
        restarting = undefined;
        if (closing) next.end(closedError());
        return (session = next);
      },
      (error: unknown) => {
        restarting = undefined; // the next call tries again
        throw apiError('unavailable', `The local engine's worker could not start again: ${(error as Error).message}`, {
          cause: error,
        });
      },
    );
    return restarting;
  };

  const callMethod = async <T>(method: EngineMethod, args: unknown[] = [], transfer: Transferable[] = []) => {
    if (closing) throw closedError();
    return (await live()).call<T>(method, args, transfer);
  };

  const engine: LocalEngine = {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = toRequest(input, init);
      if (closing) return unavailable(closedError());
      request.signal.throwIfAborted();
      let current: Session;
      try {
        current = await live();
      } catch (error) {
        return unavailable(error as Error);
      }
      const cut = chatCut(request, (again) => engine.fetch(again));
      return current.fetch(request, cut);
    },
    close() {
      closing ??= (async () => {
        const current = await (restarting ?? Promise.resolve(session)).catch(() => session);
        if (current.stopped) return;
        try {
          await current.call<void>('close');
        } finally {
          current.end(closedError());
        }
      })();
      return closing;
    },
    reset: () => callMethod('reset'),
    setModel: (model) => callMethod('setModel', [model]),
    putTable: (name, source) => {
      const crossing = pageSource(source);
      return callMethod('putTable', [name, crossing], buffersOf(crossing));
    },
    dropTable: (name) => callMethod('dropTable', [name]),
    runsIn: 'worker',
    tables: () => callMethod('tables'),
  };
  return engine;
}
