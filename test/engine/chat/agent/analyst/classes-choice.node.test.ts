// The planner choosing instead of asking (prefer.ts): of several members that could serve, the one the question's own
// words support clearly best, and a question back only when two are supported alike or the question compares them.
// Two models written here, in domains none of the corpus models have: a water utility (`bills`, `service_requests`)
// and a ski resort (`lift_rides`, `lift_stops`); as serviceMeta lists them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const utility: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('bills', 'Bills', [
      ['count', 'Bills', 'number', 'count'],
      ['billed', 'Amount billed', 'number', 'sum', { description: 'USD' }],
      ['overdue_amount', 'Overdue amount', 'number', 'sum', { description: 'USD not paid by the due date' }],
      ['issued_at', 'Issue date', 'time'],
      ['district', 'District', 'string'],
      ['customer', 'Customer', 'string'],
      ['account', 'Account', 'string'],
    ]),
    view('accounts', 'Accounts', [
      ['count', 'Accounts', 'number', 'count'],
      ['customers', 'Customers', 'number', 'count_distinct'],
      ['avg_balance', 'Avg balance', 'number', 'avg', { description: 'USD' }],
      ['account', 'Account', 'string'],
      ['customer', 'Customer', 'string'],
      ['district', 'District', 'string'],
      ['opened_at', 'Opening date', 'time'],
    ]),
    view('service_requests', 'Service requests', [
      ['count', 'Service requests', 'number', 'count'],
      ['approved_count', 'Approved service requests', 'number', 'count'],
      ['credit', 'Credit', 'number', 'sum', { description: 'USD credited to the account' }],
      ['approved_credit', 'Approved credit', 'number', 'sum', { description: 'USD, approved requests only' }],
      ['reason', 'Reason', 'string'],
      ['approved', 'Approved', 'boolean'],
      ['crew', 'Crew', 'string'],
      ['backup_crew', 'Backup crew', 'string'],
      ['opened_at', 'Request date', 'time'],
    ]),
  ],
};
const utilityValues = new Map<string, string[]>([
  ['bills.district', ['Northside', 'Harbour']],
  ['bills.customer', ['Ada Brook', 'Ivo Lund']],
  ['bills.account', ['A-100', 'A-200']],
  ['accounts.district', ['Northside', 'Harbour']],
  ['accounts.customer', ['Ada Brook', 'Ivo Lund']],
  ['service_requests.reason', ['leak', 'meter fault']],
  ['service_requests.crew', ['Delta', 'Echo']],
  ['service_requests.backup_crew', ['Delta', 'Echo']],
]);

const resort: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('lift_stops', 'Lift stops', [
      ['count', 'Lift stops', 'number', 'count'],
      ['mtbf', 'Mean time between failures', 'number', 'avg', { description: 'Hours' }],
      ['longest_stop', 'Longest stop', 'number', 'max', { description: 'Minutes' }],
      ['shortest_stop', 'Shortest stop', 'number', 'min', { description: 'Minutes' }],
      ['average_stop', 'Average stop', 'number', 'avg', { description: 'Minutes' }],
      ['lift', 'Lift', 'string'],
      ['base_station', 'Base station', 'string'],
      ['top_station', 'Top station', 'string'],
      ['stopped_at', 'Stop time', 'time'],
    ]),
    view('instructors', 'Instructors', [
      ['count', 'Instructors', 'number', 'count'],
      ['avg_rating', 'Avg rating', 'number', 'avg'],
      ['instructor', 'Instructor', 'string'],
      ['discipline', 'Discipline', 'string'],
    ]),
  ],
};
const resortValues = new Map<string, string[]>([
  ['lift_stops.lift', ['Eagle', 'Summit Express']],
  ['instructors.instructor', ['Mia Holt', 'Sven Aas']],
  ['instructors.discipline', ['Ski', 'Snowboard']],
]);

const declines = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));

describe('analyst classes: choosing the member the words support', () => {
  const bills = planner(utility, utilityValues);
  const lifts = planner(resort, resortValues);

  it('a measure whose every word the question says, over one that names the rows and leaves a word', () => {
    // Approved service requests has more of the words, but "credit" is Approved credit's.
    const p = bills('approved service request credit by reason');
    assert.equal(p.measure.column, 'approved_credit');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['reason'],
    );
  });

  it('"how much … unpaid on our bills": the amount the word names, the bills being only the rows', () => {
    const p = bills('how much is still overdue on our bills');
    assert.equal(p.measure.column, 'overdue_amount');
    assert.deepEqual(filters(p), []);
  });

  it('initials name a measure over the source count named after "for"', () => {
    assert.equal(lifts('mtbf for eagle lift stops').measure.column, 'mtbf');
  });

  it('of sources that answer alike, the one the question names', () => {
    const p = bills('how many different customers have accounts in harbour');
    assert.equal(p.source.name, 'accounts');
    assert.deepEqual(filters(p), ['district = Harbour']);
  });

  it('a value of two dimensions is the one whose title the question says whole', () => {
    // Backup crew has a word the question does not say ("backup"); Crew has none.
    assert.deepEqual(filters(bills('service requests the delta crew took in 2025')), ['crew = Delta']);
    assert.deepEqual(filters(bills('service requests the delta backup crew took')), ['backup_crew = Delta']);
    assert.ok(declines(utility, utilityValues, 'service requests for delta'));
  });

  it("the source's own noun before the measure names its rows, no breakdown by each one", () => {
    const p = lifts('instructor rating by discipline');
    assert.equal(p.measure.column, 'avg_rating');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['discipline'],
    );
    const q = bills('account balance by district');
    assert.equal(q.measure.column, 'avg_balance');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['district'],
    );
  });

  it('asks back when two readings are supported alike', () => {
    // Base station and Top station: each has a word the question does not say ("base", "top").
    assert.ok(declines(resort, resortValues, 'lift stops by station'));
    assert.equal(lifts('lift stops by base station').groups[0].column, 'base_station');
    // Longest and Shortest stop, with no word of either said: no choice.
    assert.ok(declines(resort, resortValues, 'stop extremes by lift'));
  });

  it('never a measure the aggregation asked contradicts', () => {
    // "total stop" is no Average stop: there is no total of stops to give.
    const p = planQuestion(readQuestion('total stop time by lift', NOW), buildCatalog(resort), resortValues, say);
    assert.ok(isDecline(p) || p.measure.agg !== 'avg');
  });
});
