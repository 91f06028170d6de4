// What every area of the API shares and a client needs before its first request: the options, checked and with
// their defaults (HttpContext), and the URLs. The areas (sessions-api.ts, workbooks-api.ts, admin-api.ts,
// data-api.ts, chat-api.ts) are plain functions over an HttpContext that send through http-send.ts (auth headers,
// timeouts, errors), which loads with them; the clients (HttpTransport, EmbedTransport) compose them.

import type { AuthKind, HttpMethod } from '../api/operations.js';
import { CHAT_STREAM_PATH, fillPath } from '../api/paths.js';
import type { AuthSource, ChatTarget, RequestOptions } from './transport.js';

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Attempts in all, the first included. Default 3. */
  tries?: number;
  /** Backoff grows as base·2^n, capped at maxDelayMs, with full jitter. Defaults 100 and 2000. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

export interface HttpTransportOptions {
  /** Base address of the management API, e.g. `https://acme.example.com`. */
  baseUrl: string;
  /**
   * The Chat API URL: either the full URL from the agent settings (ending in `/chat/stream-chat-state`), or a base
   * address to which `/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state` is appended. Default:
   * baseUrl.
   */
  chatUrl?: string;
  /** Account and agent for a base chatUrl; each call may override them. */
  accountName?: string;
  agentId?: string;
  /** Default: globalThis.fetch. Pass a local engine's `fetch` to run fully in-process. */
  fetch?: FetchLike;
  auth?: AuthSource;
  /** Milliseconds until a response arrives (for chat: its first line). Default 30,000; 0 disables. */
  timeoutMs?: number;
  /** Retry of 409 `upsert_branch_changed` on upsertWorkbookBySlug. */
  retry?: RetryOptions;
  /**
   * baseUrl is a Cube deployment (its REST API; auth `{ bearerToken: cubeJwt }`): loads fold a dashboard's extra
   * filters and time grain into the query, since Cube reads nothing but `query`.
   */
  cube?: boolean;
}

/** A client's settings, as the areas read them; `auth` changes with setAuth. */
export interface HttpContext {
  readonly baseUrl: string;
  readonly chatUrl: string;
  readonly accountName: string | undefined;
  readonly agentId: string | undefined;
  readonly fetch: FetchLike;
  auth: AuthSource;
  readonly timeoutMs: number;
  readonly retry: Required<RetryOptions>;
  readonly cube: boolean;
}

export type { AuthKind };

export interface Sent {
  response: Response;
  /** Clears the timeout and unlinks the caller's signal; call once the part the timeout covers has been read. */
  done: () => void;
  /** Maps a failure while reading to what the caller should see (and calls done). */
  fail: (error: unknown) => unknown;
}

export interface Call {
  method: HttpMethod;
  url: string;
  auth: AuthKind;
  body?: unknown;
  accept?: string;
  /** Sent as `Accept-Language`: the language the answer should be in (the chat's viewer). */
  language?: string;
  options?: RequestOptions;
  operation: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export const seg = encodeURIComponent;

/** What a full Chat API URL ends with: the stream's path after its last parameter (`/chat/stream-chat-state`). */
const STREAM_SUFFIX = CHAT_STREAM_PATH.replace(/^.*:\w+/, '');

/** The stream-chat-state URL for a call (the full Chat API URL, or built from a base URL). */
export function chatStreamUrl(http: HttpContext, target: ChatTarget = {}): string {
  if (http.chatUrl.endsWith(STREAM_SUFFIX)) return http.chatUrl;
  const accountName = target.accountName ?? http.accountName;
  const agentId = target.agentId ?? http.agentId;
  if (!accountName || !agentId) {
    throw new TypeError(
      'HttpTransport: chat needs accountName and agentId (options or per call) unless chatUrl is the full Chat API URL',
    );
  }
  return `${http.chatUrl}${fillPath(CHAT_STREAM_PATH, { accountName, agentId })}`;
}

/** Checks the options and fills in the defaults. */
export function createContext(options: HttpTransportOptions): HttpContext {
  if (typeof options?.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl)) {
    throw new TypeError('HttpTransport: baseUrl must be an absolute http(s) URL');
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetch = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetch !== 'function') throw new TypeError('HttpTransport: no fetch available; pass options.fetch');
  return {
    baseUrl,
    chatUrl: (options.chatUrl ?? baseUrl).replace(/\/+$/, ''),
    accountName: options.accountName,
    agentId: options.agentId,
    fetch,
    auth: options.auth ?? {},
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    cube: options.cube === true,
    retry: {
      tries: Math.max(1, Math.floor(options.retry?.tries ?? 3)),
      baseDelayMs: options.retry?.baseDelayMs ?? 100,
      maxDelayMs: options.retry?.maxDelayMs ?? 2000,
      random: options.retry?.random ?? Math.random,
    },
  };
}

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
}
