// The join graph of a data model, as Cube's schema compiler builds it: a directed edge from each cube to each cube it
// declares a join to; a query's join tree is rooted at the first of its cubes whose shortest paths reach all the others
// with the fewest joins; a cube is multiplied in a tree when a join makes its rows repeat (it is the "one" side of a
// one_to_many or many_to_one join) or when a cube it is joined to is — its additive measures are then aggregated over
// its primary keys (load-keyed.ts) instead of over the joined rows.

import type { Cube } from './model-types.js';

export interface JoinEdge {
  from: string;
  to: string;
  relationship: 'many_to_one' | 'one_to_many' | 'one_to_one';
  sql: string;
}

export class JoinGraph {
  private readonly edges = new Map<string, JoinEdge[]>();

  constructor(cubes: Iterable<Cube>) {
    for (const cube of cubes) {
      this.edges.set(
        cube.name,
        (cube.joins ?? []).map((j) => ({ from: cube.name, to: j.name, relationship: j.relationship, sql: j.sql })),
      );
    }
  }

  /** The shortest path of joins from `from` to `to` (breadth first, in declaration order), as cube names. */
  path(from: string, to: string): string[] | undefined {
    const queue: string[][] = [[from]];
    const seen = new Set([from]);
    while (queue.length > 0) {
      const path = queue.shift()!;
      const last = path[path.length - 1];
      if (last === to) return path;
      for (const edge of this.edges.get(last) ?? []) {
        if (!seen.has(edge.to)) {
          seen.add(edge.to);
          queue.push([...path, edge.to]);
        }
      }
    }
    return undefined;
  }

  edge(from: string, to: string): JoinEdge | undefined {
    return this.edges.get(from)?.find((e) => e.to === to);
  }

  /** The cube, among `cubes` (in query order), that joins all the others with the fewest joins; none: undefined. */
  chooseRoot(cubes: string[]): string | undefined {
    let best: { root: string; joins: number } | undefined;
    for (const root of cubes) {
      const joined = new Set<string>();
      let reachable = true;
      for (const other of cubes) {
        const path = this.path(root, other);
        if (!path) {
          reachable = false;
          break;
        }
        for (let i = 1; i < path.length; i++) joined.add(`${path[i - 1]}\u0000${path[i]}`);
      }
      if (reachable && (!best || joined.size < best.joins)) best = { root, joins: joined.size };
    }
    return best?.root;
  }

  /** Whether `cube`'s rows repeat in a tree made of `joins` (Cube's findMultiplicationFactorFor). */
  static multiplied(cube: string, joins: JoinEdge[]): boolean {
    const visited = new Set<string>();
    const next = (current: string, j: JoinEdge) => (j.from === current ? j.to : j.from);
    const repeats = (current: string, j: JoinEdge) =>
      (j.from === current && j.relationship === 'one_to_many') ||
      (j.to === current && j.relationship === 'many_to_one');
    const visit = (current: string): boolean => {
      if (visited.has(current)) return false;
      visited.add(current);
      const adjacent = joins.filter((j) => j.from === current || j.to === current);
      if (adjacent.some((j) => repeats(current, j) && !visited.has(next(current, j)))) return true;
      return adjacent.some((j) => visit(next(current, j)));
    };
    return visit(cube);
  }
}
