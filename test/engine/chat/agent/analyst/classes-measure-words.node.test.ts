// The measure the question's words name, on two models written here (no corpus model's names or values): a mountain
// rescue service (`callouts`: evacuations, climber-nights, a rate per 100, a count titled by a bound) and a winery's
// tasting room (`tastings` with cancellations and comps, `guest_reviews` with an average score). Words for the data
// itself never block an answer; a verb names the noun made from it; the one who does what a total adds up is no other
// quantity; "best reviews" is the reviews' average score; "how many X averaged more than N" counts the X kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const rescue: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('callouts', 'Alpine rescue callouts', [
        ['count', 'Callouts', 'number', 'count'],
        ['evacuations', 'Evacuations', 'number', 'sum', { description: 'people evacuated' }],
        ['climber_nights', 'Climber-nights', 'number', 'sum', { description: 'party size summed over the nights' }],
        ['avg_party', 'Average party size', 'number', 'avg'],
        ['evac_rate', 'Evacuation rate per 100', 'number', 'number', { description: 'evacuations per 100 callouts' }],
        ['large_parties', 'Parties over 6 people', 'number', 'count', { filtered: true }],
        ['called_at', 'Callout date', 'time'],
        ['valley', 'Valley', 'string'],
        ['cause', 'Cause', 'string'],
        ['party_size', 'Party size', 'number'],
        ['helicopter', 'Helicopter used', 'boolean'],
        ['alpine_zone', 'Alpine zone', 'boolean', undefined, { segment: true, description: 'above 2,500 m' }],
      ]),
      description: 'Mountain rescue team callouts in the Tyrol, one row per callout',
    },
  ],
};
const rescueValues = new Map<string, string[]>([
  ['callouts.valley', ['Oetz', 'Stubai', 'Ziller']],
  ['callouts.cause', ['Fall', 'Avalanche', 'Lost', 'Exhaustion']],
]);

const winery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('tastings', 'Tasting room bookings', [
        ['count', 'Tastings', 'number', 'count'],
        ['cancellations', 'Cancellations', 'number', 'count', { filtered: true }],
        ['guests', 'Guests', 'number', 'sum'],
        ['comps', 'Comps given', 'number', 'sum', { description: 'USD of wine poured free' }],
        ['revenue', 'Revenue', 'number', 'sum', { description: 'USD' }],
        ['booked_at', 'Booking date', 'time'],
        ['estate', 'Estate', 'string'],
        ['flight', 'Flight', 'string'],
      ]),
      description: 'Bookings of the cellar door tasting room, one row per booking',
    },
    {
      ...view('guest_reviews', 'Guest reviews', [
        ['count', 'Reviews', 'number', 'count'],
        ['avg_score', 'Average score', 'number', 'avg', { description: '1 to 10' }],
        ['reviewed_at', 'Review date', 'time'],
        ['estate', 'Estate', 'string'],
      ]),
      description: 'Reviews guests left after a tasting',
    },
  ],
};
const wineryValues = new Map<string, string[]>([
  ['tastings.estate', ['Hillcrest', 'Riverbend']],
  ['tastings.flight', ['Reds', 'Whites', 'Sparkling']],
  ['guest_reviews.estate', ['Hillcrest', 'Riverbend']],
]);

const rescuePlan = planner(rescue, rescueValues);
const wineryPlan = planner(winery, wineryValues);
const declines = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));

