// A DuckDB database kept in the origin-private file system (OPFS) for a browser engine's tables
// (`createLocalEngine({ keepDatabase })`, docs/browser-data.md): DuckDB-wasm opens `opfs://<file>` with sync access
// handles inside its worker, so a new start serves the tables it holds without reading them again from IndexedDB
// (which stays the truth: opfs-kept.ts checks each one against its record). One engine at a time holds the file: a Web
// Lock of the file's name says so at once, and a second tab or worker on the same engine name runs in memory as before.

/** Why an engine's DuckDB holds its tables in memory rather than in its OPFS database. */
export type KeptDatabase = { path: string } | { inMemory: string };

/** The OPFS database file of engine `engineName` (its IndexedDB name): letters, digits, `-` and `_` kept as they are. */
export function opfsFileName(engineName: string): string {
  const safe = [...engineName]
    .map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : `.${c.codePointAt(0)!.toString(16)}.`))
    .join('');
  return `svc-engine-${safe}.duckdb`;
}

/** The Web Lock an engine holds while its DuckDB has the file open (released when that DuckDB ends). */
const lockName = (file: string) => `svc-opfs:${file}`;

/**
 * Holds the file's lock when nobody else does: resolves with its release, or with undefined when another engine on
 * this origin holds it. Where there are no Web Locks, everyone may try (the sync access handle refuses a second one).
 */
export async function holdFileLock(file: string): Promise<(() => void) | undefined> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return () => undefined;
  let release!: () => void;
  const held = new Promise<boolean>((granted) => {
    void locks
      .request(lockName(file), { ifAvailable: true }, (lock) => {
        granted(lock !== null);
        return lock ? new Promise<void>((resolve) => (release = resolve)) : undefined;
      })
      .catch(() => granted(false));
  });
  return (await held) ? release : undefined;
}

/**
 * Why OPFS cannot hold a database here, seen before DuckDB starts (an attempt costs a DuckDB start): no
 * `navigator.storage.getDirectory`, or, in a worker, no sync access handles (DuckDB's worker is one too). Undefined when
 * it may.
 */
export function opfsMissing(): string | undefined {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (typeof storage?.getDirectory !== 'function')
    return 'no origin-private file system (navigator.storage.getDirectory) in this browser';
  const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
  if (inWorker && !('FileSystemSyncAccessHandle' in globalThis))
    return 'this browser has no sync access handles (FileSystemSyncAccessHandle) in workers';
  return undefined;
}

/** Whether an error opening the file says another handle holds it (a DuckDB that is still ending, or another tab). */
export const isLocked = (error: unknown): boolean =>
  /Access Handles? cannot be created|NoModificationAllowed|No modification allowed|locked/i.test(String(error));

/** Whether an error says this browser has no OPFS, or no sync access handles in workers. */
export const isUnsupported = (error: unknown): boolean =>
  /createSyncAccessHandle|getDirectory|is not a function|SecurityError|not supported/i.test(String(error));

/** Removes the database file and its WAL (a file DuckDB could not open); false when they could not be removed. */
export async function removeDatabaseFile(file: string): Promise<boolean> {
  try {
    const root = await navigator.storage.getDirectory();
    for (const name of [file, `${file}.wal`])
      await root.removeEntry(name).catch((error: Error) => {
        if (error?.name !== 'NotFoundError') throw error;
      });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the origin-private file system can take `bytes` more now: a probe file is grown to that size (sparse:
 * nothing is written, only the quota is asked) and removed. False when the browser says its quota would be exceeded;
 * undefined when it cannot be asked (no OPFS, no writable files) or failed otherwise.
 */
export async function opfsHasRoom(bytes: number): Promise<boolean | undefined> {
  const probe = `svc-room-probe-${Math.random().toString(36).slice(2)}`;
  let root: FileSystemDirectoryHandle | undefined;
  try {
    root = await navigator.storage.getDirectory();
    const writable = await (await root.getFileHandle(probe, { create: true })).createWritable();
    // A stream whose truncate failed is errored: closing it would throw in place of the quota's error.
    await writable.truncate(bytes).catch(async (error: unknown) => {
      await writable.abort().catch(() => undefined);
      throw error;
    });
    await writable.close();
    return true;
  } catch (error) {
    return (error as Error)?.name === 'QuotaExceededError' ? false : undefined;
  } finally {
    await root?.removeEntry(probe).catch(() => undefined);
  }
}

/** The first line of an error's message, for the reason an engine runs in memory. */
export const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split('\n')[0];
