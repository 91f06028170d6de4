// One answer at a time per thread across the origin: every tab and worker whose engine uses the same database holds a
// Web Lock named after the thread while it answers on it. The hub's claim (chat/hub.ts) keeps one engine's requests
// apart; this lock keeps engines apart (two tabs on one engine name). While it holds the lock, the answering engine
// listens on a BroadcastChannel of the same name, so an abort sent to another tab stops it. Where there are no Web
// Locks (Node: the engine has its database to itself) or the origin refuses them, the hub's claim alone applies.

export const threadLockName = (database: string, chatId: string) => `svc-engine-chat:${database}:${chatId}`;
const webLocks = (): LockManager | undefined => (globalThis.navigator as Navigator | undefined)?.locks;
const ABORT = 'abort';

/** A thread's lock as held by one answer. */
export interface ThreadLock {
  /** Ends the hold; resolves once the lock is free (another tab may then take the thread). */
  release(): Promise<void>;
}
const NO_LOCK: ThreadLock = { release: () => Promise.resolve() };

/**
 * Takes the thread's lock if no one holds it, never waiting for it: the lock once held (a no-op one where there are
 * no Web Locks), undefined when another engine of the origin holds it (the thread is busy there). While held, an
 * abort from another engine (abortElsewhere) calls `onAbort`.
 */
export function holdThreadLock(database: string, chatId: string, onAbort: () => void): Promise<ThreadLock | undefined> {
  const locks = webLocks();
  if (!locks) return Promise.resolve(NO_LOCK);
  const name = threadLockName(database, chatId);
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return new Promise<ThreadLock | undefined>((resolve) => {
    const request = locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) return resolve(undefined);
      // Listening before the lock is seen as held: an abort that finds it held always reaches this engine.
      const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
      channel?.addEventListener('message', (event) => event.data === ABORT && onAbort());
      // request() settles once the lock is released.
      const free = request.then(
        () => undefined,
        () => undefined,
      );
      resolve({
        release: () => {
          end();
          return free;
        },
      });
      return ended.finally(() => channel?.close());
    });
    // Refused (an origin without Web Locks): the hub's claim alone applies.
    request.catch(() => resolve(NO_LOCK));
  });
}

/**
 * Stops the answer another engine of the origin is giving on the thread, if one is: sends it the abort and waits
 * until its lock is free, at most `timeoutMs`. Returns at once when no engine holds the thread's lock.
 */
export async function abortElsewhere(database: string, chatId: string, timeoutMs: number): Promise<void> {
  const locks = webLocks();
  if (!locks || typeof BroadcastChannel === 'undefined') return;
  const name = threadLockName(database, chatId);
  try {
    const { held = [] } = await locks.query();
    if (!held.some((lock) => lock.name === name)) return;
    const channel = new BroadcastChannel(name);
    channel.postMessage(ABORT);
    channel.close();
    // Granted once the answering engine has ended its run (and released the lock); given back at once.
    await locks.request(name, { signal: AbortSignal.timeout(timeoutMs) }, () => undefined);
  } catch {
    // Web Locks refused, or the other engine still answering after timeoutMs: the abort was sent; nothing to wait for.
  }
}
