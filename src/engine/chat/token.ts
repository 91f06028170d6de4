// Verification of chat service tokens (spec, Authentication rule 3: "the deployment's authentication configuration —
// API secret, JWKS or custom authentication hook"): the engine's `checkChatToken` hook first, then HS256 with the
// deployment's API secret or RS256/ES256 with its JWKS (inline `jwks`, or `jwksUrl` fetched with caching and `kid`
// rotation, bounded in time and size: remote-jwks.ts). JWT tokens must carry `exp`, at most
// CHAT_TOKEN_MAX_LIFETIME_SECONDS ahead. A token must be for the deployment (binding.ts): one naming another deployment
// is refused, and one naming none only passes when its key — the API secret or the JWKS key that verified it — is
// trusted by no other deployment of the engine (a signature valid there too could be a token minted for it). Every
// failure is a ChatAuthFailure with a message saying why; an unreachable JWKS fails within the fetch timeout.

import {
  compactVerify,
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { errorMessage } from '../../api/errors.js';
import { CHAT_TOKEN_MAX_LIFETIME_SECONDS } from '../../api/limits.js';
import type { ChatTokenClaims, CheckChatToken, RemoteJwksOptions } from './token-types.js';
import type { DeploymentRecord } from '../store/schema.js';
import { deploymentAudience, tokenBinding } from './binding.js';
import { checkRemoteJwksOptions, remoteJwks } from './remote-jwks.js';

/** An authentication failure of the chat API (HTTP 200 with a JSON-RPC error body). */
export class ChatAuthFailure extends Error {}

/** How a token was accepted: `secret` tokens may name internal users (only the secret's holder can mint those). */
export type ChatTokenMethod = 'hook' | 'secret' | 'jwks';

export interface VerifiedChatToken {
  claims: ChatTokenClaims;
  method: ChatTokenMethod;
}

const ALGORITHMS = ['HS256', 'RS256', 'ES256'];
const encoder = new TextEncoder();

export class ChatTokenVerifier {
  /** Remote key sets by URL: jose caches their keys and refetches on an unknown `kid` (after the cooldown). */
  private readonly remote = new Map<string, JWTVerifyGetKey>();
  private readonly inline = new WeakMap<JSONWebKeySet, JWTVerifyGetKey>();

  constructor(private readonly options: { checkChatToken?: CheckChatToken; remoteJwks?: RemoteJwksOptions } = {}) {
    checkRemoteJwksOptions(options.remoteJwks);
  }

  /** The token's claims if it is valid for `deployment`; `deployments` lists all (read only for unbound tokens). */
  async verify(
    token: string,
    deployment: DeploymentRecord,
    nowMs: number,
    deployments: () => Promise<DeploymentRecord[]>,
  ): Promise<VerifiedChatToken> {
    const hook = this.options.checkChatToken;
    if (hook) {
      let claims: ChatTokenClaims | null | undefined;
      try {
        claims = await hook(token, { deploymentId: deployment.id });
      } catch (error) {
        throw new ChatAuthFailure(`Token rejected: ${errorMessage(error)}`);
      }
      if (claims !== null && claims !== undefined) {
        if (typeof claims !== 'object') throw new ChatAuthFailure('checkChatToken must return a claims object');
        if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) throw new ChatAuthFailure('Token expired');
        const binding = tokenBinding(claims, deployment.id, { foreignAudience: 'ignore' });
        if (binding.kind === 'refused') throw new ChatAuthFailure(binding.message);
        return { claims, method: 'hook' };
      }
    }
    return this.verifyJwt(token, deployment, nowMs, deployments);
  }

  private async verifyJwt(
    token: string,
    deployment: DeploymentRecord,
    nowMs: number,
    deployments: () => Promise<DeploymentRecord[]>,
  ): Promise<VerifiedChatToken> {
    let method: ChatTokenMethod = 'secret';
    const key: JWTVerifyGetKey = async (header, input) => {
      if (header.alg === 'HS256') return encoder.encode(deployment.apiSecret);
      method = 'jwks';
      const keys = this.keySet(deployment);
      if (!keys) throw new ChatAuthFailure(`Deployment ${deployment.id} has no JWKS to verify ${header.alg} tokens`);
      return fetchKey(keys, header, input);
    };
    let claims: ChatTokenClaims;
    try {
      ({ payload: claims } = await jwtVerify(token, key, {
        algorithms: ALGORITHMS,
        requiredClaims: ['exp'],
        currentDate: new Date(nowMs),
      }));
    } catch (error) {
      throw verificationFailure(error);
    }
    const exp = claims.exp!;
    const from = typeof claims.iat === 'number' ? Math.min(claims.iat, nowMs / 1000) : nowMs / 1000;
    if (exp - from > CHAT_TOKEN_MAX_LIFETIME_SECONDS) {
      throw new ChatAuthFailure(
        `Token lifetime exceeds the maximum of ${CHAT_TOKEN_MAX_LIFETIME_SECONDS / 3600} h: exp is too far ahead`,
      );
    }
    const binding = tokenBinding(claims, deployment.id, { foreignAudience: 'refuse' });
    if (binding.kind === 'refused') throw new ChatAuthFailure(binding.message);
    if (binding.kind === 'unbound' && (await this.trustedElsewhere(token, method, deployment, await deployments()))) {
      throw new ChatAuthFailure(
        `Token names no deployment and its key is trusted by another deployment too: ` +
          `set its aud to ${JSON.stringify(deploymentAudience(deployment.id))} (or its deploymentId to ${deployment.id})`,
      );
    }
    return { claims, method };
  }

  /**
   * Whether another deployment would accept the token's signature: the same API secret (HS256), or a key set (inline
   * or remote, by another URL or the same) with a key that verifies it. A key set that cannot be loaded fails closed.
   */
  private async trustedElsewhere(
    token: string,
    method: ChatTokenMethod,
    deployment: DeploymentRecord,
    deployments: DeploymentRecord[],
  ): Promise<boolean> {
    const others = deployments.filter((d) => d.id !== deployment.id);
    if (method === 'secret') return others.some((d) => d.apiSecret === deployment.apiSecret);
    const verdicts = await Promise.all(
      others.map(async (other) => {
        const keys = await Promise.resolve()
          .then(() => this.keySet(other))
          .catch((error: unknown) => {
            throw unloadable(error);
          });
        return keys ? signatureVerifies(token, keys) : false;
      }),
    );
    return verdicts.some(Boolean);
  }

  /** The deployment's key set: its inline JWKS, else its remote one (one per URL, kept for the engine's life). */
  private keySet(deployment: DeploymentRecord): JWTVerifyGetKey | undefined {
    if (deployment.jwks) {
      let local = this.inline.get(deployment.jwks);
      if (!local) this.inline.set(deployment.jwks, (local = createLocalJWKSet(deployment.jwks)));
      return local;
    }
    if (!deployment.jwksUrl) return undefined;
    const url = new URL(deployment.jwksUrl);
    let remote = this.remote.get(url.href);
    if (!remote) this.remote.set(url.href, (remote = remoteJwks(url, this.options.remoteJwks)));
    return remote;
  }
}

