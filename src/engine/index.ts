// Entry point `svc-elements/engine`: createLocalEngine(), the whole API answered in-process (ARCHITECTURE §1, §5).
// The engine itself lands with the control-plane issue; until then this entry only fixes the public shape.

import { ApiError } from '../api/errors.js';

/** The local engine: an HTTP server that lives in-process. */
export interface LocalEngine {
  /** Answers exactly what the remote service answers (status codes, headers, NDJSON streams). */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
  reset(): Promise<void>;
}

export interface LocalEngineOptions {
  indexedDB?: IDBFactory;
  name?: string;
  now?: () => number;
  seed?: 'demo' | Record<string, unknown>;
}

/** Not available yet: rejects with a clear error instead of pretending to work. */
export function createLocalEngine(_options: LocalEngineOptions = {}): Promise<LocalEngine> {
  return Promise.reject(
    new ApiError({
      status: 501,
      code: 'not_implemented',
      message: 'svc-elements/engine: the local engine is not built yet',
    }),
  );
}
