// The planner's last check, that every member a plan uses is backed by the question (evidence.ts), over models
// written here (none of the corpus models' names or values): a fishing fleet's trips and a water utility's meter
// readings, each with a count of its rows, sums, a peak titled so, number columns and a date named by a verb. A plan
// that answers "how much" with a count of rows, or a peak nobody asked for, is a wrong number: it must decline.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const fleet: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('trips', 'Fishing trips', [
      ['count', 'Trips', 'number', 'count'],
      ['catch', 'Catch', 'number', 'sum', { description: 'kilograms of fish landed' }],
      ['fuel', 'Fuel burned', 'number', 'sum', { description: 'litres of diesel' }],
      ['biggest', 'Largest haul', 'number', 'max', { over: 'catch_kg' }],
      ['hours', 'Hours at sea', 'number'],
      ['water_temp', 'Water temperature', 'number'],
      ['boat', 'Boat', 'string'],
      ['port', 'Port', 'string'],
      ['landed_at', 'Landing date', 'time'],
    ]),
  ],
};
const fleetValues = new Map([
  ['trips.boat', ['Gull', 'Tern']],
  ['trips.port', ['Harbor', 'Bay']],
]);

const water: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('readings', 'Meter readings', [
      ['count', 'Readings', 'number', 'count'],
      ['used', 'Water used', 'number', 'sum', { description: 'litres drawn since the last reading' }],
      ['peak', 'Peak flow', 'number', 'max', { over: 'flow' }],
      ['diameter', 'Pipe diameter', 'number'],
      ['pressure', 'Pressure', 'number'],
      ['district', 'District', 'string'],
      ['meter_type', 'Meter type', 'string'],
      ['read_at', 'Read date', 'time'],
      ['billed_at', 'Billing date', 'time'],
    ]),
  ],
};
const waterValues = new Map([
  ['readings.district', ['Uptown', 'Riverside']],
  ['readings.meter_type', ['Smart', 'Dial']],
]);

const fleetPlan = planner(fleet, fleetValues);
const waterPlan = planner(water, waterValues);

/** The decline of a question (a plan fails the test). */
const declined = (meta: ServiceMetaResult, values: Map<string, string[]>) => (q: string) => {
  const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);
  if (!isDecline(p)) assert.fail(`${q}: planned ${p.measure.title} by ${p.groups.map((g) => g.title).join(', ')}`);
  return p.decline;
};
const fleetDecline = declined(fleet, fleetValues);
const waterDecline = declined(water, waterValues);

describe('local analyst: every member a plan uses is backed by the question', () => {
  it('"how much" asks an amount: never the count of the rows a verb or the rows\' noun named', () => {
    assert.match(fleetDecline('how much did we earn from trips in 2025'), /Catch.*Fuel burned/);
    assert.match(fleetDecline('how much did we land in 2025'), /Catch/);
    assert.match(waterDecline('how much did we earn from readings in 2025'), /Water used/);
    assert.match(waterDecline('how much did we bill in 2025'), /Water used/);
  });

  it('"total", "amount" of a verb: an amount, never the count of rows nothing in the question names', () => {
    assert.match(fleetDecline('total landed in 2025'), /Catch/);
    assert.match(fleetDecline('amount landed by boat'), /Catch/);
    assert.match(waterDecline('total billed in 2025'), /Water used/);
    assert.match(waterDecline('amount billed by district'), /Water used/);
    assert.equal(fleetPlan('total trips in 2025').measure.column, 'count');
    assert.equal(waterPlan('total readings by district').measure.column, 'count');
    assert.equal(waterPlan('how many readings were billed in 2025').measure.column, 'count');
  });

  it('a peak nobody asked for is no answer: "how much", "the most" ranks and asks no maximum', () => {
    assert.match(fleetDecline('how much did we haul in 2025'), /Largest haul.*Catch/);
    assert.match(waterDecline('how much flow in 2025'), /Peak flow.*Water used/);
    assert.match(waterDecline('which month of 2025 had the most flow'), /Peak flow.*Water used/);
  });

  it('keeps answering what the question names: counts asked, peaks asked, amounts named', () => {
    assert.equal(fleetPlan('how many trips in 2025').measure.column, 'count');
    assert.equal(waterPlan('which month had the most readings').measure.column, 'count');
    assert.equal(fleetPlan('largest haul by boat').measure.column, 'biggest');
    assert.equal(fleetPlan('how much fuel did we burn in 2025').measure.column, 'fuel');
    assert.equal(fleetPlan('how much did gull catch in 2025').measure.column, 'catch');
    assert.equal(waterPlan('which district had the highest flow').measure.column, 'peak');
    assert.equal(waterPlan('max flow by month').measure.column, 'peak');
    assert.equal(waterPlan('peak flow by district').measure.column, 'peak');
    const p = waterPlan('how much water did uptown use in 2025');
    assert.equal(p.measure.column, 'used');
    assert.deepEqual(filters(p), ['district = Uptown']);
  });

  it('a breakdown by a number column the question asks for is kept', () => {
    assert.deepEqual(
      waterPlan('water used by district and pressure').groups.map((g) => g.column),
      ['district', 'pressure'],
    );
    assert.deepEqual(
      fleetPlan('catch by hours at sea').groups.map((g) => g.column),
      ['hours'],
    );
    assert.deepEqual(
      fleetPlan('how many trips by water temperature').groups.map((g) => g.column),
      ['water_temp'],
    );
  });
});
