// The engine in this thread: store, domain, routing, agent, data plane. createLocalEngine() runs it in the page when
// asked (or in Node), and the engine's worker (worker/engine.worker.ts) runs it there.

import { demoSeed } from './demo-seed.js';
import { ReadCache } from './domain/cache.js';
import type { EngineContext } from './domain/context.js';
import { createLocalAnalystAgent } from './chat/agent/local-analyst.js';
import { ChatService } from './chat/service.js';
import { ChatTokenVerifier } from './chat/token.js';
import { DataService } from './data/service.js';
import { EngineTables } from './data/tables.js';
import { createApp } from './http/app.js';
import { apiError, toApiError } from './http/errors.js';
import { DomainError } from './errors.js';
import type { EngineProgress, LocalEngine, LocalEngineOptions } from './options.js';
import { openEngineDb } from './store/db.js';
import type { StoreName } from './store/schema.js';
import { applySeed } from './store/seed.js';
import { formatProblem, modelLimits } from './model/index.js';
import { importLimits, importTimeout } from './data/import-limits.js';
import { LocalEngineUnavailableError, indexedDbOpenFailure } from './unavailable.js';
import { sweepFiles } from './data/file-sweep.js';
import { durableResponse, type DurableStore } from './node/durable-response.js';
import { urlOf } from './data/import.js';
import { toRequest } from './fetch-args.js';
import { opfsFileName } from './data/opfs-database.js';

/** How long close() waits for aborted chat streams to save their turn and send their last line. */
const CLOSE_STREAMS_MS = 2000;

async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The `file:` URLs among `tables`' sources. */
function fileUrls(tables: LocalEngineOptions['data']): string[] {
  return Object.values(tables ?? {})
    .map(urlOf)
    .filter((url): url is string => url?.startsWith('file:') === true);
}

/** The public methods reject with ApiError, as the HTTP answers do: a DomainError becomes its ApiError (http/errors.ts). */
function clientError(error: unknown): never {
  throw error instanceof DomainError ? toApiError(error) : error;
}

/** A bad limit option is a TypeError (those EngineTables takes are checked again there, by the same functions). */
function checkLimits(options: LocalEngineOptions): void {
  importLimits(options.importLimits);
  importTimeout(options.importTimeoutMs);
  modelLimits(options.modelLimits);
  if (options.executor !== undefined && options.executor !== 'native' && options.executor !== 'wasm')
    throw new TypeError(`executor must be 'native' or 'wasm', not ${JSON.stringify(options.executor)}`);
  if (options.database !== undefined && (typeof options.database !== 'string' || options.database === ''))
    throw new TypeError(`database must be a file path, not ${JSON.stringify(options.database)}`);
  for (const name of ['keepDatabase', 'prepareData'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'boolean')
      throw new TypeError(`${name} must be true or false, not ${JSON.stringify(options[name])}`);
  for (const name of ['orphanedTimeoutMs', 'maxQueriesPerRequest'] as const) {
    const value = options[name];
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0))
      throw new TypeError(`${name} must be a positive integer, not ${JSON.stringify(value) ?? typeof value}`);
  }
}

