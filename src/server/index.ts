// Entry point `svc-elements/server`: helpers for the host's backend, which holds the API key and mints embed
// sessions for its viewers (the key never reaches a browser). Loads nothing but `fetch`.

import type { GenerateSessionRequest, SessionTokenResponse } from '../api/types.js';
import { HttpTransport, type FetchLike } from '../transport/http-transport.js';

export { ApiError } from '../api/errors.js';
export type * from '../api/types.js';

export interface ServerClientOptions {
  /** Base address of the management API. */
  baseUrl: string;
  /** API key of an admin user (Authorization: Api-Key). */
  apiKey: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface ServerClient {
  /** Mints a single-use sessionId for a viewer (POST /api/v1/embed/generate-session). */
  generateSession(request: GenerateSessionRequest, options?: { signal?: AbortSignal }): Promise<string>;
  /** Exchanges a sessionId for its 24 h token (useful for server-side rendering). */
  exchange(sessionId: string, options?: { signal?: AbortSignal }): Promise<SessionTokenResponse>;
  /** Revokes a session token; idempotent. */
  revoke(token: string, options?: { signal?: AbortSignal }): Promise<void>;
}

/** A backend client bound to one API key. Errors are ApiError with the service's status and message. */
export function createServerClient(options: ServerClientOptions): ServerClient {
  if (typeof options?.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new TypeError('createServerClient: apiKey is required');
  }
  const transport = new HttpTransport({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    auth: { apiKey: options.apiKey },
  });
  return {
    async generateSession(request, opts) {
      return (await transport.generateSession(request, opts)).sessionId;
    },
    exchange: (sessionId, opts) => transport.exchangeSessionToken(sessionId, opts),
    revoke: (token, opts) => transport.revokeSessionToken(token, opts),
  };
}

/** One-shot form of createServerClient(options).generateSession(request). */
export function generateSession(options: ServerClientOptions & GenerateSessionRequest): Promise<string> {
  const { baseUrl, apiKey, fetch, timeoutMs, ...request } = options;
  return createServerClient({ baseUrl, apiKey, fetch, timeoutMs }).generateSession(request);
}
