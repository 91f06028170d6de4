// The planner on what a count counts, over models written here (a call centre, a pet clinic, a lamp shop): a word
// a member is named by is no misspelt aggregation ("overage minutes" is not an average), and things counted by a
// value of theirs with a verb the model never names ("how many cats live in Ashby" over clinic visits) are no rows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const calls: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('calls', 'Calls', [
      ['count', 'Calls', 'number', 'count'],
      ['overage', 'Overage minutes', 'number', 'sum', { description: 'minutes over the plan' }],
      ['overage_minutes', 'Overage minutes', 'number'],
      ['handle', 'Average handle time', 'number', 'avg'],
      ['queue', 'Queue', 'string'],
      ['placed_at', 'Placed at', 'time'],
    ]),
  ],
};
const clinic: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('visits', 'Clinic visits', [
      ['count', 'Visits', 'number', 'count'],
      ['fees', 'Fees', 'number', 'sum', { description: 'USD' }],
      ['species', 'Species', 'string'],
      ['town', 'Town', 'string'],
      ['booked_via', 'Booked via', 'string'],
      ['visited_at', 'Visit date', 'time'],
    ]),
  ],
};
const clinicValues = new Map([
  ['visits.species', ['Cat', 'Dog', 'Rabbit']],
  ['visits.town', ['Ashby', 'Breck']],
  ['visits.booked_via', ['Phone', 'Web']],
]);
const shop: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('order_lines', 'Order lines', [
      ['count', 'Order lines', 'number', 'count'],
      ['units', 'Units sold', 'number', 'sum'],
      ['product', 'Product', 'string'],
      ['ordered_at', 'Ordered at', 'time'],
    ]),
  ],
};
const shopValues = new Map([['order_lines.product', ['Lamp', 'Shade']]]);

// A harbour's crew: the roster (one row a person) and the shifts they work (one row a shift, the person's flag joined).
const harbour: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('crew', 'Crew roster', [
      ['count', 'Crew members', 'number', 'count'],
      ['trainees', 'Trainees', 'number', 'count'],
      ['trainee', 'Trainee', 'boolean'],
      ['team', 'Team', 'string'],
    ]),
    view('shifts', 'Shifts worked', [
      ['count', 'Shifts', 'number', 'count'],
      ['hours', 'Hours worked', 'number', 'sum'],
      ['crew_trainee', 'Trainee', 'boolean'],
      ['crew_team', 'Team', 'string'],
    ]),
  ],
};
const harbourValues = new Map([
  ['crew.team', ['Dock', 'Pilot']],
  ['shifts.crew_team', ['Dock', 'Pilot']],
]);
const rentals: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('rentals', 'Rentals', [
      ['count', 'Rentals', 'number', 'count'],
      ['vehicle', 'Vehicle', 'string'],
      ['booked_at', 'Booked at', 'time'],
      ['dropped_at', 'Drop-off', 'time'],
    ]),
  ],
};
const rentalValues = new Map([['rentals.vehicle', ['van', 'car']]]);

describe('local analyst: what a count counts', () => {
  it('a word a member is named by is no misspelt aggregation word; a real misspelling still is', () => {
    const p = planner(calls, new Map())('overage minutes last month');
    assert.equal(p.measure.column, 'overage');
    assert.equal(p.per, undefined);
    assert.equal(planner(calls, new Map())('total overage minutes by queue').measure.column, 'overage');
    assert.equal(planner(calls, new Map())('avrage handle time by queue').measure.column, 'handle');
  });

  it('things counted by a value of theirs, with a verb of selling or living the model never names, are declined', () => {
    assert.match(declineOf(clinic, 'how many cats live in ashby', clinicValues) ?? '', /"live"/);
    assert.match(declineOf(clinic, 'how many rabbits did we sell by phone last year', clinicValues) ?? '', /"sell"/);
  });

  it('the rows themselves, other verbs, and a model that names the selling are counted as before', () => {
    const p = planner(clinic, clinicValues)('how many cats visited in ashby last month');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['species = Cat', 'town = Ashby']);
    assert.equal(planner(clinic, clinicValues)('how many visits were booked by phone').measure.column, 'count');
    assert.equal(declineOf(shop, 'how many lamps did we sell last month', shopValues), undefined);
  });

  it('a count the question names whole beats a count of other rows kept by the same word', () => {
    const p = planner(harbour, harbourValues)('how many trainees does each team have');
    assert.equal(p.source.name, 'crew');
    assert.equal(p.measure.column, 'trainees');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['team'],
    );
  });

  it('a function word names no event ("how many of each" is no Drop-off)', () => {
    const p = planner(rentals, rentalValues)('vans vs cars, how many of each');
    assert.equal(p.measure.column, 'count');
    assert.equal(p.time, undefined);
  });
});
