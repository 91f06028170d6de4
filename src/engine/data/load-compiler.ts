// Compiles a load query (the REST data API) into one DuckDB SELECT over the semantic model, with the numbers Cube's
// schema compiler gives: the join tree rooted where the join graph says (join-graph.ts), measures of multiplied cubes
// aggregated over their primary keys (load-keyed.ts), filters as Cube renders them (load-filters.ts), time buckets and
// date ranges in the query's time zone, ungrouped queries; access-policy row filters, the dashboard's extra filters
// and time grain, order, limit and offset. Every value reaches SQL as an escaped literal.

import { CUBESQL_DEFAULT_ROW_LIMIT, CUBESQL_MAX_ROW_LIMIT } from '../../api/limits.js';
import type { LoadFilter, LoadQuery, LoadRequest, OrderDirection, TimeGranularity } from '../../api/types.js';
import { keyedSelect, type Part } from './load-keyed.js';
import { filterMembers, filterSql } from './load-filters.js';
import { quoteIdent } from './sql-quote.js';
import { lookupMember, unknownSource, type Member, type ResolvedModel, type Source } from './model.js';
import { Plan } from './plan.js';
import { cubeRowAccess, sourceAccess, type Identity } from './policies.js';
import { checkTimeZone, resolveDateRange, timestamp } from './time.js';
import { forbidden, invalid } from '../errors.js';

export { Plan } from './plan.js';
export { filterMembers, filterSql, literal } from './load-filters.js';

export interface OutputColumn {
  /** Key of the value in each data row: the member name, `member.granularity` for time dimensions. */
  key: string;
  member: Member;
  granularity?: TimeGranularity;
}

export interface CompiledLoad {
  sql: string;
  /** The same query without limit and offset, counted (when `total` was asked). */
  totalSql?: string;
  columns: OutputColumn[];
  query: LoadQuery;
}

const bad = invalid;

/** Granularities from finest to coarsest; the place of `g` (an unknown one after all). */
const LEVELS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
export const granularityLevel = (g: string) => (LEVELS.includes(g) ? LEVELS.indexOf(g) : LEVELS.length + 1);

/** Cube's words for a member the caller may not see (a cube that is not public, a member its access policy hides). */
export const hiddenMember = (fullName: string) =>
  `You requested hidden member: '${fullName}'. Please make it visible using \`public: true\`. Please note primaryKey ` +
  'fields are `public: false` by default: https://cube.dev/docs/schema/reference/joins#setting-a-primary-key.';

/** Measure types a repeated row changes (Cube's multiplied measures); count_distinct, min and max are immune. */
const ADDITIVE = new Set(['count', 'sum', 'avg', 'number']);

function orderEntries(order: LoadQuery['order']): [string, OrderDirection][] {
  if (!order) return [];
  return Array.isArray(order) ? order : Object.entries(order);
}

/** Query fields of Cube's REST API the engine does not implement: refused by name, never silently ignored. */
function refuseUnsupported(query: LoadQuery): void {
  if (query.joinHints !== undefined)
    throw bad('joinHints is not supported: the engine joins along the join graph of the data model');
  for (const td of query.timeDimensions ?? []) {
    if (td.compareDateRange !== undefined)
      throw bad(`compareDateRange is not supported (${td.dimension}): send one query per date range`);
  }
}

