// A table source that is a file on this machine (Node: a `file:` URL, as `svc-elements serve --data` gives its
// files): looked at, not read. Native DuckDB reads it where it is (data/duckdb-native.ts); DuckDB-wasm reads the
// Blob over it, which Node reads from disk as it is read.

import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface LocalFile {
  path: string;
  blob: Blob;
  size: number;
  /** Path, size and modification time: what tells the file changed without reading it. */
  fingerprint: string;
}

const NOT_REGULAR = 'not a regular file (a FIFO, a device, a socket or a folder)';

/** The file at a `file:` URL or an absolute path. */
export async function localFile(where: string): Promise<LocalFile> {
  const path = where.startsWith('file:') ? fileURLToPath(where) : where;
  const stats = await stat(path);
  if (!stats.isFile()) throw new Error(`${path}: ${NOT_REGULAR}`);
  return {
    path,
    blob: await openAsBlob(path),
    size: stats.size,
    fingerprint: `file:${path}:${stats.size}:${stats.mtimeMs}`,
  };
}

/** Whether the file at `path` is still the one `fingerprint` describes; a message saying what changed if not. */
export async function fileChanged(path: string, fingerprint: string | undefined): Promise<string | undefined> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    return `${path} cannot be read any more: ${(error as Error).message}`;
  }
  return fingerprint === `file:${path}:${stats.size}:${stats.mtimeMs}`
    ? undefined
    : `${path} changed since it was imported: import it again`;
}
