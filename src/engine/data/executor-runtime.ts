// Picks the executor for this runtime, lazily: DuckDB in a Worker in browsers, the blocking build in a worker thread
// in Node. A module of its own so that neither executor imports back the module that loads it (no import cycle).

import type { Executor } from './executor.js';

const start = async (): Promise<Executor> => {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';
  const module = isNode ? await import('./duckdb-node.js') : await import('./duckdb-browser.js');
  return module.createDuckDbExecutor();
};

/**
 * The executor for this runtime: DuckDB in a Worker in browsers, the blocking build in Node. Loaded lazily. It can be
 * restarted in place (an import past its deadline: data/tables.ts): the DuckDB it holds is stopped at once and the
 * next call starts a new one, so whoever holds the executor keeps a working one.
 */
export async function createExecutor(): Promise<Executor> {
  let current: Promise<Executor> | undefined = start();
  const { fileFormats } = await current;
  let stopped = false;
  const use = <T>(fn: (executor: Executor) => Promise<T>): Promise<T> => {
    if (stopped) return Promise.reject(new Error('DuckDB was stopped'));
    const executor = (current ??= start());
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
  return {
    ...(fileFormats && { fileFormats }),
    query: (sql) => use((e) => e.query(sql)),
    loadTable: (name, ipc, options) => use((e) => e.loadTable(name, ipc, options)),
    loadFile: (name, source, format, options) => use((e) => e.loadFile(name, source, format, options)),
    exportTable: (name) => use((e) => e.exportTable(name)),
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
  };
}
