// The planner on classes of question the digital-marketing held-out set found it wrong or declining on, over a call
// centre's model written here (none of the corpus models' names): a `calls` view of the calls its agents took, with
// the agents' hire date and team beside the call's own time, and an `agents` view; as serviceMeta lists them, and the
// values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';
import { filters, planner, view } from './plan-probe.js';

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('calls', 'Calls', [
      ['count', 'Calls', 'number', 'count'],
      ['revenue', 'Revenue', 'number', 'sum'],
      ['talk_time', 'Talk time', 'number', 'sum'],
      ['aht', 'AHT', 'number', 'avg'],
      ['id', 'Call', 'number'],
      ['called_at', 'Call time', 'time'],
      ['queue', 'Queue', 'string'],
      ['agents_name', 'Agent', 'string'],
      ['agents_team', 'Team', 'string'],
      ['agents_hired_at', 'Hire date', 'time'],
    ]),
    view('agents', 'Agents', [
      ['count', 'Agents', 'number', 'count'],
      ['id', 'Agent ID', 'number'],
      ['name', 'Agent', 'string'],
      ['team', 'Team', 'string'],
      ['hired_at', 'Hire date', 'time'],
    ]),
    view('surveys', 'Surveys', [
      ['count', 'Surveys', 'number', 'count'],
      ['responses', 'Responses', 'number', 'sum'],
      ['closed_at', 'Closed', 'time'],
      ['created_at', 'Created', 'time'],
      ['topic', 'Topic', 'string'],
    ]),
  ],
};
const values = new Map<string, string[]>([
  ['calls.queue', ['Billing', 'Renewals', 'Outages', 'Premium Support Line', 'Monday Morning Rush', 'Data']],
  ['calls.agents_name', ['Mia Holt', 'Omar Diaz']],
  ['calls.agents_team', ['Sales', 'Support', 'Monday Morning Crew']],
  ['agents.name', ['Mia Holt', 'Omar Diaz']],
  ['agents.team', ['Sales', 'Support']],
]);

const plan = planner(meta, values);

describe('local analyst: classes of question from the digital-marketing set', () => {
  it('a word writing a measure\'s title is the measure, not a value it meets through a synonym ("revenue" ≠ Sales)', () => {
    const p = plan('revenue in 2025');
    assert.equal(p.measure.name, 'calls.revenue');
    assert.deepEqual(filters(p), []);
    const q = plan('revenue from the billing queue last month');
    assert.equal(q.measure.name, 'calls.revenue');
    assert.deepEqual(filters(q), ['queue = Billing']);
  });

  it('a value spelled as the word stays a value beside a measure ("sales team calls")', () => {
    const p = plan('how many calls did the sales team take');
    assert.equal(p.measure.name, 'calls.count');
    assert.deepEqual(filters(p), ['agents_team = Sales']);
  });

  it('a view\'s joined-cube prefix names the entity, not the event of its date ("which agent" is no Hire date)', () => {
    const p = plan('which agent had the most calls last month');
    assert.equal(p.source.name, 'calls');
    assert.deepEqual(
      p.groups.map((g) => g.name),
      ['calls.agents_name'],
    );
    assert.equal(p.time?.field.name, 'calls.called_at');
    const q = plan('talk time of agents hired in 2024');
    assert.equal(q.time?.field.name, 'calls.agents_hired_at');
  });

  it('common verbs ask for nothing ("did billing drive", "best performing queue")', () => {
    const p = plan('how much revenue did billing drive in 2025');
    assert.equal(p.measure.name, 'calls.revenue');
    assert.deepEqual(filters(p), ['queue = Billing']);
    const q = plan('best performing queue by talk time');
    assert.equal(q.measure.name, 'calls.talk_time');
    assert.deepEqual(
      q.groups.map((g) => g.name),
      ['calls.queue'],
    );
  });

  it('a verb of creating that names no date picks the creation-like one ("surveys we launched": Created)', () => {
    const p = plan('how many surveys did we launch in 2025');
    assert.equal(p.measure.name, 'surveys.count');
    assert.equal(p.time?.field.name, 'surveys.created_at');
    assert.equal(plan('surveys launched last month').time?.field.name, 'surveys.created_at');
  });

  it('a word cut short is the one word it begins ("reven by queue": Revenue)', () => {
    assert.equal(plan('reven by queue').measure.name, 'calls.revenue');
    assert.equal(plan('resps by topic').measure.name, 'surveys.responses');
  });

  it('words spelling an acronym title name it ("average handle time": AHT)', () => {
    const p = plan('average handle time by team');
    assert.equal(p.measure.name, 'calls.aht');
    assert.deepEqual(
      p.groups.map((g) => g.name),
      ['calls.agents_team'],
    );
  });

  it('two words or more of one value only name it ("the premium support queue": Premium Support Line)', () => {
    assert.deepEqual(filters(plan('talk time on the premium support queue')), ['queue = Premium Support Line']);
  });

  it("a weekday in a value's words is the value's, and of two values the one the next word names", () => {
    const p = plan('talk time of the monday morning queue');
    assert.deepEqual(filters(p), ['queue = Monday Morning Rush']);
    assert.equal(p.time?.weekdays, undefined);
  });

  it('a common word ending the question after a preposition is the value written so ("went to data")', () => {
    assert.match(toSql(plan('what share of talk time went to data')), /"queue" = 'Data'/);
  });
});
