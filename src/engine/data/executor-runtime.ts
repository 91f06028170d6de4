// Picks the executor for this runtime, lazily: DuckDB in a Worker in browsers; in Node native DuckDB
// (@duckdb/node-api, an optional dependency) when it loads, else DuckDB-wasm's blocking build in a worker thread. A
// module of its own so that no executor imports back the module that loads it (no import cycle).

import type { Executor } from './executor.js';
import type { NativeExecutorOptions } from './duckdb-native.js';

/** Which DuckDB runs the engine's SQL in Node (`createLocalEngine({ executor })`, `SVC_EXECUTOR`). */
export type ExecutorKind = 'native' | 'wasm';

export interface ExecutorOptions extends NativeExecutorOptions {
  /**
   * In Node: 'native' (@duckdb/node-api; an error when it cannot load) or 'wasm'. Default: the environment's
   * SVC_EXECUTOR, else native when @duckdb/node-api loads, else wasm. Browsers always run DuckDB-wasm.
   */
  kind?: ExecutorKind;
  /**
   * Browsers: the file in the origin-private file system DuckDB keeps its tables in (opfs-database.ts); undefined:
   * in memory.
   */
  opfsFile?: string;
  /** Browsers: why DuckDB keeps its tables in memory although `opfsFile` is given (the file could not take one). */
  inMemory?: string;
}

const isNode = () => typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

/** The executor kind Node runs when none is asked for: SVC_EXECUTOR, else native when it can load. */
export function defaultExecutorKind(): ExecutorKind | undefined {
  const given = isNode() ? process.env.SVC_EXECUTOR : undefined;
  if (given === undefined || given === '') return undefined;
  if (given !== 'native' && given !== 'wasm') throw new TypeError(`SVC_EXECUTOR must be native or wasm, not ${given}`);
  return given;
}

/** `booting` is told once what is left of DuckDB's start needs only its own thread (browsers: its module instantiated). */
const start = async (options: ExecutorOptions, booting?: () => void): Promise<Executor> => {
  if (!isNode()) {
    const { opfsFile, inMemory } = options;
    return (await import('./duckdb-browser.js')).createDuckDbExecutor({ opfsFile, inMemory }, booting);
  }
  booting?.();
  const kind = options.kind ?? defaultExecutorKind();
  if (kind !== 'wasm') {
    const native = await import('./duckdb-native.js');
    const missing = await native.nativeUnavailable();
    if (missing === undefined) return native.createNativeExecutor(options);
    if (kind === 'native' || options.database !== undefined)
      throw new Error(
        `native DuckDB (@duckdb/node-api) is not available here${options.database !== undefined ? `, and database ${options.database} needs it` : ''}: ${missing}`,
      );
  }
  if (options.database !== undefined)
    throw new Error(`database ${options.database} needs the native executor, not wasm`);
  return (await import('./duckdb-node.js')).createDuckDbExecutor();
};

/**
 * The executor for this runtime, loaded lazily. It can be restarted in place (an import past its deadline:
 * data/tables.ts): the DuckDB it holds is stopped at once and the next call starts a new one, so whoever holds the
 * executor keeps a working one. Native DuckDB can also interrupt a statement and keep its tables (interrupt()).
 */
export async function createExecutor(given: ExecutorOptions = {}, booting?: () => void): Promise<Executor> {
  let options = given;
  let current: Promise<Executor> | undefined = start(options, booting);
  const first = await current;
  const { fileFormats } = first;
  let stopped = false;
  const use = <T>(fn: (executor: Executor) => Promise<T>): Promise<T> => {
    if (stopped) return Promise.reject(new Error('DuckDB was stopped'));
    const executor = (current ??= start(options));
    // A DuckDB that could not start is not kept: the next call tries again.
    executor.catch(() => {
      if (current === executor) current = undefined;
    });
    return executor.then(fn);
  };
  const stop = (how: (executor: Executor) => unknown) => {
    const executor = current;
    current = undefined;
    void executor?.then(how, () => undefined);
  };
  const native = first.interrupt !== undefined;
  return {
    ...(fileFormats && { fileFormats }),
    query: (sql) => use((e) => e.query(sql)),
    loadTable: (name, ipc, options) => use((e) => e.loadTable(name, ipc, options)),
    loadFile: (name, source, format, fileOptions) => use((e) => e.loadFile(name, source, format, fileOptions)),
    exportTable: (name) => use((e) => e.exportTable(name)),
    ...(first.keptDatabase && {
      keptDatabase: () => use((e) => e.keptDatabase!()),
      keepLater: (name: string, stamp: string) => use(async (e) => (await e.keepLater?.(name, stamp)) ?? false),
      forget: (...names: string[]) => use(async (e) => e.forget?.(...names)),
    }),
    close: async () => {
      stopped = true;
      const executor = current;
      current = undefined;
      await (await executor?.catch(() => undefined))?.close();
    },
    terminate: () => {
      stopped = true;
      stop((e) => e.terminate());
    },
    restart: () => stop((e) => e.terminate()),
    ...(options.opfsFile !== undefined && {
      keepInMemory: async (reason: string) => {
        const file = options.opfsFile!;
        options = { ...options, inMemory: reason };
        const executor = current;
        current = undefined;
        (await executor?.catch(() => undefined))?.terminate();
        // Nothing half-written is left for the next start to open: it reads the tables from IndexedDB.
        await (await import('./duckdb-browser.js')).removeDatabase(file);
      },
    }),
    ...(native && {
      interrupt: () =>
        void current?.then(
          (e) => e.interrupt?.(),
          () => undefined,
        ),
      readsInPlace: (path: string) => first.readsInPlace?.(path) ?? false,
      held: () => use((e) => e.held!()),
      hold: (name: string, version: number | undefined, record?: string) => use((e) => e.hold!(name, version, record)),
      loadPath: (name: string, path: string, format: 'csv' | 'tsv' | 'parquet', fileOptions?: object) =>
        use((e) => e.loadPath!(name, path, format, fileOptions)),
    }),
  };
}
