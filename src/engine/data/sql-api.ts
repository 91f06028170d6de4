// The SQL API (`POST /cubejs-api/v1/cubesql`): a caller's SQL over cubes and views, checked and rewritten with the
// real Postgres parser (libpg-query) before DuckDB runs it. Only one SELECT over sources the caller may see passes;
// each source becomes a CTE over the raw tables exposing the visible members — dimensions as values, measures as
// their pre-aggregation inputs — with the caller's row filters and the dashboard's filters inside; MEASURE(x)
// becomes the measure's aggregate; a time grain override rewrites DATE_TRUNC. Names bind by scope and functions come
// from an allow-list (sql-guard.ts); the output is parsed again and must be those CTEs followed by exactly the checked
// tree, so only the engine's own CTEs ever read a raw table.

import { CUBESQL_DEFAULT_ROW_LIMIT, CUBESQL_MAX_ROW_LIMIT } from '../../api/limits.js';
import type { CubeSqlRequest } from '../../api/types.js';
import { Plan, filterMembers, filterSql, rowLevelSql } from './load-compiler.js';
import { quoteIdent } from './sql-quote.js';
import type { Member, ResolvedModel, Source } from './model.js';
import { sourceAccess, type Identity } from './policies.js';
import { SqlSyntaxError, loadParser, type ParseResult, type PgNode, type PgParser } from './pg-parser.js';
import { badSql, checkScopes, funcName, sameTree } from './sql-guard.js';
import { isOwnCteName, renameCtes, sourceCteNames } from './sql-names.js';
import { forbidden } from '../errors.js';

type Node = PgNode;

const bad = badSql;

function sval(node: unknown): string | undefined {
  return (node as { String?: { sval?: string } })?.String?.sval;
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
  /** Sources the query reads, by name, and by every name (name or alias, exactly) they are known by. */
  sources: Map<string, Source>;
  aliases: Map<string, Source>;
  limit?: number;
}

/**
 * Name → source, for the sources the caller may see. Names match as in Postgres (Cube's SQL API): exactly, the parser
 * having folded unquoted names to lower case — `FROM Orders` and `FROM orders` read cube `orders`, `FROM "Orders"`
 * reads only a cube named `Orders`, which `FROM Orders` does not.
 */
function visibleSources(resolved: ResolvedModel, identity: Identity): Map<string, Source> {
  const out = new Map<string, Source>();
  for (const source of resolved.sources.values()) {
    const access = sourceAccess(identity, source);
    if (!access.denied) out.set(source.name, source);
  }
  return out;
}

/** Names no user CTE may take: every source (visible or not), every raw table, and the engine's own. */
function reservedNames(resolved: ResolvedModel, rawTables: readonly string[]): Set<string> {
  return new Set(
    [
      ...resolved.sources.keys(),
      ...rawTables,
      ...(resolved.model.cubes.map((c) => c.sql_table).filter(Boolean) as string[]),
      '__result',
    ].map((n) => n.toLowerCase()),
  );
}

/** One SELECT; table references only to CTEs in scope or to sources the caller may see. */
function check(
  parsed: { stmts: { stmt: Node }[] },
  visible: Map<string, Source>,
  reserved: ReadonlySet<string>,
): Checked {
  if (parsed.stmts.length !== 1) throw bad(`Only one statement is allowed, got ${parsed.stmts.length}`);
  const stmt = parsed.stmts[0].stmt;
  const select = stmt.SelectStmt as Node | undefined;
  if (!select) throw bad(`Only SELECT is allowed, got ${Object.keys(stmt)[0].replace(/Stmt$/, '').toUpperCase()}`);
  const sources = new Map<string, Source>();
  const aliases = new Map<string, Source>();
  checkScopes(stmt, {
    sources: new Set(visible.keys()),
    reserved,
    onSource(name, alias) {
      const source = visible.get(name)!;
      sources.set(source.name, source);
      aliases.set(name, source);
      if (alias) aliases.set(alias, source);
    },
  });
  const limitCount = (select.limitCount as Node | undefined)?.A_Const as Node | undefined;
  const limitValue =
    (limitCount?.ival as { ival?: number } | undefined)?.ival ??
    (limitCount?.fval as { fval?: string } | undefined)?.fval;
  const limit = limitValue === undefined ? undefined : Number(limitValue);
  if (limit !== undefined && limit > CUBESQL_MAX_ROW_LIMIT) throw bad(`LIMIT must be at most ${CUBESQL_MAX_ROW_LIMIT}`);
  return { stmt, sources, aliases, limit };
}

