// Whether a worker the page started is still alive, noticed even when it ends without an `error` event (terminated
// by the browser, crashed, or killed under memory pressure). Where Web Locks exist the worker takes a lock of its own
// as it starts and holds it for its whole life; the page asks for the same lock, which the browser grants it only when
// the worker's lock is released, that is when the worker is gone: exact, and free (no message, no timer). Elsewhere
// (no `navigator.locks`, or an origin that refuses them) the page pings the worker while calls are in flight and
// takes it for dead after `timeoutMs` without a word from it; an idle page sends nothing.

/** The fallback heartbeat: a ping every `intervalMs` while calls are in flight; dead after `timeoutMs` of silence. */
export interface Heartbeat {
  intervalMs: number;
  timeoutMs: number;
}

/**
 * Defaults of the fallback. The engine's thread answers between tasks, so the timeout allows for a long one (a large
 * import parsed in the worker) rather than declaring a busy worker dead.
 */
export const HEARTBEAT: Heartbeat = { intervalMs: 1000, timeoutMs: 6000 };

/**
 * How long a worker may take to run its script and say it is alive (before its engine starts): past it, the start
 * fails (a script that does not load has its error event at once; this is for one that dies or hangs while loading).
 */
export const ALIVE_WITHIN_MS = 30_000;

type Locks = Pick<LockManager, 'request'>;
const locksHere = (): Locks | undefined => (globalThis.navigator as Navigator | undefined)?.locks;

/** A name for one worker's life lock: unique, so no other worker or tab holds it. */
export function lifeLockName(): string {
  return `svc-engine-life:${crypto.randomUUID()}`;
}

/**
 * In the worker: takes lock `name` and keeps it until this worker ends. Resolves true once it is held, false where
 * Web Locks are missing or refused (the page then uses the heartbeat).
 */
export function holdLifeLock(name: string, locks: Locks | undefined = locksHere()): Promise<boolean> {
  if (!locks || !name) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    try {
      locks
        .request(name, () => {
          resolve(true);
          return new Promise<never>(() => undefined); // held for the worker's life
        })
        .catch(() => resolve(false));
    } catch {
      resolve(false); // SecurityError thrown at once (an opaque origin)
    }
  });
}

/** What the page holds while it watches one worker. */
export interface Watch {
  /**
   * The worker holds its life lock `lock` (watched from now on), or has none (undefined: the heartbeat watches it
   * while calls are in flight). Nothing is watched before: a script that does not load has its error event.
   */
  begin(lock: string | undefined): void;
  /** A message came from the worker: it was alive then. */
  heard(): void;
  /** Calls in flight now (the heartbeat runs only while there are some). */
  busy(count: number): void;
  /** Stop watching (the worker is being ended on purpose, or was found dead). */
  stop(): void;
}

/**
 * In the page: calls `onDeath` once when the worker is gone: when its life lock is released, else (no lock) when it
 * stayed silent for `heartbeat.timeoutMs` while calls were in flight (`ping` asks it for a word).
 */
export function watchWorker(
  ping: () => void,
  onDeath: (how: string) => void,
  heartbeat: Heartbeat = HEARTBEAT,
  locks: Locks | undefined = locksHere(),
): Watch {
  let over = false;
  let beating = false;
  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastHeard = Date.now();
  const abort = new AbortController();
  const stopBeat = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const stop = () => {
    over = true;
    abort.abort();
    stopBeat();
  };
  const die = (how: string) => {
    if (over) return;
    stop();
    onDeath(how);
  };
  const beat = () => {
    if (over || !beating) return;
    if (count === 0) return stopBeat();
    if (timer !== undefined) return;
    lastHeard = Date.now();
    timer = setInterval(() => {
      if (Date.now() - lastHeard > heartbeat.timeoutMs)
        return die(`it did not answer for ${heartbeat.timeoutMs} ms (heartbeat)`);
      ping();
    }, heartbeat.intervalMs);
  };
  return {
    begin(lock) {
      if (over) return;
      if (lock && locks) {
        // Granted only once the worker's lock is released: the worker is gone.
        locks
          .request(lock, { signal: abort.signal }, () => die('it ended (its life lock was released)'))
          .catch(() => undefined); // aborted by stop()
        return;
      }
      beating = true;
      beat();
    },
    heard: () => void (lastHeard = Date.now()),
    busy(n) {
      count = n;
      beat();
    },
    stop,
  };
}
