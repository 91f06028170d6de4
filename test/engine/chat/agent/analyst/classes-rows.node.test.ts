// The planner on classes of question the public-transit held-out set found it answering wrongly, over models written
// here (none of the corpus models' names or values): a courier's deliveries and a clinical lab's tests, each with
// several counts (one of all rows, others filtered in the model), a segment titled with the rows' noun and a yes/no
// column a filtered count is titled by.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const courier: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('dispatch', 'Dispatch', [
      ['count', 'Scheduled deliveries', 'number', 'count'],
      ['completed', 'Completed deliveries', 'number', 'count', { filtered: true }],
      ['failed', 'Failed deliveries', 'number', 'count', { filtered: true }],
      ['signed_count', 'Signed deliveries', 'number', 'count', { filtered: true }],
      ['late', 'Late deliveries', 'boolean', undefined, { segment: true }],
      ['signed', 'Signed', 'boolean'],
      ['depots_region', 'Region', 'string'],
      ['van', 'Van', 'string'],
      ['due_at', 'Due time', 'time'],
    ]),
  ],
};
const courierValues = new Map([
  ['dispatch.depots_region', ['Coastal', 'Inland']],
  ['dispatch.van', ['V1', 'V2']],
]);

const lab: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('lab_orders', 'Lab work', [
      ['count', 'Tests ordered', 'number', 'count'],
      ['repeated', 'Repeated tests', 'number', 'count', { filtered: true }],
      ['reviewed_count', 'Reviewed tests', 'number', 'count', { filtered: true }],
      ['urgent', 'Urgent tests', 'boolean', undefined, { segment: true }],
      ['reviewed', 'Reviewed', 'boolean'],
      ['ward', 'Ward', 'string'],
      ['panel', 'Panel', 'string'],
      ['ordered_at', 'Order time', 'time'],
    ]),
  ],
};
const labValues = new Map([
  ['lab_orders.ward', ['Cardiology', 'Oncology']],
  ['lab_orders.panel', ['Lipids', 'Thyroid']],
]);

const courierPlan = planner(courier, courierValues);
const labPlan = planner(lab, labValues);

describe('local analyst: classes of question from the public-transit set (rows, segments, negations)', () => {
  it('a segment is named by its own word, not by the rows\' noun it shares with the counts ("number of X by Y")', () => {
    const p = courierPlan('number of deliveries by region');
    assert.deepEqual(filters(p), []);
    const q = labPlan('number of tests by ward');
    assert.deepEqual(filters(q), []);
  });

  it('"late X by Y": the segment named before the rows\' noun, over the count of all rows', () => {
    const p = courierPlan('late deliveries by region');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['late = true']);
    const q = labPlan('urgent tests by ward');
    assert.equal(q.measure.column, 'count');
    assert.deepEqual(filters(q), ['urgent = true']);
  });

  it('"unsigned", "unreviewed": the yes/no column false, never the count of the positive', () => {
    const p = courierPlan('unsigned deliveries in coastal');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['depots_region = Coastal', 'signed = false']);
    const q = labPlan('unreviewed tests on oncology');
    assert.equal(q.measure.column, 'count');
    assert.deepEqual(filters(q), ['reviewed = false', 'ward = Oncology']);
  });

  it('a negated word naming only a filtered count (no yes/no column) declines', () => {
    const meta = {
      ...lab,
      cubes: [{ ...lab.cubes[0], members: lab.cubes[0].members.filter((m) => m.type !== 'boolean') }],
    };
    const p = planQuestion(readQuestion('unrepeated tests by ward', NOW), buildCatalog(meta), labValues, say);
    assert.ok(isDecline(p));
  });

  it('"how many X had at least one Y": the distinct count of X over the rows Y keeps, one number', () => {
    const p = courierPlan('how many vans had at least one signed delivery in december');
    assert.equal(p.measure.distinctOf, 'van');
    assert.deepEqual(filters(p), ['signed = true']);
    assert.deepEqual(p.groups, []);
    const q = labPlan('how many wards had at least one urgent test last month');
    assert.equal(q.measure.distinctOf, 'ward');
    assert.deepEqual(filters(q), ['urgent = true']);
    // A count filtered in a way serviceMeta does not spell out cannot be kept: no answer without its filter.
    const r = planQuestion(
      readQuestion('how many vans had at least one failed delivery', NOW),
      buildCatalog(courier),
      courierValues,
      say,
    );
    assert.ok(isDecline(r));
  });
});
