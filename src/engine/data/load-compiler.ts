// Compiles a load query (the REST data API) into one DuckDB SELECT over the semantic model: members to SQL, joins,
// filters and segments, date ranges, access-policy row filters, the dashboard's extra filters and time grain,
// order, limit and offset. Every value reaches SQL as an escaped literal.

import { ApiError } from '../../api/errors.js';
import { CUBESQL_DEFAULT_ROW_LIMIT, CUBESQL_MAX_ROW_LIMIT } from '../../api/limits.js';
import type {
  LoadFilter,
  LoadQuery,
  LoadRequest,
  MemberFilter,
  OrderDirection,
  TimeGranularity,
} from '../../api/types.js';
import { resolveDateRange } from './date-ranges.js';
import type { Cube } from './model-types.js';
import { lookupMember, type Member, type ResolvedModel, type Source } from './model.js';
import { cubeRowAccess, sourceAccess, templateValue, type Identity } from './policies.js';

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

const bad = (message: string) => new ApiError({ status: 400, message });
export const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** A SQL literal for a filter value; strings escaped, nothing else interpolated. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw bad(`Invalid number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'string') throw bad(`Invalid filter value ${JSON.stringify(value)}`);
  return `'${value.replace(/'/g, "''")}'`;
}

const timestamp = (text: string) => `TIMESTAMP ${literal(text.replace('T', ' '))}`;

/** The plan of one query: its source, the cubes it joins, and how members render. */
export class Plan {
  readonly cubesUsed = new Set<string>();

  constructor(
    readonly resolved: ResolvedModel,
    readonly source: Source,
  ) {
    this.cubesUsed.add(source.root);
  }

  /** Join path from the source's root to `cube` (views: the member's path; cubes: through their joins). */
  pathTo(member: Member): string[] {
    if (this.source.type === 'view' || member.cube === this.source.root) return member.joinPath;
    const path = this.findPath(this.source.root, member.cube);
    if (!path) throw bad(`Cannot join ${this.source.root} to ${member.cube}: no join path in the data model`);
    return path;
  }

  private findPath(from: string, to: string): string[] | undefined {
    const queue: string[][] = [[from]];
    const seen = new Set([from]);
    while (queue.length > 0) {
      const path = queue.shift()!;
      const last = path[path.length - 1];
      if (last === to) return path;
      for (const j of this.resolved.cubes.get(last)?.joins ?? []) {
        if (!seen.has(j.name)) {
          seen.add(j.name);
          queue.push([...path, j.name]);
        }
      }
    }
    return undefined;
  }

  use(member: Member): void {
    for (const cube of this.pathTo(member)) this.cubesUsed.add(cube);
  }

  cube(name: string): Cube {
    return this.resolved.cubes.get(name)!;
  }

  /** Renders `{CUBE}`, `{other_cube}` and `{member}` references of a cube's SQL. */
  render(sql: string, cubeName: string, depth = 0): string {
    if (depth > 8) throw bad(`Member SQL of ${cubeName} refers to itself`);
    const cube = this.cube(cubeName);
    return sql.replace(/\{([\w.]+)\}/g, (_, ref: string) => {
      if (ref === 'CUBE') return q(cubeName);
      if (this.resolved.cubes.has(ref)) {
        this.cubesUsed.add(ref);
        return q(ref);
      }
      const [refCube, refMember] = ref.includes('.') ? ref.split('.') : [cubeName, ref];
      const target = refCube === cubeName ? cube : this.resolved.cubes.get(refCube);
      const measure = target?.measures.find((m) => m.name === refMember);
      if (measure) return this.measureSql(measure.name, refCube, depth + 1);
      const dimension = target?.dimensions.find((d) => d.name === refMember);
      if (dimension) return `(${this.render(dimension.sql, refCube, depth + 1)})`;
      throw bad(`Unknown reference {${ref}} in the SQL of cube ${cubeName}`);
    });
  }

  /** A measure's value per row before aggregation (its filters applied): what the SQL API exposes as its column. */
  measureInput(name: string, cubeName: string, depth = 0): string {
    const m = this.cube(cubeName).measures.find((x) => x.name === name)!;
    const filter = (m.filters ?? []).map((f) => `(${this.render(f.sql, cubeName, depth)})`).join(' AND ');
    const expr = m.sql ? this.render(m.sql, cubeName, depth) : '1';
    return filter ? `CASE WHEN ${filter} THEN ${expr} END` : expr;
  }

