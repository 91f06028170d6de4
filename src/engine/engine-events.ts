// The engine's test seams and progress events, as options.ts offers them and every domain function receives them
// (domain/context.ts): a leaf module, so the domain's context does not import the options' whole graph.

/** Test seams (ours, not in the spec): code that runs between the steps of an operation, to reproduce races. */
export interface EngineHooks {
  /** Runs after upsertWorkbookBySlug decided create or update and before it applies (separate transactions). */
  beforeUpsertApply?(info: { deploymentId: number; slug: string; decision: 'create' | 'update' }): Promise<void> | void;
}

/**
 * What the engine is doing while the data plane warms up (ours, not in the spec): `duckdb` once DuckDB starts (wasm, in a
 * worker in browsers), `generate` while the demo seed's rows are generated (first run only), `load` per table read
 * into DuckDB, `ready` when queries can run. For progress displays; the first data request triggers it.
 */
export type EngineProgress =
  | { phase: 'duckdb' }
  | { phase: 'generate'; rows: number }
  | { phase: 'load'; table: string; done: number; total: number }
  /** A table being imported (`data`, `putTable`): bytes read so far (of `totalBytes`), then `rows` when it is in. */
  | { phase: 'import'; table: string; bytes: number; totalBytes?: number; rows?: number }
  | { phase: 'ready' }
  /**
   * Browsers: where DuckDB keeps the tables, once it started — `path`, its database in OPFS (`keepDatabase`), or
   * `inMemory` and why (`keepDatabase` is false, another tab holds the file, no OPFS here…).
   */
  | { phase: 'database'; path: string }
  | { phase: 'database'; inMemory: string };
