// The engine's public contract: createLocalEngine options, the seed, the LocalEngine it returns.

import type { JSONWebKeySet } from 'jose';
import type { AttributeType, Plan, Role } from '../api/types.js';
import type { Agent } from './chat/agent/types.js';
import type { TableSource } from './data/import.js';
import type { ImportLimits } from './data/import-limits.js';
import type { DataModel } from './data/model-types.js';
import type { TableInfo } from './data/tables.js';
import type { EngineHooks, EngineProgress } from './engine-events.js';
import type { ChatTokenClaims, CheckChatToken, RemoteJwksOptions } from './chat/token-types.js';
import type { ModelLimits, ModelProblem, ModelSource } from './model/index.js';

export type { ChatTokenClaims, CheckChatToken, EngineHooks, EngineProgress, RemoteJwksOptions };

export interface EngineSeed {
  account: { name: string; plan: Plan; useCreatorMode?: boolean };
  /**
   * Chat service tokens are verified with the API secret (HS256), and with RS256/ES256 keys of the deployment's JWKS:
   * `jwksUrl` (fetched, cached, refetched for an unknown `kid`) or `jwks` inline (ours, not in §5).
   */
  deployments: {
    id: number;
    name: string;
    apiSecret?: string;
    jwksUrl?: string;
    jwks?: JSONWebKeySet;
    serviceTokenAuth?: boolean;
  }[];
  users: { email: string; username?: string; role: Role; firstName?: string }[];
  apiKeys: { key: string; userEmail: string; deploymentIds?: number[] /* omitted: all */; scim?: boolean }[];
  /** Tenant-wide groups. */
  groups?: { name: string; description?: string }[];
  /** Tenant-wide attribute catalog. */
  userAttributes?: { name: string; type: AttributeType; displayName?: string }[];
  embedTenants?: { name: string; useCreatorMode?: boolean }[];
  agents?: { id: string; deploymentId: number; name?: string }[];
  /**
   * Folders. `shares` is our extension of §5: access for non-admin users (admins manage everything, a workbook's
   * creator manages it; everyone else needs a share on the workbook's folder or an ancestor).
   */
  folders?: {
    id: number;
    deploymentId: number;
    name: string;
    parentId?: number;
    shares?: { userEmail: string; level: 'view' | 'edit' | 'manage' }[];
  }[];
  /** Cubes and views with access policies. */
  dataModel?: DataModel;
  /** Raw rows of the tables cubes read; times as ISO 8601 strings, stored as TIMESTAMP. */
  tables?: Record<string, Record<string, string | number | boolean | null>[]>;
  /** Size of the generated demo dataset (demo seed). */
  data?: { rows?: number };
}

