// The planner on a count whose noun is followed by a clause of the asker's own doing ("how many cities do we sell
// tickets in"): the clause says which things are counted, and a quantity's word in it (Tickets sold) is not a second
// measure asked. Domains: a touring theatre company's ticket sales, a shipping line's container moves.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const theatre: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sales', 'Ticket sales', [
      ['count', 'Sales', 'number', 'count'],
      ['tickets', 'Tickets sold', 'number', 'sum'],
      ['cities', 'Cities', 'number', 'count_distinct'],
      ['sold_at', 'Sale date', 'time'],
      ['city', 'City', 'string'],
      ['show', 'Show', 'string'],
    ]),
  ],
};
const shipping: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('moves', 'Container moves', [
      ['count', 'Moves', 'number', 'count'],
      ['teu', 'Containers (TEU)', 'number', 'sum'],
      ['ports', 'Ports', 'number', 'count_distinct'],
      ['moved_at', 'Move date', 'time'],
      ['port', 'Port', 'string'],
    ]),
  ],
};

describe('local analyst: a clause of the asker’s doing after the counted noun', () => {
  it('counts the noun; a quantity named in the clause is not asked', () => {
    const p = planner(theatre, new Map([['sales.show', ['Hamlet', 'Cats']]]));
    assert.equal(p('how many cities do we sell tickets in').measure.title, 'Cities');
    const hamlet = p('how many distinct cities did we sell tickets in for hamlet');
    assert.equal(hamlet.measure.title, 'Cities');
    assert.deepEqual(filters(hamlet), ['show = Hamlet']);
    assert.equal(
      planner(shipping, new Map())('how many ports have we moved containers through').measure.title,
      'Ports',
    );
  });
});
