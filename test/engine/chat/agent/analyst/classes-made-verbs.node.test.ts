// The planner on "new X" said beside the verb that makes X ("new owners registered since march", "new drivers hired
// in 2024"), over models written here (none of the corpus models' names or values): the date titled by that verb
// (Registered, Hired) is the creation-like one, so "new" is explained by it, as it is when the verb is not said.
// Before, the root of Registered ("register") met no creation event, and "new" was a word the model lacked.
// Domains: a climbing gym's members, a courier firm's drivers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const gym: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('climbers', 'Climbers', [
      ['count', 'Climbers', 'number', 'count'],
      ['registered_at', 'Registered', 'time'],
      ['last_visit', 'Last visit', 'time'],
      ['wall', 'Home wall', 'string'],
    ]),
  ],
};
const gymValues = new Map([['climbers.wall', ['Boulder Barn', 'North Face Loft']]]);

const couriers: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('drivers', 'Drivers', [
      ['count', 'Drivers', 'number', 'count'],
      ['licence_expires', 'Licence expiry', 'time'],
      ['hired_on', 'Hired', 'time'],
      ['depot', 'Depot', 'string'],
    ]),
  ],
};
const courierValues = new Map([['drivers.depot', ['Harbourside', 'Ridgeway']]]);

describe('analyst classes: "new X" beside the verb that makes X', () => {
  it('"new climbers registered since march": the Registered date, "new" explained', () => {
    const plan = planner(gym, gymValues);
    for (const q of ['new climbers registered since march', 'how many new climbers did each wall register in 2025']) {
      const p = plan(q);
      assert.equal(p.measure.name, 'climbers.count', q);
      assert.equal(p.time?.field.name, 'climbers.registered_at', q);
    }
    // Without the verb, as before.
    assert.equal(plan('new climbers since march').time?.field.name, 'climbers.registered_at');
  });

  it('"new drivers hired in 2024": the Hired date, not the first date of the source', () => {
    const plan = planner(couriers, courierValues);
    const p = plan('new drivers hired in 2024 by depot');
    assert.equal(p.measure.name, 'drivers.count');
    assert.equal(p.time?.field.name, 'drivers.hired_on');
    assert.equal(plan('new drivers in 2024').time?.field.name, 'drivers.hired_on');
  });
});
