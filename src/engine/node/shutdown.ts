// A graceful stop of a server serveFetch started (SIGINT/SIGTERM of `svc-elements serve`): no new connections nor
// requests (one on a kept-alive connection is answered 503), requests being answered finish, then `endStreams` ends
// the response streams still open (the CLI closes the engine: each chat stream ends with its `__state__` line), and
// their last bytes are sent. All of it within `graceMs`; what is still open then is cut.

import type { Server } from 'node:http';
import { IN_FLIGHT } from './in-flight.js';

export interface ShutdownOptions {
  /** The bound of the whole stop, in ms. Default 10,000. */
  graceMs?: number;
  /** Ends the streams still being sent once no request is being answered (e.g. `engine.close()`). */
  endStreams?: () => Promise<void>;
}

export interface ShutdownResult {
  /** Requests cut at the bound (0 when everything finished in time). */
  cut: number;
  ms: number;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export async function shutdown(server: Server, options: ShutdownOptions = {}): Promise<ShutdownResult> {
  const begun = Date.now();
  const inFlight = IN_FLIGHT.get(server);
  if (inFlight) inFlight.draining = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve())); // idle connections close now
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
  });
  try {
    if (inFlight) await Promise.race([inFlight.idle('answering'), deadline]);
    if (options.endStreams) await Promise.race([options.endStreams(), deadline]);
    if (inFlight) await Promise.race([inFlight.idle('sending'), deadline]);
  } finally {
    clearTimeout(timer);
  }
  const cut = inFlight ? inFlight.count('answering') + inFlight.count('sending') : 0;
  server.closeAllConnections();
  await closed;
  return { cut, ms: Date.now() - begun };
}