  measureSql(name: string, cubeName: string, depth = 0): string {
    const m = this.cube(cubeName).measures.find((x) => x.name === name)!;
    const filter = (m.filters ?? []).map((f) => `(${this.render(f.sql, cubeName, depth)})`).join(' AND ');
    const expr = m.sql ? this.render(m.sql, cubeName, depth) : '1';
    const when = (e: string) => (filter ? `CASE WHEN ${filter} THEN ${e} END` : e);
    switch (m.type) {
      case 'count':
        return m.sql ? `COUNT(${when(expr)})` : filter ? `COUNT(${when('1')})` : 'COUNT(*)';
      case 'count_distinct':
        return `COUNT(DISTINCT ${when(expr)})`;
      case 'sum':
        return `CAST(SUM(${when(expr)}) AS DOUBLE)`;
      case 'avg':
        return `CAST(AVG(${when(expr)}) AS DOUBLE)`;
      case 'min':
        return `MIN(${when(expr)})`;
      case 'max':
        return `MAX(${when(expr)})`;
      case 'number':
        return `CAST((${expr}) AS DOUBLE)`;
    }
  }

  memberSql(member: Member, granularity?: TimeGranularity): string {
    this.use(member);
    if (member.measure) return this.measureSql(member.measure.name, member.cube);
    if (member.segmentSql) return `(${this.render(member.segmentSql, member.cube)})`;
    const sql = `(${this.render(member.dimension!.sql, member.cube)})`;
    return granularity ? `DATE_TRUNC('${granularity}', ${sql})` : sql;
  }

  /** FROM with the joins of every cube used, along the source's join paths. */
  from(): string {
    const joins: string[] = [];
    const done = new Set([this.source.root]);
    const paths = [...this.cubesUsed].map((c) =>
      c === this.source.root ? [c] : this.pathTo({ cube: c, joinPath: this.viewPathOf(c) } as Member),
    );
    for (const path of paths) {
      for (let i = 1; i < path.length; i++) {
        if (done.has(path[i])) continue;
        const join = this.cube(path[i - 1]).joins?.find((j) => j.name === path[i]);
        if (!join) throw bad(`Cube ${path[i - 1]} has no join to ${path[i]}`);
        joins.push(`LEFT JOIN ${this.table(path[i])} AS ${q(path[i])} ON ${this.render(join.sql, path[i - 1])}`);
        done.add(path[i]);
      }
    }
    return [`FROM ${this.table(this.source.root)} AS ${q(this.source.root)}`, ...joins].join('\n');
  }

  private viewPathOf(cube: string): string[] {
    for (const m of this.source.members.values()) if (m.cube === cube) return m.joinPath;
    return [this.source.root, cube];
  }

  private table(cubeName: string): string {
    const cube = this.cube(cubeName);
    if (cube.sql_table) return cube.sql_table.split('.').map(q).join('.');
    if (cube.sql) return `(${cube.sql})`;
    throw bad(`Cube ${cubeName} has neither sql_table nor sql`);
  }
}

/** Renders one filter tree as a SQL condition; `resolve` maps a member name to its SQL and type. */
export function filterSql(
  filter: LoadFilter,
  resolve: (member: string) => { sql: string; type: string },
  identity: Identity,
  nowMs: number,
): string {
  if ('and' in filter)
    return filter.and.length
      ? `(${filter.and.map((f) => filterSql(f, resolve, identity, nowMs)).join(' AND ')})`
      : 'TRUE';
  if ('or' in filter)
    return filter.or.length
      ? `(${filter.or.map((f) => filterSql(f, resolve, identity, nowMs)).join(' OR ')})`
      : 'FALSE';
  return memberFilterSql(filter, resolve(filter.member), identity, nowMs);
}

