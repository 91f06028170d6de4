// The SQL API (`POST /cubejs-api/v1/cubesql`): a caller's SQL over cubes and views, checked and rewritten with the
// real Postgres parser (libpg-query) before DuckDB runs it. Only one SELECT over sources the caller may see passes;
// each source becomes a CTE over the raw tables exposing the visible members — dimensions as values, measures as
// their pre-aggregation inputs — with the caller's row filters and the dashboard's filters inside; MEASURE(x)
// becomes the measure's aggregate; a time grain override rewrites DATE_TRUNC. The output is parsed again and must
// reference nothing but those CTEs and the raw tables they wrap.

import { ApiError } from '../../api/errors.js';
import { CUBESQL_DEFAULT_ROW_LIMIT, CUBESQL_MAX_ROW_LIMIT } from '../../api/limits.js';
import type { CubeSqlRequest } from '../../api/types.js';
import { Plan, filterMembers, filterSql, q, rowLevelSql } from './load-compiler.js';
import type { Member, ResolvedModel, Source } from './model.js';
import { sourceAccess, type Identity } from './policies.js';
import { SqlSyntaxError, loadParser, type ParseResult, type PgNode } from './pg-parser.js';

type Node = PgNode;

const bad = (message: string) => new ApiError({ status: 400, message });

/** Table functions and scalar functions that reach outside the query (files, settings, the catalog). */
const FORBIDDEN_FUNCTION =
  /^(read_|glob|query|sniff_|parquet_|getenv|current_setting|duckdb_|pragma_|load|install|checkpoint|export_|import_|copy|attach|detach|pg_|sqlite_|iceberg|delta_|json_execute)/;

function sval(node: unknown): string | undefined {
  return (node as { String?: { sval?: string } })?.String?.sval;
}

function funcName(call: Node): string {
  const parts = (call.funcname as unknown[]).map(sval);
  return (parts[parts.length - 1] ?? '').toLowerCase();
}

/** Every node of an AST, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const n of node) yield* walk(n);
  else if (node && typeof node === 'object') {
    yield node as Node;
    for (const value of Object.values(node)) yield* walk(value);
  }
}

/** Rebuilds an AST, replacing nodes for which `replace` returns something. */
function transform(node: unknown, replace: (n: Node) => unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => transform(n, replace));
  if (!node || typeof node !== 'object') return node;
  const replaced = replace(node as Node);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, transform(v, replace)]));
}

interface Checked {
  stmt: Node;
  /** Source names the query reads, and the names (relname or alias) each is known by. */
  sources: Map<string, Source>;
  aliases: Map<string, Source>;
  cteNames: Set<string>;
  limit?: number;
}

/** One SELECT; table references only to CTEs of the query or to sources the caller may see. */
function check(parsed: { stmts: { stmt: Node }[] }, resolved: ResolvedModel, identity: Identity): Checked {
  if (parsed.stmts.length !== 1) throw bad(`Only one statement is allowed, got ${parsed.stmts.length}`);
  const stmt = parsed.stmts[0].stmt;
  const select = stmt.SelectStmt as Node | undefined;
  if (!select) throw bad(`Only SELECT is allowed, got ${Object.keys(stmt)[0].replace(/Stmt$/, '').toUpperCase()}`);
  const cteNames = new Set<string>();
  for (const n of walk(stmt)) {
    const cte = n.CommonTableExpr as Node | undefined;
    if (cte) cteNames.add(String(cte.ctename));
  }
  const sources = new Map<string, Source>();
  const aliases = new Map<string, Source>();
  for (const n of walk(stmt)) {
    if (n.SelectStmt && ((n.SelectStmt as Node).intoClause || (n.SelectStmt as Node).lockingClause)) {
      throw bad('SELECT … INTO and locking clauses are not allowed');
    }
    if (n.RangeFunction) throw bad('Table functions are not allowed in FROM');
    if (n.FuncCall && FORBIDDEN_FUNCTION.test(funcName(n.FuncCall as Node))) {
      throw bad(`Function ${funcName(n.FuncCall as Node)} is not allowed`);
    }
    const range = n.RangeVar as Node | undefined;
    if (!range) continue;
    const name = String(range.relname);
    if (range.schemaname || range.catalogname)
      throw bad(`Unknown table ${String(range.schemaname)}.${name}: query cubes and views by name`);
    if (cteNames.has(name)) continue;
    const source = resolved.sources.get(name);
    const access = source && sourceAccess(identity, source);
    if (!source || !access || access.denied)
      throw bad(`Unknown table ${name}: only the cubes and views you may see can be queried`);
    sources.set(name, source);
    aliases.set(name, source);
    const alias = (range.alias as Node | undefined)?.aliasname;
    if (typeof alias === 'string') aliases.set(alias, source);
  }
  for (const name of sources.keys()) {
    if (cteNames.has(name)) throw bad(`A CTE may not be named like the source ${name}`);
  }
  const limitCount = (select.limitCount as Node | undefined)?.A_Const as Node | undefined;
  const limit = (limitCount?.ival as { ival?: number } | undefined)?.ival;
  if (limit !== undefined && limit > CUBESQL_MAX_ROW_LIMIT) throw bad(`LIMIT must be at most ${CUBESQL_MAX_ROW_LIMIT}`);
  return { stmt, sources, aliases, cteNames, limit };
}

