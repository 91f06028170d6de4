// The planner on a yes/no member said by its opposite or its doer, over models written here (a choir's rehearsals, a
// library's members, a theatre's shows): "veterans" is Rookie's no, "manual payers" Auto-pay's, also when a view
// names the member with its cube's prefix; "crowd" is attendance, "victory" a win.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const choir: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('rehearsals', 'Rehearsal attendance', [
      ['count', 'Singers present', 'number', 'count'],
      ['minutes', 'Minutes sung', 'number', 'avg'],
      ['singers_rookie', 'Rookie', 'boolean', undefined, { description: 'first year in the choir' }],
      ['section', 'Section', 'string'],
    ]),
  ],
};
const library: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('fines', 'Fines', [
      ['count', 'Fines', 'number', 'count'],
      ['days_to_pay', 'Average days to pay', 'number', 'avg'],
      ['members_auto_pay', 'Auto-pay', 'boolean'],
      ['branch', 'Branch', 'string'],
    ]),
  ],
};
const theatre: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shows', 'Shows', [
      ['count', 'Shows', 'number', 'count'],
      ['avg_attendance', 'Avg attendance', 'number', 'avg'],
      ['win_margin', 'Avg winning margin', 'number', 'avg', { description: 'votes between the winner and the next' }],
      ['stage', 'Stage', 'string'],
    ]),
  ],
};

describe('local analyst: a yes/no member said by its opposite or its doer', () => {
  it('the opposite of a title word is the member, false, also with a view prefix', () => {
    assert.deepEqual(filters(planner(choir, new Map())('avg minutes sung by veterans')), ['singers_rookie = false']);
    assert.deepEqual(filters(planner(choir, new Map())('avg minutes sung by rookies')), ['singers_rookie = true']);
  });

  it('the doer of its verb next to it is explained ("manual payers")', () => {
    const p = planner(library, new Map())('avg days to pay for manual payers');
    assert.equal(p.measure.column, 'days_to_pay');
    assert.deepEqual(filters(p), ['members_auto_pay = false']);
  });

  it('"crowd" is attendance and "victory" a win', () => {
    assert.equal(planner(theatre, new Map())('avg crowd by stage').measure.column, 'avg_attendance');
    assert.equal(planner(theatre, new Map())('avg margin of victory by stage').measure.column, 'win_margin');
  });
});
