// Embed session tokens: JWTs signed HS256 with the deployment's secret, valid 24 h, revocable.

import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { unauthorized } from '../errors.js';
import { SESSION_TOKEN_TTL_SECONDS } from '../../api/limits.js';
import type { EmbedTokenClaims } from '../../api/types.js';
import type { DeploymentRecord, SessionClaims } from '../store/schema.js';
import { randomToken } from '../util.js';
import type { EngineContext } from './context.js';
import { getDeployment } from './records.js';

const ISSUER = 'svc-engine';
const encoder = new TextEncoder();

export async function signSessionToken(
  deployment: DeploymentRecord,
  claims: SessionClaims,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const subject = claims.externalId ?? claims.internalId ?? 'anonymous';
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TOKEN_TTL_SECONDS)
    .setJti(randomToken(16))
    .sign(encoder.encode(deployment.apiSecret));
}

/**
 * Verifies a session token against its deployment's secret, expiry (engine clock) and the revocation list.
 * `allowExpired` is for revoke, which must work on any token we signed.
 */
export async function verifySessionToken(
  ctx: EngineContext,
  token: string,
  { allowExpired = false } = {},
): Promise<{ claims: EmbedTokenClaims; deployment: DeploymentRecord }> {
  let deploymentId: unknown;
  try {
    deploymentId = decodeJwt(token).deploymentId;
  } catch {
    throw unauthorized('Malformed session token');
  }
  const deployment = typeof deploymentId === 'number' ? await getDeployment(ctx, deploymentId) : undefined;
  if (!deployment) throw unauthorized('Invalid session token');
  let claims: EmbedTokenClaims;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(deployment.apiSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(ctx.now()),
      ...(allowExpired && { clockTolerance: Number.MAX_SAFE_INTEGER }),
    });
    claims = payload as unknown as EmbedTokenClaims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('Session token expired');
    throw unauthorized('Invalid session token');
  }
  if (!allowExpired && claims.jti && (await ctx.db.get('revokedTokens', claims.jti))) {
    throw unauthorized('Session token revoked');
  }
  return { claims, deployment };
}
