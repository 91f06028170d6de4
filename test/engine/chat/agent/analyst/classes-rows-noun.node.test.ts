// The planner on the noun of a source's rows and on an end said after a value, over models written here (none of the
// corpus models' names or values): the rows' noun ("invoices", "crossings") says what is measured, so it neither names
// another quantity beside the one asked ("still unpaid on our invoices" is not Amount invoiced) nor ties a measure it is
// part of with one the other words name better ("on-time rate for crossings": not On-time crossings); and "A to B"
// or "A vs B departures" choose the end of a value two dimensions hold; and the words of a breakdown ("by survey
// wave") say nothing of the measure, even where its description has them and another source titles a measure so;
// a compound's irregular plural ("midwives") meets its value, and so does each side of a value "A / B" ("slaters").
// Domains: a water utility's billing, a ferry line's crossings, a labour-force survey beside a household survey.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { declineOf, filters, planner, view } from './plan-probe.js';

// A water utility's invoices: the count is titled by the rows' noun, and one money measure is named by its verb.
const billing: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('billing', 'Accounts receivable', [
      ['count', 'Invoices', 'number', 'count'],
      ['invoiced', 'Amount invoiced', 'number', 'sum', { description: 'USD' }],
      ['unpaid_amount', 'Unpaid amount', 'number', 'sum', { description: 'USD, not yet paid' }],
      ['issued_at', 'Issue date', 'time'],
      ['district', 'District', 'string'],
    ]),
  ],
};
const billingValues = new Map([['billing.district', ['Millbrook', 'Eastgate']]]);

// A ferry line: a count of on-time crossings beside the on-time rate, and crossings between two harbours.
const ferry: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sailings', 'Crossings', [
      ['count', 'Crossings', 'number', 'count'],
      ['on_time', 'On-time crossings', 'number', 'count', { filtered: true }],
      ['on_time_rate', 'On-time rate', 'number', 'number', { description: 'percent of crossings on time' }],
      ['avg_delay', 'Average delay', 'number', 'avg', { description: 'minutes' }],
      ['sailed_at', 'Sailing date', 'time'],
      ['origin_harbour', 'Origin harbour', 'string'],
      ['destination_harbour', 'Destination harbour', 'string'],
    ]),
  ],
};
const harbours = ['Kirkwall', 'Lerwick', 'Stromness'];
const ferryValues = new Map([
  ['sailings.origin_harbour', harbours],
  ['sailings.destination_harbour', harbours],
]);

// A labour-force survey by occupation, and a household survey whose distinct count of waves is titled by the words
// the workers' description has.
const surveys: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('households', 'Household survey', [
      ['count', 'Household rows', 'number', 'count'],
      ['residents', 'Residents', 'number', 'sum'],
      ['waves', 'Survey waves', 'number', 'count_distinct'],
      ['wave', 'Survey wave', 'number'],
      ['tenure', 'Tenure', 'string'],
    ]),
    view('labour', 'Labour force by occupation', [
      ['count', 'Occupation rows', 'number', 'count', { description: 'one per occupation and wave' }],
      ['workers', 'Workers', 'number', 'sum', { description: 'people counted in the occupation in one survey wave' }],
      ['wave', 'Survey wave', 'number'],
      ['occupation', 'Occupation', 'string'],
    ]),
  ],
};
const surveyValues = new Map([
  ['households.tenure', ['Owned', 'Rented']],
  ['labour.occupation', ['Welder', 'Midwife', 'Glazier', 'Roofer / Slater']],
]);

describe('analyst classes: the rows’ noun, and an end said after a value', () => {
  it('the rows’ noun names no other quantity beside the one asked', () => {
    const plan = planner(billing, billingValues);
    assert.equal(plan('how much is still unpaid on our invoices').measure.name, 'billing.unpaid_amount');
    assert.equal(plan('how much is still unpaid on our invoices in Eastgate').measure.name, 'billing.unpaid_amount');
    // The noun still counts the rows, and the verb still names its money.
    assert.equal(plan('how many invoices in Millbrook').measure.name, 'billing.count');
    assert.equal(plan('how much did we invoice in q4').measure.name, 'billing.invoiced');
    assert.equal(plan('amount invoiced on our invoices last year').measure.name, 'billing.invoiced');
    // Not in the singular, before another noun: "invoice amount" names Amount invoiced beside Unpaid amount.
    assert.match(declineOf(billing, 'unpaid invoice amount', billingValues) ?? '', /Amount invoiced/);
  });

  it('a measure the rows’ noun supports gives way to one the other words name better', () => {
    const plan = planner(ferry, ferryValues);
    const rate = plan('on-time rate for crossings into Lerwick');
    assert.equal(rate.measure.name, 'sailings.on_time_rate');
    assert.deepEqual(filters(rate), ['destination_harbour = Lerwick']);
    assert.equal(plan('on-time crossings into Lerwick').measure.name, 'sailings.on_time');
    assert.equal(plan('how many on-time crossings last month').measure.name, 'sailings.on_time');
  });

  it('"A to B": the value before "to" and another value is the origin', () => {
    const plan = planner(ferry, ferryValues);
    const p = plan('how many crossings Kirkwall to Lerwick');
    assert.equal(p.measure.name, 'sailings.count');
    assert.deepEqual(filters(p), ['destination_harbour = Lerwick', 'origin_harbour = Kirkwall']);
  });

  it('"A vs B departures": an end’s noun after the values listed says the end of each', () => {
    const plan = planner(ferry, ferryValues);
    const departures = plan('avg delay Kirkwall vs Stromness departures');
    assert.equal(departures.measure.name, 'sailings.avg_delay');
    assert.deepEqual(
      departures.compare?.map((s) => s.filters.map((f) => `${f.field.column} = ${f.values.join()}`)),
      [['origin_harbour = Kirkwall'], ['origin_harbour = Stromness']],
    );
    const arrivals = plan('avg delay Kirkwall vs Stromness arrivals');
    assert.deepEqual(
      arrivals.compare?.map((s) => s.filters.map((f) => f.field.column)),
      [['destination_harbour'], ['destination_harbour']],
    );
    // No end said: asked back, as before.
    assert.match(declineOf(ferry, 'avg delay Kirkwall vs Stromness', ferryValues) ?? '', /Kirkwall/);
  });

  it('the words of a breakdown say nothing of the measure', () => {
    const plan = planner(surveys, surveyValues);
    const p = plan('welders by survey wave');
    assert.equal(p.measure.name, 'labour.workers');
    assert.deepEqual(filters(p), ['occupation = Welder']);
    assert.deepEqual(
      p.groups.map((g) => g.name),
      ['labour.wave'],
    );
    assert.equal(plan('glaziers in each survey wave').measure.name, 'labour.workers');
    // A compound's irregular plural meets its value ("midwives": Midwife).
    assert.deepEqual(filters(plan('midwives in each survey wave')), ['occupation = Midwife']);
    // Each side of a value written "A / B" names it alone.
    assert.deepEqual(filters(plan('slaters by survey wave')), ['occupation = Roofer / Slater']);
    assert.deepEqual(filters(plan('roofers in each survey wave')), ['occupation = Roofer / Slater']);
  });
});
