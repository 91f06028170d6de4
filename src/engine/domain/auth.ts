// Authentication and authorization of the spec: Authorization schemes, API keys (owner, deployment scope, SCIM flag),
// embed session tokens, roles. 401: credential missing, malformed or expired; 403: valid but not authorized.

import { forbidden, notFound, unauthorized } from '../errors.js';
import { roleAtLeast } from '../../api/limits.js';
import type { EmbedTokenClaims, Role } from '../../api/types.js';
import type { ApiKeyRecord, DeploymentRecord, UserRecord } from '../store/schema.js';
import { sha256Hex } from '../util.js';
import type { EngineContext } from './context.js';
import { getDeployment } from './records.js';
import { verifySessionToken } from './session-tokens.js';

export { getAccount, getDeployment } from './records.js';

export type Scheme = 'Bearer' | 'Api-Key';

/** An API key and its owner. */
export interface KeyPrincipal {
  kind: 'apiKey';
  user: UserRecord;
  key: ApiKeyRecord;
}

/** An embed session token (Bearer on data and dashboard reads). */
export interface SessionPrincipal {
  kind: 'session';
  claims: EmbedTokenClaims;
  deployment: DeploymentRecord;
}

export type Principal = KeyPrincipal | SessionPrincipal;

/** Splits `Authorization: <scheme> <credential>`; the scheme must be one of `accepted` (case-insensitive). */
export function readAuthorization(
  header: string | null | undefined,
  accepted: Scheme[],
): { scheme: Scheme; credential: string } {
  if (header === null || header === undefined || header.trim() === '') {
    throw unauthorized('Missing Authorization header');
  }
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  const scheme = accepted.find((s) => s.toLowerCase() === match?.[1].toLowerCase());
  if (!match || !scheme) {
    throw unauthorized(
      `Malformed Authorization header: expected ${accepted.map((s) => `'${s} <credential>'`).join(' or ')}`,
    );
  }
  return { scheme, credential: match[2] };
}

export async function authenticateApiKey(ctx: EngineContext, key: string): Promise<KeyPrincipal> {
  const hash = await sha256Hex(key);
  const principal = await ctx.cache.get(`apiKey:${hash}`, async () => {
    const record = await ctx.db.get('apiKeys', hash);
    const user = record && (await ctx.db.get('users', record.userId));
    return record && user ? ({ kind: 'apiKey', user, key: record } as const) : undefined;
  });
  if (!principal) throw unauthorized('Invalid API key');
  return principal;
}

/** A JWT has three base64url parts; anything else presented as Bearer is treated as an API key. */
const looksLikeJwt = (s: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(s);

/** Management and data reads: `Bearer <API key>` or `Bearer <embed session token>`. */
export async function authenticateBearer(ctx: EngineContext, header: string | null | undefined): Promise<Principal> {
  const { credential } = readAuthorization(header, ['Bearer']);
  if (looksLikeJwt(credential)) {
    const { claims, deployment } = await verifySessionToken(ctx, credential);
    return { kind: 'session', claims, deployment };
  }
  return authenticateApiKey(ctx, credential);
}

/** `Api-Key <key>`: the key and its user (callers check the role they need). */
export async function authenticateKey(ctx: EngineContext, header: string | null | undefined): Promise<KeyPrincipal> {
  const { credential } = readAuthorization(header, ['Api-Key']);
  return authenticateApiKey(ctx, credential);
}

/** Embed-tenant admin: `Api-Key <key>` of an admin. */
export async function authenticateAdminKey(
  ctx: EngineContext,
  header: string | null | undefined,
): Promise<KeyPrincipal> {
  const principal = await authenticateKey(ctx, header);
  requireRole(principal, 'admin');
  return principal;
}

/** SCIM: `Bearer <SCIM token>` or `Api-Key <SCIM token>`; the key must be a SCIM key. */
export async function authenticateScim(ctx: EngineContext, header: string | null | undefined): Promise<KeyPrincipal> {
  const { credential } = readAuthorization(header, ['Bearer', 'Api-Key']);
  const principal = await authenticateApiKey(ctx, credential);
  if (!principal.key.scim) throw forbidden('API key is not a SCIM token');
  return principal;
}

export function requireRole(principal: KeyPrincipal, minimum: Role): void {
  if (!roleAtLeast(principal.user.role, minimum)) {
    throw forbidden(`Requires role ${minimum} or higher (user has ${principal.user.role})`);
  }
}

/** The role an API key's user needs to act as a viewer it names: generate-session and API-key chat (admin). */
export const SESSION_MINTING_ROLE: Role = 'admin';

/** 403 unless the key may mint viewer identities (one rule for generate-session and API-key chat). */
export function requireSessionMinting(principal: KeyPrincipal): void {
  requireRole(principal, SESSION_MINTING_ROLE);
}

/** A key scoped to other deployments, or a session token of another deployment: 403. */
export function requireDeploymentScope(principal: Principal, deploymentId: number): void {
  const allowed =
    principal.kind === 'apiKey'
      ? principal.key.deploymentIds === undefined || principal.key.deploymentIds.includes(deploymentId)
      : principal.claims.deploymentId === deploymentId;
  if (!allowed) throw forbidden(`Credential is not authorized for deployment ${deploymentId}`);
}

/** The deployment, after the scope check (so a scoped key learns nothing of other deployments): 404 if unknown. */
export async function requireDeployment(
  ctx: EngineContext,
  principal: Principal,
  deploymentId: number,
): Promise<DeploymentRecord> {
  requireDeploymentScope(principal, deploymentId);
  const deployment = await getDeployment(ctx, deploymentId);
  if (!deployment) throw notFound(`Deployment ${deploymentId} not found`);
  return deployment;
}

/** Management operations need an internal user behind an API key, not an embed session. */
export function requireKey(principal: Principal): KeyPrincipal {
  if (principal.kind !== 'apiKey') throw forbidden('This operation needs an API key, not an embed session token');
  return principal;
}
