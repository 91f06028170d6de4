// The data plane of one engine: who the caller is for access policies, the data model, the tables (IndexedDB is the
// source of truth; DuckDB ingests them lazily and again when their version changes), and the data API operations.

import { ApiError } from '../../api/errors.js';
import type { CubeSqlRequest, LoadRequest, LoadResponse, MetaResponse } from '../../api/types.js';
import type { EngineContext } from '../domain/context.js';
import type { DataModelRecord } from '../store/schema.js';
import { columnsToIpc } from './arrow.js';
import { generateDemoTables } from './demo-dataset.js';
import type { Executor, QueryResult } from './executor.js';
import { createExecutor, type ExecutorOptions } from './executor-runtime.js';
import { compileLoad, type CompiledLoad } from './load-compiler.js';
import { loadAnnotation, loadRows, metaMember } from './cube-meta.js';
import { lookupMember, resolveModel, type ResolvedModel } from './model.js';
import { missingPolicyValues, sourceAccess, type Identity } from './policies.js';
import { rewriteSql } from './sql-api.js';
import { loadStoredTables } from './stored-file.js';
import { HelperWorkerStopped } from './helper-death.js';
import { HeldVersions, adoptHeld, heldRecord } from './kept-tables.js';
import { newStamp, sweepUnnoted } from './opfs-kept.js';

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
 * A statement whose request is abandoned (its signal aborts) after running this long is stopped with its DuckDB, as
 * at the deadline; a shorter one is left to finish (a restart costs the next query a reload of the tables).
 */
export const STOP_ABANDONED_AFTER_MS = 5_000;

const cancelled = () => new ApiError({ status: 400, message: 'Query cancelled: nobody waits for its answer any more' });

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

export class DataService {
  private executor?: Promise<Executor>;
  private readonly loaded = new HeldVersions((name, version) => void this.keep(name, version));
  private model?: { text: string; resolved: ResolvedModel };
  private ready?: Promise<void>;
  /** Rejects every query of the current DuckDB when it is stopped (a query ran past its deadline). */
  private stopped = stopSignal();

  constructor(
    private readonly ctx: EngineContext,
    private readonly options: { queryTimeoutMs?: number; executor?: ExecutorOptions } = {},
  ) {}

  /** The data model record and its resolution (cached while the model is unchanged); 404 when there is none. */
  private async state(): Promise<{ record: DataModelRecord; resolved: ResolvedModel }> {
    const record = await this.ctx.db.get('dataModels', 'default');
    if (!record) throw new ApiError({ status: 404, message: 'This engine has no data model' });
    const text = JSON.stringify(record.model);
    if (this.model?.text !== text) {
      try {
        this.model = { text, resolved: resolveModel(record.model) };
      } catch (error) {
        throw new ApiError({ status: 500, message: `Data model error: ${(error as Error).message}` });
      }
    }
    return { record, resolved: this.model.resolved };
  }

