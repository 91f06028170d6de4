// A browser's database in OPFS takes rows slowly: writing 3M imported rows into the file about doubled the import's
// time to its first answer. So its DuckDB makes every table in an in-memory database in front of the file, the stage
// (first on DuckDB's search path: a name finds its stage copy first, and a table made without a database named is
// made there). A table answers from the stage at once, and is copied into the file afterwards, a slice of rows per
// statement, so the queries that come meanwhile run between slices. Only once the whole table is in the file is its
// note written (the stamp of the IndexedDB record it was made from: opfs-kept.ts) and its stage copy dropped: until
// then the note says the table is changing, so a start after a tab closed mid-copy drops the copy and reads the table
// again from IndexedDB, which stays the truth. A change to the table (`forget`) stops its copy. The copy's statements
// wait for a quiet connection (`quiet`): a first start's loads and first answers come before them, not between them.

import { STAGE, noteSql } from './opfs-kept.js';
import { quoteIdent, quoteString } from './sql-quote.js';

/** Rows per statement of a copy into the file: two of DuckDB's row groups. */
export const SLICE_ROWS = 245_760;

/**
 * The statements that put the stage in front of database `file` (run before the configuration is locked): attached,
 * and first on the search path, the file's main schema second.
 */
export const stageSql = (file: string): string[] => [
  `ATTACH ':memory:' AS ${STAGE}`,
  `SET search_path = ${quoteString(`${STAGE}.main,${quoteIdent(file)}.main`)}`,
];

/**
 * Watches the work callers wait on (`attended`): `quiet` resolves once none is under way and none has ended for
 * `quietMs`, and at once after `end` (the database closes: nothing more to make way for).
 */
export function attention(quietMs: number): {
  attended: <T>(fn: () => Promise<T>) => Promise<T>;
  quiet: () => Promise<void>;
  end: () => void;
} {
  let underWay = 0;
  let endedAt = 0;
  let ended = false;
  let wake = () => undefined as void;
  const ending = new Promise<void>((resolve) => (wake = resolve));
  return {
    async attended(fn) {
      underWay++;
      try {
        return await fn();
      } finally {
        underWay--;
        endedAt = Date.now();
      }
    },
    async quiet() {
      for (;;) {
        const wait = underWay > 0 ? quietMs : endedAt + quietMs - Date.now();
        if (ended || wait <= 0) return;
        await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, wait))]);
      }
    },
    end() {
      ended = true;
      wake();
    },
  };
}

type Run = (sql: string) => Promise<{ rows: unknown[][] }>;
/** Runs `fn` alone on the connection: no other statement between its own. */
type Serial = <T>(fn: () => Promise<T>) => Promise<T>;

/** Copies tables from the stage into database `file` (see above); one copy per table at a time. */
export class StageKeeper {
  /** Per table, the copy that may go on: a change to the table makes it another. */
  private readonly turns = new Map<string, number>();
  private readonly copies = new Set<Promise<void>>();

  constructor(
    private readonly file: string,
    private readonly serial: Serial,
    /** Runs a statement on the connection directly (inside `serial`). */
    private readonly run: Run,
    /** Resolves when the connection has had no other work for a while: each of a copy's statements waits for it. */
    private readonly quiet: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** `fn` alone on the connection, once it is quiet. */
  private async whenQuiet<T>(fn: () => Promise<T>): Promise<T> {
    await this.quiet();
    return this.serial(fn);
  }

  /** Tables `names` are about to change: a copy of any of them under way stops before its next slice. */
  forget(...names: string[]): void {
    for (const name of names) this.turns.set(name, (this.turns.get(name) ?? 0) + 1);
  }

  /**
   * Copies table `name`, made from the record stamped `stamp`, from the stage into the file, in the background; noted
   * with `stamp` once it is all there. A copy that fails leaves the table noted as changing (the next start reads it
   * again) and its stage copy answering.
   */
  keep(name: string, stamp: string): void {
    this.forget(name);
    const turn = this.turns.get(name)!;
    const copy = this.copy(name, stamp, turn).catch(() => {
      // What the copy wrote goes, unless a later copy of the table has begun meanwhile.
      return this.serial(async () => {
        if (this.turns.get(name) === turn) await this.run(`DROP TABLE IF EXISTS ${this.kept(name)}`);
      }).catch(() => undefined);
    });
    this.copies.add(copy);
    void copy.finally(() => this.copies.delete(copy));
  }

  /** Resolves once every copy begun is done (or stopped). */
  async settled(): Promise<void> {
    while (this.copies.size > 0) await Promise.all(this.copies);
  }

  private kept(name: string): string {
    return `${quoteIdent(this.file)}.main.${quoteIdent(name)}`;
  }

  private async copy(name: string, stamp: string, turn: number): Promise<void> {
    const staged = `${STAGE}.main.${quoteIdent(name)}`;
    const kept = this.kept(name);
    const current = () => this.turns.get(name) === turn;
    const counted = await this.whenQuiet(async () =>
      current() ? Number((await this.run(`SELECT count(*) FROM ${staged}`)).rows[0][0]) : undefined,
    );
    if (counted === undefined) return;
    for (let from = 0; from === 0 || from < counted; from += SLICE_ROWS) {
      const going = await this.whenQuiet(async () => {
        if (!current()) return false;
        const slice = `SELECT * FROM ${staged} WHERE rowid >= ${from} AND rowid < ${from + SLICE_ROWS}`;
        await this.run(from === 0 ? `CREATE OR REPLACE TABLE ${kept} AS ${slice}` : `INSERT INTO ${kept} ${slice}`);
        return true;
      });
      if (!going) return;
    }
    await this.whenQuiet(async () => {
      if (!current()) return;
      await this.run(noteSql(name, stamp));
      // On disk only once flushed: a tab closed without a checkpoint lost DuckDB-wasm's writes to OPFS.
      await this.run(`CHECKPOINT ${quoteIdent(this.file)}`);
      await this.run(`DROP TABLE ${staged}`);
    });
  }
}