export interface LocalEngineOptions {
  /** Default: globalThis.indexedDB; in Node, where there is none, fake-indexeddb's (in memory). */
  indexedDB?: IDBFactory;
  /**
   * Node only: a folder where the engine keeps its state (workbooks, sessions, users, threads, imported tables) across
   * restarts, in `store.duckdb` (needs the optional `@duckdb/node-api`). Every write is on disk before its answer is
   * sent, so a crash loses at most the request in flight. One engine per folder at a time. Without it (the default)
   * Node's engine is in memory. Not with `indexedDB`. See docs/serve.md.
   */
  stateDir?: string;
  /** IndexedDB database name. Default 'svc-engine'. */
  name?: string;
  /** Clock in epoch ms, for expiry tests. Default Date.now. */
  now?: () => number;
  /** Applied once, idempotently, to an empty database. Default with `model` or `data`: 'demo'. */
  seed?: 'demo' | EngineSeed;
  /**
   * Your data model, in place of the seed's: a DataModel, one YAML or JSON file's text, or a model folder as
   * `{ 'cubes/orders.yml': text, … }` (Cube's YAML). A model with problems rejects with ModelError (file, line).
   * The groups and user attributes its access policies name are created.
   */
  model?: ModelSource;
  /** Your tables, in place of the seed's: name → URL, Blob/File, bytes, rows, or `{ source, format, options }`. */
  data?: Record<string, TableSource>;
  /** The chat agent. Default: the local analyst agent. */
  agent?: Agent;
  hooks?: EngineHooks;
  /** Progress of the data plane's start (ours, not in §5). */
  onProgress?: (progress: EngineProgress) => void;
  /** Custom verification of chat service tokens, before the deployment's API secret and JWKS (ours). */
  checkChatToken?: CheckChatToken;
  /** How deployments' `jwksUrl` key sets are fetched and cached (ours). */
  remoteJwks?: RemoteJwksOptions;
  /**
   * How long one data query (load or SQL API) may run, in ms (ours, not in §5). Default 30,000. A query past it is
   * answered 400 and its DuckDB is stopped and started again (tables are loaded again on the next query).
   */
  queryTimeoutMs?: number;
  /**
   * How long one import (`data`, `putTable`: its download, checks and DuckDB's read) may take, in ms (ours). Default
   * 120,000; waiting for DuckDB to start or for another import is not counted. Past it the import fails ("Table x:
   * the import was stopped…"), the table stays what it was, and DuckDB, if it was reading, is stopped and started
   * again (tables are loaded again on the next query).
   */
  importTimeoutMs?: number;
  /**
   * Bounds of one import (ours): `maxColumns` (default 2,000), `maxLineBytes` (default and maximum 2,000,000),
   * `maxCellBytes` (default 1,000,000), `maxCellsPerByte` (default 1: cells JSON, NDJSON and rows may make per byte of
   * source, Parquet 8 times as many, at least 1,000,000). A source past one is refused before DuckDB reads it,
   * naming the limit and the line, row or column.
   */
  importLimits?: ImportLimits;
  /**
   * How long a data API load may run before it is answered `{"error": "Continue wait"}` and the client asks again
   * (Cube's long-polling), in ms. Default 5,000, Cube's.
   */
  continueWaitMs?: number;
  /**
   * How long a data API load told "Continue wait" waits for its client to ask again before it is abandoned (its
   * queries not yet run never run; Cube's orphaned queries), in ms. Default 10,000.
   */
  orphanedTimeoutMs?: number;
  /**
   * How many queries one data API request may fan out into: the date ranges of a `compareDateRange`, the queries of a
   * data blending query. Default 12; more is answered 400 before any query runs.
   */
  maxQueriesPerRequest?: number;
  /**
   * Limits on reading a model given to the engine (`model`, `setModel`): `maxFileBytes` (default 1 MiB),
   * `maxModelBytes` (8 MiB), `maxFiles` (10,000), `maxDepth` (64), `maxAliasValues` (10,000). A model past one is a
   * ModelError naming the file and line. Defaults: DEFAULT_MODEL_LIMITS.
   */
  modelLimits?: Partial<ModelLimits>;
  /**
   * Where the engine runs (ours, not in §5). In a browser page it runs by default in a dedicated module Worker of
   * its own (store, routing, chat agent, data generation and import; DuckDB and the SQL parser in their workers),
   * so the page's main thread stays free; `fetch` and the other methods are thin proxies with the same answers:
   * bodies stream back as they are produced (a transferred ReadableStream where the browser can transfer one, else
   * chunk messages), errors keep their class and fields (ModelError's problems, ApiError's status), aborting a
   * request's signal aborts it in the worker and errors its body (as `fetch` does), cancelling a body cancels the
   * worker's stream, and `close()` ends the worker. `onProgress` events and `checkChatToken` calls come back to the
   * page. `data` and `putTable` sources cross by structured clone: relative URLs are resolved against the page,
   * and ArrayBuffers (and the buffers under typed arrays) are moved, not copied — the caller's become empty.
   *
   * The engine stays in this thread with `worker: false`, in Node, inside a worker, and when an option is a function
   * that cannot cross: `now`, `hooks`, `indexedDB`, or an `agent` not made by this entry's
   * `createLocalAnalystAgent()` or `createOpenAiCompatibleAgent()` without a custom `fetch` (those are made again in
   * the worker). `worker: true` with one of them, or where there are no Workers, is a TypeError. When the worker's
   * script cannot load at all (a Content-Security-Policy without `worker-src 'self'`, a host that does not serve it),
   * the default falls back to this thread with a console warning; `worker: true` rejects instead.
   */
  worker?: boolean;
  /**
   * Which DuckDB runs the data queries in Node (ours): 'native' (@duckdb/node-api, an optional dependency: files
   * given as `file:` URLs are read where they are, a query past its deadline is interrupted and the tables stay) or
   * 'wasm' (DuckDB-wasm's blocking build in a worker thread). Default: the environment's SVC_EXECUTOR, else native
   * when @duckdb/node-api loads, else wasm. Browsers always run DuckDB-wasm; 'native' where it cannot load rejects.
   */
  executor?: 'native' | 'wasm';
  /**
   * A DuckDB database file for the tables (Node, native DuckDB only; created when missing): the tables imported are
   * kept in it, and the next start with the same file serves them without importing them again (docs/serve.md).
   */
  database?: string;
  /**
   * Browsers (ours): keep the imported tables also in a DuckDB database in the origin-private file system (OPFS), one
   * file per engine `name`, so the next start serves them from it at once instead of reading them again from
   * IndexedDB (which stays the truth: a table whose IndexedDB record changed meanwhile is read again, one it no longer
   * holds is dropped). Default true. Where the file cannot be used — no OPFS or no sync access handles in workers,
   * another tab or worker holds it (a second engine of the same name), the browser refuses it — DuckDB holds the
   * tables in memory as with `false`, and reads them from IndexedDB at each start. See docs/browser-data.md.
   */
  keepDatabase?: boolean;
  /**
   * Browsers: a seed that generates its data (the demo's) has DuckDB started, the rows generated and loaded at the
   * engine's start, while the page is still asking for its session and dashboard, rather than on the first query; in
   * its worker, the page has DuckDB's module compiled from this call on. Default true; false waits for the first use
   * (an engine that may never be queried).
   */
  prepareData?: boolean;
}

