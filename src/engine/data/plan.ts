// The plan of one query over the semantic model: its source, the cube its joins start from, the cubes it joins, and
// how members render as SQL (measures aggregated, or per row for ungrouped queries; time buckets in the query's zone).

import type { TimeGranularity } from '../../api/types.js';
import { JoinGraph, type JoinEdge } from './join-graph.js';
import { quoteIdent } from './sql-quote.js';
import type { Cube } from './model-types.js';
import type { Member, ResolvedModel, Source } from './model.js';
import { toLocalSql } from './time.js';
import { invalid } from '../errors.js';

const bad = invalid;

export interface PlanOptions {
  /** The cube the joins start from (a cube source: chosen by the join graph; default the source's root). */
  root?: string;
  /** IANA zone of time buckets; default UTC. */
  zone?: string;
  /** Measures render per row, unaggregated (Cube's ungrouped queries). */
  ungrouped?: boolean;
}

export class Plan {
  readonly cubesUsed = new Set<string>();
  /** The path each used cube was reached by. */
  private readonly paths = new Map<string, string[]>();
  readonly root: string;
  readonly zone: string;
  readonly ungrouped: boolean;

  constructor(
    readonly resolved: ResolvedModel,
    readonly source: Source,
    options: PlanOptions = {},
  ) {
    this.root = options.root ?? source.root;
    this.zone = options.zone ?? 'UTC';
    this.ungrouped = options.ungrouped ?? false;
    this.cubesUsed.add(this.root);
  }

  /** Join path from the root to the member's cube (views: the member's path; cubes: through the join graph). */
  pathTo(member: Pick<Member, 'cube' | 'joinPath'>): string[] {
    if (this.source.type === 'view' || member.cube === this.root) return member.joinPath;
    const path = this.resolved.graph.path(this.root, member.cube);
    if (!path) throw bad(`Cannot join ${this.root} to ${member.cube}: no join path in the data model`);
    return path;
  }

  use(member: Pick<Member, 'cube' | 'joinPath'>): void {
    const path = this.pathTo(member);
    path.forEach((cube, i) => {
      this.cubesUsed.add(cube);
      // A cube a view's join path only passes through (none of its members included) is joined along that path.
      if (!this.paths.has(cube)) this.paths.set(cube, path.slice(0, i + 1));
    });
  }

  cube(name: string): Cube {
    return this.resolved.cubes.get(name)!;
  }

  /** Renders `{CUBE}`, `{other_cube}` and `{member}` references of a cube's SQL. */
  render(sql: string, cubeName: string, depth = 0): string {
    if (depth > 8) throw bad(`Member SQL of ${cubeName} refers to itself`);
    const cube = this.cube(cubeName);
    return sql.replace(/\{([\w.]+)\}/g, (_, ref: string) => {
      if (ref === 'CUBE') return quoteIdent(cubeName);
      if (this.resolved.cubes.has(ref)) {
        this.cubesUsed.add(ref);
        return quoteIdent(ref);
      }
      const [refCube, refMember] = ref.includes('.') ? ref.split('.') : [cubeName, ref];
      const target = refCube === cubeName ? cube : this.resolved.cubes.get(refCube);
      const measure = target?.measures.find((m) => m.name === refMember);
      if (measure) return this.measureSql(measure.name, refCube, depth + 1);
      const dimension = target?.dimensions.find((d) => d.name === refMember);
      if (dimension) return `(${this.column(dimension.sql, refCube, depth + 1)})`;
      throw bad(`Unknown reference {${ref}} in the SQL of cube ${cubeName}`);
    });
  }

  /** A member's SQL; a bare column name is the cube's own column (Cube's autoPrefixWithCubeName). */
  column(sql: string, cubeName: string, depth = 0): string {
    return /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(sql)
      ? `${quoteIdent(cubeName)}.${quoteIdent(sql)}`
      : this.render(sql, cubeName, depth);
  }

  /** SQL of a cube's primary key columns; none: []. */
  primaryKeys(cubeName: string): string[] {
    return this.cube(cubeName)
      .dimensions.filter((d) => d.primary_key)
      .map((d) => `(${this.column(d.sql, cubeName)})`);
  }

  /** A measure's value per row before aggregation (its filters applied): what the SQL API exposes as its column. */
  measureInput(name: string, cubeName: string, depth = 0): string {
    const m = this.cube(cubeName).measures.find((x) => x.name === name)!;
    const filter = (m.filters ?? []).map((f) => `(${this.render(f.sql, cubeName, depth)})`).join(' AND ');
    const expr = m.sql ? this.column(m.sql, cubeName, depth) : '1';
    return filter ? `CASE WHEN ${filter} THEN ${expr} END` : expr;
  }

