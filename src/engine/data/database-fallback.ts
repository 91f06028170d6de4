// A browser engine's database in OPFS (docs/browser-data.md) that could not take an imported table — the browser's
// storage full, or any write of the file failing (DuckDB-wasm can end such a write with a broken transaction, or
// with no useful message at all) — is given up for the rest of the engine's life: its file is removed (nothing
// half-written is left for the next start to open) and DuckDB goes on in memory, the import tried again there.
// IndexedDB, the truth, is not touched: the tables are read from it as when there is no such file.

import type { Executor } from './executor.js';
import { HelperWorkerStopped } from './helper-death.js';
import { ImportTimeout } from './import-limits.js';
import { firstLine, opfsHasRoom } from './opfs-database.js';
import { keepsInOpfs } from './opfs-kept.js';
import { QUOTA_FULL, storageReason } from '../storage-error.js';

/** What the user is told when the browser's storage could not take the database file's copy of a table. */
export const STORAGE_FULL = "the browser's storage is full";

/** Errors that say the storage had no room (any other failure is the file's only when DuckDB is left broken). */
const WRITE_FAILED = /QuotaExceeded|quota|no space left/i;

/**
 * Why `executor`'s database in OPFS could not take the `bytes` an import that failed with `error` was reading
 * (STORAGE_FULL when the browser says it has no room for them), or undefined when the failure was not the file's
 * (the rows were bad, the import timed out, DuckDB's worker ended, no such file). A failure that does not say so is
 * the file's when DuckDB cannot checkpoint it afterwards (a write left a transaction open).
 */
export async function databaseCouldNotTake(
  executor: Executor,
  error: unknown,
  bytes: number,
): Promise<string | undefined> {
  // Not the file's: the import's deadline, or DuckDB's worker ending (killed, out of memory: a retry would repeat it).
  if (!executor.keepInMemory || error instanceof ImportTimeout || error instanceof HelperWorkerStopped)
    return undefined;
  if (!(await keepsInOpfs(executor))) return undefined;
  const said = storageReason(error) === QUOTA_FULL || WRITE_FAILED.test(String((error as Error)?.message ?? error));
  if (
    !said &&
    (await executor.query('CHECKPOINT').then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  if (storageReason(error) === QUOTA_FULL || (await opfsHasRoom(Math.max(bytes, 1 << 20))) === false)
    return STORAGE_FULL;
  return `its database file could not be written: ${firstLine(error)}`;
}

/**
 * With tables made in memory in front of the database in OPFS (opfs-stage.ts) an import does not write the file: the
 * copy after it does, in the background. So an import is refused here when OPFS has no room now for about its source's
 * size — a QuotaExceededError, which databaseCouldNotTake above answers as before (the engine goes on in memory and
 * the import says so). A copy that fails all the same leaves the table answering from memory, read again at the next
 * start.
 */
export async function checkFileRoom(executor: Executor, bytes: number): Promise<void> {
  if (!executor.keepLater || !(await keepsInOpfs(executor))) return;
  if ((await opfsHasRoom(Math.max(bytes, 1 << 20))) === false)
    throw new DOMException('the database file has no room for the table', 'QuotaExceededError');
}
