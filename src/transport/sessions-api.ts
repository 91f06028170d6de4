// Embed sessions: generate-session (Api-Key, on the host's server), then the single-use sessionId exchanged for a
// token, and the token revoked; the exchange and the revoke carry their credential in the body.

import type { GenerateSessionRequest, GenerateSessionResponse, SessionTokenResponse } from '../api/types.js';
import type { HttpContext } from './http-core.js';
import { requestJson } from './http-send.js';
import type { RequestOptions } from './transport.js';

export function generateSession(
  http: HttpContext,
  request: GenerateSessionRequest,
  options?: RequestOptions,
): Promise<GenerateSessionResponse> {
  const url = `${http.baseUrl}/api/v1/embed/generate-session`;
  return requestJson(http, 'generateSession', 'POST', url, 'apiKey', options, request);
}

export function exchangeSessionToken(
  http: HttpContext,
  sessionId: string,
  options?: RequestOptions,
): Promise<SessionTokenResponse> {
  const url = `${http.baseUrl}/api/v1/embed/session/token`;
  return requestJson(http, 'exchangeSessionToken', 'POST', url, 'none', options, { sessionId });
}

export async function revokeSessionToken(http: HttpContext, token: string, options?: RequestOptions): Promise<void> {
  const url = `${http.baseUrl}/api/v1/embed/session/revoke`;
  await requestJson(http, 'revokeSessionToken', 'POST', url, 'none', options, { token });
}