describe('analyst classes (measure words): words for the data itself never block an answer', () => {
  it("a word of the source's description qualifying the measure names the data", () => {
    assert.equal(rescuePlan('total tyrol evacuations').measure.column, 'evacuations');
    assert.equal(rescuePlan('how many mountain callouts came in last month').measure.column, 'count');
  });
  it('"in the … data", "records", "entries" name the data', () => {
    assert.equal(rescuePlan('total evacuations in the tyrol rescue data').measure.column, 'evacuations');
    assert.equal(wineryPlan('tasting entries by estate').measure.column, 'count');
  });
  it('the words of a phrase naming the data apply no segment; "all X included" leaves nothing out', () => {
    const p = rescuePlan('total evacuations in the alpine rescue data, all valleys included');
    assert.deepEqual([p.measure.column, filters(p)], ['evacuations', []]);
    assert.deepEqual(filters(rescuePlan('evacuations in the alpine zone')), ['alpine_zone = true']);
  });
  it('"volume" of what a count counts is the count', () => {
    const p = rescuePlan('monthly callout volume in 2025');
    assert.deepEqual([p.measure.column, p.time?.grain], ['count', 'month']);
    assert.equal(wineryPlan('tasting volume 2024 vs 2025').measure.column, 'count');
  });
  it('a word of a description that states an exception, or of no description, is still unexplained', () => {
    assert.ok(declines(rescue, rescueValues, 'total evacuations in the dolomites'));
  });
  it('a verb\'s particle is the verb\'s: "give away"', () => {
    assert.equal(wineryPlan('how much did we give away in comps in 2025').measure.column, 'comps');
  });
});

describe('analyst classes (measure words): word forms link the question to a measure', () => {
  it('the verb of a noun made from it names the measure ("cancelled": Cancellations)', () => {
    const p = wineryPlan('how many were cancelled last month');
    assert.equal(p.measure.column, 'cancellations');
    assert.equal(rescuePlan('people evacuated by valley').measure.column, 'evacuations');
  });
  it('the one a total counts, before its verb, is no other quantity ("climbers were evacuated")', () => {
    assert.equal(rescuePlan('how many climbers were evacuated').measure.column, 'evacuations');
    assert.equal(rescuePlan('how many climbers were evacuated after a fall').measure.column, 'evacuations');
  });
  it('"1,000" and "1000" are one number; the noun after a rate\'s "per N" is what N counts', () => {
    assert.equal(rescuePlan('evacuation rate per 100 callouts in 2025').measure.column, 'evac_rate');
    assert.equal(rescuePlan('monthly evacuation rate per 100 missions').measure.column, 'evac_rate');
  });
});

describe('analyst classes (measure words): a measure named by what it judges or counts', () => {
  it('a count titled by a numeric condition answers it ("Parties over 6 people")', () => {
    const p = rescuePlan('how many parties had more than 6 people');
    assert.deepEqual([p.measure.column, filters(p)], ['large_parties', []]);
  });
  it('"best reviews" is the reviews\' one average of a judgment, ranked', () => {
    const p = wineryPlan('which estate has the best reviews');
    assert.deepEqual([p.measure.column, p.groups[0]?.column, p.order?.dir], ['avg_score', 'estate', 'DESC']);
  });
});

/** Plans as the analyst does, re-reading a question asked another way at the same instant. */
const counting = (meta: ServiceMetaResult, values: Map<string, string[]>) => (q: string) => {
  const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say, (t) => readQuestion(t, NOW));
  if (isDecline(p)) assert.fail(`${q}: declined: ${p.decline}`);
  return p;
};

describe('analyst classes (measure words): counting the members of a breakdown by a condition on its measure', () => {
  it('"how many valleys had an average party size over 3": the valleys kept by a HAVING, counted', () => {
    const p = counting(rescue, rescueValues)('how many valleys had an average party size over 3 in 2025');
    assert.deepEqual([p.countOf?.groups[0].column, p.countOf?.measure.column], ['valley', 'avg_party']);
    assert.deepEqual(
      p.having.map((h) => `${h.op} ${h.values.join()}`),
      ['> 3'],
    );
    assert.match(toSql(p), /^SELECT count\(\*\) AS "valley"\nFROM \(\n {2}SELECT "valley", MEASURE\("avg_party"\)/);
    assert.match(toSql(p), /HAVING MEASURE\("avg_party"\) > 3/);
  });
  it('"in total" takes the total measure per member', () => {
    const p = counting(winery, wineryValues)('how many flights had more than 500 guests in total');
    assert.deepEqual([p.countOf?.groups[0].column, p.countOf?.measure.column], ['flight', 'guests']);
  });
  it('without the re-reading, or with no condition per member, it is not counted so', () => {
    assert.ok(declines(rescue, rescueValues, 'how many valleys had an average party size over 3 in 2025'));
    assert.equal(counting(rescue, rescueValues)('how many valleys').countOf, undefined);
  });
});