/** Compiles a load request for `identity`. Hidden or unknown members fail with a clear error. */
export function compileLoad(
  resolved: ResolvedModel,
  identity: Identity,
  request: LoadRequest,
  nowMs: number,
): CompiledLoad {
  const query = request.query;
  refuseUnsupported(query);
  const zone = checkTimeZone(query.timezone ?? 'UTC');
  const ungrouped = query.ungrouped === true;
  const measures = query.measures ?? [];
  const dimensions = query.dimensions ?? [];
  const segments = query.segments ?? [];
  const timeDimensions = (query.timeDimensions ?? []).map((td) =>
    request.timeGrain && td.granularity ? { ...td, granularity: request.timeGrain } : td,
  );
  const named = [
    ...measures,
    ...dimensions,
    ...timeDimensions.map((t) => t.dimension),
    ...segments,
    ...(query.filters ?? []).flatMap((f) => filterMembers(f)),
  ];
  if (measures.length + dimensions.length + timeDimensions.length === 0) {
    throw bad(
      'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid',
    );
  }
  const source = resolved.sources.get(named[0].split('.')[0]);
  if (!source) throw unknownSource(named[0]);

  const access = sourceAccess(identity, source);
  const visibleSources = new Map<string, ReturnType<typeof sourceAccess>>([[source.name, access]]);
  const resolveVisible = (fullName: string): Member => {
    const { source: s, member } = lookupMember(resolved, fullName);
    if (s.type === 'view' && s !== source) throw bad(`A query may use one view: ${fullName} is not in ${source.name}`);
    if (s.type === 'cube' && source.type === 'view')
      throw bad(`A query may use one view: ${fullName} is not in ${source.name}`);
    let a = visibleSources.get(s.name);
    if (!a) visibleSources.set(s.name, (a = sourceAccess(identity, s)));
    // Cube answers a hidden member 500; a client's error here (403), in Cube's words.
    if (a.denied || !a.members.has(member.name)) throw forbidden(hiddenMember(fullName));
    return member;
  };

  // A member /meta hides (a cube's primary key not made public) may be filtered on but not selected, as in Cube;
  // model authors see every member.
  const resolveSelected = (fullName: string): Member => {
    const member = resolveVisible(fullName);
    if (!member.visible && !identity.bypass) throw forbidden(hiddenMember(fullName));
    return member;
  };

  // The join root: a view's own; over cubes, the cube (in query order) that joins all the others with fewest joins.
  let root = source.root;
  if (source.type === 'cube') {
    const cubes = [...new Set(named.map((n) => resolveVisible(n).cube))];
    const chosen = resolved.graph.chooseRoot(cubes);
    if (!chosen) throw bad(`Cannot join ${cubes.join(', ')}: no cube among them joins all the others`);
    root = chosen;
  }
  const plan = new Plan(resolved, source, { root, zone, ungrouped });
  const columns: OutputColumn[] = [];
  const dims: string[] = [];

  for (const name of dimensions) {
    const m = resolveSelected(name);
    if (m.kind !== 'dimension') throw bad(`${name} is a ${m.kind}, not a dimension`);
    columns.push({ key: name, member: m });
    dims.push(plan.selectedSql(m));
  }
  for (const td of timeDimensions) {
    const m = td.granularity ? resolveSelected(td.dimension) : resolveVisible(td.dimension);
    if (m.kind !== 'dimension' || m.type !== 'time') throw bad(`${td.dimension} is not a time dimension`);
    if (td.granularity) {
      columns.push({ key: `${td.dimension}.${td.granularity}`, member: m, granularity: td.granularity });
      dims.push(plan.memberSql(m, td.granularity));
    }
  }
  const measureMembers: Member[] = [];
  for (const name of measures) {
    const m = resolveVisible(name);
    if (m.kind !== 'measure') throw bad(`${name} is a ${m.kind}, not a measure`);
    columns.push({ key: name, member: m });
    measureMembers.push(m);
    plan.use(m);
  }

  const resolveForFilter = (name: string) => {
    const m = resolveVisible(name);
    return { sql: plan.memberSql(m), type: m.type, kind: m.kind, member: m };
  };
  const where: string[] = [];
  const having: LoadFilter[] = [];
  for (const f of query.filters ?? []) {
    const kinds = filterMembers(f).map((n) => resolveForFilter(n).kind);
    if (kinds.every((k) => k === 'measure')) having.push(f);
    else if (kinds.some((k) => k === 'measure')) throw bad('A filter may not mix measures and dimensions');
    else where.push(filterSql(f, resolveForFilter, identity, nowMs, zone));
  }
  if (ungrouped && having.length) throw bad("Measure filters aren't allowed in ungrouped query");
  // The dashboard's extra filters apply where the source has the member; others are ignored.
  for (const f of request.filters ?? []) {
    const names = filterMembers(f);
    if (!names.every((n) => n.split('.')[0] === source.name && source.members.has(n.split('.')[1]))) continue;
    where.push(filterSql(f, resolveForFilter, identity, nowMs, zone));
  }
  for (const name of segments) {
    const m = resolveVisible(name);
    if (m.kind !== 'segment') throw bad(`${name} is not a segment`);
    where.push(plan.memberSql(m));
  }
  for (const td of timeDimensions) {
    if (td.dateRange === undefined) continue;
    const [from, to] = resolveDateRange(td.dateRange, nowMs, zone);
    const sql = plan.memberSql(resolveVisible(td.dimension));
    where.push(`${sql} >= ${timestamp(from)} AND ${sql} <= ${timestamp(to)}`);
  }
  where.push(...rowLevelSql(plan, identity, access, nowMs));

  // Order: explicit, else the first time dimension with a granularity, else the first measure descending, else the
  // first dimension.
  // A time dimension named without a granularity is its column at the finest granularity, as in Cube.
  const position = (key: string) => {
    let i = columns.findIndex((c) => c.key === key || (c.member.fullName === key && c.granularity === undefined));
    if (i < 0)
      columns.forEach((c, j) => {
        if (c.member.fullName !== key) return;
        if (i < 0 || granularityLevel(c.granularity!) < granularityLevel(columns[i].granularity!)) i = j;
      });
    if (i < 0) throw bad(`Cannot order by ${key}: it is not in the query`);
    return i + 1;
  };
  let order = orderEntries(query.order).map(([k, dir]) => `${position(k)} ${dir === 'desc' ? 'DESC' : 'ASC'}`);
  if (order.length === 0) {
    const t = columns.find((c) => c.granularity);
    const m = columns.findIndex((c) => c.member.kind === 'measure');
    order = t ? [`${position(t.member.fullName)} ASC`] : m >= 0 ? [`${m + 1} DESC`] : columns.length ? ['1 ASC'] : [];
  }
  // Ties are broken by every other column, in query order, so that an answer and its pages are the same each time.
  const ordered = new Set(order.map((o) => Number.parseInt(o, 10)));
  if (order.length) columns.forEach((_, i) => ordered.has(i + 1) || order.push(`${i + 1} ASC`));
  const limit = query.limit ?? CUBESQL_DEFAULT_ROW_LIMIT;
  // Cube answers it 500; a client's error here (400), in Cube's words.
  if (limit > CUBESQL_MAX_ROW_LIMIT) throw bad('The query limit has been exceeded.');

  // Measures that filters name but the query does not select are computed too (keyed plans filter on them).
  const filterMeasures = having
    .flatMap((f) => filterMembers(f))
    .map(resolveVisible)
    .filter((m) => !measureMembers.some((x) => x.fullName === m.fullName));
  const allMeasures = [...measureMembers, ...filterMeasures.filter((m, i, a) => a.indexOf(m) === i)];
  const multiplied = (m: Member) => !ungrouped && ADDITIVE.has(m.measure!.type) && plan.multiplied(m.cube);
  const whereSql = where.length ? `WHERE ${where.join('\nAND ')}` : '';
  let body: string;
  if (allMeasures.some(multiplied)) {
    const parts: Part[] = [];
    const regular = allMeasures.filter((m) => !multiplied(m));
    if (regular.length) parts.push({ measures: regular });
    for (const m of allMeasures.filter(multiplied)) {
      const part = parts.find((p) => p.keyCube === m.cube);
      if (part) part.measures.push(m);
      else parts.push({ keyCube: m.cube, measures: [m] });
    }
    body = keyedSelect({
      plan,
      dims,
      from: plan.from(),
      where: whereSql,
      parts,
      selected: measureMembers,
      having: (column) =>
        having.map((f) =>
          filterSql(f, (n) => ({ sql: column(resolveVisible(n)), type: 'number' }), identity, nowMs, zone),
        ),
    });
  } else {
    const select = [...dims, ...measureMembers.map((m) => plan.memberSql(m))];
    const havingSql = having.map((f) => filterSql(f, resolveForFilter, identity, nowMs, zone));
    const grouped = !ungrouped && dims.length > 0;
    body = [
      `SELECT ${select.map((s, i) => `${s} AS ${quoteIdent(`c${i}`)}`).join(', ')}`,
      plan.from(),
      whereSql,
      grouped ? `GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : '',
      havingSql.length ? `HAVING ${havingSql.join(' AND ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
  const sql = `${body}\n${order.length ? `ORDER BY ${order.join(', ')}\n` : ''}LIMIT ${limit}${query.offset ? ` OFFSET ${query.offset}` : ''}`;
  return {
    sql,
    ...(query.total && { totalSql: `SELECT COUNT(*) AS total FROM (${body}) AS q` }),
    columns,
    query: { ...query, timeDimensions },
  };
}

/**
 * Row-level security of a plan, as WHERE conditions: the source's policies, then each cube the plan joins (through
 * a view: the cubes' own row filters apply too; member rules stay the view's).
 */
export function rowLevelSql(
  plan: Plan,
  identity: Identity,
  access: ReturnType<typeof sourceAccess>,
  nowMs: number,
): string[] {
  const where: string[] = [];
  const source = plan.source;
  const alternativesSql = (alternatives: LoadFilter[][] | null, s: Source) => {
    if (alternatives === null) return;
    if (alternatives.length === 0) {
      where.push('FALSE');
      return;
    }
    const resolve = (n: string) => {
      const name = n.includes('.') ? n.split('.').slice(1).join('.') : n;
      const m = s.members.get(name);
      if (!m) throw bad(`Access policy of ${s.name} filters on unknown member ${n}`);
      return { sql: plan.memberSql(m), type: m.type };
    };
    where.push(
      `(${alternatives.map((all) => (all.length ? all.map((f) => filterSql(f, resolve, identity, nowMs)).join(' AND ') : 'TRUE')).join(' OR ')})`,
    );
  };
  alternativesSql(access.rows, source);
  for (const cubeName of new Set(plan.cubesUsed)) {
    if (source.type === 'cube' && cubeName === source.name) continue;
    const cubeSource = plan.resolved.sources.get(cubeName)!;
    const rows = source.type === 'view' ? cubeRowAccess(identity, cubeSource) : sourceAccess(identity, cubeSource).rows;
    alternativesSql(rows === 'none' ? [] : rows, cubeSource);
  }
  return where;
}
