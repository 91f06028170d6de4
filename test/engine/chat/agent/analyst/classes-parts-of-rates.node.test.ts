// The planner on classes of the pharmacy, solar and container-port held-out sets (wrong answers there), over models
// written here in other domains (a city's noise complaints, a shop's online orders, a locksmith's lock-outs, driving
// tests, a club's memberships, water meters): a value of the breakdown's own dimension whose words name the source is
// the data's name ("noise complaints by source"), no filter; a filter restating what a rate's part counts ("return to
// stock rate": Returned to stock of Orders) is the part's name, no filter making every rate 100%; "how many lock-outs
// are still open" is Open lock-outs, a hyphenated noun included; "failed tests" is the count of Passed false; in a
// share, the event a verb puts on the part ("ended up lapsed") does not date the whole ("2025 memberships"); and a
// grain adjective is an average's title word only where the question asks for an average ("daily gallons" by day).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const complaints: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('complaints', 'Noise complaints', [
      ['count', 'Complaints', 'number', 'count'],
      ['source', 'Source', 'string'],
      ['district', 'District', 'string'],
      ['logged_at', 'Logged', 'time'],
    ]),
  ],
};

const orders: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('orders', 'Online orders', [
      ['count', 'Orders', 'number', 'count'],
      [
        'rts',
        'Returned to stock',
        'number',
        'count',
        { filtered: true, keeps: [{ member: 'status', value: 'returned to stock' }] },
      ],
      [
        'rts_rate',
        'RTS rate',
        'number',
        'number',
        { description: '% of orders', ratio: { part: 'rts', whole: 'count' } },
      ],
      ['status', 'Status', 'string'],
      ['warehouse', 'Warehouse', 'string'],
    ]),
  ],
};

const lockouts: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('lockouts', 'Lock-outs', [
      ['count', 'Lock-outs', 'number', 'count'],
      ['open', 'Open lock-outs', 'number', 'count', { filtered: true }],
      ['reported_at', 'Reported', 'time'],
    ]),
  ],
};

const tests: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tests', 'Driving tests', [
      ['count', 'Tests', 'number', 'count'],
      ['failed', 'Failed tests', 'number', 'count', { filtered: true, keeps: [{ member: 'passed', value: false }] }],
      ['passed', 'Passed', 'boolean'],
      ['examiner', 'Examiner', 'string'],
      ['taken_at', 'Exam date', 'time'],
    ]),
  ],
};

const memberships: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('memberships', 'Memberships', [
      ['count', 'Memberships', 'number', 'count'],
      ['status', 'Status', 'string'],
      ['joined_at', 'Join date', 'time'],
      ['lapsed_at', 'Lapse date', 'time'],
    ]),
  ],
};

const meters: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('meters', 'Water meters', [
      ['gallons', 'Gallons used', 'number', 'sum'],
      ['avg_daily', 'Avg daily gallons per home', 'number', 'avg'],
      ['read_at', 'Reading date', 'time'],
    ]),
  ],
};

describe('analyst classes: parts of rates, states and dates', () => {
  it('reads a value of the breakdown’s own dimension that names the source as the data, no filter', () => {
    const p = planner(
      complaints,
      new Map([['complaints.source', ['Noise', 'Police', 'App']]]),
    )('noise complaints by source in 2025');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['source'],
    );
  });

  it('drops a filter that restates the part a rate counts', () => {
    const values = new Map([
      ['orders.status', ['shipped', 'returned to stock', 'cancelled']],
      ['orders.warehouse', ['Leeds', 'York']],
    ]);
    const p = planner(orders, values)('return to stock rate by warehouse');
    assert.equal(p.measure.column, 'rts_rate');
    assert.deepEqual(filters(p), []);
  });

  it('reads "are still open" after a hyphenated counted noun as the open count', () => {
    assert.equal(planner(lockouts, new Map())('how many lock-outs are still open').measure.column, 'open');
  });

  it('reads "failed" as the count of a yes/no member kept false', () => {
    const p = planner(tests, new Map([['tests.examiner', ['Ng', 'Ruiz']]]))('failed tests by examiner last year');
    // Failed tests, or Tests where Passed is false: the same rows.
    assert.ok(p.measure.column === 'failed' || filters(p).includes('passed = false'), filters(p).join());
  });

  it('dates the whole of a share by its rows’ own date, not by the event of its part', () => {
    const values = new Map([['memberships.status', ['active', 'lapsed']]]);
    const p = planner(memberships, values)('what % of 2025 memberships ended up lapsed');
    assert.equal(p.time?.field.column, 'joined_at');
  });

  it('reads a grain adjective as an average’s title word only where an average is asked', () => {
    const ask = planner(meters, new Map());
    const daily = ask('daily gallons in 2025');
    assert.equal(daily.measure.column, 'gallons');
    assert.equal(daily.time?.grain, 'day');
    assert.equal(ask('avg daily gallons in 2025').measure.column, 'avg_daily');
  });
});
