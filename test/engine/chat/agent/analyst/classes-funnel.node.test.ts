// The planner on classes of question the recruiting-pipeline and music-streaming held-out sets found it wrong or
// declining on, over models written here (none of the corpus models' names): a retailer's store openings and a
// bank's account openings (a segment titled by a word the source's noun shares), a course platform's registration
// funnel and a city's permit desk (a filtered count titled by an event a date names, beside a view title that
// names it too), a marketplace, a ride service, a survey panel and a fleet of vans; as serviceMeta lists them, and
// the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const meta = (...cubes: ServiceMetaResult['cubes']): ServiceMetaResult => ({ searchQuery: '', cubes });

const stores = meta(
  view('store_openings', 'Store openings', [
    ['count', 'Stores', 'number', 'count'],
    ['avg_floor', 'Avg floor area', 'number', 'avg'],
    ['avg_rent_min', 'Avg rent band min', 'number', 'avg'],
    ['avg_rent_max', 'Avg rent band max', 'number', 'avg'],
    ['region', 'Region', 'string'],
    ['opened_at', 'Opened', 'time'],
    ['closed_at', 'Closed', 'time'],
    ['open', 'Open', 'boolean', undefined, { segment: true }],
  ]),
);
const accounts = meta(
  view('account_openings', 'Account openings', [
    ['count', 'Accounts', 'number', 'count'],
    ['branch', 'Branch', 'string'],
    ['product', 'Product', 'string'],
    ['opened_at', 'Opened', 'time'],
    ['open', 'Open', 'boolean', undefined, { segment: true }],
  ]),
);

const funnel = meta(
  view('funnel', 'Registration funnel', [
    ['count', 'Leads', 'number', 'count'],
    [
      'registrations',
      'Registrations',
      'number',
      'count',
      { filtered: true, keeps: [{ member: 'stage', value: 'registered' }] },
    ],
    ['created_at', 'Lead date', 'time'],
    ['registered_at', 'Registration date', 'time'],
    ['stage', 'Stage', 'string'],
    ['region', 'Region', 'string'],
    ['advisor', 'Advisor', 'string'],
  ]),
  view('courses', 'Courses', [
    ['count', 'Courses', 'number', 'count'],
    ['region', 'Region', 'string'],
    ['launched_at', 'Launch date', 'time'],
  ]),
);
const funnelValues = new Map<string, string[]>([
  ['funnel.stage', ['lead', 'trial', 'registered']],
  ['funnel.region', ['North', 'South']],
  ['funnel.advisor', ['Marta Ruiz', 'Oskar Berg']],
  ['courses.region', ['North', 'South']],
]);

const builder = meta(
  view('build_schedule', 'Build schedule', [
    ['count', 'Homes', 'number', 'count'],
    ['starts', 'Starts', 'number', 'count', { filtered: true, keeps: [{ member: 'stage', value: 'started' }] }],
    ['planned_at', 'Planned date', 'time'],
    ['started_at', 'Start date', 'time'],
    ['stage', 'Stage', 'string'],
    ['region', 'Region', 'string'],
  ]),
);
const builderValues = new Map<string, string[]>([
  ['build_schedule.stage', ['planned', 'started', 'finished']],
  ['build_schedule.region', ['Coast', 'Valley']],
]);

const permits = meta(
  view('permit_desk', 'Approval queue', [
    ['count', 'Requests', 'number', 'count'],
    ['approvals', 'Approvals', 'number', 'count', { filtered: true, keeps: [{ member: 'status', value: 'approved' }] }],
    ['avg_fee_min', 'Avg fee range min', 'number', 'avg'],
    ['avg_fee_max', 'Avg fee range max', 'number', 'avg'],
    ['submitted_at', 'Submission date', 'time'],
    ['approved_at', 'Approval date', 'time'],
    ['status', 'Status', 'string'],
    ['district', 'District', 'string'],
    ['inspector', 'Inspector', 'string'],
  ]),
);
const permitValues = new Map<string, string[]>([
  ['permit_desk.status', ['submitted', 'approved', 'refused']],
  ['permit_desk.district', ['Harbour', 'Old Town']],
  ['permit_desk.inspector', ['Ines Duarte', 'Karl Lund']],
]);

