// The page's side of the engine's helper workers (DuckDB's, the SQL parser's): the engine's worker asks for one with a
// MessagePort (port-worker.ts), the page makes the worker here and hands it the port, so no Worker constructor runs
// inside the engine's worker (data/helper-workers.ts says why). The helpers end with the engine. DuckDB's worker holds
// a life lock (classic-host.worker.ts): when it ends by itself — killed, crashed, without an error event — the page
// tells the engine's worker at once, as for a script that failed, and the engine starts a new DuckDB.

import type { HelperSpec } from '../data/helper-workers.js';
import { lifeLockName, watchWorker, type Watch } from './liveness.js';

export interface HelperHost {
  spawn(id: number, spec: HelperSpec, port: MessagePort): void;
  end(id: number): void;
  endAll(): void;
}

/** Test seam: the helper workers alive now, and which kind each is (to end one as the browser would). */
export const liveHelpers = new Map<Worker, HelperSpec['kind']>();

/**
 * The page's module keeper (module-keeper.worker.ts): DuckDB's compiled WebAssembly module, handed to the page's next
 * DuckDB worker, so a second DuckDB of this page starts without compiling. Ended a minute after the last DuckDB
 * worker ended, so a page done with its engines does not keep the compiled code.
 */
let keeper: Worker | undefined;
const KEEP_MODULES_MS = 60_000;
let forget: ReturnType<typeof setTimeout> | undefined;
const classicAlive = () => [...liveHelpers.values()].includes('classic');

/** A new port to the running keeper: the keeper listens on one end, the other is returned. */
function connect(to: Worker): MessagePort {
  const { port1, port2 } = new MessageChannel();
  to.postMessage({ port: port1 }, [port1]);
  return port2;
}

/** Ends the keeper KEEP_MODULES_MS from now unless a DuckDB worker is alive then (once: a timer already set stands). */
function forgetLater(): void {
  forget ??= setTimeout(() => {
    if (!classicAlive()) forgetCompiledModules();
  }, KEEP_MODULES_MS);
}

/** The keeper's script did not load (a host that does not serve it, a CSP's worker-src): no keeper for this page. */
let keeperFailed = false;

/**
 * A port to the keeper for a new DuckDB worker, and whether to ask it for a module: not when the keeper is started
 * now (it holds none yet; the worker compiles at once and hands it its module). Undefined where it cannot start.
 */
function keeperPort(): { port: MessagePort; ask: boolean } | undefined {
  clearTimeout(forget);
  forget = undefined;
  if (keeperFailed) return undefined;
  try {
    const ask = keeper !== undefined;
    return { port: connect(keeper ?? startKeeper()), ask };
  } catch {
    return undefined; // DuckDB compiles its module itself
  }
}

function startKeeper(): Worker {
  const started = new Worker(new URL('./module-keeper.worker.ts', import.meta.url), {
    type: 'module',
    name: 'svc-wasm-modules',
  });
  started.addEventListener('error', (event) => {
    event.preventDefault();
    keeperFailed = true; // later DuckDB workers are not handed a port nobody answers on
    if (keeper === started) keeper = undefined;
  });
  keeper = started;
  return started;
}

/**
 * Has the keeper compile DuckDB's module now, for an engine whose worker is still starting and will soon ask for a
 * DuckDB: the compile, most of DuckDB's start, begins with the page instead of after the engine's worker. Forgotten
 * like any module when no DuckDB worker comes.
 */
export function precompileDuckDb(): void {
  if (keeperFailed) return;
  try {
    const port = connect(keeper ?? startKeeper());
    port.postMessage({ compileDuckDb: true });
    if (!classicAlive()) forgetLater();
  } catch {
    // no keeper here: DuckDB's worker compiles its module itself
  }
}

/** Test seam: the scripts whose module the keeper holds now (none when there is no keeper). */
export async function keptModules(): Promise<string[]> {
  if (!keeper) return [];
  const port = connect(keeper);
  const scripts = await new Promise<string[]>((resolve) => {
    port.onmessage = (event: MessageEvent<{ scripts: string[] }>) => resolve(event.data.scripts);
    port.postMessage({ list: true });
  });
  port.close();
  return scripts;
}

/** Ends the keeper: the page as after a reload, with no compiled module to hand on (also a bench seam). */
export function forgetCompiledModules(): void {
  clearTimeout(forget);
  forget = undefined;
  keeperFailed = false;
  keeper?.terminate();
  keeper = undefined;
}

function make(spec: HelperSpec): Worker {
  if (spec.kind === 'parser')
    return new Worker(new URL('../data/pg-parser.worker.ts', import.meta.url), {
      type: 'module',
      name: 'svc-sql-parser',
    });
  if (spec.kind === 'parquet')
    return new Worker(new URL('../data/parquet.worker.ts', import.meta.url), { type: 'module', name: 'svc-parquet' });
  return new Worker(new URL('./classic-host.worker.ts', import.meta.url), { name: 'svc-duckdb' });
}

/** `failed` tells the engine's worker that helper `id` could not start, its script failed, or it ended. */
export function helperHost(failed: (id: number, message: string) => void): HelperHost {
  const helpers = new Map<number, { worker: Worker; watch?: Watch }>();
  const end = (id: number) => {
    const helper = helpers.get(id);
    helper?.watch?.stop();
    helper?.worker.terminate();
    if (helper) liveHelpers.delete(helper.worker);
    helpers.delete(id);
    if (helper && keeper && !classicAlive()) forgetLater();
  };
  return {
    spawn(id, spec, port) {
      try {
        const worker = make(spec);
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          failed(id, event.message || 'its script could not be loaded');
        });
        const lock = spec.kind === 'classic' ? lifeLockName() : undefined;
        const watch = lock
          ? watchWorker(
              () => undefined,
              (how) => {
                failed(id, `its worker stopped: ${how}`);
                end(id);
              },
            )
          : undefined;
        if (lock) worker.addEventListener('message', () => watch!.begin(lock), { once: true });
        const modules = spec.kind === 'classic' ? keeperPort() : undefined;
        worker.postMessage(
          spec.kind === 'classic'
            ? { script: spec.script, port, lock, keeper: modules?.port, askKeeper: modules?.ask }
            : { port },
          modules ? [port, modules.port] : [port],
        );
        helpers.set(id, { worker, watch });
        liveHelpers.set(worker, spec.kind);
      } catch (error) {
        port.close();
        failed(id, String(error));
      }
    },
    end,
    endAll() {
      for (const id of [...helpers.keys()]) end(id);
    },
  };
}
