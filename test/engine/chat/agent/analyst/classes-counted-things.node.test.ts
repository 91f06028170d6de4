// The planner on what is counted and when, over models written here (a river gauge log, a trading log, a utility's
// bills, a help desk, a ferry's ticket sales, an observatory's nights): "gauge reads" counts Reads, not Gauges read,
// and names no Automatic gauge; a value's own dimension word after it ("neutral signal") and the noun after "which"
// name no segment; "how many customers are on autopay" over bills is no count of bills; "tickets are still open" is
// Open tickets; "% of tickets were bought online" counts tickets; a bare year and a month name said apart are that
// month of that year ("the 2009 log in june", "june vs july").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

const gauges: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('river', 'River levels', [
      ['count', 'Reads', 'number', 'count'],
      ['gauges_read', 'Gauges read', 'number', 'count_distinct'],
      ['estimated', 'Estimated', 'boolean'],
      ['read_at', 'Read date', 'time'],
      ['gauges_automatic', 'Automatic gauge', 'boolean'],
      ['gauges_river', 'River', 'string'],
    ]),
  ],
};

const trading: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('log', 'Trading log', [
      ['count', 'Trading days', 'number', 'count'],
      ['signal', 'Signal', 'string'],
      ['day', 'Day', 'time'],
      ['long_days', 'Long signal days', 'boolean', undefined, { segment: true }],
    ]),
  ],
};
const tradingValues = new Map([['log.signal', ['long', 'short', 'neutral']]]);

const utility: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('bills', 'Billing', [
      ['count', 'Bills', 'number', 'count'],
      ['amount', 'Amount billed', 'number', 'sum'],
      ['customers_autopay', 'Autopay', 'boolean'],
      ['customers_type', 'Account type', 'string'],
      ['billed_at', 'Bill date', 'time'],
    ]),
  ],
};

const desk: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tickets', 'Help desk', [
      ['count', 'Tickets', 'number', 'count'],
      ['open', 'Open tickets', 'number', 'count', { filtered: true }],
      ['opened_at', 'Opened', 'time'],
    ]),
  ],
};

const ferry: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sales', 'Ferry tickets', [
      ['count', 'Tickets sold', 'number', 'count'],
      ['revenue', 'Ticket revenue', 'number', 'sum', { description: 'USD' }],
      ['online', 'Bought online', 'boolean', undefined, { segment: true }],
      ['sold_at', 'Sold', 'time'],
    ]),
  ],
};

describe('local analyst: what is counted, and when', () => {
  it('"gauge reads" counts Reads, and a joined entity’s word before the measure names no flag of it', () => {
    const p = planner(gauges, new Map())('what % of gauge reads were estimated in 2025');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), []);
    assert.equal(planner(gauges, new Map())('how many gauges were read in 2025').measure.column, 'gauges_read');
  });

  it('a value’s dimension word after it, and the noun after "which", name no segment', () => {
    const ask = planner(trading, tradingValues);
    assert.deepEqual(filters(ask('how many neutral signal days were there')), ['signal = neutral']);
    const p = ask('which signal came up on the most days');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['signal'],
    );
  });

  it('"how many customers are on autopay" over bills is no count of bills; "how many bills" is', () => {
    assert.match(declineOf(utility, 'how many customers are on autopay') ?? '', /Bills/);
    assert.deepEqual(filters(planner(utility, new Map())('how many bills are on autopay')), [
      'customers_autopay = true',
    ]);
  });

  it('"tickets are still open" is Open tickets; "% of tickets were bought online" counts tickets', () => {
    assert.equal(planner(desk, new Map())('how many tickets are still open').measure.column, 'open');
    const p = planner(ferry, new Map())('what % of tickets were bought online');
    assert.equal(p.measure.column, 'count');
  });

  it('a bare year and a month said apart are that month of that year', () => {
    const ask = planner(trading, tradingValues);
    assert.deepEqual(ask('trading days of the 2009 log in june').time?.range, { from: '2009-06-01', to: '2009-06-30' });
    const p = ask('trading days of the 2009 log, june vs july');
    assert.deepEqual(
      p.compare?.map((c) => c.range),
      [
        { from: '2009-06-01', to: '2009-06-30' },
        { from: '2009-07-01', to: '2009-07-31' },
      ],
    );
  });
});