/**
 * The CTE standing for `source`, named `name`: visible dimensions and segments as values, measures as their per-row
 * inputs.
 */
function sourceCte(
  name: string,
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
    columns.push(`${sql} AS ${quoteIdent(m.name)}`);
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
  return `${quoteIdent(name)} AS (SELECT ${columns.join(', ')}\n${plan.from()}${where.length ? `\nWHERE ${where.join(' AND ')}` : ''})`;
}

/** SQL text of MEASURE(<ref>) for the measure `m` of `source`, columns qualified like the reference. */
function measureExpr(source: Source, m: Member, qualifier: string[], depth = 0): string {
  if (depth > 8) throw bad(`Measure ${m.fullName} refers to itself`);
  const col = (name: string) => [...qualifier, name].map(quoteIdent).join('.');
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

async function parse(pg: PgParser, sql: string): Promise<ParseResult> {
  try {
    return await pg.parse(sql);
  } catch (error) {
    if (error instanceof SqlSyntaxError) throw bad(`SQL syntax error: ${error.message}`);
    throw error;
  }
}

export interface RewrittenSql {
  sql: string;
  /** The sources the query reads, and for a view the cubes it reaches (their row policies apply too). */
  sources: Source[];
}

/** Checks and rewrites a caller's SQL; throws 400 naming the problem. */
export async function rewriteSql(
  resolved: ResolvedModel,
  identity: Identity,
  request: CubeSqlRequest,
  nowMs: number,
  rawTables: readonly string[] = [],
): Promise<RewrittenSql> {
  const pg = await loadParser();
  const parsed = await parse(pg, request.query);
  const reserved = reservedNames(resolved, rawTables);
  const checked = check(parsed, visibleSources(resolved, identity), reserved);
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
      throw forbidden(`You may not query ${holders[0].name}.${name}`);
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
      throw forbidden(`You may not query ${hit.member.fullName}`);
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
  // The caller's CTEs and the sources' take names of ours (sql-names.ts).
  const cteNames = sourceCteNames(checked.sources.keys(), reserved);
  const rewritten = renameCtes(transform(checked.stmt, replacer) as Node, cteNames);

  const ctes = [...checked.sources.values()].map((s) =>
    sourceCte(cteNames.get(s.name)!, resolved, identity, s, request, nowMs),
  );
  const body = await pg.deparse({ version: parsed.version, stmts: [{ stmt: rewritten }] });
  const withOurs = ctes.length ? `WITH ${ctes.join(',\n')}\n` : '';
  // Rows are capped: the caller's own LIMIT up to the maximum, otherwise the default.
  const cap = checked.limit !== undefined ? CUBESQL_MAX_ROW_LIMIT : CUBESQL_DEFAULT_ROW_LIMIT;
  const sql = `${withOurs}SELECT * FROM (${body.replace(/;\s*$/, '')}) AS "__result" LIMIT ${cap}`;

  // The final text is parsed again. It must be our CTEs, then exactly the tree that was checked and rewritten, read
  // through the same scope rules: a name the deparser printed unquoted would have changed the tree.
  const unsafe = () =>
    bad(
      'This query cannot be run safely: it does not read the same once rewritten (use plain names for windows, JOIN … USING aliases and named arguments)',
    );
  const again = await pg.parse(sql).catch(() => {
    throw unsafe();
  });
  const top = again.stmts.length === 1 ? (again.stmts[0].stmt.SelectStmt as Node | undefined) : undefined;
  const ours = ((top?.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? [];
  const oursNames = ours.map((c) => String((c.CommonTableExpr as Node).ctename));
  const from = top?.fromClause as Node[] | undefined;
  const inner = (from?.[0]?.RangeSubselect as Node | undefined)?.subquery;
  if (
    !top ||
    from?.length !== 1 ||
    oursNames.join('\u0000') !== [...cteNames.values()].join('\u0000') ||
    !sameTree(inner, rewritten)
  ) {
    throw unsafe();
  }
  checkScopes(inner as Node, { sources: new Set(oursNames), reserved, own: isOwnCteName });
  const read = [...checked.sources.values()];
  const cubes = read.flatMap((s) =>
    s.type === 'view' ? [...new Set([...s.members.values()].map((m) => m.cube))] : [],
  );
  return { sql, sources: [...read, ...cubes.map((c) => resolved.sources.get(c)).filter((c): c is Source => !!c)] };
}