/** The state folder's store (Node), opened before anything else; none without `stateDir`. */
async function openState(options: LocalEngineOptions, isNode: boolean): Promise<DurableStore | undefined> {
  if (options.stateDir === undefined) return undefined;
  if (typeof options.stateDir !== 'string' || options.stateDir === '')
    throw new TypeError('stateDir must be a folder path');
  if (!isNode) throw new TypeError('stateDir is for Node: in a browser the engine keeps its state in IndexedDB');
  if (options.indexedDB) throw new TypeError('stateDir and indexedDB are two stores: give one');
  let open: (dir: string) => Promise<DurableStore>;
  try {
    open = (await import('./node/durable-store.js')).openDurableStore;
  } catch (error) {
    throw new LocalEngineUnavailableError(
      `stateDir needs the optional dependency @duckdb/node-api (npm install @duckdb/node-api): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return open(options.stateDir);
}

/** The engine in this thread (the page, a worker, or Node): what createLocalEngine runs in-page and its worker runs. */
export async function createInPageEngine(options: LocalEngineOptions = {}): Promise<LocalEngine> {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
  checkLimits(options);
  const durable = await openState(options, isNode);
  // Node has no IndexedDB: an in-memory one (fake-indexeddb), unless one is given (or a state folder).
  const factory =
    durable?.factory ??
    options.indexedDB ??
    globalThis.indexedDB ??
    (isNode ? (await import('./node/indexeddb.js')).nodeIndexedDb() : undefined);
  if (!factory) throw new LocalEngineUnavailableError('this environment has no IndexedDB');
  if (typeof globalThis.IDBRequest === 'undefined') {
    // idb recognises IndexedDB objects by their global classes.
    throw new TypeError(
      "createLocalEngine: IndexedDB's classes are not global here; in Node import 'fake-indexeddb/auto' first",
    );
  }
  const now = options.now ?? Date.now;
  const { model, data: tables } = options;
  const given = options.seed ?? (model !== undefined || tables !== undefined ? 'demo' : undefined);
  // A given model and tables take the place of the seed's (its account, users, keys and agent stay).
  const seed = given && {
    ...(given === 'demo' ? demoSeed : given),
    ...(model !== undefined && { dataModel: undefined }),
    ...(tables !== undefined && { tables: undefined, data: undefined }),
  };
  const chatTokens = new ChatTokenVerifier({ checkChatToken: options.checkChatToken, remoteJwks: options.remoteJwks });
  const db = await openEngineDb(factory, options.name ?? 'svc-engine').catch(async (error: unknown) => {
    await durable?.close();
    throw new LocalEngineUnavailableError(indexedDbOpenFailure(error), { cause: error });
  });
  const progress = (event: EngineProgress) => {
    try {
      options.onProgress?.(event);
    } catch (error) {
      console.warn('svc-engine: onProgress threw', error);
    }
  };
  const ctx: EngineContext = { db, now, hooks: options.hooks ?? {}, cache: new ReadCache(), progress, chatTokens };
  if (seed) await applySeed(db, seed, now()).catch(clientError);
  const data = new DataService(ctx, {
    queryTimeoutMs: options.queryTimeoutMs,
    executor: {
      kind: options.executor,
      database: options.database,
      // Browsers: the tables in a DuckDB database in OPFS beside IndexedDB (data/opfs-database.ts).
      ...(!isNode && options.keepDatabase !== false && { opfsFile: opfsFileName(options.name ?? 'svc-engine') }),
      // The files given as `file:` URLs: native DuckDB reads them where they are.
      readableFiles: isNode ? fileUrls(tables) : [],
    },
  });
  // A reload: DuckDB opens its database in OPFS while the engine starts; a first visit: the generated data is made.
  void data.warm(options.prepareData !== false).catch(() => undefined);
  const own = new EngineTables(ctx, data, {
    importLimits: options.importLimits,
    importTimeoutMs: options.importTimeoutMs,
    modelLimits: options.modelLimits,
  });
  const applyOwn = async () => {
    for (const w of await own.apply(model, tables)) console.warn(`svc-engine: ${formatProblem(w)}`);
  };
  try {
    await applyOwn();
  } catch (error) {
    db.close();
    await data.close();
    await durable?.close();
    throw error;
  }
  // Files of imports a closed tab left unfinished; housekeeping, in the background (a failure leaves them for later).
  void sweepFiles(db).catch(() => undefined);
  const chat = new ChatService(ctx, data, options.agent ?? createLocalAnalystAgent());
  const app = createApp(ctx, data, chat, {
    continueWaitMs: options.continueWaitMs,
    orphanedTimeoutMs: options.orphanedTimeoutMs,
    maxQueriesPerRequest: options.maxQueriesPerRequest,
  });
  let closed = false;

  return {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = toRequest(input, init);
      request.signal.throwIfAborted(); // as fetch (and the engine's worker) does
      if (closed) {
        return Response.json({ error: 'The local engine is closed' }, { status: 503 });
      }
      return durable ? durableResponse(await app.fetch(request), durable) : app.fetch(request);
    },
    async close() {
      closed = true;
      // Open chat streams end with their final state (saved, then the `__state__` line) before the store closes.
      await settleWithin(chat.hub.abortAll(), CLOSE_STREAMS_MS);
      db.close();
      await data.close();
      await durable?.close();
    },
    reset: () => reset().catch(clientError),
    setModel: (source) => own.setModel(source).catch(clientError),
    putTable: (name, source) => own.putTable(name, source).catch(clientError),
    dropTable: (name) => own.dropTable(name).catch(clientError),
    tables: () => own.tables().catch(clientError),
    runsIn: isNode ? 'node' : typeof document === 'undefined' ? 'worker' : 'page',
  };

  async function reset(): Promise<void> {
    if (closed) throw apiError('unavailable', 'The local engine is closed');
    ctx.cache.clear();
    await data.close();
    const names = [...db.objectStoreNames] as StoreName[];
    const tx = db.transaction(names, 'readwrite');
    await Promise.all([...names.map((n) => tx.objectStore(n).clear()), tx.done]);
    if (seed) await applySeed(db, seed, now());
    ctx.cache.clear();
    await applyOwn();
  }
}
