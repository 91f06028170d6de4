// The planner on a bare bound of a person's years ("how many of the dead were under 18", "members over 65"): with no
// column named and nothing counted after it, on a source with one column of ages, it is an age bound, as a careful
// analyst reads it (it had asked what to compare with 18); a count named after it ("under 18 visits") or a bound on
// what a group has ("clubs with more than 5") stays what it was. Domains: a youth sailing club, a ferry's passengers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const sailing: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sailors', 'Club sailors', [
      ['count', 'Sailors', 'number', 'count'],
      ['outings', 'Outings', 'number', 'sum'],
      ['age', 'Age', 'number'],
      ['races', 'Races entered', 'number'],
      ['boat_class', 'Boat class', 'string'],
      ['joined_at', 'Joined', 'time'],
    ]),
  ],
};
const ferry: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('passengers', 'Ferry passengers', [
      ['count', 'Passengers', 'number', 'count'],
      ['fare', 'Fares', 'number', 'sum'],
      ['age', 'Passenger age', 'number'],
      ['deck', 'Deck', 'string'],
      ['sailed_at', 'Sailing date', 'time'],
    ]),
  ],
};

describe('local analyst: a bare bound of a person’s years', () => {
  it('is on the one column of ages', () => {
    const club = planner(sailing, new Map([['sailors.boat_class', ['Optimist', 'Laser']]]));
    assert.deepEqual(filters(club('how many sailors are under 18')), ['age < 18']);
    assert.deepEqual(filters(club('sailors under 16 by boat class')), ['age < 16']);
    const boat = planner(ferry, new Map([['passengers.deck', ['Upper', 'Car deck']]]));
    assert.deepEqual(filters(boat('how many of the passengers were over 65')), ['age > 65']);
    const byDeck = boat('passengers under 12 by deck');
    assert.deepEqual(filters(byDeck), ['age < 12']);
    assert.deepEqual(
      byDeck.groups.map((g) => g.title),
      ['Deck'],
    );
  });
  it('leaves a bound on what is counted after it, or on what a group has', () => {
    const club = planner(sailing, new Map());
    assert.deepEqual(filters(club('sailors with more than 5 races entered')), ['races > 5']);
    const boat = planner(ferry, new Map());
    assert.notDeepEqual(filters(boat('decks with more than 5 passengers')), ['age > 5']);
    assert.equal(declineOf(ferry, 'decks with over 1000 in fares'), undefined);
  });
});
