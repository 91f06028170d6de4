// The planner on a dimension whose title shares its root with a date's event ("by brewer" beside the Brewed date, "by
// driver" beside Driven), over models written here (none of the corpus models' names or values): the word, as
// written a word of the dimension's title and of no date's, names the dimension. Before, it was read as the event
// ("brew") and explained by the date, and the breakdown was dropped: "batches by brewer" answered the total, a wrong
// answer. Outside a breakdown the word may still be the event. Domains: a brewery's batches, a test-track's laps, a
// boat hire's cancellations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const brewery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('batches', 'Batches', [
      ['count', 'Batches', 'number', 'count'],
      ['litres', 'Litres brewed', 'number', 'sum'],
      ['brewed_at', 'Brewed', 'time'],
      ['brewer', 'Brewer', 'string'],
    ]),
  ],
};
const track: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('laps', 'Laps', [
      ['count', 'Laps', 'number', 'count'],
      ['km', 'Km driven', 'number', 'sum'],
      ['driven_at', 'Driven', 'time'],
      ['driver', 'Test driver', 'string'],
    ]),
  ],
};
const groups = (p: ReturnType<ReturnType<typeof planner>>) => p.groups.map((g) => g.name);

describe('analyst classes: a dimension named like a date\'s event ("by brewer" beside Brewed)', () => {
  it('"batches by brewer", "litres brewed by brewer": by the Brewer', () => {
    const plan = planner(brewery, new Map([['batches.brewer', ['Ines', 'Tomas']]]));
    for (const q of ['batches by brewer', 'litres brewed by brewer', 'which brewer brewed the most litres'])
      assert.deepEqual(groups(plan(q)), ['batches.brewer'], q);
    // The event word is still the date's: "brewed last month".
    const p = plan('batches brewed by Ines last month');
    assert.equal(p.time?.field.name, 'batches.brewed_at');
    assert.equal(p.time?.range?.from, '2025-12-01');
  });

  it('"km driven by driver in 2025": by the Test driver, in the Driven year', () => {
    const plan = planner(track, new Map([['laps.driver', ['Ayla', 'Bruno']]]));
    const p = plan('km driven by driver in 2025');
    assert.deepEqual(groups(p), ['laps.driver']);
    assert.equal(p.measure.name, 'laps.km');
    assert.equal(p.time?.field.name, 'laps.driven_at');
  });

  it('outside a breakdown the word is still the event\'s: "cancellation count last month" beside a Cancellation reason', () => {
    const rentals: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('hires', 'Hires', [
          ['count', 'Hires', 'number', 'count'],
          ['booked_at', 'Booked', 'time'],
          ['cancelled_at', 'Cancelled', 'time'],
          ['reason', 'Cancellation reason', 'string'],
        ]),
      ],
    };
    const plan = planner(rentals, new Map([['hires.reason', ['Weather', 'Illness']]]));
    assert.equal(plan('cancellation count last month').time?.field.name, 'hires.cancelled_at');
    const p = plan('hires cancelled last month by cancellation reason');
    assert.deepEqual(groups(p), ['hires.reason']);
    assert.equal(p.time?.field.name, 'hires.cancelled_at');
  });
});
