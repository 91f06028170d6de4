// Expected answers of a corpus as SQL of our own, run by another DuckDB (the native one of @duckdb/node-api, not the
// engine's wasm build) on the same rows or files the engine imports — never a number read off the analyst.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Row } from '../../../fixtures/analyst/rows.js';
import type { Case } from './corpus.js';

/** A condition that `col` lies in [from, to). */
export const within = (col: string, from: string, to: string) => `${col} >= '${from}' AND ${col} < '${to}'`;
/** `col`'s month as the engine writes it (its first day). */
export const month = (col: string) => `strftime(date_trunc('month', ${col}), '%Y-%m-%d')`;
/** Two aggregates of `from` compared as the analyst answers "A vs B": both, the difference and its percent. */
export const cmp = (from: string, a: string, b: string) =>
  `SELECT a, b, b - a, 100.0 * (b - a) / a FROM (SELECT ${a} a, ${b} b FROM ${from})`;
/** The part of aggregate `agg` where `where` holds, the whole and the share in percent. */
export const part = (from: string, agg: string, where: string) =>
  `SELECT ${agg} FILTER (WHERE ${where}), ${agg}, 100.0 * ${agg} FILTER (WHERE ${where}) / ${agg} FROM ${from}`;
/** A question whose rows come in order (a ranking, a time series). */
export const ranked = (q: string, sql: string): Spec => ({ q, sql, ordered: true });

/** A question and the SQL that answers it (rows: breakdown columns, then the measure), or one to decline. */
export type Spec = { q: string; sql: string; ordered?: boolean } | { q: string; decline: true };

/**
 * The cases of `specs`, each answer computed by its SQL after `setup` (statements creating the views the SQL reads);
 * `tables` are loaded first as tables of the same names (timestamps stay text: the SQL casts what it compares).
 */
export async function sqlCases(specs: Spec[], setup: string[] = [], tables: Record<string, Row[]> = {}) {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const dir = mkdtempSync(join(tmpdir(), 'analyst-corpus-'));
  try {
    for (const [name, rows] of Object.entries(tables)) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(rows));
      await conn.run(
        `CREATE TABLE "${name}" AS SELECT * FROM read_json('${file}', timestampformat = '%Y-%m-%dT%H:%M:%S')`,
      );
    }
    for (const s of setup) await conn.run(s);
    const out: Case[] = [];
    for (const s of specs) {
      if ('decline' in s) {
        out.push({ q: s.q, want: 'decline' });
        continue;
      }
      const rows = (await conn.runAndReadAll(s.sql)).getRowsJS();
      const want = rows.map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
      out.push({ q: s.q, want, ...(s.ordered && { ordered: true }) });
    }
    return out;
  } finally {
    conn.closeSync();
    db.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
}
