// The planner on words a member's title holds, over models written here (a retail panel, a port's gates, a hotel
// guide): a share word inside a measure's title named whole asks for that measure, no share of rows; an aggregation
// word written apart keeps a measure's title from a boolean named by the same words; "zero" before a boolean's words
// is the boolean false, and before two words of a number column's title that column equal to 0.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const panel: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('brand_weeks', 'Brand weeks', [
      ['count', 'Brand weeks', 'number', 'count'],
      ['avg_share', 'Average market share', 'number', 'avg'],
      ['market_share', 'Market share', 'number'],
      ['listed', 'Has market share', 'boolean'],
      ['brand', 'Brand', 'string'],
      ['region', 'Region', 'string'],
    ]),
  ],
};
const gates: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('truck_visits', 'Truck visits', [
      ['count', 'Truck visits', 'number', 'count'],
      ['avg_dwell', 'Average dwell time', 'number', 'avg'],
      ['dwell_recorded', 'Has dwell time', 'boolean'],
      ['gate', 'Gate', 'string'],
    ]),
  ],
};
const hotels: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('hotels', 'Hotels', [
      ['count', 'Hotels', 'number', 'count'],
      ['pool', 'Has a pool', 'boolean'],
      ['free_spaces', 'Free parking spaces', 'number'],
      ['town', 'Town', 'string'],
    ]),
  ],
};

describe('local analyst: words a title holds', () => {
  it('a share word inside a measure title named whole asks for that measure, no share', () => {
    const p = planner(panel, new Map())('avg market share by region');
    assert.equal(p.measure.column, 'avg_share');
    assert.equal(p.share, undefined);
    assert.deepEqual(filters(p), []);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['region'],
    );
  });

  it('an aggregation word written apart keeps the title from a boolean of the same words', () => {
    const p = planner(gates, new Map())('avg dwell time by gate');
    assert.equal(p.measure.column, 'avg_dwell');
    assert.deepEqual(filters(p), []);
  });

  it('"zero" before a boolean is that boolean false; before two words of a number column, the column at 0', () => {
    assert.deepEqual(filters(planner(hotels, new Map())('how many hotels have zero pool')), ['pool = false']);
    assert.deepEqual(filters(planner(hotels, new Map())('hotels with zero free parking by town')), ['free_spaces = 0']);
  });
});
