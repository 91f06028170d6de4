// Bounds of one import (`createLocalEngine({ importLimits, importTimeoutMs })`): how many columns a table may have,
// how long a line and a value may be, and how many cells parsed rows may make per byte of their source, so that the
// memory and time an import takes are bounded by its file's size, not by its shape (a one-line CSV, a JSON row with
// 200,000 keys, sparse rows). A file past a limit is refused before DuckDB reads it, naming the limit and where.

/** Limits of one import (ours, not in §5). */
export interface ImportLimits {
  /** Columns of one table. Default 2,000. */
  maxColumns?: number;
  /**
   * Bytes of one line: a CSV or TSV record (quoted line breaks included), an NDJSON line, a row of JSON, rows or
   * Parquet as the CSV it becomes. Default and maximum 2,000,000 (DuckDB's read_csv refuses longer lines).
   */
  maxLineBytes?: number;
  /** Bytes of one value (UTF-8). Default 1,000,000. */
  maxCellBytes?: number;
  /**
   * Cells (rows × columns) that JSON, NDJSON and rows may make per byte of their source (sparse rows: every row gets
   * every column); Parquet, compressed, 8 times as many. At least 1,000,000 cells are always allowed. Default 1.
   */
  maxCellsPerByte?: number;
}

export const DEFAULT_IMPORT_LIMITS: Required<ImportLimits> = {
  maxColumns: 2_000,
  maxLineBytes: 2_000_000,
  maxCellBytes: 1_000_000,
  maxCellsPerByte: 1,
};

/** How long one import may take, in ms, before it is stopped (ours, `createLocalEngine({ importTimeoutMs })`). */
export const DEFAULT_IMPORT_TIMEOUT_MS = 120_000;

/** Cells always allowed, whatever the source's size. */
export const MIN_CELLS = 1_000_000;

const n = (value: number) => value.toLocaleString('en-US');

/** The limits with their defaults; a TypeError for a value that is not a positive integer (or above its maximum). */
export function importLimits(given: ImportLimits = {}): Required<ImportLimits> {
  const limits = { ...DEFAULT_IMPORT_LIMITS };
  for (const key of Object.keys(DEFAULT_IMPORT_LIMITS) as (keyof ImportLimits)[]) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new TypeError(`importLimits.${key} must be a positive integer, not ${JSON.stringify(value)}`);
    limits[key] = value;
  }
  if (limits.maxLineBytes > DEFAULT_IMPORT_LIMITS.maxLineBytes)
    throw new TypeError(`importLimits.maxLineBytes is at most ${n(DEFAULT_IMPORT_LIMITS.maxLineBytes)}`);
  return limits;
}

/** A source past one of its import's limits. */
export class ImportLimitError extends Error {}

/** `where` (a line, a row) has `count` columns (a number or text such as `more than 2,000`) past `max`. */
export const tooManyColumns = (where: string, count: string, max: number, note = '') =>
  new ImportLimitError(`${where} has ${count} columns${note}; importLimits.maxColumns is ${n(max)}`);

export const lineTooLong = (where: string, bytes: string, max: number) =>
  new ImportLimitError(`${where} is ${bytes} bytes long; importLimits.maxLineBytes is ${n(max)}`);

export const cellTooLong = (where: string, bytes: string, max: number) =>
  new ImportLimitError(`${where} holds a value of ${bytes} bytes; importLimits.maxCellBytes is ${n(max)}`);

/** Refuses rows × columns cells past what `bytes` of source may make (`perByte` cells a byte, at least MIN_CELLS). */
export function checkCells(rows: number, columns: number, bytes: number, perByte: number, what: string): void {
  const max = Math.max(MIN_CELLS, bytes * perByte);
  if (rows * columns > max)
    throw new ImportLimitError(
      `${what} would make ${n(rows)} rows × ${n(columns)} columns = ${n(rows * columns)} cells from ${n(bytes)} ` +
        `bytes; at most ${n(max)} are allowed (importLimits.maxCellsPerByte is ${n(perByte)}, at least ` +
        `${n(MIN_CELLS)} cells)`,
    );
}

/** UTF-8 bytes of a string, counted only when it may be past `max` (a UTF-16 code unit is at most 3 bytes). */
export function utf8Past(text: string, max: number): number | undefined {
  if (text.length * 3 <= max) return undefined;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > max ? bytes : undefined;
}

export const fmt = n;

/** An import past its deadline (`importTimeoutMs`). */
export class ImportTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the import was stopped: it took longer than ${n(timeoutMs / 1000)} s (importTimeoutMs is ${n(timeoutMs)})`);
  }
}

/**
 * One import's deadline: a signal for its download, a check between steps, and a race for the steps that wait. Its
 * clock stops while the import waits for its turn on DuckDB (DuckDB starting, another import or load in progress).
 */
export class ImportDeadline {
  private readonly controller = new AbortController();
  private timer?: ReturnType<typeof setTimeout>;
  private readonly passed: Promise<never>;
  private reject!: (error: Error) => void;
  private left: number;
  private since = 0;

  constructor(readonly timeoutMs: number) {
    this.passed = new Promise<never>((_, reject) => (this.reject = reject));
    this.passed.catch(() => undefined);
    this.left = timeoutMs;
    this.resume();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops the clock (the time left is kept). */
  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left = Math.max(0, this.left - (performance.now() - this.since));
  }

  /** Starts the clock again with the time that was left. */
  resume(): void {
    if (this.timer !== undefined || this.controller.signal.aborted) return;
    this.since = performance.now();
    this.timer = setTimeout(() => {
      this.controller.abort(new ImportTimeout(this.timeoutMs));
      this.reject(new ImportTimeout(this.timeoutMs));
    }, this.left);
  }

  /** Throws ImportTimeout once the deadline has passed. */
  check(): void {
    if (this.controller.signal.aborted) throw new ImportTimeout(this.timeoutMs);
  }

  /** `work`, or ImportTimeout when the deadline passes first (the work itself goes on: the caller stops it). */
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.passed]);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The import deadline in ms: the default, or a positive number given. */
export function importTimeout(given: number | undefined): number {
  if (given === undefined) return DEFAULT_IMPORT_TIMEOUT_MS;
  if (typeof given !== 'number' || !(given > 0))
    throw new TypeError(`importTimeoutMs must be a positive number, not ${JSON.stringify(given)}`);
  return given;
}
