// The planner on bounds said on a map, over a model written here (weather stations): "north of 45 degrees latitude"
// is a latitude above 45, "west of -100 longitude" a longitude below -100.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const stations: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('stations', 'Weather stations', [
      ['count', 'Stations', 'number', 'count'],
      ['latitude', 'Latitude', 'number', undefined, { description: 'degrees north' }],
      ['longitude', 'Longitude', 'number', undefined, { description: 'degrees east' }],
      ['network', 'Network', 'string'],
    ]),
  ],
};
const plan = planner(stations, new Map());

describe('local analyst: bounds said on a map', () => {
  it('north and east of a number are above it, south and west below, on the column named', () => {
    assert.deepEqual(filters(plan('how many stations are north of 45 degrees latitude')), ['latitude > 45']);
    assert.deepEqual(filters(plan('stations south of 30 latitude by network')), ['latitude < 30']);
    assert.deepEqual(filters(plan('how many stations lie west of -100 longitude')), ['longitude < -100']);
    assert.deepEqual(filters(plan('stations east of 10 longitude')), ['longitude > 10']);
  });
});
