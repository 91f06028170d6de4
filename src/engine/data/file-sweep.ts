// Kept files (dataFiles) of imports that ended without storing their table — the tab or worker closed while DuckDB
// read the file — are deleted when an engine next starts. An import holds a Web Lock named after its file while it
// runs (in every tab and worker of the origin), so a file that is no stored table's and whose lock is free belongs to
// no import under way; a file whose import runs in another tab is left alone.

import type { Db } from '../store/db.js';

export const importLockName = (token: string) => `svc-engine-import:${token}`;
const webLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/**
 * Holds a new import lock until `until` settles and returns its token, once the lock is held (undefined where there
 * are no Web Locks: Node's engine has its database to itself, and files are then never swept).
 */
export async function holdImportLock(until: Promise<unknown>): Promise<string | undefined> {
  const locks = webLocks();
  if (!locks) return undefined;
  const token = crypto.randomUUID();
  return new Promise<string | undefined>((resolve) => {
    locks
      .request(importLockName(token), () => {
        resolve(token);
        return until.catch(() => undefined);
      })
      // Refused (an origin without Web Locks): the import goes on unlocked, and its file is never swept.
      .catch(() => resolve(undefined));
  });
}

/** Files of `db` that are no stored table's file, by id, with the table they were for. */
async function unclaimed(db: Db): Promise<{ id: number; table: string }[]> {
  const byTable = new Map<string, number[]>();
  // Keys only: the files' bytes are not read.
  for (let c = await db.transaction('dataFiles').store.index('table').openKeyCursor(); c; c = await c.continue()) {
    byTable.set(c.key, [...(byTable.get(c.key) ?? []), c.primaryKey]);
  }
  const out: { id: number; table: string }[] = [];
  for (const [table, ids] of byTable) {
    const stored = (await db.get('dataTables', table))?.file?.id;
    for (const id of ids) if (id !== stored) out.push({ id, table });
  }
  return out;
}

/**
 * Deletes file `id` kept for table `table` unless the stored table is made from it (an import that failed after its
 * table was stored — its second try in memory, say — leaves the stored version whole); whether it was deleted.
 */
export async function deleteUnclaimedFile(db: Db, table: string, id: number): Promise<boolean> {
  const tx = db.transaction(['dataTables', 'dataFiles'], 'readwrite');
  const claimed = (await tx.objectStore('dataTables').get(table))?.file?.id === id;
  if (!claimed) await tx.objectStore('dataFiles').delete(id);
  await tx.done;
  return !claimed;
}

/** Deletes the files left by imports that ended without storing their table; returns how many. */
export async function sweepFiles(db: Db): Promise<number> {
  const locks = webLocks();
  if (!locks) return 0;
  await locks.query(); // rejects where this origin may not use them: then imports hold none, and nothing is swept
  let deleted = 0;
  for (const { id, table } of await unclaimed(db)) {
    const token = (await db.get('dataFiles', id))?.lock;
    // Checked again with the delete: the import may have stored its table since the list was made.
    const drop = async () => {
      if (await deleteUnclaimedFile(db, table, id)) deleted++;
    };
    // A file written before imports held locks has no token: no import of that version can still be running.
    if (token === undefined) await drop();
    else await locks.request(importLockName(token), { ifAvailable: true }, async (lock) => (lock ? drop() : undefined));
  }
  return deleted;
}
