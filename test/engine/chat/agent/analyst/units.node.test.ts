// Conditions written in another unit than the column's ("a hold longer than 2 minutes" on seconds), time shorthand
// ("yday") and US states by name where a column keeps their codes — planned on a call centre's model written here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline, type Plan } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { Phrases } from '../../../../../src/engine/chat/agent/analyst/phrases.js';
import english from '../../../../../src/engine/chat/agent/analyst/phrases/en.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { columnUnit } from '../../../../../src/engine/chat/agent/analyst/units.js';

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      name: 'calls',
      type: 'cube',
      title: 'Calls',
      members: [
        { name: 'calls.count', title: 'Calls', type: 'number', aggType: 'count' },
        { name: 'calls.average_hold', title: 'Average hold', type: 'number', aggType: 'avg' },
        { name: 'calls.hold_seconds', title: 'Hold', type: 'number' },
        { name: 'calls.handle_time', title: 'Handle time (min)', type: 'number' },
        { name: 'calls.temp_min', title: 'Lowest room temperature', type: 'number' },
        {
          name: 'calls.callback_delay',
          title: 'Callback delay',
          type: 'number',
          description: 'Hours until the callback',
        },
        { name: 'calls.queue_length', title: 'Queue length', type: 'number' },
        { name: 'calls.caller_state', title: 'Caller state', type: 'string' },
        { name: 'calls.agent_city', title: 'Agent city', type: 'string' },
        { name: 'calls.started_at', title: 'Started at', type: 'time' },
      ],
    },
  ],
};
const values = new Map([
  ['calls.caller_state', ['CA', 'TX', 'NY', 'NJ', 'FL', 'WA']],
  ['calls.agent_city', ['New York', 'Austin', 'Tacoma']],
]);
const NOW = Date.UTC(2026, 2, 11, 15); // a Wednesday
const say = new Phrases(english, 'en', 'en-US');
const [calls] = buildCatalog(meta);
const field = (name: string) => calls.fields.find((f) => f.name === name)!;

function plan(question: string): Plan {
  const p = planQuestion(readQuestion(question, NOW), buildCatalog(meta), values, say);
  assert.ok(!isDecline(p), `${question}: ${isDecline(p) ? p.decline : ''}`);
  return p;
}
const where = (p: Plan) => p.filters.map((f) => `${f.field.name} ${f.op} ${f.values.join(',')}`);

describe('local analyst: units of a condition', () => {
  it("reads a number column's unit from its name, a bracketed title or its description; never a name's 'min'", () => {
    assert.equal(columnUnit(field('calls.hold_seconds')), 1);
    assert.equal(columnUnit(field('calls.handle_time')), 60);
    assert.equal(columnUnit(field('calls.callback_delay')), 3600);
    assert.equal(columnUnit(field('calls.temp_min')), undefined);
    assert.equal(columnUnit(field('calls.queue_length')), undefined);
  });

  it('brings a bound in another unit into the column’s', () => {
    assert.deepEqual(where(plan('calls with a hold longer than 2 minutes')), ['calls.hold_seconds > 120']);
    assert.deepEqual(where(plan('calls with a handle time under 1.5 hours')), ['calls.handle_time < 90']);
    assert.deepEqual(where(plan('calls with a callback delay between 30 and 90 mins')), [
      'calls.callback_delay >= 0.5',
      'calls.callback_delay <= 1.5',
    ]);
    assert.deepEqual(where(plan('calls with a hold over 45 seconds')), ['calls.hold_seconds > 45']);
  });

  it('declines a unit on a column whose unit it cannot read, naming the word', () => {
    const p = planQuestion(readQuestion('calls with a queue length over 2 hours', NOW), [calls], values, say);
    assert.ok(isDecline(p));
    assert.match(p.decline, /"hours" maps to nothing/);
  });
});

describe('local analyst: shorthand and plain words', () => {
  it('"yday" is yesterday, "tdy" today; "how long do ppl wait" asks for the measure', () => {
    assert.deepEqual(plan('calls yday').time?.range, { from: '2026-03-10', to: '2026-03-10' });
    assert.deepEqual(plan('calls tdy').time?.range, { from: '2026-03-11', to: '2026-03-11' });
    const wait = plan('how long do ppl hold on average');
    assert.equal(wait.measure.name, 'calls.average_hold');
  });
});

describe('local analyst: US states by name', () => {
  it('names a column of state codes by the states’ names; a value written as it is comes first', () => {
    assert.deepEqual(where(plan('how many calls from California')), ['calls.caller_state = CA']);
    assert.deepEqual(where(plan('calls from new jersey by month')), ['calls.caller_state = NJ']);
    assert.deepEqual(where(plan('calls taken in New York')), ['calls.agent_city = New York']);
  });
});
