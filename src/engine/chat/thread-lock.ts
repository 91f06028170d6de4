// One answer at a time per thread across the origin: every tab and worker whose engine uses the same database holds a
// Web Lock named after the thread while it answers on it. The hub's claim (chat/hub.ts) keeps one engine's requests
// apart; this lock keeps engines apart (two tabs on one engine name). Where there are no Web Locks (Node: the engine
// has its database to itself) or the origin refuses them, the hub's claim alone applies.

export const threadLockName = (database: string, chatId: string) => `svc-engine-chat:${database}:${chatId}`;
const webLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/**
 * Takes the thread's lock, if no one holds it, until `until` settles: true once held (or where there are no Web
 * Locks), false when another engine of the origin holds it (the thread is busy there). Never waits for the lock.
 */
export function holdThreadLock(database: string, chatId: string, until: Promise<unknown>): Promise<boolean> {
  const locks = webLocks();
  if (!locks) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    locks
      .request(threadLockName(database, chatId), { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? until.catch(() => undefined) : undefined;
      })
      // Refused (an origin without Web Locks): the hub's claim alone applies.
      .catch(() => resolve(true));
  });
}