/** The local engine: an HTTP server that lives in-process. Its functions are bound: pass `engine.fetch` around. */
export interface LocalEngine {
  /**
   * Answers exactly what the remote service answers (status codes, headers, NDJSON streams). Takes what `fetch`
   * takes: a Request, or a URL or string (relative ones against the page) with a RequestInit.
   */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Closes the database; later fetches answer 503. Data stays. */
  close: () => Promise<void>;
  /** Deletes every record and applies the seed again (and `model` and `data`). */
  reset: () => Promise<void>;
  /** Replaces the data model; ModelError (nothing changed) when it has problems. Returns what it ignores. */
  setModel: (model: ModelSource) => Promise<{ warnings: ModelProblem[] }>;
  /**
   * Imports a table (created or replaced), kept in IndexedDB; meta and queries see it at once. With the browser's
   * storage full it is kept for this session only, and its `warning` says so (docs/browser-data.md).
   */
  putTable: (name: string, source: TableSource) => Promise<TableInfo>;
  /** Deletes a table; refused while a cube reads it. */
  dropTable: (name: string) => Promise<void>;
  /** The stored tables: row count, DuckDB column types, bytes stored. */
  tables: () => Promise<TableInfo[]>;
  /**
   * Where the engine runs: `'worker'` (a dedicated Worker of the page, the default in a browser), `'page'` (the
   * page's main thread: asked for with `worker: false`, or when the worker's script did not load) or `'node'`.
   */
  readonly runsIn: 'worker' | 'page' | 'node';
}
