// The planner on classes of question the nonprofit-fundraising and restaurant-chain held-out sets found it wrong or
// declining on, over two models written here (none of the corpus models' names): a parcel carrier (`deliveries`, with
// a damaged flag, and `depots`) and an outpatient clinic (`visits`, with a walk-in flag, and `patients`); as
// serviceMeta lists them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const carrier: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('deliveries', 'Deliveries', [
      ['count', 'Deliveries', 'number', 'count', { description: 'All deliveries, damaged ones included' }],
      ['damaged_count', 'Damaged deliveries', 'number', 'count'],
      ['weight', 'Weight shipped', 'number', 'sum', { description: 'Kilograms, damaged deliveries excluded' }],
      ['on_time', 'On-time deliveries', 'number', 'count'],
      ['on_time_percent', 'On-time %', 'number', 'number', { description: 'On-time deliveries as a percent of all' }],
      ['target', 'Target', 'number', 'sum'],
      ['percent_of_target', 'Percent of target', 'number', 'number'],
      ['shipped_at', 'Ship date', 'time'],
      ['service', 'Service', 'string'],
      ['damaged', 'Damaged', 'boolean'],
      ['depots_city', 'Depot city', 'string'],
    ]),
    view('depots', 'Depots', [
      ['count', 'Depots', 'number', 'count'],
      ['city', 'City', 'string'],
      ['opened_at', 'Opening date', 'time'],
    ]),
  ],
};
const carrierValues = new Map<string, string[]>([
  ['deliveries.service', ['Express', 'Standard', 'Freight']],
  ['deliveries.depots_city', ['Leeds', 'Bristol']],
  ['depots.city', ['Leeds', 'Bristol']],
]);

const clinic: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('visits', 'Visits', [
      ['count', 'Visits', 'number', 'count'],
      ['walk_ins', 'Walk-ins', 'number', 'count', { description: 'Visits without an appointment' }],
      ['walk_in_percent', 'Walk-in %', 'number', 'number', { description: 'Walk-ins as a percent of visits' }],
      ['visited_at', 'Visit date', 'time'],
      ['department', 'Department', 'string'],
      ['walk_in', 'Walk-in', 'boolean'],
    ]),
  ],
};
const clinicValues = new Map<string, string[]>([['visits.department', ['Cardiology', 'Dermatology']]]);

const carrierPlan = planner(carrier, carrierValues);
const clinicPlan = planner(clinic, clinicValues);

describe('local analyst: classes of question from the fundraising and restaurant sets', () => {
  it('a yes/no member named after the counted noun filters it ("deliveries were damaged", "visits were walk-ins")', () => {
    const p = carrierPlan('how many deliveries were damaged last month');
    assert.equal(p.source.name, 'deliveries');
    assert.ok(['deliveries.count', 'deliveries.damaged_count'].includes(p.measure.name));
    if (p.measure.name === 'deliveries.count') assert.deepEqual(filters(p), ['damaged = true']);
    const q = clinicPlan('how many visits were walk-ins in 2025');
    assert.ok(['visits.count', 'visits.walk_ins'].includes(q.measure.name));
    if (q.measure.name === 'visits.count') assert.deepEqual(filters(q), ['walk_in = true']);
  });

  it('a measure titled with "%" that the question writes whole is the number, no share of a total ("on-time % by service")', () => {
    const p = carrierPlan('on-time % by service');
    assert.equal(p.measure.name, 'deliveries.on_time_percent');
    assert.equal(p.share, undefined);
    const q = clinicPlan('walk-in % by department');
    assert.equal(q.measure.name, 'visits.walk_in_percent');
    assert.equal(q.share, undefined);
    // A share asked of rows is still a share: no "%" measure is named whole.
    const r = clinicPlan('what % of visits were walk-ins');
    assert.notEqual(r.measure.name, 'visits.walk_in_percent');
    assert.ok(r.share);
  });

  it('"reached" asks for nothing ("% of target reached by service")', () => {
    const p = carrierPlan('% of target reached by service');
    assert.equal(p.measure.name, 'deliveries.percent_of_target');
    assert.equal(p.share, undefined);
  });
});
