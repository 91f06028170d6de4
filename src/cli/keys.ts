// The served engine's credentials: the demo's public ones only with --demo; otherwise the admin key and API secret
// from the environment, or those a state folder keeps (src/cli/state.ts), or generated (crypto-random) when unset.

import { DEMO } from '../engine/demo-seed.js';
import { randomToken } from '../engine/util.js';
import { UsageError } from './args.js';

export const ADMIN_KEY_ENV = 'SVC_ADMIN_KEY';
export const API_SECRET_ENV = 'SVC_API_SECRET';
/** Shortest accepted: 16 characters for a key, 32 for an HS256 secret (RFC 7518 §3.2: a key of the hash's size). */
export const MIN_ADMIN_KEY = 16;
export const MIN_API_SECRET = 32;

export type KeySource = 'demo' | 'environment' | 'generated' | 'kept';

export interface Credentials {
  adminKey: string;
  apiSecret: string;
  adminKeySource: KeySource;
  apiSecretSource: KeySource;
}

const PUBLIC_VALUES = new Set(Object.values(DEMO as Record<string, string | number>).map(String));

function fromEnvironment(
  env: Record<string, string | undefined>,
  name: string,
  min: number,
  kept?: string,
): { value: string; source: KeySource } {
  const value = env[name];
  if (value === undefined)
    return kept ? { value: kept, source: 'kept' } : { value: randomToken(32), source: 'generated' };
  if (value === '')
    throw new UsageError(`${name} is empty: unset it to have one generated, or give one of at least ${min} characters`);
  if (PUBLIC_VALUES.has(value))
    throw new UsageError(`${name} is one of the demo's public keys: serve with --demo for those, or choose your own`);
  if (!/^[\x21-\x7e]+$/.test(value))
    throw new UsageError(`${name} must be printable ASCII without spaces (it is sent in an HTTP header)`);
  if (value.length < min) throw new UsageError(`${name} has ${value.length} characters: at least ${min} are needed`);
  return { value, source: 'environment' };
}

/**
 * The credentials to serve with; a UsageError for a key that is too short, odd or public, or --demo with keys. `kept`:
 * the values a state folder keeps, used where the environment gives none (rather than generating new ones).
 */
export function chooseCredentials(
  demo: boolean,
  env: Record<string, string | undefined>,
  kept: { adminKey?: string; apiSecret?: string } = {},
): Credentials {
  if (demo) {
    const given = [ADMIN_KEY_ENV, API_SECRET_ENV].filter((name) => env[name] !== undefined);
    if (given.length > 0)
      throw new UsageError(`--demo serves the demo's public keys: unset ${given.join(' and ')}, or drop --demo`);
    return { adminKey: DEMO.adminKey, apiSecret: DEMO.apiSecret, adminKeySource: 'demo', apiSecretSource: 'demo' };
  }
  const admin = fromEnvironment(env, ADMIN_KEY_ENV, MIN_ADMIN_KEY, kept.adminKey);
  const secret = fromEnvironment(env, API_SECRET_ENV, MIN_API_SECRET, kept.apiSecret);
  return {
    adminKey: admin.value,
    apiSecret: secret.value,
    adminKeySource: admin.source,
    apiSecretSource: secret.source,
  };
}

/**
 * The lines of the start message about keys: a generated value is printed here, once (and kept, readable by its owner
 * only, in `keptIn`, the state folder's credentials file, when there is one).
 */
export function describeCredentials(c: Credentials, keptIn?: string): string[] {
  if (c.adminKeySource === 'demo')
    return [
      `admin key: ${DEMO.adminKey} (the demo's, public: --demo)`,
      `developer key: ${DEMO.developerKey}`,
      `viewer key: ${DEMO.viewerKey}`,
    ];
  const lines: string[] = [];
  const generated = [
    c.adminKeySource === 'generated' && `export ${ADMIN_KEY_ENV}=${c.adminKey}`,
    c.apiSecretSource === 'generated' && `export ${API_SECRET_ENV}=${c.apiSecret}`,
  ].filter((line): line is string => line !== false);
  if (c.adminKeySource === 'environment') lines.push(`admin key: from ${ADMIN_KEY_ENV}`);
  if (c.apiSecretSource === 'environment') lines.push(`API secret: from ${API_SECRET_ENV}`);
  if (c.adminKeySource === 'kept') lines.push(`admin key: as first started, kept in ${keptIn}`);
  if (c.apiSecretSource === 'kept') lines.push(`API secret: as first started, kept in ${keptIn}`);
  if (generated.length > 0)
    lines.push(
      keptIn
        ? `generated, shown only now and kept in ${keptIn} (set ${ADMIN_KEY_ENV} and ${API_SECRET_ENV} to choose them):`
        : `generated for this run and shown only now (set ${ADMIN_KEY_ENV} and ${API_SECRET_ENV} to choose them):`,
      ...generated.map((line) => `  ${line}`),
    );
  return lines;
}
