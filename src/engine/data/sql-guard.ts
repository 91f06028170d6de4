// The SQL API's guard: what a caller's query may name, checked on the Postgres AST (libpg-query) with names bound
// by scope, as SQL binds them, and as Postgres compares them: exactly (the parser has already folded unquoted names
// to lower case; a quoted one keeps its case). A table reference is a CTE in scope or a source (cube or view) the
// caller may see — never a raw table or the catalog; user CTEs may not take the name of a source, a raw table or a
// catalog object in any case (DuckDB, which runs the query, compares names case-insensitively);
// only allow-listed functions run; a reprinted query must parse back to the same tree (the deparser leaves some
// identifiers unquoted, so a name could otherwise turn into SQL text).

import type { PgNode } from './pg-parser.js';
import { invalid } from '../errors.js';

type Node = PgNode;

export const badSql = invalid;

/**
 * Functions a query may call (lowercase): aggregates, window functions, and scalar functions over values (math,
 * text, dates, conditionals, lists). Nothing that reads files, settings, the catalog or other queries.
 */
const ALLOWED_FUNCTIONS = new Set(
  `measure
  count sum avg mean min max median mode quantile quantile_cont quantile_disc percentile_cont percentile_disc
  stddev stddev_samp stddev_pop variance var_samp var_pop corr covar_samp covar_pop regr_slope regr_intercept
  regr_r2 string_agg listagg group_concat array_agg list bool_and bool_or every any_value first last arg_min arg_max
  argmin argmax min_by max_by count_if countif approx_count_distinct approx_quantile product favg fsum kurtosis skewness
  entropy bit_and bit_or bit_xor histogram
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  abs round round_even floor ceil ceiling trunc sqrt cbrt power pow exp ln log log10 log2 sign mod greatest least pi
  degrees radians sin cos tan asin acos atan atan2 cot isnan isinf isfinite gcd lcm factorial even random
  lower upper lcase ucase length char_length character_length octet_length strlen concat concat_ws substring substr
  substring_grapheme left right btrim trim ltrim rtrim replace translate split_part string_split str_split
  regexp_split_to_array position strpos instr starts_with ends_with suffix prefix contains like_escape ilike_escape
  regexp_matches regexp_full_match regexp_replace regexp_extract regexp_extract_all lpad rpad reverse initcap format
  printf ascii chr unicode md5 hash to_hex nullif coalesce ifnull if iff
  date_trunc datetrunc date_part datepart extract date_diff datediff date_sub datesub date_add strftime strptime
  try_strptime to_char to_date to_timestamp make_date make_time make_timestamp make_interval now current_date
  current_timestamp today get_current_timestamp get_current_time transaction_timestamp last_day monthname dayname
  year month day quarter week weekofyear yearweek isoyear dayofweek dayofmonth dayofyear isodow hour minute second
  millisecond microsecond epoch epoch_ms epoch_us epoch_ns era century decade millennium age time_bucket timezone
  to_years to_months to_days to_hours to_minutes to_seconds to_weeks to_milliseconds
  list_value list_extract list_element list_contains list_has array_length len cardinality array_contains unnest
  generate_subscripts list_sort list_distinct list_slice array_to_string typeof`.split(/\s+/),
);

/** Catalog and internal names a user CTE may not take (DuckDB folds case, so compared lowercase). */
const CATALOG_NAME = /^(duckdb_|pg_|sqlite_|information_schema$|temp$|main$|system$|__)/;

const lower = (name: unknown) => String(name).toLowerCase();

function sval(node: unknown): string | undefined {
  return (node as { String?: { sval?: string } })?.String?.sval;
}

/** The called function's name, lowercase; `pg_catalog.` (Postgres's spelling of SQL syntax such as EXTRACT) dropped. */
export function funcName(call: Node): string {
  const parts = (call.funcname as unknown[]).map(sval);
  if (parts.length > 2 || (parts.length === 2 && lower(parts[0]) !== 'pg_catalog')) {
    throw badSql(`Function ${parts.join('.')} is not allowed: call functions without a schema`);
  }
  return lower(parts[parts.length - 1] ?? '');
}

