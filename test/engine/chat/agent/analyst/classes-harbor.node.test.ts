// The planner on classes of question the held-out sets of a construction contractor and of climate records found it
// answering wrongly on, over models written here (none of the corpus models' names or values): a shipyard's repair
// jobs, an online course's enrollments, a parcel carrier's shipments and a call centre's calls.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const shipyard: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('repairs', 'Dock repairs', [
      ['count', 'Repairs', 'number', 'count'],
      ['cost', 'Repair cost', 'number', 'sum', { description: 'EUR' }],
      ['scheduled_start', 'Scheduled start', 'time'],
      ['scheduled_finish', 'Scheduled finish', 'time'],
      ['completed_on', 'Completed on', 'time', undefined, { description: 'empty until the repair is done' }],
      ['status', 'Status', 'string', undefined, { description: 'booked, underway or done' }],
    ]),
  ],
};
const courses: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('enrollments', 'Course enrollments', [
      ['count', 'Enrollments', 'number', 'count'],
      ['enrolled_at', 'Enrollment date', 'time'],
      ['planned_end', 'Planned end', 'time'],
      ['completion_date', 'Completion date', 'time'],
      ['track', 'Track', 'string'],
    ]),
  ],
};

describe('analyst classes (harbor): a verb of ending names the date a thing was done, not when it was planned to end', () => {
  it('"did we finish" is the completion date, not a planned or scheduled end', () => {
    const a = planner(
      shipyard,
      new Map([['repairs.status', ['booked', 'underway', 'done']]]),
    )('how many repairs did we finish in 2025');
    assert.equal(a.time?.field.column, 'completed_on');
    const b = planner(courses, new Map())('how many enrollments were finished in 2024');
    assert.equal(b.time?.field.column, 'completion_date');
    const c = planner(courses, new Map())('enrollments finished last month');
    assert.equal(c.time?.field.column, 'completion_date');
  });
});

const parcels: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shipments', 'Shipments', [
      ['count', 'Shipments sent', 'number', 'count'],
      ['heavy', 'Shipments over 30 kg', 'number', 'count', { filtered: true }],
      ['weight', 'Weight (kg)', 'number'],
      ['shipped_at', 'Ship date', 'time'],
    ]),
  ],
};
const calls: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('calls', 'Support calls', [
      ['count', 'Calls taken', 'number', 'count'],
      ['long_calls', 'Calls above 600 seconds', 'number', 'count', { filtered: true }],
      ['seconds', 'Duration (seconds)', 'number'],
      ['answered_at', 'Answered at', 'time'],
    ]),
  ],
};

describe('analyst classes (harbor): a share whose part restates a filtered count is of all the rows', () => {
  it('the whole is the plain count, the part the bound', () => {
    const a = planner(parcels, new Map())('what pct of shipments since jan 2024 were over 30 kg');
    assert.equal(a.measure.name, 'shipments.count');
    assert.deepEqual(
      a.share?.part?.map((f) => `${f.field.column} ${f.op} ${f.values.join(',')}`),
      ['weight > 30'],
    );
    const b = planner(calls, new Map())('what % of calls were above 600 seconds');
    assert.equal(b.measure.name, 'calls.count');
    assert.deepEqual(filters(b), []);
    assert.deepEqual(
      b.share?.part?.map((f) => `${f.field.column} ${f.op} ${f.values.join(',')}`),
      ['seconds > 600'],
    );
  });
});

const funds: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('funds', 'Fund returns', [
      ['count', 'Fund years', 'number', 'count'],
      [
        'excess',
        'Excess return (points)',
        'number',
        undefined,
        { description: 'percentage points relative to the benchmark' },
      ],
      ['beat', 'Ahead of the benchmark', 'boolean'],
      ['year', 'Year', 'number'],
    ]),
  ],
};
const wards: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shifts', 'Ward shifts', [
      ['count', 'Shifts', 'number', 'count'],
      ['overtime', 'Overtime (hours)', 'number', undefined, { description: 'hours worked past the rota' }],
      ['late', 'Ran past the rota', 'boolean'],
      ['started_at', 'Shift start', 'time'],
    ]),
  ],
};

describe('analyst classes (harbor): "above the X" after a bound is the bound\'s zero, no flag of its own', () => {
  it('the bound alone, no boolean for the reference', () => {
    const a = planner(funds, new Map())('how many fund years were more than 2 points above the benchmark');
    assert.deepEqual(filters(a), ['excess > 2']);
    const b = planner(wards, new Map())('how many shifts in 2025 were more than 3 hours over the rota');
    assert.deepEqual(filters(b), ['overtime > 3']);
  });
});
