// The planner on amounts the way people write them — a unit on the number ("100k or more", "200k+"), an amount earned
// or paid ("households making 200k or more": the column kept in money, not the households counted) — and "how many
// times" (occurrences are rows), over models written here: a census of farms by sales class and a ferry's sailings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, view } from './plan-probe.js';

const farms: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('farm_census', 'Farm census', [
      ['count', 'Census rows', 'number', 'count'],
      ['farms', 'Farms', 'number', 'sum'],
      ['county', 'County', 'string'],
      ['sales_class', 'Sales class', 'string'],
      ['class_floor', 'Sales class lower bound (USD)', 'number'],
      ['county_farms', 'Farms in the county', 'number'],
    ]),
  ],
};
const farmValues = new Map([
  ['farm_census.county', ['Ashby', 'Breck']],
  ['farm_census.sales_class', ['<10000', '10000 to 49999', '50000 to 249999', '250000+']],
]);

const ferry: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sailings', 'Sailings', [
      ['count', 'Sailings', 'number', 'count'],
      ['routes', 'Routes sailed', 'number', 'count_distinct'],
      ['passengers', 'Passengers', 'number', 'sum'],
      ['route', 'Route', 'string'],
      ['vessel', 'Vessel', 'string'],
      ['aboard', 'Passengers aboard', 'number'],
      ['sailed_at', 'Departure', 'time'],
    ]),
  ],
};
const ferryValues = new Map([
  ['sailings.route', ['Harbour–Isle', 'Isle–Point']],
  ['sailings.vessel', ['Marten', 'Osprey']],
]);

const farmPlan = planner(farms, farmValues);
const ferryPlan = planner(ferry, ferryValues);

describe('local analyst: amounts as written and occurrences', () => {
  it('reads a unit on the number in "N or more" and "N+"', () => {
    const numeric = (q: string) => readQuestion(q, NOW).numeric.map((n) => `${n.op} ${n.value}`);
    assert.deepEqual(numeric('farms selling 250k or more'), ['>= 250000']);
    assert.deepEqual(numeric('farms with 250k+ in sales'), ['>= 250000']);
    assert.deepEqual(numeric('sailings with 5 or more crew'), ['>= 5']);
  });

  it('an amount earned or paid is on the column kept in money, not on the things counted', () => {
    const p = farmPlan('farms making 250k or more in ashby');
    assert.equal(p.measure.column, 'farms');
    assert.deepEqual(filters(p), ['class_floor >= 250000', 'county = Ashby']);
    assert.deepEqual(filters(farmPlan('farms earning under $10k by county')), ['class_floor < 10000']);
  });

  it('"how many times": occurrences are the rows, no distinct count of what is named', () => {
    const p = ferryPlan('how many times did a single route have 300 or more passengers aboard');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['aboard >= 300']);
  });
});
