// Where the engine's helper workers come from (DuckDB's, the SQL parser's, parquet-wasm's). In a page: `new Worker`,
// as the caller makes it. Inside the engine's own worker: the page makes them and hands this side a MessagePort to each
// (worker/helper-host.ts, worker/port-worker.ts). Firefox's Worker constructor inside a worker sometimes never returns
// while a sibling worker is being torn down, and the engine's worker froze with it (a full Firefox run lost about one
// test file to it); a constructor on the page's thread does not block that way.

/** What the engine uses of a Worker: AsyncDuckDB and the parser's client need no more. */
export type HelperWorker = Pick<Worker, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'terminate'>;

/**
 * Which helper: a classic script run as the worker's own (DuckDB's worker), the SQL parser's worker, or parquet-wasm's
 * (data/parquet.worker.ts: one per Parquet import).
 */
export type HelperSpec = { kind: 'classic'; script: string } | { kind: 'parser' } | { kind: 'parquet' };

let maker: ((spec: HelperSpec) => HelperWorker) | undefined;

/** Set by the engine's worker: helpers are made by the page from then on. */
export function setHelperWorkerMaker(make: ((spec: HelperSpec) => HelperWorker) | undefined): void {
  maker = make;
}

/** The helper `spec` names: made by the page when the engine runs in its worker, else by `inPage` here. */
export function helperWorker(spec: HelperSpec, inPage: () => Worker): HelperWorker {
  return maker ? maker(spec) : inPage();
}
