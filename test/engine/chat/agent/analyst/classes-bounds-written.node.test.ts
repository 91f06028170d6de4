// The planner on bounds as people write them, over models written here (a school district, a bus network, a courier
// firm): a percent on a number is its unit, no share, and on a column kept as a fraction it is a hundredth; "top 5
// routes by number of stops" ranks the routes (no segment named by the word, no breakdown by stops); "had a 30
// delivery day" is a day reaching 30.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, view } from './plan-probe.js';

const schools: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('schools', 'Schools', [
      ['count', 'Schools', 'number', 'count'],
      ['attendance', 'Attendance rate', 'number', undefined, { description: 'fraction 0–1 of school days attended' }],
      ['pass_rate', 'Pass rate (%)', 'number', undefined, { description: 'percent of pupils passing, 0–100' }],
      ['district', 'District', 'string'],
    ]),
  ],
};
const buses: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('stops', 'Bus stops', [
      ['count', 'Stops', 'number', 'count'],
      ['route', 'Route', 'string'],
      ['express', 'Express routes', 'boolean', undefined, { segment: true }],
    ]),
  ],
};
const couriers: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('courier_days', 'Courier days', [
      ['count', 'Courier days', 'number', 'count'],
      ['couriers', 'Couriers', 'number', 'count_distinct'],
      ['deliveries', 'Deliveries', 'number'],
      ['depot', 'Depot', 'string'],
    ]),
  ],
};

describe('local analyst: bounds as written', () => {
  it('a percent written on a number is its unit, not a share asked', () => {
    assert.equal(readQuestion('how many schools have attendance above 95%', NOW).share, false);
    assert.equal(readQuestion('schools with a pass rate of 80 percent or more', NOW).share, false);
    assert.equal(readQuestion('what % of schools have attendance above 95%', NOW).share, true);
    assert.equal(readQuestion('districts with at least 8% of their schools above 95%', NOW).share, true);
  });

  it('on a column kept as a fraction a percent is a hundredth; on one kept in points it is as written', () => {
    const p = planner(schools, new Map())('how many schools have attendance above 95%');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['attendance > 0.95']);
    assert.deepEqual(filters(planner(schools, new Map())('schools with attendance of 90% or more')), [
      'attendance >= 0.9',
    ]);
    assert.deepEqual(filters(planner(schools, new Map())('how many schools have a pass rate above 80 percent')), [
      'pass_rate > 80',
    ]);
  });

  it('"top 5 routes by number of stops" ranks the routes by the count', () => {
    const p = planner(buses, new Map([['stops.route', ['1', '2']]]))('top 5 routes by number of stops');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['route'],
    );
    assert.deepEqual(filters(p), []);
    assert.equal(p.order?.limit, 5);
  });

  it('"had a 30 delivery day" is a day reaching 30; "3 deliveries" alone is exactly 3', () => {
    const p = planner(couriers, new Map())('how many couriers had a 30 delivery day');
    assert.equal(p.measure.column, 'couriers');
    assert.deepEqual(filters(p), ['deliveries >= 30']);
    assert.deepEqual(filters(planner(couriers, new Map())('courier days with 3 deliveries')), ['deliveries = 3']);
  });
});
