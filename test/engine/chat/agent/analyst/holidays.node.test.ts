// Fixed-date holidays and a period's possessive without its apostrophe, as the planner reads them on a model written
// here (a bakery's sales; none of the corpus models'): "on christmas eve 2025" is that day, "new year's day" the last
// one before the question, "last years sales" last year's; a holiday's word inside a value ("Christmas Hamper") or a
// moving holiday stays as written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { holidayDates } from '../../../../../src/engine/chat/agent/analyst/holidays.js';
import { plainWording } from '../../../../../src/engine/chat/agent/analyst/wording.js';
import { filters, planner, view } from './plan-probe.js';

const bakery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sales', 'Bakery sales', [
      ['count', 'Sales', 'number', 'count'],
      ['loaves', 'Loaves sold', 'number', 'sum'],
      ['takings', 'Takings', 'number', 'sum', { description: 'EUR' }],
      ['sold_at', 'Sale time', 'time'],
      ['product', 'Product', 'string'],
    ]),
  ],
};
const values = new Map([['sales.product', ['Sourdough', 'Christmas Hamper', 'Rye']]]);

describe('analyst: holidays and possessives as dates', () => {
  it('writes a fixed-date holiday as its date, only where it names a day', () => {
    assert.equal(holidayDates('loaves sold on christmas eve 2025'), 'loaves sold on december 24 2025');
    assert.equal(holidayDates('takings on Christmas 2024'), 'takings on december 25 2024');
    assert.equal(holidayDates('sales on New Year’s Day'), 'sales on january 1');
    assert.equal(holidayDates('rye sold on the fourth of july 2025'), 'rye sold on july 4 2025');
    assert.equal(holidayDates('takings on halloween'), 'takings on october 31');
    // A value's word, a word before another noun, a holiday whose date moves: as written.
    assert.equal(holidayDates('christmas hamper sales'), 'christmas hamper sales');
    assert.equal(holidayDates('halloween cookies sold'), 'halloween cookies sold');
    assert.equal(holidayDates('takings on black friday'), 'takings on black friday');
  });

  it('reads "last years sales" as last year’s, not "the last years of"', () => {
    assert.equal(plainWording('takings on last years sales'), "takings on last year's sales");
    assert.equal(plainWording('this months takings by product'), "this month's takings by product");
    assert.equal(plainWording('the last years of the lease'), 'the last years of the lease');
  });

  it('plans a holiday as its day, and a possessive period', () => {
    const plan = planner(bakery, values);
    assert.deepEqual(plan('loaves sold on christmas eve 2025').time?.range, { from: '2025-12-24', to: '2025-12-24' });
    assert.deepEqual(plan('takings on new year’s day').time?.range, { from: '2026-01-01', to: '2026-01-01' });
    assert.deepEqual(plan('takings on last years sourdough sales').time?.range, {
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const hamper = plan('takings from christmas hamper sales in december');
    assert.deepEqual(filters(hamper), ['product = Christmas Hamper']);
  });
});
