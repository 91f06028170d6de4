// Cyclic joins, found in time linear in the joins: a directed cycle is an error unless it is a pair of joins declared
// both ways with inverse relationships. The joins' strongly connected components (Tarjan's, without recursion) hold
// every cycle; a component holds a forbidden one exactly when it has a join not answered by an inverse join back
// (then that join and a shortest way back make a cycle of at least 3 cubes, or a pair that is not inverse), or when
// its pairs of inverse joins close a loop (more pairs than cubes less one). One cycle is reported per component: the
// old search followed every path, exponential in the model (10 layers of 4 cubes, 16 KB: 3.3 s; 16 layers: hours).

import type { Cube } from '../data/model-types.js';

type Join = NonNullable<Cube['joins']>[number];

const INVERSE = { many_to_one: 'one_to_many', one_to_many: 'many_to_one', one_to_one: 'one_to_one' } as const;

/** A forbidden cycle: its cubes (first repeated at the end) and the join that closes it, from its last cube. */
export interface JoinCycle {
  cubes: string[];
  join: Join;
}

/** Tarjan's strongly connected components, iteratively; only components of two cubes or more. */
function components(names: string[], next: (name: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const enter = (name: string) => {
    index.set(name, index.size);
    low.set(name, low.size);
    stack.push(name);
    onStack.add(name);
  };
  for (const start of names) {
    if (index.has(start)) continue;
    enter(start);
    const work: [string, string[], number][] = [[start, next(start), 0]];
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [name, targets, i] = top;
      if (i < targets.length) {
        top[2]++;
        const to = targets[i];
        if (!index.has(to)) {
          enter(to);
          work.push([to, next(to), 0]);
        } else if (onStack.has(to)) low.set(name, Math.min(low.get(name)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(name)!));
      }
      if (low.get(name) === index.get(name)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== name);
        if (component.length > 1) out.push(component);
      }
    }
  }
  return out;
}

/** A shortest way from `from` to `to` through `allowed` cubes (both ends included); `to` must be reachable. */
function shortest(from: string, to: string, next: (name: string) => string[], allowed: Set<string>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length && !previous.has(to); head++)
    for (const name of next(queue[head]))
      if (allowed.has(name) && !previous.has(name)) {
        previous.set(name, queue[head]);
        queue.push(name);
      }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}

/** In a component of inverse pairs only: a loop through them, or undefined when they make a tree. */
function loop(order: string[], next: (name: string) => string[]): string[] | undefined {
  const parent = new Map<string, string>([[order[0], order[0]]]);
  const queue = [order[0]];
  for (let head = 0; head < queue.length; head++) {
    const x = queue[head];
    for (const y of next(x)) {
      if (!parent.has(y)) {
        parent.set(y, x);
        queue.push(y);
      } else if (parent.get(x) !== y) {
        // x – y closes a loop: the tree's way from y up to the common ancestor and down to x, then y again.
        const up = (name: string) => {
          const way = [name];
          for (let at = name; parent.get(at) !== at;) way.push((at = parent.get(at)!));
          return way;
        };
        const fromX = up(x);
        const onX = new Set(fromX);
        const fromY = up(y);
        const common = fromY.findIndex((name) => onX.has(name));
        return [...fromY.slice(0, common + 1), ...fromX.slice(0, fromX.indexOf(fromY[common])).reverse(), y];
      }
    }
  }
  return undefined;
}

/** The forbidden cycles of the joins between `cubes` (self-joins are left to the caller), one per component. */
export function joinCycles(cubes: Map<string, Cube>): JoinCycle[] {
  // The first join from each cube to each other declared cube.
  const edges = new Map<string, Map<string, Join>>();
  for (const [name, cube] of cubes) {
    const out = new Map<string, Join>();
    for (const j of cube.joins ?? []) if (cubes.has(j.name) && j.name !== name && !out.has(j.name)) out.set(j.name, j);
    edges.set(name, out);
  }
  const next = (name: string) => [...edges.get(name)!.keys()];
  const inverse = (from: string, j: Join) => {
    const back = edges.get(j.name)!.get(from);
    return !!back && INVERSE[j.relationship] === back.relationship;
  };
  const cycles: JoinCycle[] = [];
  for (const component of components([...cubes.keys()], next)) {
    const inside = new Set(component);
    const order = [...cubes.keys()].filter((name) => inside.has(name));
    // A join without an inverse join back: it and the shortest way back make a cycle.
    let oneWay: [string, Join] | undefined;
    for (const from of order) {
      for (const j of edges.get(from)!.values())
        if (inside.has(j.name) && !inverse(from, j)) {
          oneWay = [from, j];
          break;
        }
      if (oneWay) break;
    }
    const within = (name: string) => next(name).filter((to) => inside.has(to));
    const path = oneWay ? [oneWay[0], ...shortest(oneWay[1].name, oneWay[0], within, inside)] : loop(order, within);
    if (path) cycles.push({ cubes: path, join: edges.get(path[path.length - 2])!.get(path[path.length - 1])! });
  }
  return cycles;
}
