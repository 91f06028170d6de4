// The planner on what a model's filtered measures keep and on a thing's own columns, over models written here (a
// library's loans, a parking operator's sessions, a repair shop's jobs): a verb and its particle name one date
// ("checked in": Check-in date, not Check-out date); a measure kept to some rows is asked for only with a word of
// what it keeps or of its own ("fees for sessions" is Fees, not Fees of paid sessions); a filtered count named beside
// another measure keeps that measure to its rows ("unique drivers with paid sessions"); the rows' noun alone names no
// segment of them ("sessions" is no Long sessions); and the rows' noun right after a value picks the rows' own column
// ("engine jobs": the job's type, not the mechanic's specialty).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const library: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('loans', 'Loans', [
      ['count', 'Loans', 'number', 'count'],
      ['renewals', 'Renewals', 'number', 'sum'],
      ['check_out', 'Check-out date', 'time'],
      ['check_in', 'Check-in date', 'time'],
      ['branch', 'Branch', 'string'],
    ]),
  ],
};

const kept = (member: string, value: string | boolean) => ({ filtered: true, keeps: [{ member, value }] });
const parking: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('parking', 'Parking', [
      ['count', 'Entries', 'number', 'count'],
      ['paid_sessions', 'Paid sessions', 'number', 'count', kept('status', 'paid')],
      ['fees', 'Fees', 'number', 'sum'],
      ['paid_fees', 'Fees of paid sessions', 'number', 'sum', kept('status', 'paid')],
      ['refunded_fees', 'Fees refunded', 'number', 'sum', kept('status', 'refunded')],
      ['drivers', 'Unique drivers', 'number', 'count_distinct'],
      ['status', 'Status', 'string'],
      ['lot', 'Lot', 'string'],
      ['started_at', 'Start time', 'time'],
      ['long_sessions', 'Long sessions', 'boolean', undefined, { segment: true }],
    ]),
  ],
};
/** The same without its segment. */
const unsegmented: ServiceMetaResult = {
  ...parking,
  cubes: parking.cubes.map((c) => ({ ...c, members: c.members.filter((m) => !m.segment) })),
};
const parkingValues = new Map([
  ['parking.status', ['paid', 'refunded', 'unpaid']],
  ['parking.lot', ['North', 'Harbor']],
]);

const shop: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('workshop', 'Workshop', [
      ['count', 'Jobs', 'number', 'count'],
      ['hours', 'Labour hours', 'number', 'sum'],
      ['work_type', 'Work type', 'string'],
      ['opened_at', 'Opened', 'time'],
      ['mechanics_name', 'Mechanic', 'string'],
      ['mechanics_specialty', 'Specialty', 'string'],
      ['mechanics_hired_at', 'Hired', 'time'],
    ]),
  ],
};
const shopValues = new Map([
  ['workshop.work_type', ['engine', 'brakes', 'tyres']],
  ['workshop.mechanics_specialty', ['engine', 'brakes', 'electrical']],
  ['workshop.mechanics_name', ['Ada Brook', 'Tom Reyes']],
]);

describe('local analyst: what filtered measures keep, and a thing’s own columns', () => {
  it('a verb and its particle name one date: "check-ins", "checked in", "checking out"', () => {
    const ask = planner(library, new Map());
    for (const q of [
      'loans by check-in month in 2025',
      'how many loans were checked in last month',
      'check-ins last month',
    ])
      assert.equal(ask(q).time?.field.column, 'check_in', q);
    for (const q of ['loans checked out last month', 'renewals on loans checking out in 2025'])
      assert.equal(ask(q).time?.field.column, 'check_out', q);
  });

  it('a measure kept to some rows needs a word of what it keeps or of its own; else its unkept twin', () => {
    const ask = planner(unsegmented, parkingValues);
    assert.equal(ask('fees for sessions in 2025 by lot').measure.column, 'fees');
    assert.equal(ask('parking fees for sessions last month').measure.column, 'fees');
    assert.equal(ask('fees of paid sessions in 2025').measure.column, 'paid_fees');
    assert.equal(ask('fees refunded last month').measure.column, 'refunded_fees');
  });

  it('a filtered count named beside another measure keeps that measure to its rows', () => {
    const ask = planner(parking, parkingValues);
    const p = ask('how many unique drivers had paid sessions in 2025');
    assert.equal(p.measure.column, 'drivers');
    assert.deepEqual(filters(p), ['status = paid']);
    assert.deepEqual(filters(ask('unique drivers in 2025')), []);
  });

  it('the rows’ noun alone names no segment of them; the segment’s own word does', () => {
    const ask = planner(parking, parkingValues);
    assert.deepEqual(filters(ask('fees by lot for sessions that started last month')), []);
    assert.deepEqual(filters(ask('fees from long sessions last month')), ['long_sessions = true']);
  });

  it('the rows’ noun right after a value picks the rows’ own column, not a joined one’s', () => {
    const ask = planner(shop, shopValues);
    const p = ask('which mechanic did the most engine jobs in 2025');
    assert.deepEqual(filters(p), ['work_type = engine']);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['mechanics_name'],
    );
    assert.deepEqual(filters(ask('labour hours of engine jobs')), ['work_type = engine']);
  });
});
