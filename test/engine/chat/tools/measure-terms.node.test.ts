// serviceMeta's measure terms (ours): the column a measure aggregates and the plain conditions its filters keep, in a
// cube and through a view (prefixed members), for a bike-share's trips (none of the corpus models).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureTerms } from '../../../../src/engine/chat/tools/measure-terms.js';
import { resolveModel } from '../../../../src/engine/data/model.js';
import type { DataModel } from '../../../../src/engine/data/model-types.js';

const model = {
  cubes: [
    {
      name: 'trips',
      sql_table: 'trips',
      measures: [
        { name: 'count', type: 'count' },
        { name: 'ride_minutes', type: 'sum', sql: '{CUBE}.minutes', filters: [{ sql: 'NOT {CUBE}.test_ride' }] },
        { name: 'fares', type: 'sum', sql: '{CUBE}.fare', filters: [{ sql: "{CUBE}.status = 'paid'" }] },
        { name: 'long_fares', type: 'sum', sql: '{CUBE}.fare', filters: [{ sql: '{CUBE}.minutes > 60' }] },
        { name: 'per_trip', type: 'number', sql: '{fares} / {count}' },
        { name: 'all_fares', type: 'sum', sql: '{CUBE}.fare' },
        { name: 'paid_share', type: 'number', sql: '100.0 * {fares} / NULLIF({all_fares}, 0)' },
        { name: 'minutes_share', type: 'number', sql: '{fares} * 100 / {ride_minutes}' },
      ],
      dimensions: [
        { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
        { name: 'minutes', type: 'number', sql: '{CUBE}.minutes' },
        { name: 'fare', type: 'number', sql: '{CUBE}.fare' },
        { name: 'status', type: 'string', sql: '{CUBE}.status' },
        { name: 'test_ride', type: 'boolean', sql: '{CUBE}.test_ride' },
      ],
    },
  ],
  views: [{ name: 'rides', cubes: [{ join_path: 'trips', includes: '*', prefix: true }] }],
} as unknown as DataModel;

describe('serviceMeta: measure terms', () => {
  const { sources } = resolveModel(model);
  const all = new Set([...sources.values()].flatMap((s) => [...s.members.keys()]));
  it('names the column a measure aggregates and the conditions its filters keep', () => {
    assert.deepEqual(measureTerms(sources.get('trips'), 'ride_minutes', all), {
      over: 'minutes',
      filtered: true,
      keeps: [{ member: 'test_ride', value: false }],
    });
    assert.deepEqual(measureTerms(sources.get('trips'), 'fares', all), {
      over: 'fare',
      filtered: true,
      keeps: [{ member: 'status', value: 'paid' }],
    });
  });
  it('says a measure is filtered, without conditions, when a filter is no plain condition on a member', () => {
    assert.deepEqual(measureTerms(sources.get('trips'), 'long_fares', all), { over: 'fare', filtered: true });
  });
  it('names nothing for a formula, a count or a dimension', () => {
    assert.deepEqual(measureTerms(sources.get('trips'), 'per_trip', all), {});
    assert.deepEqual(measureTerms(sources.get('trips'), 'count', all), {});
    assert.deepEqual(measureTerms(sources.get('trips'), 'fare', all), {});
  });
  it('names the part and the whole of a percent of two measures, the part restricting the whole', () => {
    assert.deepEqual(measureTerms(sources.get('trips'), 'paid_share', all), {
      ratio: { part: 'fares', whole: 'all_fares' },
    });
    assert.deepEqual(measureTerms(sources.get('rides'), 'trips_paid_share', all), {
      ratio: { part: 'trips_fares', whole: 'trips_all_fares' },
    });
    // Over another column: no part of that whole, a percent of the two.
    assert.deepEqual(measureTerms(sources.get('trips'), 'minutes_share', all), {
      percentOf: { part: 'fares', whole: 'ride_minutes' },
    });
    assert.deepEqual(
      measureTerms(sources.get('trips'), 'paid_share', new Set([...all].filter((n) => n !== 'all_fares'))),
      {},
    );
  });
  it("names a view's members by their names in the view", () => {
    assert.deepEqual(measureTerms(sources.get('rides'), 'trips_fares', all), {
      over: 'trips_fare',
      filtered: true,
      keeps: [{ member: 'trips_status', value: 'paid' }],
    });
  });
  it('names no member the asker may not see: a hidden filter column leaves only "filtered", a hidden column no "over"', () => {
    const without = (...names: string[]) => new Set([...all].filter((n) => !names.includes(n)));
    assert.deepEqual(measureTerms(sources.get('trips'), 'ride_minutes', without('test_ride')), {
      over: 'minutes',
      filtered: true,
    });
    assert.deepEqual(measureTerms(sources.get('trips'), 'fares', without('fare')), {
      filtered: true,
      keeps: [{ member: 'status', value: 'paid' }],
    });
  });
});
