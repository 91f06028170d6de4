// The planner on a change between two periods asked in words ("yoy change in loans, 2023 vs 2024", "the difference
// in output between 2019 and 2020"): the two periods compared, whose answer gives both values, their difference and
// its percent, where it had declined on "change" or "difference" as a number the model lacks. Domains: a public
// library's loans, a brewery's output.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { planner, view } from './plan-probe.js';

const library: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('loans', 'Library loans', [
      ['count', 'Loans', 'number', 'count'],
      ['late_fees', 'Late fees', 'number', 'sum'],
      ['loaned_at', 'Loan date', 'time'],
      ['branch', 'Branch', 'string'],
    ]),
  ],
};
const brewery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('batches', 'Brewing batches', [
      ['count', 'Batches', 'number', 'count'],
      ['litres', 'Output (litres)', 'number', 'sum'],
      ['brewed_on', 'Brew date', 'time'],
      ['style', 'Beer style', 'string'],
    ]),
  ],
};
const sides = (p: ReturnType<ReturnType<typeof planner>>) => p.compare?.map((s) => s.range);
const year = (n: number) => ({ from: `${n}-01-01`, to: `${n}-12-31` });

describe('local analyst: a change between two periods', () => {
  it('compares the two periods the change is asked between', () => {
    const loans = planner(library, new Map([['loans.branch', ['Central', 'Riverside']]]));
    const yoy = loans('yoy change in late fees, 2023 vs 2024');
    assert.equal(yoy.measure.title, 'Late fees');
    assert.deepEqual(sides(yoy), [year(2023), year(2024)]);
    assert.deepEqual(sides(loans('change in loans at riverside from 2023 to 2024')), [year(2023), year(2024)]);
    const beer = planner(brewery, new Map([['batches.style', ['Stout', 'Pale ale']]]));
    const diff = beer('difference in output between 2019 and 2020');
    assert.equal(diff.measure.title, 'Output (litres)');
    assert.deepEqual(sides(diff), [year(2019), year(2020)]);
    assert.deepEqual(sides(beer('growth in stout batches from 2019 to 2020')), [year(2019), year(2020)]);
  });
});