export interface ScopeRules {
  /** Names of the sources a query may read, as they are named (a reference must match one exactly). */
  sources: ReadonlySet<string>;
  /** Lowercase names a user CTE may not take in any case (sources, raw tables, ours). */
  reserved: ReadonlySet<string>;
  /** CTE names the engine itself gave (sql-names.ts), which may be declared although they look internal. */
  own?: (name: string) => boolean;
  /** Called for each reference to a source (not to a CTE), with its alias if any. */
  onSource?(name: string, alias: string | undefined): void;
}

/**
 * Walks a statement binding table names by scope: a WITH clause's CTEs are visible to the CTEs after them and to the
 * rest of their SELECT (with its subqueries), nowhere else. Throws 400 on anything not allowed.
 */
export function checkScopes(stmt: Node, rules: ScopeRules): void {
  visit(stmt, new Set(), rules);
}

function visit(node: unknown, scope: ReadonlySet<string>, rules: ScopeRules): void {
  if (Array.isArray(node)) {
    for (const n of node) visit(n, scope, rules);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  if (n.SelectStmt) return visitSelect(n.SelectStmt as Node, scope, rules);
  checkNode(n, scope, rules);
  for (const value of Object.values(n)) visit(value, scope, rules);
}

function visitSelect(select: Node, scope: ReadonlySet<string>, rules: ScopeRules): void {
  if (select.intoClause || select.lockingClause) throw badSql('SELECT … INTO and locking clauses are not allowed');
  let inner = scope;
  const withClause = select.withClause as Node | undefined;
  if (withClause) {
    if (withClause.recursive) throw badSql('WITH RECURSIVE is not allowed');
    const declared = new Set<string>();
    const sources = new Set([...rules.sources].map(lower));
    for (const item of withClause.ctes as Node[]) {
      const cte = item.CommonTableExpr as Node;
      const name = String(cte.ctename);
      const folded = lower(name);
      const taken = rules.reserved.has(folded) || sources.has(folded) || CATALOG_NAME.test(folded);
      if (taken && !rules.own?.(name)) {
        throw badSql(`A CTE may not be named ${name}: that name is taken by a table or source`);
      }
      if (declared.has(name)) throw badSql(`CTE ${name} is defined twice`);
      declared.add(name);
      visit(cte.ctequery, inner, rules);
      inner = new Set([...inner, name]);
    }
  }
  for (const [key, value] of Object.entries(select)) if (key !== 'withClause') visit(value, inner, rules);
}

function checkNode(n: Node, scope: ReadonlySet<string>, rules: ScopeRules): void {
  if (n.RangeFunction || n.RangeTableFunc) throw badSql('Table functions are not allowed in FROM');
  const call = n.FuncCall as Node | undefined;
  if (call) {
    const name = funcName(call);
    if (!ALLOWED_FUNCTIONS.has(name)) throw badSql(`Function ${name} is not allowed`);
  }
  const range = n.RangeVar as Node | undefined;
  if (!range) return;
  const name = String(range.relname);
  if (range.schemaname || range.catalogname) {
    throw badSql(`Unknown table ${String(range.schemaname)}.${String(range.relname)}: query cubes and views by name`);
  }
  if (scope.has(name)) return;
  if (!rules.sources.has(name)) {
    // Named in another case than a source the caller may see: say how to spell it (quoted, or unquoted in lower case).
    const like = [...rules.sources].find((s) => lower(s) === lower(name));
    const hint =
      like === undefined
        ? ''
        : ` (did you mean ${like === lower(like) ? like : `"${like}"`}? quoted names keep their case, unquoted ones are read in lower case)`;
    throw badSql(`Unknown table ${name}: only the cubes and views you may see can be queried${hint}`);
  }
  const alias = (range.alias as Node | undefined)?.aliasname;
  rules.onSource?.(name, typeof alias === 'string' ? alias : undefined);
}

/** Fields of the AST that hold a position in the text (`location`, `list_start`, `rexpr_list_end`, `stmt_len`…). */
const POSITION = /(location|list_start|list_end|stmt_len)$/;

/** A tree without source positions and with sorted keys, to compare two trees of the same query. */
function withoutLocations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLocations);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!POSITION.test(key)) out[key] = withoutLocations(value);
  }
  return out;
}

/** Whether two statements are the same tree (positions aside). */
export function sameTree(a: unknown, b: unknown): boolean {
  return JSON.stringify(withoutLocations(a)) === JSON.stringify(withoutLocations(b));
}
