// The planner on things people say their own way, over models written here (a boat rental's fleet and rentals, a
// weather network's readings and station lookup, an estate agency's sales, a gym chain's payments): a plural typo
// against the singular ("paymnets"), a typo of a measure beside another source's count ("avg rainfal of coastal
// stations"), where the data are kept ("on file", "on the books"), the source holding the values as its own columns
// ("how many kayaks": the fleet, not rentals of kayaks), "how much money" of any sum, "24/7" and "round the clock",
// "total contributions" as the money given, and a count before a joined entity's number column ("3-bedroom homes").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const boats: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('rentals', 'Rentals', [
      ['count', 'Rentals', 'number', 'count'],
      ['fees', 'Rental fees', 'number', 'sum'],
      ['started_at', 'Start', 'time'],
      ['boats_kind', 'Kind', 'string'],
      ['boats_name', 'Boat', 'string'],
    ]),
    view('fleet', 'Fleet', [
      ['count', 'Boats', 'number', 'count'],
      ['kind', 'Kind', 'string'],
      ['open_all_day', '24-hour', 'boolean'],
    ]),
  ],
};
const boatValues = new Map([
  ['rentals.boats_kind', ['kayak', 'canoe']],
  ['fleet.kind', ['kayak', 'canoe']],
]);

const weather: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('readings', 'Readings by station', [
      ['count', 'Station-years', 'number', 'count'],
      ['rain', 'Average rainfall', 'number', 'avg', { description: 'mean of the station values' }],
      ['region', 'Region', 'string'],
      ['year', 'Year', 'time'],
    ]),
    {
      ...view('stations', 'Stations', [
        ['count', 'Stations in the lookup', 'number', 'count'],
        ['region', 'Region', 'string'],
      ]),
      type: 'cube' as const,
    },
  ],
};
const weatherValues = new Map([
  ['readings.region', ['Coastal', 'Inland']],
  ['stations.region', ['Coastal', 'Inland']],
]);

const estate: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sales', 'Sales', [
      ['count', 'Sales', 'number', 'count'],
      ['price', 'Average sale price', 'number', 'avg'],
      ['sold_at', 'Sold', 'time'],
      ['homes_bedrooms', 'Bedroom count', 'number'],
      ['homes_city', 'City', 'string'],
    ]),
  ],
};

const gym: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('billing', 'Billing', [
      ['count', 'Invoices', 'number', 'count'],
      ['collected', 'Collected', 'number', 'sum', { description: 'net amount of paid invoices' }],
      ['outstanding', 'Outstanding', 'number', 'sum', { description: 'net amount not paid yet' }],
      ['paid_at', 'Payment date', 'time'],
    ]),
  ],
};

const pac: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('contributions', 'Contributions', [
      ['count', 'Contributions', 'number', 'count'],
      ['amount', 'Amount contributed', 'number', 'sum', { description: 'USD' }],
      ['donors_state', 'Donor state', 'string'],
      ['given_at', 'Given', 'time'],
    ]),
  ],
};

describe('local analyst: things said their own way', () => {
  it('a plural typo against the singular, and a typo of a measure beside another source’s count', () => {
    assert.equal(planner(gym, new Map())('how much did we collect in paymnets last month').measure.column, 'collected');
    const p = planner(weather, weatherValues)('avg rainfal of coastal stations in 1960');
    assert.equal(p.measure.column, 'rain');
    assert.deepEqual(filters(p), ['region = Coastal']);
  });

  it('where the data are kept names nothing; the source holding the values as its own columns counts them', () => {
    const ask = planner(boats, boatValues);
    for (const q of ['how many kayaks do we have on file', 'how many kayaks are on the books', 'how many kayaks']) {
      const p = ask(q);
      assert.equal(p.source.name, 'fleet', q);
      assert.deepEqual(filters(p), ['kind = kayak'], q);
    }
  });

  it('"how much money" of any sum; "24/7" and "round the clock" as 24-hour', () => {
    assert.equal(planner(gym, new Map())('how much money is still outstanding').measure.column, 'outstanding');
    const ask = planner(boats, boatValues);
    for (const q of ['how many boats are open 24/7', 'boats open round the clock'])
      assert.deepEqual(filters(ask(q)), ['open_all_day = true'], q);
  });

  it('"total contributions" is the money given; "how many contributions" counts them', () => {
    const ask = planner(pac, new Map([['contributions.donors_state', ['Ohio', 'Utah']]]));
    assert.equal(ask('total contributions from ohio donors').measure.column, 'amount');
    assert.equal(ask('how many contributions did we get last month').measure.column, 'count');
  });

  it('a count before a joined entity’s number column is that many', () => {
    const p = planner(estate, new Map())('avg sale price of 3-bedroom homes in 2025');
    assert.deepEqual(filters(p), ['homes_bedrooms = 3']);
  });
});
