// The state folder of `svc-elements serve` (--state, default .svc-elements): the engine's store (store.duckdb, written
// by the engine's stateDir option) and credentials.json, the keys the folder was created with. A state answers only
// those keys: the store holds the admin key's hash and the API secret that signed its sessions, so other keys would
// find nothing, or sign tokens nobody checks. Generated keys are kept there (mode 0600, like an SSH key) so a restart
// serves with them; keys from the environment are kept as SHA-256 hashes only, and must be given again.

import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './args.js';
import { ADMIN_KEY_ENV, API_SECRET_ENV, chooseCredentials, type Credentials } from './keys.js';

interface Kept {
  adminKeySha256: string;
  apiSecretSha256: string;
  /** Only when generated. */
  adminKey?: string;
  apiSecret?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes `text` to `file` whole or not at all (a temporary file, synced, renamed over it). */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

function readKept(file: string): Kept {
  let kept: Partial<Kept>;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<Kept>;
  } catch (error) {
    throw new UsageError(`${file} cannot be read (${(error as Error).message}): restore it, or start clean elsewhere`);
  }
  if (typeof kept.adminKeySha256 !== 'string' || typeof kept.apiSecretSha256 !== 'string')
    throw new UsageError(`${file} has no adminKeySha256 and apiSecretSha256: restore it, or start clean elsewhere`);
  return kept as Kept;
}

/**
 * The credentials to serve `dir` with: those it was created with, or new ones for a new folder, which `keep()` writes
 * there (called once the model and data were read: a command line with a mistake leaves no folder behind).
 */
export function credentialsForState(
  dir: string,
  demo: boolean,
  env: Record<string, string | undefined>,
): { credentials: Credentials; keep: () => void } {
  const file = join(dir, 'credentials.json');
  if (!existsSync(file)) {
    if (existsSync(join(dir, 'store.duckdb')))
      throw new UsageError(
        `${dir} holds an engine's store but no credentials.json, so its keys are unknown: restore the file, or start ` +
          'clean with another --state folder',
      );
    const chosen = chooseCredentials(demo, env);
    const keep = () => {
      mkdirSync(dir, { recursive: true });
      writeWhole(
        file,
        `${JSON.stringify({
          adminKeySha256: sha256(chosen.adminKey),
          apiSecretSha256: sha256(chosen.apiSecret),
          ...(chosen.adminKeySource === 'generated' && { adminKey: chosen.adminKey }),
          ...(chosen.apiSecretSource === 'generated' && { apiSecret: chosen.apiSecret }),
        })}\n`,
      );
    };
    return { credentials: chosen, keep };
  }
  const kept = readKept(file);
  const chosen = chooseCredentials(demo, env, kept);
  const again = `, or start clean with another --state folder (or --ephemeral)`;
  if (sha256(chosen.adminKey) !== kept.adminKeySha256)
    throw new UsageError(
      chosen.adminKeySource === 'generated'
        ? `${dir} was created with ${ADMIN_KEY_ENV} from the environment: set it as then${again}`
        : `${demo ? "The demo's admin key" : ADMIN_KEY_ENV} is not the admin key ${dir} was created with: give that one${again}`,
    );
  if (sha256(chosen.apiSecret) !== kept.apiSecretSha256)
    throw new UsageError(
      chosen.apiSecretSource === 'generated'
        ? `${dir} was created with ${API_SECRET_ENV} from the environment: set it as then${again}`
        : `${demo ? "The demo's API secret" : API_SECRET_ENV} is not the API secret ${dir} was created with: give that one${again}`,
    );
  return { credentials: chosen, keep: () => undefined };
}