const market = meta(
  view('orders', 'Orders', [
    ['count', 'Orders', 'number', 'count'],
    ['revenue', 'Revenue', 'number', 'sum'],
    ['placed_at', 'Order date', 'time'],
    ['returned', 'Returned', 'boolean'],
    ['channel', 'Channel', 'string'],
    ['buyers_age_bracket', 'Age bracket', 'string'],
  ]),
  view('products', 'Products', [
    ['count', 'Products', 'number', 'count'],
    ['title', 'Product', 'string'],
    ['category', 'Category', 'string'],
  ]),
  view('sellers', 'Sellers', [
    ['count', 'Sellers', 'number', 'count'],
    ['name', 'Seller', 'string'],
    ['avg_rating', 'Avg rating', 'number', 'avg'],
    ['city', 'City', 'string'],
    ['referrer', 'Referrer', 'string'],
  ]),
);
const marketValues = new Map<string, string[]>([
  ['orders.channel', ['web', 'app']],
  ['orders.buyers_age_bracket', ['18-29', '30-49', '50+']],
  ['products.category', ['Toys', 'Garden']],
  ['sellers.city', ['Lyon', 'Porto']],
  ['sellers.referrer', ['partner', 'search']],
]);

const rides = meta(
  view('trips', 'Trips', [
    ['count', 'Trips', 'number', 'count'],
    [
      'completed',
      'Completed trips',
      'number',
      'count',
      { description: 'trips finished (the fee definition)', filtered: true },
    ],
    ['fare', 'Fares', 'number', 'sum', { description: 'USD' }],
    ['started_at', 'Start time', 'time'],
    ['van_tier', 'Van tier', 'string'],
    ['status', 'Status', 'string'],
    ['riders_income_band', 'Income band', 'string'],
  ]),
);
const rideValues = new Map<string, string[]>([
  ['trips.van_tier', ['standard', 'large']],
  ['trips.status', ['completed', 'cancelled', 'no show']],
  ['trips.riders_income_band', ['low', 'middle', 'high']],
]);

const theatre = meta(
  view('visits', 'Box office', [
    ['count', 'Visits', 'number', 'count'],
    ['visitors', 'Visitors', 'number', 'count_distinct', { description: 'Distinct patrons' }],
    ['visited_at', 'Visit date', 'time'],
    ['stage_name', 'Stage', 'string'],
  ]),
  view('patron_list', 'Patrons', [
    ['count', 'Patrons', 'number', 'count'],
    ['city', 'City', 'string'],
  ]),
);
const rentals = meta(
  view('rentals', 'Rentals', [
    ['count', 'Rentals', 'number', 'count'],
    ['renters', 'Renters', 'number', 'count_distinct', { description: 'Distinct customers' }],
    ['rented_at', 'Rental date', 'time'],
  ]),
  view('customer_list', 'Customers', [
    ['count', 'Customers', 'number', 'count'],
    ['city', 'City', 'string'],
  ]),
);

const outreach = meta(funnel.cubes[0], view('calls', 'Advisor calls', [['count', 'Calls', 'number', 'count']]));
const inspections = meta(
  permits.cubes[0],
  view('inspections', 'Site inspections', [
    ['count', 'Inspections', 'number', 'count'],
    ['district', 'District', 'string'],
  ]),
);

const inspectionLog = meta(
  view('inspection_log', 'Inspection log', [
    ['count', 'Inspections', 'number', 'count'],
    ['avg_minutes', 'Avg duration', 'number', 'avg'],
    ['sites_zone', 'Zone', 'string'],
    ['sites_owner', 'Owner', 'string'],
  ]),
);
const inspectionValues = new Map<string, string[]>([
  ['inspection_log.sites_zone', ['Harbour', 'Uptown']],
  ['inspection_log.sites_owner', ['City', 'Private']],
]);
const tastings = meta(
  view('tastings', 'Tastings', [
    ['count', 'Tastings', 'number', 'count'],
    ['avg_score', 'Avg score', 'number', 'avg'],
    ['wines_region', 'Region', 'string'],
    ['wines_grape', 'Grape', 'string'],
  ]),
);
const tastingValues = new Map<string, string[]>([
  ['tastings.wines_region', ['Bordeaux', 'Rioja']],
  ['tastings.wines_grape', ['Merlot', 'Tempranillo']],
]);

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
