// This engine's DuckDB: started on first use, the stored tables put into it (IndexedDB is the source of truth;
// DuckDB ingests them lazily and again when their version changes), and SQL run under the query deadline, stopped
// when abandoned, once again on a new DuckDB when the old one died. What the SQL means is the caller's
// (data/service.ts); here it is only run.

import type { EngineContext } from '../domain/context.js';
import type { DataModelRecord, DataTableRecord } from '../store/schema.js';
import { columnsToIpc } from './arrow.js';
import { generateDemoTables } from './demo-dataset.js';
import type { Executor, QueryResult } from './executor.js';
import { createExecutor, type ExecutorOptions } from './executor-runtime.js';
import { loadStoredTables } from './stored-file.js';
import { HelperWorkerStopped } from './helper-death.js';
import { HeldVersions, adoptHeld, heldRecord } from './kept-tables.js';
import { newStamp, sweepUnnoted } from './opfs-kept.js';
import type { SessionTables } from './session-tables.js';
import { DomainError, failed, invalid } from '../errors.js';

class DeadlineExceeded extends Error {}
class DuckDbStopped extends Error {}

/** A promise that only ever rejects, when `reject` is called (unhandled rejections are silenced). */
function stopSignal(): { promise: Promise<never>; reject(error: Error): void } {
  let reject!: (error: Error) => void;
  const promise = new Promise<never>((_, r) => (reject = r));
  promise.catch(() => undefined);
  return { promise, reject };
}

/** How long one query may run before DuckDB is stopped (ours, `createLocalEngine({ queryTimeoutMs })`). */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

/**
 * A statement whose request is abandoned (its signal aborts) is stopped with its DuckDB, as at the deadline, once it
 * has run this long; a shorter one is left to finish (a restart costs the next query a reload of the tables).
 */
export const STOP_ABANDONED_AFTER_MS = 5_000;

const cancelled = () => invalid('Query cancelled: nobody waits for its answer any more');

/** A promise that rejects with `signal`'s reason when it aborts (never otherwise); silenced if nobody awaits it. */
function abortion(signal: AbortSignal | undefined): Promise<never> | undefined {
  if (!signal) return undefined;
  const reason = () => (signal.reason instanceof Error ? signal.reason : new Error('The request was abandoned'));
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(reason());
    else signal.addEventListener('abort', () => reject(reason()), { once: true });
  });
  promise.catch(() => undefined);
  return promise;
}

export interface DuckDbRunnerOptions {
  /** How long one query may run (default DEFAULT_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
  executor?: ExecutorOptions;
}

export class DuckDbRunner {
  private executor?: Promise<Executor>;
  /** Resolves once what is left of DuckDB's start needs only its own thread (or it is over): our CPU work may begin. */
  private booted: Promise<void> = Promise.resolve();
  private readonly loaded = new HeldVersions((name, version) => void this.keep(name, version));
  private ready?: Promise<void>;
  /** Rejects every query of the current DuckDB when it is stopped (a query ran past its deadline). */
  private stopped = stopSignal();

  constructor(
    private readonly ctx: EngineContext,
    private readonly options: DuckDbRunnerOptions = {},
    private readonly session?: SessionTables,
  ) {}

  /**
   * Materialises generated tables, then (re)loads into DuckDB every table whose version changed. The demo's rows are
   * generated while DuckDB starts (in its own worker in browsers).
   */
  private async ensureTables(record: DataModelRecord): Promise<Executor> {
    const starting = this.duckDb();
    starting.catch(() => undefined); // its failure is the run's, below
    const run = async () => {
      let versions = record.tableVersions;
      let made: Map<string, DataTableRecord> | undefined;
      if (record.generate && Object.keys(versions).length === 0) {
        // Generating the rows holds this thread for a while: DuckDB is started before, and they are made once its
        // module is compiled (on a 2-core machine, making them during the compile delayed the first chart 0.3–0.5 s).
        await this.booted;
        ({ versions, made } = await this.generate(record));
      }
      // The records just made are loaded as they are: not read back from IndexedDB.
      await loadStoredTables(await starting, this.ctx, versions, this.loaded, this.session, made);
    };
    // One ingest at a time; a query waits for the one in progress.
    this.ready = (this.ready ?? Promise.resolve()).then(run, run);
    await this.ready;
    const executor = await starting;
    if (!this.loaded.swept) {
      // Tables a change cut short left without a note: dropped after this query, between imports (opfs-kept.ts).
      this.loaded.swept = true;
      setTimeout(() => void this.withDuckDb((e) => sweepUnnoted(e)).catch(() => undefined));
    }
    return executor;
  }

