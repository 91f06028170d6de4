// A helper worker (DuckDB's) that ends after it started — its script failed, or it ended by itself: killed, crashed,
// noticed by the page through its life lock (worker/helper-host.ts) — reports an `error` event. AsyncDuckDB only logs
// one and forgets its requests; this turns it into a rejection that the executor's calls race, so they fail at once
// and the DuckDB runner starts a new DuckDB (data/duckdb-runner.ts) instead of waiting for the query deadline.

import type { HelperWorker } from './helper-workers.js';

/** The helper worker ended: its calls in flight failed, and it takes no more. */
export class HelperWorkerStopped extends Error {
  override readonly name = 'HelperWorkerStopped';
}

/** Rejects with HelperWorkerStopped at `worker`'s next error event (`what` names it in the message). */
export function deathOf(worker: HelperWorker, what: string): Promise<never> {
  const death = new Promise<never>((_, reject) =>
    worker.addEventListener(
      'error',
      (event) => reject(new HelperWorkerStopped(`${what} stopped: ${event.message || 'it failed'}`)),
      { once: true },
    ),
  );
  death.catch(() => undefined);
  return death;
}
