// Cube's long-polling: a query still running after `waitMs` is answered 200 `{"error": "Continue wait"}`, and the
// client asks again with the same query; the same caller asking the same query then joins the run in progress and,
// once it is done, gets its result (kept a while for a client that comes back late, handed out once).
// Work nobody waits for any more is cancelled: when the last request waiting on a run is aborted, or when no request
// has come back for it `orphanedMs` after a "Continue wait" (Cube's orphaned queries), its signal aborts.

/** What a poll answers when the work is not done yet. */
export const CONTINUE_WAIT = Symbol('Continue wait');

/** How long a settled result waits for the client that was told to continue waiting. */
const KEEP_MS = 120_000;

/** Default of `orphanedMs`: how long a run told "Continue wait" waits for its client to ask again. */
export const DEFAULT_ORPHANED_TIMEOUT_MS = 10_000;

/** Why a run's signal aborted: the work was abandoned, not failed. */
export class WorkAbandoned extends Error {
  override name = 'WorkAbandoned';
}

interface Run {
  promise: Promise<unknown>;
  settled: boolean;
  /** Requests waiting on it now. */
  waiting: number;
  controller: AbortController;
  timer?: ReturnType<typeof setTimeout>;
}

/** A timer that does not hold a Node process open. */
function later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
  const timer = setTimeout(fn, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

export class ContinueWait {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly waitMs: number,
    private readonly orphanedMs = DEFAULT_ORPHANED_TIMEOUT_MS,
  ) {}

  /** Runs in progress or kept (for tests and diagnostics). */
  get size(): number {
    return this.runs.size;
  }

  /**
   * The result of `work` for `key` (started now, or joined if running), or CONTINUE_WAIT after `waitMs` or when
   * `signal` (the request's) aborts. `work` gets a signal that aborts when the run is abandoned.
   */
  async poll<T>(
    key: string,
    work: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T | typeof CONTINUE_WAIT> {
    let run = this.runs.get(key);
    if (!run) {
      const controller = new AbortController();
      const started: Run = { promise: work(controller.signal), settled: false, waiting: 0, controller };
      run = started;
      this.runs.set(key, started);
      const settle = () => {
        started.settled = true;
        clearTimeout(started.timer);
        started.timer = later(KEEP_MS, () => this.forget(key, started));
      };
      started.promise.then(settle, settle);
    }
    const joined = run;
    joined.waiting++;
    if (!joined.settled) clearTimeout(joined.timer);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const waited = new Promise<typeof CONTINUE_WAIT>((resolve) => {
      timer = setTimeout(() => resolve(CONTINUE_WAIT), this.waitMs);
      onAbort = () => resolve(CONTINUE_WAIT);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const outcome = await Promise.race([joined.promise, waited]);
      if (outcome !== CONTINUE_WAIT) this.forget(key, joined);
      return outcome as T | typeof CONTINUE_WAIT;
    } catch (error) {
      this.forget(key, joined);
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      joined.waiting--;
      if (joined.waiting === 0 && !joined.settled && this.runs.get(key) === joined) {
        if (signal?.aborted) this.abandon(key, joined);
        else joined.timer = later(this.orphanedMs, () => this.abandon(key, joined));
      }
    }
  }

  /** Nobody waits for `run`: its work is told to stop and a later poll starts afresh. */
  private abandon(key: string, run: Run): void {
    if (run.settled || run.waiting > 0) return;
    this.forget(key, run);
    run.controller.abort(new WorkAbandoned('No client waits for this query any more'));
  }

  private forget(key: string, run: Run): void {
    if (this.runs.get(key) !== run) return;
    clearTimeout(run.timer);
    this.runs.delete(key);
  }
}