  /** Materialises generated tables, then (re)loads into DuckDB every table whose version changed. */
  private async ensureTables(record: DataModelRecord): Promise<Executor> {
    const executor = await this.duckDb();
    const run = async () => {
      let versions = record.tableVersions;
      if (record.generate && Object.keys(versions).length === 0) {
        this.ctx.progress({ phase: 'generate', rows: record.generate.orders });
        versions = await this.generate(record);
      }
      await loadStoredTables(executor, this.ctx, versions, this.loaded);
    };
    // One ingest at a time; a query waits for the one in progress.
    this.ready = (this.ready ?? Promise.resolve()).then(run, run);
    await this.ready;
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
      this.executor = createExecutor(this.options.executor).then(async (executor) => {
        const kept = await executor.keptDatabase?.();
        if (kept) this.ctx.progress({ phase: 'database', ...kept });
        return executor;
      });
    }
    return this.executor;
  }

  /**
   * Starts DuckDB now, in the background, when tables are stored and a database in OPFS may hold them (a reload):
   * its start (most of a reload's first answer) overlaps the engine's own.
   */
  async warm(): Promise<void> {
    if (this.options.executor?.opfsFile === undefined || this.executor) return;
    const record = await this.ctx.db.get('dataModels', 'default');
    if (Object.keys(record?.tableVersions ?? {}).length > 0) await this.duckDb().catch(() => undefined);
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
    const record = await this.ctx.db.get('dataModels', 'default');
    if (!record || Object.keys(record.tableVersions).length === 0) return undefined;
    const executor = await this.ensureTables(record);
    return this.withDuckDb(() => fn((sql) => executor.query(sql)));
  }

  /** Generates the demo dataset into IndexedDB (once: a concurrent engine may have done it already). */
  private async generate(record: DataModelRecord): Promise<Record<string, number>> {
    const tables = generateDemoTables(record.generate!.orders, record.generate!.anchorMs);
    const encoded = Object.entries(tables).map(([name, columns]) => ({
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
      return current.tableVersions;
    }
    for (const t of encoded) void tx.objectStore('dataTables').put(t);
    const tableVersions = Object.fromEntries(encoded.map((t) => [t.name, t.version]));
    if (current) void tx.objectStore('dataModels').put({ ...current, tableVersions });
    await tx.done;
    return tableVersions;
  }

  async meta(identity: Identity): Promise<MetaResponse> {
    const { resolved } = await this.state();
    const cubes: MetaResponse['cubes'] = [];
    for (const source of resolved.sources.values()) {
      const access = sourceAccess(identity, source);
      if (access.denied) continue;
      const members = [...source.members.values()].filter((m) => access.members.has(m.name));
      if (members.length === 0) continue;
      const def = source.type === 'cube' ? resolved.cubes.get(source.name) : undefined;
      cubes.push({
        name: source.name,
        type: source.type,
        title: source.title,
        isVisible: true,
        public: true,
        ...(source.description !== undefined && { description: source.description }),
        ...(def?.meta !== undefined && { meta: def.meta }),
        measures: members.filter((m) => m.kind === 'measure').map(metaMember),
        dimensions: members.filter((m) => m.kind === 'dimension').map(metaMember),
        segments: members.filter((m) => m.kind === 'segment').map(metaMember),
      });
    }
    return { cubes };
  }

  /** A load query for the caller; `signal` abandons it (a statement not started never starts). */
  async load(identity: Identity, request: LoadRequest, signal?: AbortSignal): Promise<LoadResponse> {
    const { record, resolved } = await this.state();
    const compiled = compileLoad(resolved, identity, request, this.ctx.now());
    const result = await this.run(record, compiled.sql, signal);
    const segments = (compiled.query.segments ?? []).map((name) => lookupMember(resolved, name).member);
    const response: LoadResponse = {
      query: compiled.query,
      data: loadRows(compiled.columns, result.rows),
      lastRefreshTime: new Date(this.ctx.now()).toISOString(),
      annotation: loadAnnotation(resolved, compiled.columns, segments),
      dataSource: 'default',
      dbType: 'duckdb',
      external: false,
      slowQuery: false,
      // Cube sends `total` only when asked.
      ...(compiled.totalSql && { total: Number((await this.run(record, compiled.totalSql, signal)).rows[0][0]) }),
    };
    return response;
  }

  /** A load query compiled for the caller, not run (Cube's `/sql` and `/dry-run`). */
  async compile(identity: Identity, request: LoadRequest): Promise<CompiledLoad> {
    const { resolved } = await this.state();
    return compileLoad(resolved, identity, request, this.ctx.now());
  }

  /** The SQL API: the caller's SQL, checked and rewritten, then run; `signal` abandons it. */
  async cubeSql(
    identity: Identity,
    request: CubeSqlRequest,
    signal?: AbortSignal,
  ): Promise<QueryResult & { notes?: string[] }> {
    const { record, resolved } = await this.state();
    const rawTables = Object.keys(record.tableVersions);
    const { sql, sources } = await rewriteSql(resolved, identity, request, this.ctx.now(), rawTables);
    const result = await this.run(record, sql, signal);
    // Say so when the caller's own access policy leaves no row (a value its row filter needs is not set).
    const notes = missingPolicyValues(identity, sources).map(
      ({ source, refs }) =>
        `Your access to ${source.title} filters rows by ${refs.join(' and ')}, which your session does not set, so no row can match.`,
    );
    return notes.length ? { ...result, notes } : result;
  }

  /**
   * Runs SQL under the query deadline; DuckDB's errors are the caller's 400 (a query we compiled that fails names the
   * problem). A query past its deadline stops this DuckDB (its worker is terminated: nothing else can interrupt a
   * query inside wasm); the next request starts a new one and loads the tables again. A query that was only waiting
   * behind the stopped one runs again on the new DuckDB, once. When `signal` aborts (nobody waits for the answer any
   * more) it is answered 400 "Query cancelled" at once; a statement not yet sent never is, one that has run
   * STOP_ABANDONED_AFTER_MS or longer is stopped like one past its deadline.
   */
  private async run(record: DataModelRecord, sql: string, signal?: AbortSignal, retry = true): Promise<QueryResult> {
    const aborted = abortion(signal);
    const executor = await (
      aborted ? Promise.race([this.ensureTables(record), aborted]) : this.ensureTables(record)
    ).catch((error: unknown) => {
      if (signal?.aborted) throw cancelled();
      // A stored table that cannot be put into DuckDB (its file changed, the database file lost it): say which.
      if (!(error instanceof ApiError) && /^Table \w+: /.test((error as Error)?.message ?? ''))
        throw new ApiError({ status: 500, message: (error as Error).message });
      throw error;
    });
    const timeoutMs = this.options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    const stopped = this.stopped.promise;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DeadlineExceeded()), timeoutMs);
    });
    const started = Date.now();
    try {
      return await Promise.race([executor.query(sql), deadline, stopped, ...(aborted ? [aborted] : [])]);
    } catch (error) {
      if (error instanceof DeadlineExceeded) {
        this.stop(executor);
        throw new ApiError({ status: 400, message: `Query stopped: it ran longer than ${timeoutMs / 1000} s` });
      }
      if (signal?.aborted) {
        if (Date.now() - started >= STOP_ABANDONED_AFTER_MS) this.stop(executor);
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
      throw new ApiError({ status: 400, message: `Query failed: ${(error as Error).message.split('\n')[0]}` });
    } finally {
      clearTimeout(timer);
    }
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