  measureSql(name: string, cubeName: string, depth = 0): string {
    const m = this.cube(cubeName).measures.find((x) => x.name === name)!;
    const filter = (m.filters ?? []).map((f) => `(${this.render(f.sql, cubeName, depth)})`).join(' AND ');
    // A count without sql counts the primary key (rows a LEFT JOIN did not match do not count), as Cube does.
    const pk = m.type === 'count' && !m.sql ? this.primaryKeys(cubeName) : [];
    const expr = m.sql ? this.column(m.sql, cubeName, depth) : pk.length === 1 ? pk[0] : undefined;
    const when = (e: string) => (filter ? `CASE WHEN ${filter} THEN ${e} END` : e);
    if (this.ungrouped && m.type !== 'number') {
      if (m.type === 'count' || m.type === 'count_distinct')
        return expr ? `CASE WHEN (${when(expr)}) IS NOT NULL THEN 1 END` : filter ? when('1') : '1';
      return when(expr ?? '1');
    }
    switch (m.type) {
      case 'count':
        return expr ? `COUNT(${when(expr)})` : filter ? `COUNT(${when('1')})` : 'COUNT(*)';
      case 'count_distinct':
        return `COUNT(DISTINCT ${when(expr ?? '1')})`;
      case 'sum':
        return `CAST(SUM(${when(expr ?? '1')}) AS DOUBLE)`;
      case 'avg':
        return `CAST(AVG(${when(expr ?? '1')}) AS DOUBLE)`;
      case 'min':
        return `MIN(${when(expr ?? '1')})`;
      case 'max':
        return `MAX(${when(expr ?? '1')})`;
      case 'number':
        return `CAST((${expr ?? '1'}) AS DOUBLE)`;
    }
  }

  /** A dimension's SQL; with a granularity, the bucket of its local time in the query's zone. */
  dimensionSql(member: Member, granularity?: TimeGranularity): string {
    const sql = `(${this.column(member.dimension!.sql, member.cube)})`;
    return granularity ? `DATE_TRUNC('${granularity}', ${toLocalSql(this.zone, sql)})` : sql;
  }

  /**
   * A dimension as a query selects it: a time dimension without a granularity in the query's zone's local time, as
   * Cube's gateway answers it (its `convertTzForRawTimeDimension`); filters and date ranges compare the stored time.
   */
  selectedSql(member: Member): string {
    const sql = this.memberSql(member);
    return member.type === 'time' ? toLocalSql(this.zone, sql) : sql;
  }

  memberSql(member: Member, granularity?: TimeGranularity): string {
    this.use(member);
    if (member.measure) return this.measureSql(member.measure.name, member.cube);
    if (member.segmentSql) return `(${this.render(member.segmentSql, member.cube)})`;
    return this.dimensionSql(member, granularity);
  }

  /** The joins of every cube used, along the plan's join paths, in join order. */
  joins(): JoinEdge[] {
    const edges: JoinEdge[] = [];
    const done = new Set([this.root]);
    for (const c of this.cubesUsed) {
      const path =
        c === this.root ? [c] : (this.paths.get(c) ?? this.pathTo({ cube: c, joinPath: this.viewPathOf(c) }));
      for (let i = 1; i < path.length; i++) {
        if (done.has(path[i])) continue;
        const edge = this.resolved.graph.edge(path[i - 1], path[i]);
        if (!edge) throw bad(`Cube ${path[i - 1]} has no join to ${path[i]}`);
        edges.push(edge);
        done.add(path[i]);
      }
    }
    return edges;
  }

  /** Whether `cube`'s rows repeat in this plan's joins. */
  multiplied(cube: string): boolean {
    return JoinGraph.multiplied(cube, this.joins());
  }

  /** FROM with the joins of every cube used. */
  from(): string {
    const joins = this.joins().map(
      (e) => `LEFT JOIN ${this.table(e.to)} AS ${quoteIdent(e.to)} ON ${this.render(e.sql, e.from)}`,
    );
    return [`FROM ${this.table(this.root)} AS ${quoteIdent(this.root)}`, ...joins].join('\n');
  }

  private viewPathOf(cube: string): string[] {
    for (const m of this.source.members.values()) if (m.cube === cube) return m.joinPath;
    return [this.root, cube];
  }

  table(cubeName: string): string {
    const cube = this.cube(cubeName);
    if (cube.sql_table) return cube.sql_table.split('.').map(quoteIdent).join('.');
    if (cube.sql) return `(${cube.sql})`;
    throw bad(`Cube ${cubeName} has neither sql_table nor sql`);
  }
}
