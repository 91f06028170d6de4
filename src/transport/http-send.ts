// Sending a call, as every area of the API does: auth headers per operation, timeouts and the caller's
// AbortSignal, error mapping to ApiError. Loads with the areas (lazy-areas.ts, admin-api.ts), not with the client.

import { ApiError, ChatAuthError, isErrorBody, isJsonRpcErrorBody, errorMessage } from '../api/errors.js';
import type { AuthKind, Call, HttpContext, Sent } from './http-core.js';
import type { AuthSource, Credentials, RequestOptions } from './transport.js';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized: the credential is missing, malformed or expired',
  403: 'Forbidden: the credential is valid but not authorized for this target',
  404: 'Not found',
  409: 'Conflict',
  500: 'Internal server error',
};

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
  if (call.language) headers.set('Accept-Language', call.language);

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
