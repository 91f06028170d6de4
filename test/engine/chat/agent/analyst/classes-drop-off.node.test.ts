// The planner on "drop-off" and "pick-up" said of a place with two ends (a ride's start and end zone, a parcel's
// origin and destination depot): the end the word says, as "destination" or "origin" already did; it had asked which
// breakdown, or declined on "off". Domains: a ride-hailing service, a courier.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const rides: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('rides', 'Rides', [
      ['count', 'Rides', 'number', 'count'],
      ['fares', 'Fares', 'number', 'sum'],
      ['start_zone', 'Start zone', 'string'],
      ['end_zone', 'End zone', 'string'],
      ['started_at', 'Ride start', 'time'],
    ]),
  ],
};
const courier: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('parcels', 'Parcels', [
      ['count', 'Parcels', 'number', 'count'],
      ['weight', 'Weight (kg)', 'number', 'sum'],
      ['origin_depot', 'Origin depot', 'string'],
      ['destination_depot', 'Destination depot', 'string'],
      ['sent_at', 'Sent', 'time'],
    ]),
  ],
};
const groups = (p: ReturnType<ReturnType<typeof planner>>) => p.groups.map((g) => g.title);

describe('local analyst: drop-off and pick-up name an end', () => {
  it('breaks down by the end the word says', () => {
    const ride = planner(rides, new Map());
    assert.deepEqual(groups(ride('top 3 drop-off zones by rides')), ['End zone']);
    assert.deepEqual(groups(ride('fares by pick-up zone last month')), ['Start zone']);
    const post = planner(courier, new Map());
    assert.deepEqual(groups(post('parcels by drop-off depot')), ['Destination depot']);
    assert.deepEqual(groups(post('top 2 pickup depots by weight')), ['Origin depot']);
  });
});
