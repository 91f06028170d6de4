// The planner on how a question asks its rows sorted ("biggest first", "largest to smallest", "from low to high", "in
// descending order"), over a model written here (none of the corpus models' names or values): the breakdown ordered
// that way, the measure the one the question names. Before, "first" and "descending order" were words the model
// lacked, and "largest to smallest" was read as the largest value (a MAX of the column): a wrong answer.
// Domain: a brewery's batches.
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
      ['avg_abv', 'Avg ABV', 'number', 'avg'],
      ['volume', 'Volume (l)', 'number'],
      ['brewed_at', 'Brewed', 'time'],
      ['taproom', 'Taproom', 'string'],
      ['style', 'Style', 'string'],
    ]),
  ],
};
const values = new Map([
  ['batches.taproom', ['Dockside', 'Old Mill']],
  ['batches.style', ['Porter', 'Saison']],
]);
const plan = planner(brewery, values);

describe('analyst classes: the order a question asks, in words that name no quantity', () => {
  it('"biggest first", "largest to smallest", "in descending order": the breakdown highest first', () => {
    for (const q of [
      'litres brewed by taproom, biggest first',
      'litres brewed by taproom, largest to smallest',
      'litres brewed by taproom in descending order',
      'litres brewed by taproom sorted high to low',
    ]) {
      const p = plan(q);
      assert.equal(p.measure.name, 'batches.litres', q);
      assert.deepEqual(
        p.groups.map((g) => g.name),
        ['batches.taproom'],
        q,
      );
      assert.deepEqual(p.order, { dir: 'DESC' }, q);
    }
  });

  it('"fewest first", "from low to high", "ascending": lowest first', () => {
    for (const q of [
      'batches by style, fewest first',
      'avg abv by style from low to high',
      'batches by taproom ascending',
    ]) {
      const p = plan(q);
      assert.deepEqual(p.order, { dir: 'ASC' }, q);
    }
  });

  it('periods too: "litres brewed by month in 2025, highest first" ranks the months', () => {
    const p = plan('litres brewed by month in 2025, highest first');
    assert.equal(p.time?.grain, 'month');
    assert.deepEqual(p.order, { dir: 'DESC' });
  });
});
