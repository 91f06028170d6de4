// The planner on a table whose rows are not what it counts, and on periods and descriptions, over models written here
// (a weather station's hourly lightning log, a clinic's invoices with their joined appointments, a survey's
// indicators): "how many strikes" is the sum titled Strikes, not the count of hourly rows the table is named after;
// "strikes per active day" is the measure titled so, no breakdown by day; a period said of a joined entity's rows
// ("visits in 2025") is that entity's date; a date of an event the source flags (Payment date, Paid) dates only what
// is kept to the flagged rows; a description's "not weighted by population" names no population.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, planner, view } from './plan-probe.js';

const lightning: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('strikes', 'Lightning strikes by hour', [
        ['total', 'Strikes', 'number', 'sum'],
        ['hours', 'Stormy hours', 'number', 'count', { description: 'hours with at least one strike (one row each)' }],
        ['days', 'Stormy days', 'number', 'count_distinct', { description: 'days with at least one strike' }],
        ['per_day', 'Strikes per stormy day', 'number', 'number'],
        ['hour', 'Hour', 'time'],
      ]),
      type: 'cube' as const,
    },
  ],
};

const clinic: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('billing', 'Billing', [
      ['count', 'Invoices', 'number', 'count'],
      ['amount', 'Amount billed', 'number', 'sum'],
      ['paid_at', 'Payment date', 'time'],
      ['visits_held_at', 'Seen on', 'time'],
      ['visits_kind', 'Kind of visit', 'string'],
      ['visits_room', 'Room', 'string'],
    ]),
  ],
};

/** The same with a Paid flag: its Payment date exists only on paid invoices. */
const flagged: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('billing', 'Billing', [
      ['count', 'Invoices', 'number', 'count'],
      ['amount', 'Amount billed', 'number', 'sum'],
      ['collected', 'Collected', 'number', 'sum', { filtered: true, keeps: [{ member: 'paid', value: true }] }],
      ['paid', 'Paid', 'boolean'],
      ['paid_at', 'Payment date', 'time'],
      ['visits_held_at', 'Seen on', 'time'],
      ['visits_kind', 'Kind of visit', 'string'],
    ]),
  ],
};

const survey: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('indicators', 'Indicators', [
      [
        'literacy',
        'Average literacy rate',
        'number',
        'avg',
        { description: 'mean of the country values (not weighted by population)' },
      ],
      ['country', 'Country', 'string'],
      ['year', 'Year', 'time'],
    ]),
  ],
};

describe('local analyst: sums titled as the rows, titled ratios, entities’ dates, negated descriptions', () => {
  it('"how many strikes" is the sum titled Strikes, not the count of the hourly rows', () => {
    const ask = planner(lightning, new Map());
    assert.equal(ask('how many strikes in total').measure.column, 'total');
    assert.equal(ask('number of strikes in march 2025').measure.column, 'total');
    assert.equal(ask('how many stormy hours last month').measure.column, 'hours');
  });

  it('a measure titled with "per" and a grain word is that measure, no breakdown by the grain', () => {
    const ask = planner(lightning, new Map());
    const p = ask('strikes per stormy day in april 2025');
    assert.equal(p.measure.column, 'per_day');
    assert.equal(p.time?.grain, undefined);
    assert.equal(ask('strikes per day in april 2025').time?.grain, 'day');
  });

  it('a period said of a joined entity’s rows is its date; with no such noun, the first date', () => {
    const ask = planner(clinic, new Map([['billing.visits_kind', ['surgery', 'checkup']]]));
    for (const q of ['amount billed for visits in 2025', 'amount billed on 2025 visits'])
      assert.equal(ask(q).time?.field.column, 'visits_held_at', q);
    assert.equal(ask('amount billed in 2025').time?.field.column, 'paid_at');
  });

  it('a date of an event the source flags dates only what is kept to the flagged rows', () => {
    const ask = planner(flagged, new Map());
    assert.equal(ask('amount billed by month in 2025').time?.field.column, 'visits_held_at');
    assert.equal(ask('collected by month in 2025').time?.field.column, 'paid_at');
  });

  it('what a description says a measure is not names nothing', () => {
    assert.match(declineOf(survey, 'population of chile in 2000') ?? '', /population/);
    assert.equal(planner(survey, new Map())('avg literacy rate in 2000').measure.column, 'literacy');
  });
});
