// The data plane of one engine: the data model as the caller may see it, and the data API's operations — a query
// compiled for the caller (load-compiler.ts, sql-api.ts), run on this engine's DuckDB (duckdb-runner.ts), answered
// in Cube's shape (cube-responses.ts).

import type { CubeSqlRequest, LoadRequest, LoadResponse, MetaResponse } from '../../api/types.js';
import type { EngineContext } from '../domain/context.js';
import type { DataModelRecord } from '../store/schema.js';
import type { Executor, QueryResult } from './executor.js';
import type { ExecutorOptions } from './executor-runtime.js';
import { compileLoad, type CompiledLoad } from './load-compiler.js';
import { loadResponse, metaResponse, policyNotes } from './cube-responses.js';
import { DuckDbRunner } from './duckdb-runner.js';
import { SessionTables } from './session-tables.js';
import { resolveModel, type ResolvedModel, type Source } from './model.js';
import type { Identity } from './policies.js';
import { rewriteSql } from './sql-api.js';
import { failed, notFound } from '../errors.js';

export class DataService {
  private model?: { text: string; resolved: ResolvedModel };
  private readonly duckDb: DuckDbRunner;
  /** Tables kept for this session only (the browser's storage was full: session-tables.ts). */
  readonly session = new SessionTables();

  constructor(
    private readonly ctx: EngineContext,
    options: { queryTimeoutMs?: number; executor?: ExecutorOptions } = {},
  ) {
    this.duckDb = new DuckDbRunner(ctx, options, this.session);
  }

  /** The data model record and its resolution (cached while the model is unchanged); 404 when there is none. */
  private async state(): Promise<{ record: DataModelRecord; resolved: ResolvedModel }> {
    const record = this.session.over(await this.ctx.db.get('dataModels', 'default'));
    if (!record) throw notFound('This engine has no data model');
    const text = JSON.stringify(record.model);
    if (this.model?.text !== text) {
      try {
        this.model = { text, resolved: resolveModel(record.model) };
      } catch (error) {
        throw failed(`Data model error: ${(error as Error).message}`);
      }
    }
    return { record, resolved: this.model.resolved };
  }

  /** DuckDBRunner.withDuckDb: `fn` on this engine's DuckDB between ingests (table imports, data/tables.ts). */
  withDuckDb<T>(fn: (executor: Executor, loaded: Map<string, number>) => Promise<T>): Promise<T> {
    return this.duckDb.withDuckDb(fn);
  }

  /** DuckDbRunner.warm: what the first answer waits for, started in the background (browsers). */
  warm(generate: boolean): Promise<void> {
    return this.duckDb.warm(generate);
  }

  /** Whether DuckDB keeps the tables itself (a database file): the engine keeps no copy of their rows. */
  get keepsTables(): boolean {
    return this.duckDb.keepsTables;
  }

  /** With a database file: the tables it holds are served from it (kept-tables.ts). */
  adoptHeld(): Promise<void> {
    return this.duckDb.adoptHeld();
  }

  /** DuckDB's own query function once the stored tables are in it (model checks: data/probe.ts). */
  withTables<T>(fn: (run: (sql: string) => Promise<QueryResult>) => Promise<T>): Promise<T | undefined> {
    return this.duckDb.withTables(fn);
  }

  /** The model's sources as resolved: what each member is defined as (serviceMeta's measure terms). */
  async sources(): Promise<ReadonlyMap<string, Source>> {
    return (await this.state()).resolved.sources;
  }

  async meta(identity: Identity): Promise<MetaResponse> {
    const { resolved } = await this.state();
    return metaResponse(resolved, identity);
  }

  /** A load query for the caller; `signal` abandons it (a statement not started never starts). */
  async load(identity: Identity, request: LoadRequest, signal?: AbortSignal): Promise<LoadResponse> {
    const { record, resolved } = await this.state();
    const compiled = compileLoad(resolved, identity, request, this.ctx.now());
    const result = await this.duckDb.run(record, compiled.sql, signal);
    const refreshedMs = this.ctx.now();
    const total = compiled.totalSql
      ? Number((await this.duckDb.run(record, compiled.totalSql, signal)).rows[0][0])
      : undefined;
    return loadResponse(resolved, compiled, result.rows, refreshedMs, total);
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
    const result = await this.duckDb.run(record, sql, signal);
    const notes = policyNotes(identity, sources);
    return notes.length ? { ...result, notes } : result;
  }

  close(): Promise<void> {
    this.session.clear();
    return this.duckDb.close();
  }
}
