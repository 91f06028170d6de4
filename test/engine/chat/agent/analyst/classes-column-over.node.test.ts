// The planner on a source titled by the number column it records ("Tide heights", one reading an hour; "Bread prices
// by parish register", a row per year): the column's words name the column, whose measures answer ("tide height in
// 1750" is its average), not the rows to count, unless a count is asked. And years before 1800 read as years there.
// Domains: a harbour's tide gauge, a historian's price records.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const tides: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tides', 'Tide heights (harbour gauge)', [
      ['count', 'Readings', 'number', 'count'],
      ['avg_height', 'Average tide height', 'number', 'avg', { over: 'height' }],
      ['max_height', 'Highest tide height', 'number', 'max', { over: 'height' }],
      ['min_height', 'Lowest tide height', 'number', 'min', { over: 'height' }],
      ['read_at', 'Reading time', 'time'],
      ['height', 'Tide height (m)', 'number'],
      ['gauge', 'Gauge', 'string'],
    ]),
  ],
};
const bread: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('bread', 'Bread prices by parish register', [
      ['count', 'Years on record', 'number', 'count'],
      ['avg_price', 'Average bread price', 'number', 'avg', { over: 'price' }],
      ['max_price', 'Highest bread price', 'number', 'max', { over: 'price' }],
      ['year', 'Year', 'time'],
      ['price', 'Bread price (pence a loaf)', 'number'],
      ['parish', 'Parish', 'string'],
    ]),
  ],
};

describe('local analyst: a number column named whole on a source titled by it', () => {
  it('answers with the column’s measure, not a count of the rows', () => {
    const tide = planner(tides, new Map([['tides.gauge', ['North pier', 'Lock gate']]]));
    assert.equal(tide('tide height in march 2025').measure.title, 'Average tide height');
    assert.equal(tide('tide height by month in 2024').measure.title, 'Average tide height');
    const loaf = planner(bread, new Map([['bread.parish', ['St Giles', 'All Saints']]]));
    const p = loaf('bread price in 1750');
    assert.equal(p.measure.title, 'Average bread price');
    assert.deepEqual(p.time?.range, { from: '1750-01-01', to: '1750-12-31' });
    const century = loaf('bread price by parish in the 1600s');
    assert.equal(century.measure.title, 'Average bread price');
    assert.deepEqual(century.time?.range, { from: '1600-01-01', to: '1699-12-31' });
  });
  it('still counts when a count is asked', () => {
    const tide = planner(tides, new Map([['tides.gauge', ['North pier', 'Lock gate']]]));
    assert.equal(tide('how many readings were taken at the north pier in 2024').measure.title, 'Readings');
    const loaf = planner(bread, new Map());
    assert.equal(loaf('how many bread prices are on record in the 1700s').measure.title, 'Years on record');
  });
});