function memberFilterSql(
  f: MemberFilter,
  target: { sql: string; type: string },
  identity: Identity,
  nowMs: number,
): string {
  // `{ userAttributes.x }` values (access policies) become the caller's value; missing → matches nothing.
  const values: unknown[] = [];
  for (const v of f.values ?? []) {
    const t = typeof v === 'string' ? templateValue(identity, v) : { matched: false };
    if (!t.matched) values.push(v);
    else if (t.value === undefined || t.value === null) return 'FALSE';
    else if (Array.isArray(t.value)) values.push(...(t.value as unknown[]));
    else values.push(t.value);
  }
  const x = target.sql;
  const isTime = target.type === 'time';
  const lit = (v: unknown) =>
    isTime && typeof v === 'string' ? timestamp(resolveDateRange([v, v], nowMs)[0]) : literal(v);
  const need = (n: number) => {
    if (values.length < n) throw bad(`Filter ${f.member} ${f.operator} needs ${n === 1 ? 'a value' : `${n} values`}`);
  };
  const any = (render: (v: unknown) => string) => {
    need(1);
    return `(${values.map(render).join(' OR ')})`;
  };
  const like = (v: unknown, pre: string, post: string) =>
    `${x} ILIKE ${literal(`${pre}${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}${post}`)} ESCAPE '\\'`;
  switch (f.operator) {
    case 'equals':
      need(1);
      return `${x} IN (${values.map(lit).join(', ')})`;
    case 'notEquals':
      need(1);
      return `(${x} NOT IN (${values.map(lit).join(', ')}) OR ${x} IS NULL)`;
    case 'contains':
      return any((v) => like(v, '%', '%'));
    case 'notContains':
      return `NOT ${any((v) => like(v, '%', '%'))}`;
    case 'startsWith':
      return any((v) => like(v, '', '%'));
    case 'notStartsWith':
      return `NOT ${any((v) => like(v, '', '%'))}`;
    case 'endsWith':
      return any((v) => like(v, '%', ''));
    case 'notEndsWith':
      return `NOT ${any((v) => like(v, '%', ''))}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      need(1);
      const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[f.operator];
      return `${x} ${op} ${lit(values[0])}`;
    }
    case 'set':
      return `${x} IS NOT NULL`;
    case 'notSet':
      return `${x} IS NULL`;
    case 'inDateRange':
    case 'notInDateRange': {
      need(1);
      const range =
        values.length === 1 ? String(values[0]) : ([String(values[0]), String(values[1])] as [string, string]);
      const [from, to] = resolveDateRange(range, nowMs);
      const inRange = `(${x} >= ${timestamp(from)} AND ${x} <= ${timestamp(to)})`;
      return f.operator === 'inDateRange' ? inRange : `NOT ${inRange}`;
    }
    case 'beforeDate':
    case 'beforeOrOnDate':
    case 'afterDate':
    case 'afterOrOnDate': {
      need(1);
      const [from, to] = resolveDateRange([String(values[0]), String(values[0])], nowMs);
      if (f.operator === 'beforeDate') return `${x} < ${timestamp(from)}`;
      if (f.operator === 'beforeOrOnDate') return `${x} <= ${timestamp(to)}`;
      if (f.operator === 'afterDate') return `${x} > ${timestamp(to)}`;
      return `${x} >= ${timestamp(from)}`;
    }
    case 'measureFilter':
      throw bad(`Filter operator measureFilter is not supported (filter on ${f.member})`);
  }
}

/** Every member a filter tree names. */
export function filterMembers(filter: LoadFilter, out: string[] = []): string[] {
  if ('and' in filter) filter.and.forEach((f) => filterMembers(f, out));
  else if ('or' in filter) filter.or.forEach((f) => filterMembers(f, out));
  else out.push(filter.member);
  return out;
}

function orderEntries(order: LoadQuery['order']): [string, OrderDirection][] {
  if (!order) return [];
  return Array.isArray(order) ? order : Object.entries(order);
}

/** Compiles a load request for `identity`. Hidden or unknown members fail with a clear error. */
export function compileLoad(
  resolved: ResolvedModel,
  identity: Identity,
  request: LoadRequest,
  nowMs: number,
): CompiledLoad {
  const query = request.query;
  const measures = query.measures ?? [];
  const dimensions = query.dimensions ?? [];
  const segments = query.segments ?? [];
  const timeDimensions = (query.timeDimensions ?? []).map((td) =>
    request.timeGrain && td.granularity ? { ...td, granularity: request.timeGrain } : td,
  );
  const named = [
    ...measures,
    ...dimensions,
    ...segments,
    ...timeDimensions.map((t) => t.dimension),
    ...(query.filters ?? []).flatMap((f) => filterMembers(f)),
  ];
  if (measures.length + dimensions.length + timeDimensions.length === 0) {
    throw bad('Query must have at least one measure, dimension or time dimension');
  }
  const sourceName = named[0].split('.')[0];
  const source = resolved.sources.get(sourceName);
  if (!source) throw bad(`Unknown member ${named[0]}`);

  const access = sourceAccess(identity, source);
  const visibleSources = new Map<string, ReturnType<typeof sourceAccess>>([[source.name, access]]);
  const resolveVisible = (fullName: string): Member => {
    const { source: s, member } = lookupMember(resolved, fullName);
    if (s.type === 'view' && s !== source) throw bad(`A query may use one view: ${fullName} is not in ${source.name}`);
    if (s.type === 'cube' && source.type === 'view')
      throw bad(`A query may use one view: ${fullName} is not in ${source.name}`);
    let a = visibleSources.get(s.name);
    if (!a) visibleSources.set(s.name, (a = sourceAccess(identity, s)));
    if (a.denied || !a.members.has(member.name)) {
      throw new ApiError({ status: 403, message: `You may not query ${fullName}` });
    }
    return member;
  };

  const plan = new Plan(resolved, source);
  const columns: OutputColumn[] = [];
  const select: string[] = [];
  const dimCount = () => select.length;

  for (const name of dimensions) {
    const m = resolveVisible(name);
    if (m.kind !== 'dimension') throw bad(`${name} is a ${m.kind}, not a dimension`);
    columns.push({ key: name, member: m });
    select.push(plan.memberSql(m));
  }
  for (const td of timeDimensions) {
    const m = resolveVisible(td.dimension);
    if (m.kind !== 'dimension' || m.type !== 'time') throw bad(`${td.dimension} is not a time dimension`);
    if (td.granularity) {
      columns.push({ key: `${td.dimension}.${td.granularity}`, member: m, granularity: td.granularity });
      select.push(plan.memberSql(m, td.granularity));
    }
  }
  const groupCount = dimCount();
  for (const name of measures) {
    const m = resolveVisible(name);
    if (m.kind !== 'measure') throw bad(`${name} is a ${m.kind}, not a measure`);
    columns.push({ key: name, member: m });
    select.push(plan.memberSql(m));
  }

  const resolveForFilter = (name: string) => {
    const m = resolveVisible(name);
    return { sql: plan.memberSql(m), type: m.type, kind: m.kind };
  };
  const where: string[] = [];
  const having: string[] = [];
  for (const f of query.filters ?? []) {
    const kinds = filterMembers(f).map((n) => resolveForFilter(n).kind);
    const sql = filterSql(f, resolveForFilter, identity, nowMs);
    if (kinds.every((k) => k === 'measure')) having.push(sql);
    else if (kinds.some((k) => k === 'measure')) throw bad('A filter may not mix measures and dimensions');
    else where.push(sql);
  }
  // The dashboard's extra filters apply where the source has the member; others are ignored.
  for (const f of request.filters ?? []) {
    const names = filterMembers(f);
    if (!names.every((n) => n.split('.')[0] === source.name && source.members.has(n.split('.')[1]))) continue;
    where.push(filterSql(f, resolveForFilter, identity, nowMs));
  }
  for (const name of segments) {
    const m = resolveVisible(name);
    if (m.kind !== 'segment') throw bad(`${name} is not a segment`);
    where.push(plan.memberSql(m));
  }
  for (const td of timeDimensions) {
    if (td.dateRange === undefined) continue;
    const [from, to] = resolveDateRange(td.dateRange, nowMs);
    const sql = plan.memberSql(resolveVisible(td.dimension));
    where.push(`${sql} >= ${timestamp(from)} AND ${sql} <= ${timestamp(to)}`);
  }

  where.push(...rowLevelSql(plan, identity, access, nowMs));

  // Order: explicit, else the first time dimension with a granularity, else the first measure descending, else the
  // first dimension.
  const position = (key: string) => {
    const i = columns.findIndex((c) => c.key === key || (c.member.fullName === key && c.granularity === undefined));
    const byMember = i >= 0 ? i : columns.findIndex((c) => c.member.fullName === key);
    if (byMember < 0) throw bad(`Cannot order by ${key}: it is not in the query`);
    return byMember + 1;
  };
  let order = orderEntries(query.order).map(([k, dir]) => `${position(k)} ${dir === 'desc' ? 'DESC' : 'ASC'}`);
  if (order.length === 0) {
    const t = columns.findIndex((c) => c.granularity);
    const m = columns.findIndex((c) => c.member.kind === 'measure');
    order = t >= 0 ? [`${t + 1} ASC`] : m >= 0 ? [`${m + 1} DESC`] : columns.length ? ['1 ASC'] : [];
  }
  const limit = query.limit ?? CUBESQL_DEFAULT_ROW_LIMIT;
  if (limit > CUBESQL_MAX_ROW_LIMIT) throw bad(`limit must be at most ${CUBESQL_MAX_ROW_LIMIT}`);

  const body = [
    `SELECT ${select.map((s, i) => `${s} AS ${q(`c${i}`)}`).join(', ')}`,
    plan.from(),
    where.length ? `WHERE ${where.join('\nAND ')}` : '',
    groupCount > 0 && groupCount < select.length
      ? `GROUP BY ${Array.from({ length: groupCount }, (_, i) => i + 1).join(', ')}`
      : '',
    groupCount > 0 && groupCount === select.length ? `GROUP BY ALL` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
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
