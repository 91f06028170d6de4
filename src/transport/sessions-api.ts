// Embed sessions: generate-session (Api-Key, on the host's server), then the single-use sessionId exchanged for a
// token, and the token revoked; the exchange and the revoke carry their credential in the body.

import type { GenerateSessionRequest, GenerateSessionResponse, SessionTokenResponse } from '../api/types.js';
import type { HttpContext } from './http-core.js';
import { callJson } from './operation.js';
import type { RequestOptions } from './transport.js';

export function generateSession(
  http: HttpContext,
  request: GenerateSessionRequest,
  options?: RequestOptions,
): Promise<GenerateSessionResponse> {
  return callJson(http, 'generateSession', { body: request, options });
}

export function exchangeSessionToken(
  http: HttpContext,
  sessionId: string,
  options?: RequestOptions,
): Promise<SessionTokenResponse> {
  return callJson(http, 'exchangeSessionToken', { body: { sessionId }, options });
}

export async function revokeSessionToken(http: HttpContext, token: string, options?: RequestOptions): Promise<void> {
  await callJson(http, 'revokeSessionToken', { body: { token }, options });
}