/** The CTE standing for `source`: visible dimensions and segments as values, measures as their per-row inputs. */
function sourceCte(
  resolved: ResolvedModel,
  identity: Identity,
  source: Source,
  request: CubeSqlRequest,
  nowMs: number,
): string {
  const access = sourceAccess(identity, source);
  const plan = new Plan(resolved, source);
  const columns: string[] = [];
  for (const m of source.members.values()) {
    if (!access.members.has(m.name)) continue;
    if (m.measure?.type === 'number') continue; // computed from other measures by MEASURE()
    const sql = m.measure ? (plan.use(m), plan.measureInput(m.measure.name, m.cube)) : plan.memberSql(m);
    columns.push(`${sql} AS ${q(m.name)}`);
  }
  const where = rowLevelSql(plan, identity, access, nowMs);
  for (const f of request.filters ?? []) {
    const names = filterMembers(f);
    if (!names.every((n) => n.split('.')[0] === source.name && access.members.has(n.split('.')[1]))) continue;
    where.push(
      filterSql(
        f,
        (n) => {
          const m = source.members.get(n.split('.')[1])!;
          return { sql: plan.memberSql(m), type: m.type };
        },
        identity,
        nowMs,
      ),
    );
  }
  return `${q(source.name)} AS (SELECT ${columns.join(', ')}\n${plan.from()}${where.length ? `\nWHERE ${where.join(' AND ')}` : ''})`;
}

/** SQL text of MEASURE(<ref>) for the measure `m` of `source`, columns qualified like the reference. */
function measureExpr(source: Source, m: Member, qualifier: string[], depth = 0): string {
  if (depth > 8) throw bad(`Measure ${m.fullName} refers to itself`);
  const col = (name: string) => [...qualifier, name].map(q).join('.');
  const measure = m.measure!;
  switch (measure.type) {
    case 'count':
      return `COUNT(${col(m.name)})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${col(m.name)})`;
    case 'sum':
      return `CAST(SUM(${col(m.name)}) AS DOUBLE)`;
    case 'avg':
      return `CAST(AVG(${col(m.name)}) AS DOUBLE)`;
    case 'min':
      return `MIN(${col(m.name)})`;
    case 'max':
      return `MAX(${col(m.name)})`;
    case 'number':
      return `CAST((${(measure.sql ?? 'NULL').replace(/\{(\w+)\}/g, (_, ref: string) => {
        const other = [...source.members.values()].find((x) => x.cube === m.cube && x.cubeMember === ref && x.measure);
        if (!other) throw bad(`Measure ${m.fullName} uses {${ref}}, which is not a measure in ${source.name}`);
        return measureExpr(source, other, qualifier, depth + 1);
      })}) AS DOUBLE)`;
  }
}

export interface RewrittenSql {
  sql: string;
}

