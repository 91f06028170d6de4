// The planner on two measures compared where the words around "vs" name more than two alike ("flour vs butter cost on
// production": Flour cost, Butter cost and Production cost all say "cost"), or name one side better than the other ("fines vs
// membership fees": Membership fees by two words, Fines collected by one, and a revenue measure whose description
// says "fines"), over models written here (none of the corpus models' names or values). Each side of "vs" names its
// measure by words of its own; before, the planner asked which of the three (or all the named) measures was meant.
// Domains: a bakery's costs, a library's income.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, planner, view } from './plan-probe.js';

const bakery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('batches', 'Production', [
      ['count', 'Batches', 'number', 'count'],
      ['flour_cost', 'Flour cost', 'number', 'sum'],
      ['butter_cost', 'Butter cost', 'number', 'sum'],
      ['production_cost', 'Production cost', 'number', 'sum'],
      ['baked_at', 'Baked', 'time'],
      ['oven', 'Oven', 'string'],
    ]),
  ],
};
const bakeryValues = new Map([['batches.oven', ['Deck oven', 'Rack oven']]]);

const library: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('payments', 'Payments', [
      ['count', 'Payments', 'number', 'count'],
      ['fines', 'Fines collected', 'number', 'sum'],
      ['fees', 'Membership fees', 'number', 'sum'],
      ['avg_fine', 'Avg fine', 'number', 'avg'],
      ['income', 'Income', 'number', 'sum', { description: 'fines plus membership fees' }],
      ['paid_at', 'Paid', 'time'],
      ['branch', 'Branch', 'string'],
    ]),
  ],
};
const libraryValues = new Map([['payments.branch', ['Eastgate', 'Millbrook']]]);

const sides = (p: ReturnType<ReturnType<typeof planner>>) => p.compare?.map((s) => s.measure?.name);

describe('analyst classes: two measures compared, the words around "vs" naming more than two', () => {
  it('"flour vs butter cost": the measure each side names by its own word, in the question\'s order', () => {
    const plan = planner(bakery, bakeryValues);
    // "cost on production" names Production cost as well as the two sides do.
    const last = plan('flour vs butter cost on production last year');
    assert.deepEqual(sides(last), ['batches.flour_cost', 'batches.butter_cost']);
    assert.equal(last.time?.field.name, 'batches.baked_at');
    assert.deepEqual(sides(plan('butter versus flour cost in production')), [
      'batches.butter_cost',
      'batches.flour_cost',
    ]);
    const p = plan('flour vs butter cost on production in the deck oven');
    assert.deepEqual(sides(p), ['batches.flour_cost', 'batches.butter_cost']);
    assert.deepEqual(
      p.filters.map((f) => f.values),
      [['Deck oven']],
    );
    // Written whole, as before.
    assert.deepEqual(sides(plan('flour cost vs butter cost')), ['batches.flour_cost', 'batches.butter_cost']);
  });

  it('"fines vs membership fees": the side named by one word keeps its title\'s measure, not one its description names', () => {
    const plan = planner(library, libraryValues);
    assert.deepEqual(sides(plan('fines vs membership fees in 2025')), ['payments.fines', 'payments.fees']);
    assert.deepEqual(sides(plan('membership fees vs fines at eastgate')), ['payments.fees', 'payments.fines']);
  });

  it('a side no measure names is still asked about', () => {
    assert.match(declineOf(bakery, 'flour vs sugar cost', bakeryValues) ?? '', /sugar/i);
  });
});
