// The planner on a whole number written right after the word of a number column that labels rows ("pupils in
// district 7", "picks in aisle 12"): that column's value, not a measure made of the column, whether the column is a
// plain number or kept as an id; a bound written on such a number ("district 7 or above") stays a bound, and a code
// column's number ("school no 0042") is read as before. Domains: a school district's enrolment, a warehouse's picks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const schools: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('enrolment', 'Enrolment', [
      ['count', 'Pupils', 'number', 'count'],
      ['avg_age', 'Average age', 'number', 'avg'],
      ['oldest', 'Oldest pupil age', 'number', 'max'],
      ['enrolled_at', 'Enrolment date', 'time'],
      ['district', 'District', 'number'],
      ['age', 'Age', 'number'],
      ['school_no', 'School number', 'number'],
      ['school', 'School', 'string'],
    ]),
  ],
};
const schoolValues = new Map([['enrolment.school', ['Hillcrest Primary', 'Riverside Academy']]]);

const warehouse: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('picks', 'Order picks', [
      ['count', 'Picks', 'number', 'count'],
      ['units', 'Units picked', 'number', 'sum'],
      ['avg_seconds', 'Average seconds per pick', 'number', 'avg'],
      ['picked_at', 'Pick time', 'time'],
      ['aisle_id', 'Aisle', 'number', undefined, { description: 'aisle of the shelf, 1 to 40' }],
      ['picker', 'Picker', 'string'],
    ]),
  ],
};

describe('local analyst: a whole number after the word of a number column that labels rows', () => {
  const school = planner(schools, schoolValues);
  const picks = planner(warehouse, new Map([['picks.picker', ['Dana Reyes', 'Lee Park']]]));

  it('is that column’s value, the count or measure asked staying the measure', () => {
    const p = school('how many pupils are in district 7');
    assert.equal(p.measure.title, 'Pupils');
    assert.deepEqual(filters(p), ['district = 7']);
    assert.deepEqual(filters(school('average age of pupils enrolled in district 12 last year')), ['district = 12']);
    const q = picks('units picked in aisle 3 last month');
    assert.equal(q.measure.title, 'Units picked');
    assert.deepEqual(filters(q), ['aisle_id = 3']); // an id column titled as a label
    assert.deepEqual(filters(picks('how many picks in aisle 14 by picker')), ['aisle_id = 14']);
  });

  it('a bound written on the number stays a bound; a code column’s number is read as before', () => {
    assert.deepEqual(filters(school('how many pupils in district 7 or above')), ['district >= 7']);
    assert.deepEqual(filters(school('pupils at school no 0042')), ['school_no = 42']);
  });
});