  /**
   * Runs `fn` on this engine's DuckDB (started if need be) once the ingest in progress is done, and holds later ingests
   * until it is (table imports, data/tables.ts). `loaded` is the table versions DuckDB holds; `fn` keeps it right.
   */
  async withDuckDb<T>(fn: (executor: Executor, loaded: Map<string, number>) => Promise<T>): Promise<T> {
    const executor = await this.duckDb();
    const run = () => fn(executor, this.loaded);
    const result = (this.ready ?? Promise.resolve()).then(run, run);
    this.ready = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** This engine's DuckDB, started if need be; where it keeps its tables is told as progress (`database`). */
  private duckDb(): Promise<Executor> {
    if (!this.executor) {
      this.ctx.progress({ phase: 'duckdb' });
      let booting!: () => void;
      this.booted = new Promise<void>((resolve) => (booting = resolve));
      this.executor = createExecutor(this.options.executor, booting).then(async (executor) => {
        const kept = await executor.keptDatabase?.();
        if (kept) this.ctx.progress({ phase: 'database', ...kept });
        return executor;
      });
      // A start that failed or ended before telling holds nothing back either.
      this.executor.then(booting, booting);
    }
    return this.executor;
  }

  /**
   * In a browser (a database in OPFS), starts now, in the background, what the first answer will wait for: on a
   * reload, DuckDB (when tables are stored: the database may hold them); on a first visit to the demo, DuckDB, the
   * demo's rows and their load (when `generate`), while the page is still asking for its session and dashboard.
   */
  async warm(generate: boolean): Promise<void> {
    if (this.options.executor?.opfsFile === undefined || this.executor) return;
    const record = await this.ctx.db.get('dataModels', 'default');
    if (!record) return;
    const stored = Object.keys(record.tableVersions).length > 0;
    if (record.generate && !stored) {
      if (generate) await this.ensureTables(record).catch(() => undefined);
    } else if (stored) await this.duckDb().catch(() => undefined);
  }

  /** Whether DuckDB keeps the tables itself (a database file): the engine keeps no copy of their rows. */
  get keepsTables(): boolean {
    return this.options.executor?.database !== undefined;
  }

  /** Notes in the database file, if any, which version of table `name` it holds (undefined: none). */
  private async keep(name: string, version: number | undefined): Promise<void> {
    if (!this.keepsTables || !this.executor) return;
    try {
      const executor = await this.executor;
      const record = version === undefined ? undefined : await this.ctx.db.get('dataTables', name);
      await executor.hold?.(name, version, record && JSON.stringify(heldRecord(record)));
    } catch {
      // Not noted: the next start loads the table again from the registry's record.
    }
  }

  /**
   * With a database file: the tables it holds are served from it — adopted into the registry when it does not list
   * them, not loaded again when it lists the same version (the rules: kept-tables.ts).
   */
  async adoptHeld(): Promise<void> {
    if (!this.keepsTables) return;
    await this.withDuckDb((executor) => adoptHeld(this.ctx.db, executor, this.loaded));
  }

  /**
   * Runs `fn` with DuckDB's own query function once the stored tables are in it (model checks: data/probe.ts, whose
   * errors keep DuckDB's whole message); not while the demo's tables are still to be generated (undefined then).
   */
  async withTables<T>(fn: (run: (sql: string) => Promise<QueryResult>) => Promise<T>): Promise<T | undefined> {
    const stored = await this.ctx.db.get('dataModels', 'default');
    const record = this.session ? this.session.over(stored) : stored;
    if (!record || Object.keys(record.tableVersions).length === 0) return undefined;
    const executor = await this.ensureTables(record);
    return this.withDuckDb(() => fn((sql) => executor.query(sql)));
  }

  /**
   * Generates the demo dataset into IndexedDB, unless it is there already: queries that came in together each ask (the
   * record they read was from before), one after the other; only the first generates (and a concurrent engine may have).
   * The table versions, and the records when this call made them.
   */
  private async generate(
    record: DataModelRecord,
  ): Promise<{ versions: Record<string, number>; made?: Map<string, DataTableRecord> }> {
    const stored = await this.ctx.db.get('dataModels', 'default');
    if (stored && Object.keys(stored.tableVersions).length > 0) return { versions: stored.tableVersions };
    this.ctx.progress({ phase: 'generate', rows: record.generate!.orders });
    const tables = generateDemoTables(record.generate!.orders, record.generate!.anchorMs);
    const encoded = Object.entries(tables).map(([name, columns]): DataTableRecord => ({
      name,
      version: 1,
      stamp: newStamp(),
      ipc: columnsToIpc(columns),
      rowCount: columns[0].kind === 'int' ? columns[0].values.length : 0,
    }));
    const tx = this.ctx.db.transaction(['dataTables', 'dataModels'], 'readwrite');
    const current = await tx.objectStore('dataModels').get('default');
    if (current && Object.keys(current.tableVersions).length > 0) {
      await tx.done;
      return { versions: current.tableVersions };
    }
    for (const t of encoded) void tx.objectStore('dataTables').put(t);
    const tableVersions = Object.fromEntries(encoded.map((t) => [t.name, t.version]));
    if (current) void tx.objectStore('dataModels').put({ ...current, tableVersions });
    await tx.done;
    return { versions: tableVersions, made: new Map(encoded.map((t) => [t.name, t])) };
  }

  /**
   * Runs SQL under the query deadline; DuckDB's errors are the caller's 400 (a query we compiled that fails names the
   * problem). A query past its deadline stops this DuckDB (its worker is terminated: nothing else can interrupt a
   * query inside wasm); the next request starts a new one and loads the tables again. A query that was only waiting
   * behind the stopped one runs again on the new DuckDB, once. When `signal` aborts (nobody waits for the answer any
   * more) it is answered 400 "Query cancelled" at once, and its statement, if not done STOP_ABANDONED_AFTER_MS after
   * it was sent, is stopped like one past its deadline.
   */
  async run(record: DataModelRecord, sql: string, signal?: AbortSignal, retry = true): Promise<QueryResult> {
    const aborted = abortion(signal);
    const executor = await (
      aborted ? Promise.race([this.ensureTables(record), aborted]) : this.ensureTables(record)
    ).catch((error: unknown) => {
      if (signal?.aborted) throw cancelled();
      // A stored table that cannot be put into DuckDB (its file changed, the database file lost it): say which.
      if (!(error instanceof DomainError) && /^Table \w+: /.test((error as Error)?.message ?? ''))
        throw failed((error as Error).message);
      throw error;
    });
    const timeoutMs = this.options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    const stopped = this.stopped.promise;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DeadlineExceeded()), timeoutMs);
    });
    const started = Date.now();
    const query = executor.query(sql);
    try {
      return await Promise.race([query, deadline, stopped, ...(aborted ? [aborted] : [])]);
    } catch (error) {
      if (error instanceof DeadlineExceeded) {
        this.stop(executor);
        throw invalid(`Query stopped: it ran longer than ${timeoutMs / 1000} s`);
      }
      if (signal?.aborted) {
        const left = Math.min(STOP_ABANDONED_AFTER_MS, timeoutMs) - (Date.now() - started);
        if (left <= 0) this.stop(executor);
        else this.stopIfStillRunning(executor, query, left);
        throw cancelled();
      }
      // DuckDB's worker ended under this query (helper-death.ts): a new DuckDB at once, and the query runs again there.
      if (error instanceof HelperWorkerStopped) {
        const current = this.executor;
        this.stop(executor);
        await current; // stop() acts once it resolves: then the retry starts a new DuckDB
      }
      if ((error instanceof DuckDbStopped || error instanceof HelperWorkerStopped) && retry)
        return this.run(record, sql, signal, false);
      throw invalid(`Query failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * An abandoned statement holds DuckDB for nobody (native DuckDB runs one at a time: every other query waits behind
   * it): if it is still running `ms` from now, its DuckDB is stopped as at the deadline.
   */
  private stopIfStillRunning(executor: Executor, query: Promise<unknown>, ms: number): void {
    const timer = setTimeout(() => this.stop(executor), ms);
    timer.unref?.(); // a Node script still ends when its work is done
    void query.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  }

  /**
   * Stops `executor` if it is the current one; queries waiting on it fail now (and run again once). Native DuckDB is
   * interrupted and keeps its tables; DuckDB-wasm is stopped and the next request starts afresh.
   */
  private stop(executor: Executor): void {
    void this.executor?.then((current) => {
      if (current !== executor) return;
      if (executor.interrupt) {
        this.stopped.reject(new DuckDbStopped());
        this.stopped = stopSignal();
        executor.interrupt();
        return;
      }
      this.executor = undefined;
      this.ready = undefined;
      this.loaded.clear();
      this.stopped.reject(new DuckDbStopped());
      this.stopped = stopSignal();
      executor.terminate();
    });
  }

  async close(): Promise<void> {
    const executor = this.executor;
    this.executor = undefined;
    this.loaded.clear();
    if (executor) await (await executor).close();
    this.stopped.reject(new DuckDbStopped());
    this.stopped = stopSignal();
  }
}
