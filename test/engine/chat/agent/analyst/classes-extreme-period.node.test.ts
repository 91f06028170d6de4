// The planner on "which year was the sweetest": with no ranking word, a superlative naming a measure of an extreme
// (Sweetest harvest, a maximum; Thinnest ice, a minimum) ranks the periods its way, as it already ranked groups ("which
// borough is the westernmost"); it had asked what to rank. And a year held as a number is written as a year in the
// answer (2019, not 2,019). Domains: an orchard's harvests, a glacier's survey, one row per year in a number column.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { answerText } from '../../../../../src/engine/chat/agent/analyst/answer.js';
import { planner, say, view } from './plan-probe.js';

const orchard: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('harvests', 'Orchard harvests', [
      ['count', 'Harvests', 'number', 'count'],
      ['max_brix', 'Sweetest harvest (brix)', 'number', 'max', { over: 'brix' }],
      ['min_brix', 'Sourest harvest (brix)', 'number', 'min', { over: 'brix' }],
      ['year', 'Harvest year', 'number'],
      ['brix', 'Sugar (brix)', 'number'],
    ]),
  ],
};
const glacier: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('surveys', 'Glacier surveys', [
      ['count', 'Surveys', 'number', 'count'],
      ['max_ice', 'Thickest ice (m)', 'number', 'max', { over: 'ice' }],
      ['min_ice', 'Thinnest ice (m)', 'number', 'min', { over: 'ice' }],
      ['survey_year', 'Year', 'number'],
      ['ice', 'Ice thickness (m)', 'number'],
    ]),
  ],
};

describe('local analyst: which period was the most extreme', () => {
  it('ranks the periods the way the extreme’s measure says', () => {
    const fruit = planner(orchard, new Map());
    const sweet = fruit('which year was the sweetest');
    assert.equal(sweet.measure.title, 'Sweetest harvest (brix)');
    assert.equal(sweet.time?.grain, 'year');
    assert.equal(sweet.order?.dir, 'DESC');
    assert.equal(fruit('which year was the sourest').order?.dir, 'ASC');
    const ice = planner(glacier, new Map());
    const thin = ice('which year was the thinnest');
    assert.equal(thin.measure.title, 'Thinnest ice (m)');
    assert.equal(thin.order?.dir, 'ASC');
    assert.equal(ice('which year was the thickest').order?.dir, 'DESC');
  });
  it('writes the years as years', () => {
    const plan = planner(orchard, new Map())('which year was the sweetest');
    const text = answerText(say, plan, {
      sqlQuery: '',
      uuid: 'q1',
      schema: [
        { name: 'year', column_type: 'number' },
        { name: 'max_brix', column_type: 'number' },
      ],
      data: [
        [2019, 21.5],
        [2020, 20.25],
      ],
      totalRows: 2,
    });
    assert.match(text, /Highest: \*\*2019\*\* with \*\*21\.5\*\*/);
    assert.match(text, /\| 2020 \| 20\.25 \|/);
    assert.doesNotMatch(text, /2,019|2,020/);
  });
});
