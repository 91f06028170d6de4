// The planner on money asked by a verb of money coming in ("which venue earned the most", "which festival raised the
// most money"), also when a segment is named by the same words (Earned money: screenings that grossed anything), over
// a model written here: a film festival's screenings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const festival: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('screenings', 'Screenings', [
      ['count', 'Screenings', 'number', 'count'],
      ['gross', 'Box office', 'number', 'sum', { description: 'ticket money taken at the door, USD' }],
      ['seats', 'Seats filled', 'number', 'sum'],
      ['festival', 'Festival', 'string'],
      ['venue', 'Venue', 'string'],
      [
        'earned',
        'Earned money',
        'boolean',
        undefined,
        { segment: true, description: 'screenings that took any money' },
      ],
      ['shown_at', 'Shown at', 'time'],
    ]),
  ],
};
const values = new Map([
  ['screenings.festival', ['Northlight', 'Dune Days']],
  ['screenings.venue', ['Palace', 'Roxy']],
]);
const plan = planner(festival, values);

describe('local analyst: money asked by a verb of money coming in', () => {
  it('"earned the most" with nothing named after it ranks by the money measure', () => {
    const p = plan('which venue earned the most');
    assert.equal(p.measure.column, 'gross');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['venue'],
    );
    assert.equal(p.order?.dir, 'DESC');
    assert.equal(plan('which festival took in the least').measure.column, 'gross');
  });

  it('the words of a segment asked as an amount are the money measure, and the segment goes', () => {
    const p = plan('which festival earned the most money');
    assert.equal(p.measure.column, 'gross');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['festival'],
    );
    assert.deepEqual(filters(p), []);
    assert.deepEqual(filters(plan('which roxy festival earned the most money')), ['venue = Roxy']);
  });

  it('the segment stays when no amount is asked', () => {
    const p = plan('how many screenings earned money');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['earned = true']);
  });
});
