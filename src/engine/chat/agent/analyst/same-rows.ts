// Values two dimensions of one source both hold, on the same rows ("Morris" as a station and as its town, a column
// exposed under two names): asking which of them is meant changes no answer, so the planner takes one. Found with the
// values' look-up (value-lookup.ts), once per user and model, by one SQL statement over the pairs of dimensions of a
// source that share a value: a value is on the same rows in both when every row holding it in either holds it in the
// other. Nothing is read per question.

import type { SourceInfo } from './catalog.js';
import { quoteIdent } from '../../../data/sql-quote.js';
import { quoteText } from './sql.js';

/** Values per field name (`source.member`), as value-lookup.ts keeps them. */
type Values = Map<string, string[]>;

/** Per value index: "fieldA fieldB" (in either order) → the values on the same rows in both. */
const same = new WeakMap<Values, Map<string, Set<string>>>();

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** Records that `values` are on the same rows in fields `a` and `b` (the look-up's answer; tests set it too). */
export function setSameRows(index: Values, a: string, b: string, values: Iterable<string>): void {
  const pairs = same.get(index) ?? new Map<string, Set<string>>();
  same.set(index, pairs);
  const key = pairKey(a, b);
  pairs.set(key, new Set([...(pairs.get(key) ?? []), ...values]));
}

/** Whether `value` is on the same rows in fields `a` and `b`. */
export const sameRows = (index: Values, a: string, b: string, value: string): boolean =>
  same.get(index)?.get(pairKey(a, b))?.has(value) === true;

/**
 * Pairs of dimensions checked per look-up at most, those sharing the most values first (a model with more overlapping
 * lists asks about the rest as before), in statements of PAIRS_PER_STATEMENT (one row each).
 */
const MAX_PAIRS = 200;
const PAIRS_PER_STATEMENT = 50;
/** Values of one pair read back at most. */
const MAX_VALUES = 500;

/**
 * SQL statements for the pairs of text dimensions of a source that share a value (in `index`): a row per pair, of
 * "fieldA fieldB" and the values every row holding them in either dimension holds in both.
 */
export function sameRowsSql(
  sources: SourceInfo[],
  index: Values,
  dimensions: (s: SourceInfo) => { name: string; column: string }[],
): string[] {
  const pairs: { shared: number; sql: string }[] = [];
  for (const s of sources) {
    const dims = dimensions(s);
    for (let i = 0; i < dims.length; i++)
      for (let j = i + 1; j < dims.length; j++) {
        const [a, b] = [dims[i], dims[j]];
        const other = new Set(index.get(b.name) ?? []);
        const shared = (index.get(a.name) ?? []).filter((v) => other.has(v)).length;
        if (!shared) continue;
        const [x, y] = [a, b].map((d) => `CAST(${quoteIdent(d.column)} AS VARCHAR)`);
        // The distinct pairs of values first (one pass over the rows each side), then each value's partners.
        const distinct = (v: string, w: string) =>
          `SELECT ${v} AS v, ${w} AS w FROM ${quoteIdent(s.name)} WHERE ${v} IS NOT NULL GROUP BY 1, 2`;
        pairs.push({
          shared,
          sql: `(SELECT ${quoteText(pairKey(a.name, b.name))} AS member, STRING_AGG(v, CHR(31)) AS vals FROM (SELECT v FROM (${distinct(x, y)} UNION ALL ${distinct(y, x)}) AS u GROUP BY v HAVING bool_and(COALESCE(v = w, FALSE)) ORDER BY v LIMIT ${MAX_VALUES}) AS t)`,
        });
      }
  }
  const kept = pairs.sort((p, q) => q.shared - p.shared).slice(0, MAX_PAIRS);
  const out: string[] = [];
  for (let i = 0; i < kept.length; i += PAIRS_PER_STATEMENT)
    out.push(
      kept
        .slice(i, i + PAIRS_PER_STATEMENT)
        .map((p) => p.sql)
        .join('\nUNION ALL\n'),
    );
  return out;
}

/** Reads the look-up's rows ("fieldA fieldB", values joined by CHR(31)) into `index`'s record. */
export function readSameRows(index: Values, rows: [string, string | null][]): void {
  for (const [key, list] of rows) {
    const [a, b] = key.split(' ');
    if (a && b && list) setSameRows(index, a, b, list.split('\u001f').filter(Boolean));
  }
}

/**
 * Of the fields a value was found in (each with the value as it holds it), the first when the value is on the same
 * rows in every one of them: the answer is the same whichever is taken.
 */
export function sameField(index: Values, fields: string[], hits: { field: string; value: string }[]) {
  const valueOf = (f: string) => hits.find((h) => h.field === f)?.value;
  const [first, ...rest] = fields;
  const value = valueOf(first);
  const all = value !== undefined && rest.every((f) => valueOf(f) === value && sameRows(index, first, f, value));
  return all ? first : undefined;
}
