// The planner on two measures asked for one breakdown ("passengers vs vehicles by route", "avg speed and avg delay
// for each vessel", "fares and fuel cost by month"): both measures, side by side, over the same rows and breakdown —
// one SELECT with a column each, a chart layer each. Before, such a question was asked back ("which measure"), or, where
// an aggregation word came first ("avg delay and delay minutes by vessel"), answered with the first measure alone.
// Over a model written here (none of the corpus models' names or values). Domain: a ferry operator.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { chartSpec, reading } from '../../../../../src/engine/chat/agent/analyst/answer.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';
import { declineOf, planner, say, view } from './plan-probe.js';

const ferries: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sailings', 'Sailings', [
      ['count', 'Sailings', 'number', 'count'],
      ['passengers', 'Passengers', 'number', 'sum'],
      ['vehicles', 'Vehicles carried', 'number', 'sum'],
      ['fares', 'Fare revenue', 'number', 'sum'],
      ['fuel_cost', 'Fuel cost', 'number', 'sum'],
      ['avg_speed', 'Avg speed (knots)', 'number', 'avg'],
      ['delay_minutes', 'Delay minutes', 'number', 'sum'],
      ['avg_delay', 'Avg delay (min)', 'number', 'avg'],
      ['departed_at', 'Departed', 'time'],
      ['route', 'Route', 'string'],
      ['vessel', 'Vessel', 'string'],
    ]),
  ],
};
const values = new Map([
  ['sailings.route', ['Harbour - Isle', 'Isle - Point']],
  ['sailings.vessel', ['Gull', 'Tern']],
]);
const plan = planner(ferries, values);
const measures = (q: string) => {
  const p = plan(q);
  return [p.measure.name, ...(p.also ?? []).map((m) => m.name)];
};

describe('analyst classes: two measures asked for one breakdown, side by side', () => {
  it('"passengers vs vehicles by route", "… and … by route": both measures by the route, in the question\'s order', () => {
    for (const q of ['passengers vs vehicles by route', 'passengers and vehicles carried by route'])
      assert.deepEqual(measures(q), ['sailings.passengers', 'sailings.vehicles'], q);
    const p = plan('vehicles versus passengers for each route');
    assert.deepEqual([p.measure.name, p.also?.[0].name], ['sailings.vehicles', 'sailings.passengers']);
    assert.deepEqual(
      p.groups.map((g) => g.name),
      ['sailings.route'],
    );
    assert.equal(p.compare, undefined);
  });

  it('an aggregation word before either side is that side\'s measure: "avg delay and delay minutes by vessel"', () => {
    assert.deepEqual(measures('avg delay and delay minutes by vessel'), [
      'sailings.avg_delay',
      'sailings.delay_minutes',
    ]);
    assert.deepEqual(measures('avg speed and avg delay for each vessel'), ['sailings.avg_speed', 'sailings.avg_delay']);
  });

  it('by a time grain, with the plan\'s filters: "fares and fuel cost by month in 2025 on the Gull"', () => {
    const p = plan('fares and fuel cost by month in 2025 on the Gull');
    assert.deepEqual([p.measure.name, p.also?.[0].name], ['sailings.fares', 'sailings.fuel_cost']);
    assert.equal(p.time?.grain, 'month');
    assert.equal(p.time?.range?.from, '2025-01-01');
    assert.deepEqual(
      p.filters.map((f) => f.values),
      [['Gull']],
    );
  });

  it('one SELECT with a column for each, read as both, charted as a layer each', () => {
    const p = plan('passengers vs vehicles by route');
    assert.equal(
      toSql(p),
      [
        'SELECT "route", MEASURE("passengers") AS "passengers", MEASURE("vehicles") AS "vehicles"',
        'FROM "sailings"',
        'GROUP BY 1',
        'ORDER BY "passengers" DESC',
      ].join('\n'),
    );
    assert.equal(reading(say.plain, p), 'Passengers (sum) and Vehicles carried (sum), by route, from Sailings.');
    // A layer each, told apart by colour (the titles as data), bars side by side.
    type Layer = { encoding: { y: { field: string }; color: { datum: string }; xOffset: { datum: string } } };
    const spec = chartSpec(say, p) as { layer: Layer[] };
    assert.deepEqual(
      spec.layer.map((l) => [l.encoding.y.field, l.encoding.color.datum, l.encoding.xOffset.datum]),
      [
        ['passengers', 'Passengers', 'Passengers'],
        ['vehicles', 'Vehicles carried', 'Vehicles carried'],
      ],
    );
  });

  it('with no breakdown, "and" still asks which measure; "vs" compares the two totals as before', () => {
    assert.ok(declineOf(ferries, 'passengers and vehicles carried last month', values));
    const p = plan('passengers vs vehicles last month');
    assert.deepEqual(
      p.compare?.map((s) => s.measure?.name),
      ['sailings.passengers', 'sailings.vehicles'],
    );
  });
});
