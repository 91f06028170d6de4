// The planner on periods ranked with a number ("top 5 years by average snowfall", "top 3 snowiest years", "the 2 years
// with the lowest …", "which 2 weeks had the most orders"): the periods of that grain, ranked the way asked, that many.
// It had grouped a year column by the measure's own column ("Years by Snowfall"), a silent wrong answer, or asked what
// to rank. A superlative naming an extreme (Snowiest month, a maximum) ranks its way. Domains: a ski resort's seasons
// (one row per year in a number column), a café's sales (a date).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { parseTime } from '../../../../../src/engine/chat/agent/analyst/time-range.js';
import { planner, view } from './plan-probe.js';

const resort: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('seasons', 'Ski seasons', [
      ['count', 'Seasons', 'number', 'count'],
      ['avg_snow', 'Average snowfall (cm)', 'number', 'avg', { over: 'snow' }],
      ['max_snow', 'Snowiest month (cm)', 'number', 'max', { over: 'snow' }],
      ['min_snow', 'Sparsest month (cm)', 'number', 'min', { over: 'snow' }],
      ['year', 'Year', 'number'],
      ['snow', 'Snowfall (cm)', 'number'],
    ]),
  ],
};
const cafe: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sales', 'Café sales', [
      ['count', 'Orders', 'number', 'count'],
      ['amount', 'Sales', 'number', 'sum'],
      ['sold_at', 'Sale date', 'time'],
      ['counter', 'Counter', 'string'],
    ]),
  ],
};
const ranked = (p: ReturnType<ReturnType<typeof planner>>) => [
  p.measure.title,
  p.time?.grain,
  p.order?.dir,
  p.order?.limit,
];

describe('local analyst: periods ranked with a number', () => {
  it('ranks that many periods of the grain named', () => {
    const ski = planner(resort, new Map());
    assert.deepEqual(ranked(ski('top 5 years by average snowfall')), ['Average snowfall (cm)', 'year', 'DESC', 5]);
    assert.deepEqual(ranked(ski('top 3 snowiest years')), ['Snowiest month (cm)', 'year', 'DESC', 3]);
    assert.deepEqual(ranked(ski('top 3 sparsest years')), ['Sparsest month (cm)', 'year', 'ASC', 3]);
    assert.deepEqual(ranked(ski('the 2 years with the lowest average snowfall')), [
      'Average snowfall (cm)',
      'year',
      'ASC',
      2,
    ]);
    const shop = planner(cafe, new Map([['sales.counter', ['Bar', 'Terrace']]]));
    assert.deepEqual(ranked(shop('top 3 months by sales in 2025')), ['Sales', 'month', 'DESC', 3]);
    assert.deepEqual(ranked(shop('which 2 weeks had the most orders')), ['Orders', 'week', 'DESC', 2]);
  });
  it('reads a number of periods that ranks nothing as before', () => {
    const now = Date.UTC(2026, 0, 15);
    assert.equal(parseTime('top 5 years by anomaly', now).ranked, true);
    assert.equal(parseTime('sales in the 3 months before the launch', now).ranked, undefined);
    assert.equal(parseTime('orders over the last 3 months', now).ranked, undefined);
  });
});
