// The planner on classes of question the recruiting-pipeline and music-streaming held-out sets found it wrong or
// declining on, over the models of funnel-models.ts (none of the corpus models' names).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import {
  accounts,
  builder,
  builderValues,
  funnel,
  funnelValues,
  inspectionLog,
  inspections,
  inspectionValues,
  market,
  marketValues,
  outreach,
  permits,
  permitValues,
  rentals,
  rides,
  rideValues,
  stores,
  tastings,
  tastingValues,
  theatre,
} from './funnel-models.js';
import { NOW, filters, planner, say } from './plan-probe.js';

const plan = (m: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  planQuestion(readQuestion(q, NOW), buildCatalog(m), values, say);

describe('local analyst: classes of question from the recruiting and music streaming sets', () => {
  it('a word written as a segment is the segment, though the source noun shares its stem ("open stores")', () => {
    const p = planner(stores, new Map([['store_openings.region', ['East', 'West']]]))('open stores by region');
    assert.deepEqual(filters(p), ['open = true']);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['region'],
    );
    const q = planner(
      accounts,
      new Map([['account_openings.branch', ['Elm Street', 'Main Square']]]),
    )('how many open accounts by branch');
    assert.deepEqual(filters(q), ['open = true']);
  });

  it("a filtered count titled by an event is dated by that event's date, though the view's title names it", () => {
    const p = planner(funnel, funnelValues)('registrations last quarter');
    assert.equal(p.measure.name, 'funnel.registrations');
    assert.equal(p.time?.field.name, 'funnel.registered_at');
    const q = planner(permits, permitValues)('approvals last quarter');
    assert.equal(q.measure.name, 'permit_desk.approvals');
    assert.equal(q.time?.field.name, 'permit_desk.approved_at');
  });

  it('a verb a filtered count is titled by counts that measure at its date ("how many homes did we start")', () => {
    const p = planner(builder, builderValues)('how many did we start in 2025, by region');
    assert.equal(p.measure.name, 'build_schedule.starts');
    assert.equal(p.time?.field.name, 'build_schedule.started_at');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['region'],
    );
  });

  it('"pct" asks for a share like "percent"', () => {
    const p = planner(market, marketValues)('pct of orders that got returned');
    assert.ok(p.share);
    assert.deepEqual(
      p.share?.part?.map((f) => f.field.column),
      ['returned'],
    );
    const q = planner(rides, rideValues)('pct of trips in large vans');
    assert.ok(q.share);
  });

  it('a measure divided by itself is no answer ("fees per completed trip" where only a description says fee)', () => {
    const p = plan(rides, rideValues, 'how much do we pay out in fees per completed trip');
    assert.ok(isDecline(p), JSON.stringify(!isDecline(p) && p.measure.name));
    const q = plan(market, marketValues, 'how much do we pay in returned per returned order');
    if (!isDecline(q)) assert.notEqual(q.per?.name, q.measure.name);
  });

  it('a filler verb written as a counted plural must map ("the most likes", "the most offers")', () => {
    assert.ok(isDecline(plan(market, marketValues, 'which products got the most likes')));
    assert.ok(isDecline(plan(market, marketValues, 'which sellers got the most offers')));
  });

  it('the source\'s own noun before "by" is its rows, no breakdown by its name column', () => {
    const p = planner(market, marketValues)('avg rating of sellers by city');
    assert.equal(p.measure.name, 'sellers.avg_rating');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['city'],
    );
    const q = planner(market, marketValues)('number of products by category');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['category'],
    );
  });

  it('"send", "right now" ask for nothing', () => {
    const p = planner(market, marketValues)('how many sellers did partners send us');
    assert.deepEqual(filters(p), ['referrer = partner']);
    const q = planner(
      stores,
      new Map([['store_openings.region', ['East', 'West']]]),
    )('how many open stores do we have right now');
    assert.deepEqual(filters(q), ['open = true']);
  });

  it('a bucket word names a dimension titled with another ("age group": Age bracket, "income range": Income band)', () => {
    const p = planner(market, marketValues)('revenue by age group');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['buyers_age_bracket'],
    );
    const q = planner(rides, rideValues)('fares by income range');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['riders_income_band'],
    );
  });

  it('"yoy" over two whole years compares the two totals', () => {
    const p = planner(market, marketValues)('yoy revenue: 2023 vs 2024');
    assert.equal(p.compare?.length, 2);
    assert.equal(p.time?.grain, undefined);
    const q = planner(rides, rideValues)('year over year fares 2024 vs 2025');
    assert.equal(q.compare?.length, 2);
  });

  it('a given name in lowercase after an auxiliary verb is the one person it begins ("did marta do")', () => {
    const p = planner(funnel, funnelValues)('how many leads did marta get in Q4');
    assert.deepEqual(filters(p), ['advisor = Marta Ruiz']);
    const q = planner(permits, permitValues)('how many requests did karl handle in 2025');
    assert.deepEqual(filters(q), ['inspector = Karl Lund']);
    // A word qualifying the noun after it is no name's part ("did grand partners": no city Grand Rapids).
    const towns = new Map([...marketValues, ['sellers.city', ['Lyon', 'Grand Rapids']]]);
    const r = plan(market, towns, 'how many sellers did grand partners send us');
    assert.ok(
      isDecline(r) || !filters(r).some((f) => f.includes('Grand Rapids')),
      JSON.stringify(!isDecline(r) && filters(r)),
    );
  });

  it("a distinct count asked is the measure counting so, though another source counts the noun's rows", () => {
    const p = planner(theatre, new Map())('number of distinct patrons who visited in 2025');
    assert.equal(p.measure.name, 'visits.visitors');
    const q = planner(rentals, new Map())('number of unique customers who rented in 2024');
    assert.equal(q.measure.name, 'rentals.renters');
  });

  it('a filtered count named after the rows\' count is a share of it ("% of leads got a registration")', () => {
    const p = planner(funnel, funnelValues)('what % of leads got a registration');
    assert.equal(p.measure.name, 'funnel.registrations');
    assert.equal(p.share?.of?.name, 'funnel.count');
    const q = planner(permits, permitValues)('what percentage of requests got an approval');
    assert.equal(q.measure.name, 'permit_desk.approvals');
    assert.equal(q.share?.of?.name, 'permit_desk.count');
  });

  it('a filter that empties a measure of the plan is no answer ("trials per registration")', () => {
    const p = plan(funnel, funnelValues, 'how many trials do we run per registration');
    assert.ok(isDecline(p) || p.filters.every((f) => f.field.column !== 'stage'));
    const q = plan(builder, builderValues, 'how many planned homes do we have per start');
    assert.ok(isDecline(q) || q.filters.every((f) => f.field.column !== 'stage'));
  });

  it('"top" or "bottom" of a band is the measure of its max or its min', () => {
    const s = planner(stores, new Map([['store_openings.region', ['East', 'West']]]));
    assert.equal(s('average top of the rent band by region').measure.name, 'store_openings.avg_rent_max');
    assert.equal(s('average bottom of the rent band').measure.name, 'store_openings.avg_rent_min');
    const p = planner(permits, permitValues)('average top of the fee range by district');
    assert.equal(p.measure.name, 'permit_desk.avg_fee_max');
  });

  it('one source\'s total per an event another source counts is their ratio ("calls per registration")', () => {
    const p = planner(outreach, funnelValues)('how many calls do we make per registration');
    assert.equal(p.measure.name, 'calls.count');
    assert.equal(p.per?.name, 'funnel.registrations');
    assert.equal(p.perFrom?.source.name, 'funnel');
    const q = planner(inspections, permitValues)('inspections per approval by district');
    assert.equal(q.measure.name, 'inspections.count');
    assert.equal(q.per?.name, 'permit_desk.approvals');
    assert.deepEqual(
      q.perFrom?.groups.map((g) => g.name),
      ['permit_desk.district'],
    );
    // Per the rows of another source (leads: all of them, or those called?) is left to a distinct count of one.
    const r = plan(outreach, funnelValues, 'how many calls do we make per lead');
    assert.ok(isDecline(r) || !r.perFrom);
  });

  it('the noun of a status value written as a past form names the value and counts its rows ("refusals")', () => {
    const p = planner(permits, permitValues)('refusals by district');
    assert.equal(p.measure.name, 'permit_desk.count');
    assert.deepEqual(filters(p), ['status = refused']);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['district'],
    );
    const q = planner(rides, rideValues)('cancellations by van tier');
    assert.equal(q.measure.name, 'trips.count');
    assert.deepEqual(filters(q), ['status = cancelled']);
  });

  it('"different people" with a verb count the one distinct count titled by its doer ("rented": Renters)', () => {
    const p = planner(rentals, new Map())('how many different people rented something in 2024');
    assert.equal(p.measure.name, 'rentals.renters');
    const q = planner(theatre, new Map())('how many different people visited in 2025');
    assert.equal(q.measure.name, 'visits.visitors');
  });

  it('a plural noun after a value of a joined entity names that entity, unless counted ("harbour properties")', () => {
    const p = planner(inspectionLog, inspectionValues)('avg duration for harbour properties');
    assert.equal(p.measure.name, 'inspection_log.avg_minutes');
    assert.deepEqual(filters(p), ['sites_zone = Harbour']);
    const q = planner(tastings, tastingValues)('avg score for bordeaux bottles');
    assert.deepEqual(filters(q), ['wines_region = Bordeaux']);
    assert.ok(isDecline(plan(tastings, tastingValues, 'how many bordeaux bottles')));
    assert.ok(isDecline(plan(inspectionLog, inspectionValues, 'number of harbour properties')));
  });
});
