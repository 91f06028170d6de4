// Cyclic joins in time linear in the joins. A layered model of 16 layers of 4 cubes (26 KB) made the old search follow
// 4^15 paths (10 layers: 3.3 s; 16: hours); it now loads at once. A property test checks the linear search against a
// brute-force search of every simple cycle: a forbidden cycle is found exactly when one exists, and what is reported
// is one (joins that exist, cubes not repeated, not a pair of inverse joins). The cubes are a river's locks and quays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loadModel, ModelError } from '../../../src/engine/index.js';
import type { Cube } from '../../../src/engine/data/model-types.js';
import { joinCycles } from '../../../src/engine/model/join-cycles.js';

type Relationship = 'many_to_one' | 'one_to_many' | 'one_to_one';
const INVERSE: Record<Relationship, Relationship> = {
  many_to_one: 'one_to_many',
  one_to_many: 'many_to_one',
  one_to_one: 'one_to_one',
};

const cube = (name: string, joins: [string, Relationship][]): Cube => ({
  name,
  sql_table: 'locks',
  measures: [],
  dimensions: [{ name: 'id', sql: 'id', type: 'number', primary_key: true }],
  joins: joins.map(([to, relationship]) => ({ name: to, relationship, sql: `{CUBE}.id = {${to}}.id` })),
});

/** Every simple directed cycle, by brute force; true when one is not a pair of inverse joins. */
function bruteForce(cubes: Cube[]): boolean {
  const edge = (a: string, b: string) => cubes.find((c) => c.name === a)?.joins?.find((j) => j.name === b);
  let found = false;
  const visit = (path: string[]) => {
    for (const j of cubes.find((c) => c.name === path[path.length - 1])!.joins ?? []) {
      if (j.name === path[path.length - 1]) continue;
      if (j.name === path[0]) {
        const pair = path.length === 2 && INVERSE[edge(path[0], path[1])!.relationship] === j.relationship;
        if (!pair) found = true;
      } else if (!path.includes(j.name)) visit([...path, j.name]);
    }
  };
  for (const c of cubes) visit([c.name]);
  return found;
}

describe('cyclic joins', () => {
  it('a layered model of 16 layers of 4 cubes, every cube joined to the whole next layer, loads', () => {
    const cubes: Cube[] = [];
    for (let l = 0; l < 16; l++)
      for (let w = 0; w < 4; w++)
        cubes.push(
          cube(
            `lock${l}_${w}`,
            l < 15 ? [0, 1, 2, 3].map((k) => [`lock${l + 1}_${k}`, 'many_to_one'] as [string, Relationship]) : [],
          ),
        );
    const { model } = loadModel({ 'locks.json': JSON.stringify({ cubes }) });
    assert.equal(model.cubes.length, 64);
    // Closing it into a ring (the last layer back to the first) is one cycle, reported once, at the closing join.
    cubes[63].joins = [{ name: 'lock0_0', relationship: 'many_to_one', sql: '{CUBE}.id = {lock0_0}.id' }];
    assert.throws(
      () => loadModel({ 'locks.json': JSON.stringify({ cubes }, null, 1) }),
      (error: unknown) => {
        assert.ok(error instanceof ModelError);
        assert.equal(error.problems.length, 1);
        assert.match(
          error.problems[0].message,
          /^Cube lock15_3: cyclic join lock0_0 → lock1_0 → .* → lock15_3 → lock0_0$/,
        );
        assert.equal(error.problems[0].file, 'locks.json');
        assert.ok(error.problems[0].line > 1);
        return true;
      },
    );
  });

  it('inverse pairs are no cycle, as long as they make a tree; a loop of them is one', () => {
    const tree = [
      cube('quay', [
        ['lock_a', 'one_to_many'],
        ['lock_b', 'one_to_many'],
      ]),
      cube('lock_a', [['quay', 'many_to_one']]),
      cube('lock_b', [['quay', 'many_to_one']]),
    ];
    assert.deepEqual(joinCycles(new Map(tree.map((c) => [c.name, c]))), []);
    tree[1].joins!.push({ name: 'lock_b', relationship: 'one_to_one', sql: '{CUBE}.id = {lock_b}.id' });
    tree[2].joins!.push({ name: 'lock_a', relationship: 'one_to_one', sql: '{CUBE}.id = {lock_a}.id' });
    const [cycle, ...rest] = joinCycles(new Map(tree.map((c) => [c.name, c])));
    assert.deepEqual(rest, []);
    assert.equal(cycle.cubes.length, 4);
    assert.equal(new Set(cycle.cubes).size, 3);
  });

  it('property: a forbidden cycle is reported exactly when one exists, and it is one', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const relationship = fc.constantFrom<Relationship>('many_to_one', 'one_to_many', 'one_to_one');
    const graph = fc
      .integer({ min: 1, max: 6 })
      .chain((n) =>
        fc.tuple(
          ...names.slice(0, n).map(() =>
            fc.uniqueArray(fc.tuple(fc.constantFrom(...names.slice(0, n)), relationship), {
              maxLength: n,
              selector: ([to]) => to,
            }),
          ),
        ),
      )
      .map((joins) => joins.map((j, i) => cube(names[i], j)));
    fc.assert(
      fc.property(graph, (cubes) => {
        const byName = new Map(cubes.map((c) => [c.name, c]));
        const cycles = joinCycles(byName);
        assert.equal(cycles.length > 0, bruteForce(cubes));
        for (const { cubes: path, join } of cycles) {
          assert.equal(path[0], path[path.length - 1]);
          assert.equal(new Set(path.slice(1)).size, path.length - 1);
          for (let i = 1; i < path.length; i++)
            assert.ok(byName.get(path[i - 1])!.joins!.some((j) => j.name === path[i]));
          assert.equal(join.name, path[0]);
          if (path.length === 3) {
            const there = byName.get(path[0])!.joins!.find((j) => j.name === path[1])!;
            assert.notEqual(INVERSE[there.relationship], join.relationship);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
