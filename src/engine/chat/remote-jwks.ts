// A deployment's remote JWKS (`jwksUrl`), fetched by jose's createRemoteJWKSet (cache, `kid` rotation, cooldown)
// through a fetch of ours that bounds the response (issue 30, finding 9): the timeout covers the headers and the
// whole body, and the body is read as a stream and abandoned (the connection cancelled) past `maxBytes`, so an
// endpoint answering 100 MB costs at most `maxBytes` of memory and is refused at once.

import { createRemoteJWKSet, customFetch, type FetchImplementation, type JWTVerifyGetKey } from 'jose';
import { JWKS_CACHE_MAX_AGE_MS, JWKS_COOLDOWN_MS, JWKS_TIMEOUT_MS } from '../../api/limits.js';
import type { RemoteJwksOptions } from './token-types.js';

/**
 * The default cap of a JWKS response: 256 KiB. Real key sets are far smaller (a few RSA keys ≈ 2 KB; Microsoft
 * Entra's, with X.509 chains for every key, ≈ 20 KB), so this is ten times the largest we know, and still bounds
 * what a hostile or broken endpoint can make the engine hold (jose parses the whole set as JSON).
 */
export const JWKS_MAX_BYTES = 256 * 1024;

/** A TypeError for a `remoteJwks` option out of range (checked when the engine is made, not at the first token). */
export function checkRemoteJwksOptions(options: RemoteJwksOptions = {}): void {
  for (const name of ['timeoutMs', 'cooldownMs', 'cacheMaxAgeMs', 'maxBytes'] as const) {
    const value = options[name];
    const least = name === 'maxBytes' ? 1 : 0;
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= least)) {
      throw new TypeError(`remoteJwks.${name} must be an integer ≥ ${least}, got ${String(value)}`);
    }
  }
}

/** A key set loaded from `url` with the options' limits (defaults: api/limits and JWKS_MAX_BYTES). */
export function remoteJwks(url: URL, options: RemoteJwksOptions = {}): JWTVerifyGetKey {
  const maxBytes = options.maxBytes ?? JWKS_MAX_BYTES;
  return createRemoteJWKSet(url, {
    timeoutDuration: options.timeoutMs ?? JWKS_TIMEOUT_MS,
    cooldownDuration: options.cooldownMs ?? JWKS_COOLDOWN_MS,
    cacheMaxAge: options.cacheMaxAgeMs ?? JWKS_CACHE_MAX_AGE_MS,
    [customFetch]: (input, init) => boundedFetch(input, init, maxBytes),
  });
}

/**
 * `fetch`, then the body read whole under `init.signal` and at most `maxBytes` long: the answer is a Response over
 * the bytes read. An abort while reading rethrows the signal's reason (a TimeoutError: jose reports JWKSTimeout).
 */
async function boundedFetch(
  input: string,
  init: Parameters<FetchImplementation>[1],
  maxBytes: number,
): Promise<Response> {
  const response = await fetch(input, init);
  const { signal } = init;
  const tooLarge = () => new Error(`the response is larger than ${maxBytes} bytes (remoteJwks.maxBytes)`);
  // jose refuses anything but 200 without reading the body: let it go now.
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return response;
  }
  const declared = Number(response.headers.get('Content-Length'));
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw signal.aborted ? signal.reason : error;
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Response(body, { status: 200 });
}
