// The planner on values named in the user's shortened words, over models written here (none of the corpus models'
// names or values): a value by the start of each of its words ("highland res station"), by its distinctive words
// and its number ("amber 12" for Amber No. 12) — only when exactly one value fits —, a reason's value ending a clause
// from "because" ("because the chair had a power failure"), a verb labelling rows with a value ("flagged as
// maintenance"), a verb making or passing on rows before a value ("assigned to the upper bowl"), and a verb carrying
// a yes/no member's state ("shifts clocked in late").
// Domains: a seed bank's germination trials, a ski resort's lift closures and patrol shifts, a company's spend.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const seeds: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('trials', 'Germination trials', [
      ['count', 'Trays', 'number', 'count'],
      ['germination', 'Average germination', 'number', 'avg', { description: 'percent of seeds sprouted' }],
      ['sown_at', 'Sowing date', 'time'],
      ['site', 'Site', 'string'],
      ['seed_line', 'Seed line', 'string'],
    ]),
  ],
};
const seedValues = new Map<string, string[]>([
  ['trials.site', ['Highland Research Station', 'Coastal Plot', 'Valley Greenhouse', 'Valley Greenhall']],
  ['trials.seed_line', ['Amber No. 12', 'Amber No. 7', 'Ruby No. 12', 'Jade', 'No. 31']],
]);

const resort: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('closures', 'Lift closures', [
      ['count', 'Closures', 'number', 'count'],
      ['minutes', 'Minutes closed', 'number', 'sum'],
      ['closed_at', 'Closure date', 'time'],
      ['lift', 'Lift', 'string'],
      ['reason', 'Reason', 'string'],
    ]),
    view('shifts', 'Patrol shifts', [
      ['count', 'Shifts', 'number', 'count'],
      ['hours', 'Hours worked', 'number', 'sum'],
      ['started_at', 'Shift date', 'time'],
      ['overtime', 'Overtime', 'boolean'],
      ['late', 'Late', 'boolean'],
      ['in_storm', 'During a storm', 'boolean'],
      ['zone', 'Zone', 'string'],
    ]),
  ],
};
const resortValues = new Map<string, string[]>([
  ['closures.lift', ['Summit Express No. 4', 'Eagle Ridge Chair', 'Pine Glade Tow']],
  ['closures.reason', ['Wind', 'Power failure', 'Maintenance']],
  ['shifts.zone', ['Upper bowl', 'Lower slopes']],
]);

const ask = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);

describe('local analyst: values in the user\u2019s shortened words', () => {
  const plan = planner(seeds, seedValues);

  it('a value by the start of each of its words', () => {
    assert.deepEqual(filters(plan('average germination at the highland res station')), [
      'site = Highland Research Station',
    ]);
    assert.deepEqual(filters(plan('avg germination at the coast plot in 2025')), ['site = Coastal Plot']);
    assert.deepEqual(filters(plan('avg germination at the valley grnhse')), ['site = Valley Greenhouse']);
    assert.deepEqual(filters(planner(resort, resortValues)('minutes closed on the eagle ridge chr')), [
      'lift = Eagle Ridge Chair',
    ]);
  });

  it('a value by its distinctive words and its number', () => {
    assert.deepEqual(filters(plan('average germination of amber 12')), ['seed_line = Amber No. 12']);
    // A number alone after a word naming the dimension: the value that is "No." and that number.
    assert.deepEqual(filters(plan('average germination of line 31 in 2025')), ['seed_line = No. 31']);
    assert.deepEqual(filters(planner(resort, resortValues)('closures of summit express 4 last month')), [
      'lift = Summit Express No. 4',
    ]);
  });

  it('one word shortened next to the word naming its dimension ("department mfg", "the mktg department")', () => {
    const spend: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('spend', 'Spend', [
          ['count', 'Purchases', 'number', 'count'],
          ['amount', 'Amount spent', 'number', 'sum'],
          ['bought_at', 'Purchase date', 'time'],
          ['department', 'Department', 'string'],
          ['category', 'Category', 'string'],
        ]),
      ],
    };
    const values = new Map([
      ['spend.department', ['Marketing', 'Manufacturing', 'Legal']],
      ['spend.category', ['Electronics', 'Electricity', 'Furniture']],
    ]);
    const p = planner(spend, values);
    assert.deepEqual(filters(p('amount spent in department mfg')), ['department = Manufacturing']);
    assert.deepEqual(filters(p('amount spent by the mktg department')), ['department = Marketing']);
    assert.deepEqual(filters(p('purchases in category furn last year')), ['category = Furniture']);
    assert.ok(isDecline(ask(spend, values, 'amount spent in category elec'))); // Electronics or Electricity
    assert.ok(isDecline(ask(spend, values, 'amount spent on the furn category'))); // an adjective's place
  });

  it('no value is taken when two fit, or when a number differs', () => {
    assert.ok(isDecline(ask(seeds, seedValues, 'average germination at valley green')));
    assert.ok(isDecline(ask(seeds, seedValues, 'average germination of amber 13')));
  });

  it('a reason ending a clause from "because" is that reason', () => {
    const p = planner(resort, resortValues);
    assert.deepEqual(filters(p('how many closures were because the chair had a power failure')), [
      'reason = Power failure',
    ]);
    assert.deepEqual(filters(p('minutes closed because of wind in 2025')), ['reason = Wind']);
    assert.deepEqual(filters(p('how many closures were due to maintenance')), ['reason = Maintenance']);
  });

  it('a verb labelling the rows with a value is that value ("marked urgent", "flagged as")', () => {
    assert.deepEqual(filters(planner(resort, resortValues)('closures flagged as maintenance last month')), [
      'reason = Maintenance',
    ]);
    assert.deepEqual(filters(plan('avg germination of trays labelled jade')), ['seed_line = Jade']);
    assert.deepEqual(filters(plan('how many trays were marked amber 12')), ['seed_line = Amber No. 12']);
    assert.deepEqual(filters(planner(resort, resortValues)('how many closures turned out to be wind')), [
      'reason = Wind',
    ]);
  });

  it('a verb making or passing on the rows, then a preposition, before a value ("filed over the phone")', () => {
    assert.deepEqual(filters(planner(resort, resortValues)('hours worked on shifts assigned to the upper bowl')), [
      'zone = Upper bowl',
    ]);
    assert.deepEqual(filters(plan('how many trays were registered at the coastal plot')), ['site = Coastal Plot']);
  });

  it('a verb carrying a yes/no member\u2019s state is let go ("shifts clocked in late")', () => {
    const p = planner(resort, resortValues)('how many shifts clocked in late last month');
    assert.equal(p.measure.name, 'shifts.count');
    assert.deepEqual(filters(p), ['late = true']);
    assert.deepEqual(filters(planner(resort, resortValues)('hours worked on shifts that checked in late')), [
      'late = true',
    ]);
    // A preposition naming a yes/no member carries no verb: the evacuating is a condition the model lacks.
    assert.ok(isDecline(ask(resort, resortValues, 'how many shifts were evacuated during a storm')));
  });
});
