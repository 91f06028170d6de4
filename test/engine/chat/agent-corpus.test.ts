// The local analyst agent against a corpus of questions as users ask them: for each, the query it plans must give
// the same numbers as a direct load query of what was meant; some questions it must decline.
import { expect } from '@open-wc/testing';
import type { ChatStreamMessage, LoadQuery, LoadResponse } from '../../../src/api/types.js';
import { demoSeed } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';
import { DEMO, testEngine, type TestEngine, chatTransport } from '../helpers.js';

type Expect = LoadQuery | 'decline';
const m = (name: string) => `sales.${name}`;
const q = (measure: string, extra: Omit<LoadQuery, 'measures'> = {}): LoadQuery => ({
  measures: [m(measure)],
  ...extra,
});
const by = (...dims: string[]) => ({ dimensions: dims.map(m) });
const eq = (member: string, value: string) => ({ member: m(member), operator: 'equals' as const, values: [value] });
const time = (granularity?: 'day' | 'week' | 'month' | 'quarter' | 'year', dateRange?: string | [string, string]) => ({
  timeDimensions: [
    { dimension: m('created_at'), ...(granularity && { granularity }), ...(dateRange && { dateRange }) },
  ],
});

const CORPUS: [string, Expect][] = [
  ['What is our total revenue?', q('total_amount')],
  ['How many orders do we have?', q('count')],
  ['Revenue by region', q('total_amount', by('customers_region'))],
  ['How many orders per status?', q('count', by('status'))],
  ['Show me revenue by product category', q('total_amount', by('products_category'))],
  ['Monthly revenue in 2025', q('total_amount', time('month', ['2025-01-01', '2025-12-31']))],
  ['Number of customers by segment', q('customer_count', by('customers_segment'))],
  ["What's the average order value by region?", q('average_amount', by('customers_region'))],
  [
    'Top 5 products by revenue',
    q('total_amount', { ...by('products_name'), order: { [m('total_amount')]: 'desc' }, limit: 5 }),
  ],
  ['weekly orders over the last 3 months', q('count', time('week', 'last 3 months'))],
  ['Revenue in EU', q('total_amount', { filters: [eq('customers_region', 'EU')] })],
  ['How many cancelled orders?', q('count', { filters: [eq('status', 'cancelled')] })],
  ['Units sold by category', q('total_quantity', by('products_category'))],
  ['What was our largest order?', q('max_amount')],
  ['smallest order amount', q('min_amount')],
  ['Completion rate by region', q('completion_rate', by('customers_region'))],
  ['Revenue per quarter in 2024', q('total_amount', time('quarter', ['2024-01-01', '2024-12-31']))],
  ['yearly revenue', q('total_amount', time('year'))],
  ['Orders by region and status', q('count', by('customers_region', 'status'))],
  ['Revenue for Books', q('total_amount', { filters: [eq('products_category', 'Books')] })],
  [
    'How many customers bought Electronics?',
    q('customer_count', { filters: [eq('products_category', 'Electronics')] }),
  ],
  ['daily orders last 7 days', q('count', time('day', 'last 7 days'))],
  ['Revenue this year', q('total_amount', time(undefined, 'this year'))],
  ['revenue last year by segment', q('total_amount', { ...by('customers_segment'), ...time(undefined, 'last year') })],
  [
    'top 3 categories by units',
    q('total_quantity', { ...by('products_category'), order: { [m('total_quantity')]: 'desc' }, limit: 3 }),
  ],
  [
    'bottom 2 regions by revenue',
    q('total_amount', { ...by('customers_region'), order: { [m('total_amount')]: 'asc' }, limit: 2 }),
  ],
  [
    'Average order value for Corporate customers',
    q('average_amount', { filters: [eq('customers_segment', 'Corporate')] }),
  ],
  [
    'How many returned orders in US?',
    q('count', { filters: [eq('status', 'returned'), eq('customers_region', 'US')] }),
  ],
  ['revenue trend', q('total_amount', time('month'))],
  ['orders in 2024 by status', q('count', { ...by('status'), ...time(undefined, ['2024-01-01', '2024-12-31']) })],
  ['Which region has the most orders?', q('count', by('customers_region'))],
  [
    'What were sales in LATAM last year?',
    q('total_amount', { filters: [eq('customers_region', 'LATAM')], ...time(undefined, 'last year') }),
  ],
  ['Number of completed orders per month in 2025', q('completed_count', time('month', ['2025-01-01', '2025-12-31']))],
  ['quarterly units in 2025', q('total_quantity', time('quarter', ['2025-01-01', '2025-12-31']))],
  ['customers per region', q('customer_count', by('customers_region'))],
  [
    'How much revenue did Home Office customers bring?',
    q('total_amount', { filters: [eq('customers_segment', 'Home Office')] }),
  ],
  ['revenue by status for Toys', q('total_amount', { ...by('status'), filters: [eq('products_category', 'Toys')] })],
  ['average order value per month over the last 6 months', q('average_amount', time('month', 'last 6 months'))],
  ['How many orders were shipped?', q('count', { filters: [eq('status', 'shipped')] })],
  [
    "What's the revenue in APAC by category?",
    q('total_amount', { ...by('products_category'), filters: [eq('customers_region', 'APAC')] }),
  ],
  ['What is the weather like in Paris?', 'decline'],
  ['Who is the CEO of the company?', 'decline'],
  ['tell me a joke', 'decline'],
];

