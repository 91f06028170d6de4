// The messages between the page (worker/client.ts) and the engine's worker (worker/engine.worker.ts). Every call has
// an id; answers carry it back. Response bodies cross as a transferred ReadableStream where the browser can transfer
// one, else as chunk messages ending in `end` (or `bodyError`).

import type { HelperSpec } from '../data/helper-workers.js';
import type { EngineProgress, LocalEngineOptions } from '../options.js';
import type { AgentRecipe } from './agent-recipe.js';
import type { WireError } from './wire-errors.js';

/** The options that cross to the worker: the serialisable ones, and which of the page's functions it may call. */
export type WorkerInit = Pick<
  LocalEngineOptions,
  | 'name'
  | 'seed'
  | 'model'
  | 'data'
  | 'remoteJwks'
  | 'queryTimeoutMs'
  | 'continueWaitMs'
  | 'importTimeoutMs'
  | 'importLimits'
  | 'orphanedTimeoutMs'
  | 'maxQueriesPerRequest'
  | 'modelLimits'
  | 'keepDatabase'
  | 'prepareData'
> & {
  agent?: AgentRecipe;
  onProgress: boolean;
  checkChatToken: boolean;
  streams: 'transfer' | 'chunks';
  /** The Web Lock the worker holds for its life, so the page notices its end (liveness.ts). */
  lifeLock: string;
  /**
   * A worker started again after one died, on the same store: the store is the truth, so `model` and `data` are not
   * applied now (they may have been changed since by setModel or putTable), only kept for reset().
   */
  reopen?: boolean;
};

/** The LocalEngine methods other than fetch, called by name. */
export type EngineMethod = 'close' | 'reset' | 'setModel' | 'putTable' | 'dropTable' | 'tables';

export type ToWorker =
  | { t: 'init'; init: WorkerInit }
  | { t: 'fetch'; id: number; url: string; method: string; headers: [string, string][]; body: ArrayBuffer | null }
  /** The request's signal aborted in the page. */
  | { t: 'abort'; id: number; reason: WireError }
  /** The page cancelled the response body (chunks mode; a transferred stream carries its own cancel). */
  | { t: 'cancel'; id: number }
  | { t: 'call'; id: number; method: EngineMethod; args: unknown[] }
  /** The page's answer to an `ask` (checkChatToken). */
  | { t: 'reply'; id: number; value?: unknown; error?: WireError }
  /** Helper worker `id` (see `helper` below) could not start, or its script failed. */
  | { t: 'helperFailed'; id: number; message: string }
  /** The heartbeat, where there are no Web Locks (liveness.ts): the worker answers `pong`. */
  | { t: 'ping' };

export type FromWorker =
  /** First, before the engine starts: whether the worker holds its life lock (else the page uses the heartbeat). */
  | { t: 'alive'; locked: boolean }
  | { t: 'pong' }
  | { t: 'ready' }
  | { t: 'failed'; error: WireError }
  | { t: 'progress'; progress: EngineProgress }
  | { t: 'ask'; id: number; token: string; context: { deploymentId: number } }
  /** Make a helper worker (DuckDB's, the parser's) and hand it `port`, the engine's channel to it. */
  | { t: 'helper'; id: number; spec: HelperSpec; port: MessagePort }
  | { t: 'helperEnd'; id: number }
  | {
      t: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      /** A transferred stream, 'chunks' when chunk messages follow, null for no body. */
      body: ReadableStream<Uint8Array> | 'chunks' | null;
    }
  | { t: 'chunk'; id: number; chunk: Uint8Array }
  /** The body ended (chunks), or its transferred stream was read to its end in the worker (so a cut one is told). */
  | { t: 'end'; id: number }
  | { t: 'bodyError'; id: number; error: WireError }
  | { t: 'result'; id: number; value: unknown }
  | { t: 'error'; id: number; error: WireError };

/** Whether this browser can transfer a ReadableStream through postMessage (Chromium, Firefox; not WebKit yet). */
export function canTransferStreams(): boolean {
  if (typeof ReadableStream === 'undefined' || typeof MessageChannel === 'undefined') return false;
  const channel = new MessageChannel();
  try {
    const stream = new ReadableStream();
    channel.port1.postMessage(stream, [stream]);
    return true;
  } catch {
    return false;
  } finally {
    channel.port1.close();
    channel.port2.close();
  }
}

/** The ArrayBuffers inside a value passed to putTable or `data` (moved, not copied, to the worker). */
export function buffersOf(value: unknown, into: ArrayBuffer[] = []): ArrayBuffer[] {
  if (value instanceof ArrayBuffer) into.push(value);
  else if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) into.push(value.buffer);
  else if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Blob)) {
    for (const v of Object.values(value)) buffersOf(v, into);
  }
  return [...new Set(into)];
}
