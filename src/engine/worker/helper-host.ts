// The page's side of the engine's helper workers (DuckDB's, the SQL parser's): the engine's worker asks for one with a
// MessagePort (port-worker.ts), the page makes the worker here and hands it the port, so no Worker constructor runs
// inside the engine's worker (data/helper-workers.ts says why). The helpers end with the engine.

import type { HelperSpec } from '../data/helper-workers.js';

export interface HelperHost {
  spawn(id: number, spec: HelperSpec, port: MessagePort): void;
  end(id: number): void;
  endAll(): void;
}

function make(spec: HelperSpec): Worker {
  return spec.kind === 'parser'
    ? new Worker(new URL('../data/pg-parser.worker.ts', import.meta.url), { type: 'module', name: 'svc-sql-parser' })
    : new Worker(new URL('./classic-host.worker.ts', import.meta.url), { name: 'svc-duckdb' });
}

/** `failed` tells the engine's worker that helper `id` could not start or its script failed. */
export function helperHost(failed: (id: number, message: string) => void): HelperHost {
  const helpers = new Map<number, Worker>();
  return {
    spawn(id, spec, port) {
      try {
        const worker = make(spec);
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          failed(id, event.message || 'its script could not be loaded');
        });
        worker.postMessage(spec.kind === 'parser' ? { port } : { script: spec.script, port }, [port]);
        helpers.set(id, worker);
      } catch (error) {
        port.close();
        failed(id, String(error));
      }
    },
    end(id) {
      helpers.get(id)?.terminate();
      helpers.delete(id);
    },
    endAll() {
      for (const worker of helpers.values()) worker.terminate();
      helpers.clear();
    },
  };
}