const close = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)) : a === b;

/**
 * The direct query's rows as the analyst's SQL gives them: its columns in order, without the time dimension's
 * plain column beside its granularity's. A plain loop in its own function: in WebKitGTK 2.50.6 the same `keys.filter`
 * and `data.map(row => keys.map(k => row[k]))` written as closures inside the test's loop were miscompiled by the DFG
 * JIT after about twenty questions (columns dropped, values read as undefined; right with JSC_useDFGJIT=false).
 */
function expectedRows(direct: LoadResponse, expected: LoadQuery): unknown[][] {
  const grain = (expected.timeDimensions ?? [])[0]?.granularity;
  const keys: string[] = [];
  for (const key of Object.keys(direct.data[0] ?? {}))
    if (!(key.split('.').length === 2 && grain && direct.annotation.timeDimensions[`${key}.${grain}`])) keys.push(key);
  const rows: unknown[][] = [];
  for (const row of direct.data) {
    const values: unknown[] = [];
    for (const key of keys) {
      if (!(key in row)) throw new Error(`the direct query's row has no ${key}: ${JSON.stringify(row)}`);
      values.push(row[key]);
    }
    rows.push(values);
  }
  return rows;
}

describe('local analyst agent: question corpus', function () {
  this.timeout(300_000);
  let t: TestEngine;
  before(async () => (t = await testEngine({ seed: { ...demoSeed, data: { rows: 20_000 } } })));
  after(() => t.dispose());

  it(`plans the right query for at least 90% of ${CORPUS.length} questions, and its numbers equal a direct query`, async () => {
    const chat = chatTransport(t.engine.fetch, { apiKey: DEMO.adminKey });
    const dev = t.as({ apiKey: DEMO.developerKey });
    const misses: string[] = [];
    for (const [question, expected] of CORPUS) {
      const messages: ChatStreamMessage[] = [];
      for await (const message of await chat.streamChat({
        input: question,
        sessionSettings: { externalId: 'corpus', groups: ['executives'] },
      }))
        messages.push(message);
      const sqlCalls = messages.filter((x) => x.toolCall?.name === 'serviceSqlApi' && x.toolCall.result !== undefined);
      const answer = finalAnswer(messages)?.content ?? '';
      if (expected === 'decline') {
        if (sqlCalls.length > 1 || !/could not/i.test(answer))
          misses.push(`${question} → should decline, said: ${answer.slice(0, 80)}`);
        continue;
      }
      const result = JSON.parse(sqlCalls[sqlCalls.length - 1]?.toolCall?.result ?? '{}') as {
        data?: unknown[][];
        error?: string;
      };
      const direct = await dev.load({ query: expected });
      const want = expectedRows(direct, expected);
      const got = result.data ?? [];
      const same =
        got.length === want.length &&
        (expected.limit !== undefined || expected.timeDimensions?.[0]?.granularity
          ? got.every((row, i) => row.every((v, j) => close(v, want[i][j])))
          : want.every((w) => got.some((g) => g.length === w.length && g.every((v, j) => close(v, w[j])))));
      if (!same)
        misses.push(
          `${question} → ${result.error ?? JSON.stringify(got.slice(0, 2))} vs ${JSON.stringify(want.slice(0, 2))}`,
        );
    }
    const score = (CORPUS.length - misses.length) / CORPUS.length;
    if (misses.length) console.log(`corpus misses (${misses.length}/${CORPUS.length}):\n${misses.join('\n')}`);
    expect(score, misses.join('\n')).to.be.at.least(0.9);
  });
});
