// The plumbing every area of the API shares: options, auth headers per operation, timeouts and the caller's
// AbortSignal, error mapping to ApiError. The areas (sessions-api.ts, workbooks-api.ts, admin-api.ts, data-api.ts,
// chat-api.ts) are plain functions over an HttpContext; the clients (HttpTransport, EmbedTransport) compose them.

import { ApiError, ChatAuthError, isErrorBody, isJsonRpcErrorBody, errorMessage } from '../api/errors.js';
import type { AuthSource, ChatTarget, Credentials, RequestOptions } from './transport.js';

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

/** Which header an operation authenticates with (spec, Authentication). */
export type AuthKind = 'bearer' | 'apiKey' | 'scim' | 'chat' | 'none';

export interface Sent {
  response: Response;
  /** Clears the timeout and unlinks the caller's signal; call once the part the timeout covers has been read. */
  done: () => void;
  /** Maps a failure while reading to what the caller should see (and calls done). */
  fail: (error: unknown) => unknown;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  auth: AuthKind;
  body?: unknown;
  accept?: string;
  options?: RequestOptions;
  operation: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized: the credential is missing, malformed or expired',
  403: 'Forbidden: the credential is valid but not authorized for this target',
  404: 'Not found',
  409: 'Conflict',
  500: 'Internal server error',
};

export const seg = encodeURIComponent;

const STREAM_SUFFIX = '/chat/stream-chat-state';

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
  return `${http.chatUrl}/api/v1/public/${seg(accountName)}/agents/${seg(agentId)}${STREAM_SUFFIX}`;
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

/** Sends a call and returns its parsed JSON body (undefined for 204). */
export async function requestJson<T>(
  http: HttpContext,
  operation: string,
  method: Call['method'],
  url: string,
  auth: AuthKind,
  options?: RequestOptions,
  body?: unknown,
  accept?: string,
): Promise<T> {
  const call: Call = { operation, method, url, auth, options, body, accept };
  const { response, done, fail } = await send(http, call);
  try {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: `${call.operation}: response is not JSON`,
      });
    }
  } catch (error) {
    throw fail(error);
  } finally {
    done();
  }
}

/**
 * Sends a request with auth headers, a timeout and the caller's signal; maps non-2xx to ApiError. For streams
 * the returned `done()` must be called once the part covered by the timeout has been read.
 */
export async function send(http: HttpContext, call: Call): Promise<Sent> {
  const options = call.options ?? {};
  options.signal?.throwIfAborted();
  const headers = new Headers({ Accept: call.accept ?? 'application/json' });
  // Calls without auth (the session exchange) never ask the auth source: it may be waiting for that very call.
  if (call.auth !== 'none') applyAuth(headers, call, await resolveAuth(http.auth));
  if (call.body !== undefined) headers.set('Content-Type', 'application/json');

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? http.timeoutMs;
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => controller.abort(new ApiError(timeoutError(call.operation, timeoutMs))), timeoutMs)
      : undefined;
  const done = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };
  /** What to throw for a failure: the caller's abort reason, our timeout's ApiError, or the error itself. */
  const fail = (error: unknown): unknown => {
    done();
    if (options.signal?.aborted) return options.signal.reason;
    if (controller.signal.aborted) return controller.signal.reason;
    return error;
  };

  const request = new Request(call.url, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: controller.signal,
  });
  let response: Response;
  try {
    response = await http.fetch(request);
  } catch (error) {
    if (controller.signal.aborted) throw fail(error);
    done();
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `${call.operation}: ${errorMessage(error)}`,
      cause: error,
    });
  }
  if (!response.ok) throw fail(await errorFromResponse(response).catch((error: unknown) => error));
  return { response, done, fail };
}

function timeoutError(operation: string, ms: number) {
  return { status: 0, code: 'timeout', message: `${operation}: no response within ${ms} ms` };
}

async function resolveAuth(auth: AuthSource): Promise<Credentials> {
  return typeof auth === 'function' ? await auth() : auth;
}

function applyAuth(headers: Headers, call: Call, c: Credentials): void {
  const missing = (what: string) =>
    new ApiError({ status: 401, code: 'missing_credentials', message: `${call.operation} needs ${what}` });
  switch (call.auth) {
    case 'none':
      return;
    case 'bearer': {
      const token = c.bearerToken ?? c.apiKey ?? c.serviceToken;
      if (!token) throw missing('credentials: pass auth { bearerToken }, { apiKey } or { serviceToken }');
      headers.set('Authorization', `Bearer ${token}`);
      return;
    }
    case 'scim': {
      const token = c.bearerToken ?? c.apiKey;
      if (!token) throw missing('a SCIM token: pass auth { bearerToken } or { apiKey }');
      headers.set('Authorization', `Bearer ${token}`);
      return;
    }
    case 'apiKey':
      if (!c.apiKey) throw missing('an API key: pass auth { apiKey }');
      headers.set('Authorization', `Api-Key ${c.apiKey}`);
      return;
    case 'chat':
      // Authorization wins when both are configured, so the token header is not sent at all.
      if (c.apiKey) headers.set('Authorization', `Api-Key ${c.apiKey}`);
      else if (c.serviceToken) headers.set('X-Service-Auth-Token', c.serviceToken);
      else throw missing('an API key or a service token: pass auth { apiKey } or { serviceToken }');
      return;
  }
}

/** ApiError for a non-2xx response, with the body's message (`{error}`, JSON-RPC, or text) when there is one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError({ status: response.status, message: body.error, code: body.code });
  if (isJsonRpcErrorBody(body)) return new ChatAuthError(body, response.status);
  const message = text.trim() !== '' && text.length <= 500 ? text.trim() : undefined;
  return new ApiError({
    status: response.status,
    message: message ?? STATUS_MESSAGES[response.status] ?? `HTTP ${response.status} ${response.statusText}`.trim(),
  });
}

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
}
