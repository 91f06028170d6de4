// Cube's long-polling: a query still running after `waitMs` is answered 200 `{"error": "Continue wait"}`, and the
// client asks again with the same query; the same caller asking the same query then joins the run in progress and,
// once it is done, gets its result (kept a while for a client that comes back late, handed out once).

/** What a poll answers when the work is not done yet. */
export const CONTINUE_WAIT = Symbol('Continue wait');

/** How long a settled result waits for the client that was told to continue waiting. */
const KEEP_MS = 120_000;

interface Run {
  promise: Promise<unknown>;
  settled: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export class ContinueWait {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly waitMs: number) {}

  /** The result of `work` for `key` (started now, or joined if running), or CONTINUE_WAIT after `waitMs`. */
  async poll<T>(key: string, work: () => Promise<T>): Promise<T | typeof CONTINUE_WAIT> {
    let run = this.runs.get(key);
    if (!run) {
      const started: Run = { promise: work(), settled: false };
      run = started;
      this.runs.set(key, started);
      const settle = () => {
        started.settled = true;
        started.timer = setTimeout(() => this.forget(key, started), KEEP_MS);
        // Node: a kept result must not hold the process open.
        (started.timer as { unref?: () => void }).unref?.();
      };
      started.promise.then(settle, settle);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<typeof CONTINUE_WAIT>((resolve) => {
      timer = setTimeout(() => resolve(CONTINUE_WAIT), this.waitMs);
    });
    try {
      const outcome = await Promise.race([run.promise, waited]);
      if (outcome !== CONTINUE_WAIT) this.forget(key, run);
      return outcome as T | typeof CONTINUE_WAIT;
    } catch (error) {
      this.forget(key, run);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private forget(key: string, run: Run): void {
    if (this.runs.get(key) !== run) return;
    clearTimeout(run.timer);
    this.runs.delete(key);
  }
}
