// The planner on a share's whole, over a model written here (a swimming club's members): a share word names no
// measure only its description says it of (Lapse rate: "percent of members who have lapsed"), and a segment said
// after "% of our …" narrows the whole, the condition after the verb is the part.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const club: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('members', 'Members', [
      ['count', 'Members', 'number', 'count'],
      ['lapsed', 'Lapsed members', 'number', 'count', { filtered: true }],
      [
        'lapse_rate',
        'Lapse rate',
        'number',
        'number',
        { description: 'Percent of members who have lapsed', ratio: { part: 'lapsed', whole: 'count' } },
      ],
      ['pool', 'Home pool', 'string'],
      ['direct_debit', 'Direct debit', 'boolean', undefined, { description: 'pays the fee by direct debit' }],
      ['current', 'Current members', 'boolean', undefined, { segment: true }],
    ]),
  ],
};

describe("local analyst: a share's whole", () => {
  it('a share word names no measure only its description says it of; a segment after "of our" is the whole', () => {
    const p = planner(club, new Map())('what % of our current members pay by direct debit');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['current = true']);
    assert.deepEqual(
      p.share?.part.map((f) => `${f.field.column} ${f.op} ${f.values.join(',')}`),
      ['direct_debit = true'],
    );
  });

  it('the measure its title names is still the one asked', () => {
    assert.equal(planner(club, new Map())('lapse rate by home pool').measure.column, 'lapse_rate');
  });
});
