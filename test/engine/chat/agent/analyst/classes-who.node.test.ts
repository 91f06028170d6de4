// The planner on who did something and on words a source's description explains, over models written here (an ice
// rink's penalty log, a bakery's shifts): "who committed the most penalties" answered with no breakdown names no one
// (a question back), "which player committed …" ranks the players; a source's description says what a row is in its
// first clause, and a word only a later clause holds ("a crew's hours are the sum of its bakers'") is no row's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, planner, view } from './plan-probe.js';

const rink: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('penalties', 'Penalty log', [
      ['count', 'Penalties', 'number', 'count'],
      ['minutes', 'Penalty minutes', 'number', 'sum'],
      ['player', 'Player', 'string'],
      ['team', 'Team', 'string'],
    ]),
  ],
};
const bakery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('shifts', 'Shifts', [
        ['count', 'Shifts', 'number', 'count'],
        ['hours', 'Hours per shift', 'number', 'avg'],
        ['baker', 'Baker', 'string'],
      ]),
      description: "One row per baker per shift; a crew's hours are the sum of its bakers'",
    },
  ],
};

describe('local analyst: who, and what a description explains', () => {
  it('"who …" answered by a total is a question back; "which player …" ranks the players', () => {
    assert.match(declineOf(rink, 'who committed the most penalties') ?? '', /breakdown/);
    const p = planner(rink, new Map())('which player committed the most penalties');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['player'],
    );
    assert.equal(p.measure.column, 'count');
  });

  it("a word only a later clause of the source's description holds is no row's", () => {
    assert.match(declineOf(bakery, 'crew hours per shift') ?? '', /"crew"/);
    assert.equal(planner(bakery, new Map())('avg hours per shift by baker').measure.column, 'hours');
  });
});