/** Whether a key of `keys` verifies the token's signature; a key set that cannot be loaded is a ChatAuthFailure. */
async function signatureVerifies(token: string, keys: JWTVerifyGetKey): Promise<boolean> {
  const verifies = (key: Parameters<typeof compactVerify>[1]) =>
    compactVerify(token, key, { algorithms: ALGORITHMS }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof joseErrors.JWSSignatureVerificationFailed) return false;
        throw error;
      },
    );
  try {
    return await verifies(keys);
  } catch (error) {
    if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JOSENotSupported) return false;
    if (error instanceof joseErrors.JWKSMultipleMatchingKeys) {
      for await (const key of error) if (await verifies(key).catch(() => false)) return true;
      return false;
    }
    throw unloadable(error);
  }
}

/** Another deployment's key set could not be read: whether it trusts the token's key is unknown, so it is refused. */
function unloadable(error: unknown): ChatAuthFailure {
  return new ChatAuthFailure(
    `Token names no deployment, and the JWKS of another deployment could not be loaded to make sure it does not ` +
      `trust the token's key (${errorMessage(error)})`,
  );
}

/** The key for a token from a key set; a set that cannot be loaded is a failure of its own, not "invalid token". */
async function fetchKey(
  keys: JWTVerifyGetKey,
  header: Parameters<JWTVerifyGetKey>[0],
  input: Parameters<JWTVerifyGetKey>[1],
) {
  try {
    return await keys(header, input);
  } catch (error) {
    if (error instanceof joseErrors.JWKSNoMatchingKey) {
      throw new ChatAuthFailure(
        `No key of the deployment's JWKS matches the token (kid ${JSON.stringify(header.kid ?? null)}, alg ${header.alg})`,
      );
    }
    if (error instanceof joseErrors.JWKSMultipleMatchingKeys) {
      throw new ChatAuthFailure("Several keys of the deployment's JWKS match the token: give each key a kid");
    }
    if (error instanceof joseErrors.JWKSTimeout) {
      throw new ChatAuthFailure("Could not load the deployment's JWKS: the request timed out");
    }
    throw new ChatAuthFailure(`Could not load the deployment's JWKS: ${errorMessage(error)}`);
  }
}

function verificationFailure(error: unknown): ChatAuthFailure {
  if (error instanceof ChatAuthFailure) return error;
  if (error instanceof joseErrors.JWTExpired) return new ChatAuthFailure('Token expired');
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp') {
    return new ChatAuthFailure('Token has no valid exp claim: chat tokens must expire');
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return new ChatAuthFailure(`Token algorithm not allowed: use one of ${ALGORITHMS.join(', ')}`);
  }
  return new ChatAuthFailure('Invalid token for this deployment');
}