/** Checks and rewrites a caller's SQL; throws 400 naming the problem. */
export async function rewriteSql(
  resolved: ResolvedModel,
  identity: Identity,
  request: CubeSqlRequest,
  nowMs: number,
): Promise<RewrittenSql> {
  const pg = await loadParser();
  let parsed: ParseResult;
  try {
    parsed = await pg.parse(request.query);
  } catch (error) {
    if (error instanceof SqlSyntaxError) throw bad(`SQL syntax error: ${error.message}`);
    throw error;
  }
  const checked = check(parsed, resolved, identity);
  const resolveRef = (fields: string[]): { source: Source; member: Member; qualifier: string[] } | undefined => {
    const name = fields[fields.length - 1];
    const qualifier = fields.slice(0, -1);
    const candidates = qualifier.length
      ? [checked.aliases.get(qualifier[qualifier.length - 1])].filter((s): s is Source => !!s)
      : [...checked.sources.values()];
    const hits = candidates.filter((s) => s.members.has(name));
    if (hits.length > 1) throw bad(`Column ${name} is ambiguous: qualify it with its table`);
    return hits.length ? { source: hits[0], member: hits[0].members.get(name)!, qualifier } : undefined;
  };

  // A column naming a member the caller may not see is refused as such, not as an unknown column.
  for (const n of walk(checked.stmt)) {
    const fields = ((n.ColumnRef as Node | undefined)?.fields as unknown[] | undefined)?.map(sval);
    if (!fields || fields.includes(undefined)) continue;
    const name = fields[fields.length - 1]!;
    const holders = [...checked.sources.values()].filter((src) => src.members.has(name));
    if (holders.length > 0 && holders.every((src) => !sourceAccess(identity, src).members.has(name))) {
      throw new ApiError({ status: 403, message: `You may not query ${holders[0].name}.${name}` });
    }
  }

  // Each MEASURE(x) becomes its measure's aggregate: checked here, and their expressions parsed in one go.
  const measureTexts = new Map<Node, string>();
  for (const n of walk(checked.stmt)) {
    const call = n.FuncCall as Node | undefined;
    if (!call || funcName(call) !== 'measure') continue;
    const args = (call.args as Node[] | undefined) ?? [];
    const ref = args.length === 1 ? (args[0].ColumnRef as Node | undefined) : undefined;
    const fields = ((ref?.fields as unknown[]) ?? []).map(sval);
    if (!ref || fields.some((f) => f === undefined)) throw bad('MEASURE() takes one measure column');
    const hit = resolveRef(fields as string[]);
    if (!hit || !hit.member.measure) throw bad(`MEASURE(${fields.join('.')}): no such measure in the queried sources`);
    if (!sourceAccess(identity, hit.source).members.has(hit.member.name)) {
      throw new ApiError({ status: 403, message: `You may not query ${hit.member.fullName}` });
    }
    measureTexts.set(call, measureExpr(hit.source, hit.member, hit.qualifier));
  }
  const measureNodes = new Map<Node, unknown>();
  if (measureTexts.size) {
    const select = (await pg.parse(`SELECT ${[...measureTexts.values()].join(', ')}`)).stmts[0].stmt.SelectStmt as Node;
    const targets = select.targetList as Node[];
    [...measureTexts.keys()].forEach((call, i) => measureNodes.set(call, (targets[i].ResTarget as Node).val));
  }

  const replacer = (n: Node): unknown => {
    // MEASURE(x) without an alias is named x.
    const target = n.ResTarget as Node | undefined;
    const value = target?.val as Node | undefined;
    if (target && target.name === undefined && value?.FuncCall && funcName(value.FuncCall as Node) === 'measure') {
      const fields = (((value.FuncCall as Node).args as Node[] | undefined)?.[0]?.ColumnRef as Node | undefined)
        ?.fields as unknown[] | undefined;
      const last = fields?.map(sval).pop();
      if (last) return { ResTarget: { ...target, name: last, val: transform(value, replacer) } };
    }
    const call = n.FuncCall as Node | undefined;
    if (!call) return undefined;
    const name = funcName(call);
    const args = (call.args as Node[] | undefined) ?? [];
    if (name === 'measure') return measureNodes.get(call);
    if (name === 'date_trunc' && request.timeGrain && args.length === 2) {
      const grain = args[0].A_Const as Node | undefined;
      const ref = args[1].ColumnRef as Node | undefined;
      const fields = ((ref?.fields as unknown[]) ?? []).map(sval);
      const hit = ref && !fields.includes(undefined) ? resolveRef(fields as string[]) : undefined;
      if (grain?.sval && hit?.member.type === 'time') {
        return { FuncCall: { ...call, args: [{ A_Const: { ...grain, sval: { sval: request.timeGrain } } }, args[1]] } };
      }
    }
    return undefined;
  };
  const rewritten = transform(checked.stmt, replacer) as Node;

  const ctes = [...checked.sources.values()].map((s) => sourceCte(resolved, identity, s, request, nowMs));
  const body = await pg.deparse({ version: parsed.version, stmts: [{ stmt: rewritten }] });
  const withOurs = ctes.length ? `WITH ${ctes.join(',\n')}\n` : '';
  // Rows are capped: the caller's own LIMIT up to the maximum, otherwise the default.
  const cap = checked.limit !== undefined ? CUBESQL_MAX_ROW_LIMIT : CUBESQL_DEFAULT_ROW_LIMIT;
  const sql = `${withOurs}SELECT * FROM (${body.replace(/;\s*$/, '')}) AS "__result" LIMIT ${cap}`;

  // The final text is parsed again: it must still be one SELECT reading only our CTEs, the user's CTEs and the
  // raw tables of the cubes it wraps.
  const allowed = new Set([
    ...checked.sources.keys(),
    ...checked.cteNames,
    '__result',
    ...(resolved.model.cubes.map((c) => c.sql_table).filter(Boolean) as string[]),
  ]);
  const again = await pg.parse(sql);
  if (again.stmts.length !== 1 || !again.stmts[0].stmt.SelectStmt) throw bad('Rewritten SQL is not a single SELECT');
  for (const n of walk(again)) {
    const range = n.RangeVar as Node | undefined;
    if (range && !allowed.has(String(range.relname))) throw bad(`Rewritten SQL reads ${String(range.relname)}`);
    if (n.RangeFunction) throw bad('Rewritten SQL uses a table function');
  }
  return { sql };
}
