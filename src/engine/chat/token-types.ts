// The types of chat service tokens the engine's options name (the claims, the custom hook, JWKS fetching), apart from
// the code that verifies tokens (token.ts, remote-jwks.ts), so options.ts and that code both import them from a leaf.

import type { UserAttributeValueType } from '../../api/types.js';

/**
 * The claims of a chat service token (spec, Authentication rule 3): `externalId` or `sub` (lowercased), `scope`
 * including `chat`, `email`; ours as in embed session tokens: `groups`, `userAttributes`, `securityContext`,
 * `embedTenantName` (the viewer's embed tenant: identities are per tenant), `creatorMode` (groups and attributes are
 * the tenant's scoped ones), `deploymentId`, `exp`, `jti` (revocable). A token is bound to a deployment by
 * `deploymentId`, or by `aud` (or `iss`) `"deployment:<id>"`: one naming another deployment is refused, a JWT's `aud`
 * must include its deployment's, and one naming none is accepted only when no other deployment trusts its key.
 */
export interface ChatTokenClaims {
  externalId?: string;
  sub?: string;
  scope?: unknown;
  email?: string;
  groups?: string[];
  userAttributes?: Record<string, UserAttributeValueType>;
  securityContext?: Record<string, unknown>;
  embedTenantName?: string;
  creatorMode?: boolean;
  deploymentId?: number;
  exp?: number;
  jti?: string;
  [claim: string]: unknown;
}

/**
 * The custom authentication hook of chat tokens (`createLocalEngine({ checkChatToken })`): called first for every
 * `X-Service-Auth-Token` of a deployment with service-token auth. Return the token's claims to accept it (they are
 * checked like a JWT's: scope, externalId or sub, revocation, `exp` when present, and a `deploymentId`, `aud` or `iss`
 * naming another deployment is refused; naming none is fine, the hook was told the deployment), `null`/`undefined`
 * to leave the token to the deployment's API secret and JWKS, or throw to reject it (the message is sent back).
 */
export type CheckChatToken = (
  token: string,
  context: { deploymentId: number },
) => ChatTokenClaims | null | undefined | Promise<ChatTokenClaims | null | undefined>;

/**
 * Fetching of a deployment's `jwksUrl` (defaults: 3 s timeout, 30 s cooldown, 10 min cache, 256 KiB). A response
 * past a limit is refused and not kept: the chat request fails with a JSON-RPC error.
 */
export interface RemoteJwksOptions {
  /** Give up on a JWKS request after this many ms: headers and the whole body. */
  timeoutMs?: number;
  /** The largest JWKS response read, in bytes (decoded); a longer one is cancelled as soon as it passes this. */
  maxBytes?: number;
  /** After a fetch, wait this long before fetching again for an unknown `kid`. */
  cooldownMs?: number;
  /** Refetch the key set when it is older than this. */
  cacheMaxAgeMs?: number;
}
