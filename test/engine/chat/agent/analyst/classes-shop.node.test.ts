// The planner on classes of question the real-estate and manufacturing-plant held-out sets found it wrong or
// declining on, over a bicycle shop's stock model written here (none of the corpus models' names): a `bikes` view of
// the bikes a shop received and sold, as serviceMeta lists them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, NOW, planner, say } from './plan-probe.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';

type Member = ServiceMetaResult['cubes'][number]['members'][number];
const m = (name: string, title: string, aggType: string, description?: string): Member => ({
  name: `bikes.${name}`,
  title,
  type: 'number',
  aggType,
  ...(description && { description }),
});
const d = (name: string, title: string, type: Member['type'] = 'string'): Member => ({
  name: `bikes.${name}`,
  title,
  type,
});

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      name: 'bikes',
      type: 'view',
      title: 'Bikes',
      members: [
        m('count', 'Bikes', 'count'),
        m('revenue', 'Revenue', 'sum'),
        m('repair_cost', 'Repair cost', 'sum'),
        m('avg_price', 'Average price', 'avg'),
        m('parts', 'Parts fitted', 'sum'),
        m('avg_assembly', 'Average assembly time', 'avg', 'seconds per part'),
        m('takings', 'Takings', 'sum', 'what buyers paid for the bikes they purchased'),
        m('upkeep', 'Upkeep', 'sum', 'cost from received to purchased'),
        d('id', 'Frame number', 'number'),
        d('received_at', 'Received', 'time'),
        d('purchased_at', 'Purchased', 'time'),
        d('status', 'Status'),
        d('color', 'Color'),
        d('stores_name', 'Store'),
        d('bike_type', 'Type'),
        d('insured', 'Insured', 'boolean'),
        d('weight_kg', 'Weight (kg)', 'number'),
        d('frame_size', 'Frame size', 'number'),
        d('stores_floor_area', 'Floor area', 'number'),
        d('box_square_feet', 'Box square feet', 'number'),
        d('gears', 'Gears', 'number'),
        d('mechanics_name', 'Mechanic'),
      ],
    },
    {
      name: 'services',
      type: 'view',
      title: 'Services',
      members: [
        { name: 'services.count', title: 'Services', type: 'number', aggType: 'count' },
        {
          name: 'services.fees',
          title: 'Service fees',
          type: 'number',
          aggType: 'sum',
          description: 'fees of the services paid',
        },
        { name: 'services.quantity', title: 'Quantity sold', type: 'number', aggType: 'sum' },
        { name: 'services.returned', title: 'Returned quantity', type: 'number', aggType: 'sum' },
        { name: 'services.serviced_at', title: 'Serviced', type: 'time' },
        { name: 'services.part', title: 'Part', type: 'string' },
        { name: 'services.reason', title: 'Reason', type: 'string' },
        { name: 'services.duration', title: 'Duration (minutes)', type: 'number' },
        { name: 'services.paid_at', title: 'Paid', type: 'time' },
      ],
    },
    {
      name: 'premises',
      type: 'view',
      title: 'Properties',
      members: [
        { name: 'premises.count', title: 'Leases', type: 'number', aggType: 'count' },
        { name: 'premises.rent', title: 'Rent', type: 'number', aggType: 'sum' },
        { name: 'premises.leased_at', title: 'Leased', type: 'time' },
        { name: 'premises.bedrooms', title: 'Bedrooms', type: 'number' },
        { name: 'premises.bathrooms', title: 'Bathrooms', type: 'number' },
      ],
    },
  ],
};
const values = new Map<string, string[]>([
  ['bikes.status', ['Available', 'Purchased', 'Repair']],
  ['bikes.color', ['Stone', 'Black', 'Red']],
  ['bikes.stores_name', ['Northside', 'Harbour']],
  ['bikes.bike_type', ['Road', 'Mountain']],
  ['bikes.mechanics_name', ['Ann Lee', 'Raj Patel', 'Tomas Berg']],
  ['services.part', ['Chain', 'Tyre']],
  ['services.reason', ['Breakdown', 'Tune-up']],
]);

const plan = planner(meta, values);

describe('local analyst: classes of question from the real-estate and plant sets', () => {
  it('a word naming a member is no typo of a value ("by store" is no color Stone)', () => {
    const p = plan('revenue by store');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['stores_name'],
    );
    assert.deepEqual(filters(plan('average price for the northside store')), ['stores_name = Northside']);
    // A typo of a value that names no member is still read as the value.
    assert.deepEqual(filters(plan('how many bikes in harbor')), ['stores_name = Harbour']);
  });

  it("a measure's title named whole is the measure, not a value its word inflects ('repair cost' is no status Repair)", () => {
    const p = plan('repair cost by month');
    assert.equal(p.measure.column, 'repair_cost');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(filters(plan('how many bikes are in repair')), ['status = Repair']);
  });

  it('un- before a boolean\'s word negates it ("uninsured bikes")', () => {
    assert.deepEqual(filters(plan('how many uninsured bikes')), ['insured = false']);
    assert.deepEqual(filters(plan('how many insured bikes')), ['insured = true']);
  });

  it('a time dimension named by a common verb is that event ("purchased" of Purchased), and a value written so', () => {
    const p = plan('road bikes purchased last month');
    assert.equal(p.time?.field.column, 'purchased_at');
    assert.deepEqual(filters(plan('purchased bikes by store')), ['status = Purchased']);
  });

  it("a question naming no event is at the date its measure's own words name, if one", () => {
    assert.equal(plan('takings last year').time?.field.column, 'purchased_at');
    assert.equal(plan('takings by store in 2025').time?.field.column, 'purchased_at');
    // Words naming two dates, or none: the source's first.
    assert.equal(plan('upkeep last year').time?.field.column, 'received_at');
    assert.equal(plan('revenue last year').time?.field.column, 'received_at');
    // The source's own noun names no event: "fees of the services paid" are at Paid, not at Serviced.
    assert.equal(plan('service fees last year').time?.field.column, 'paid_at');
    // An event named wins.
    assert.equal(plan('takings of bikes received last year').time?.field.column, 'received_at');
  });

  it('"avg X per Y" of a total X is X divided by the Ys, not an average whose description says "per X"', () => {
    const p = plan('avg parts per bike');
    assert.equal(p.measure.column, 'parts');
    assert.equal(p.per?.agg, 'count');
    assert.equal(plan('average parts fitted per store').per?.distinctOf, 'stores_name');
    assert.equal(plan('average assembly time per bike').measure.column, 'avg_assembly');
  });

  it('an event in a period is its date in the period, not also the value it leaves ("purchased last month")', () => {
    const p = plan('how many bikes were purchased last month');
    assert.deepEqual(filters(p), []);
    assert.equal(p.time?.field.column, 'purchased_at');
    assert.match(JSON.stringify(p.time?.range), /2025-12-01/);
    // With no period, the value: "purchased bikes", "how many bikes were purchased".
    assert.deepEqual(filters(plan('how many bikes were purchased')), ['status = Purchased']);
    assert.deepEqual(filters(plan('purchased bikes by store')), ['status = Purchased']);
  });

  it('an aggregation no measure computes is of the number column named whole ("average weight of road bikes")', () => {
    const p = plan('average weight of road bikes');
    assert.equal(p.measure.columnOf, 'weight_kg');
    assert.deepEqual(filters(p), ['bike_type = Road']);
    assert.match(toSql(p), /AVG\("weight_kg"\)/);
    assert.match(toSql(plan('what was the biggest frame size in 2025')), /MAX\("frame_size"\)/);
    // A measure that computes it stays the measure; a column not named still declines.
    assert.equal(plan('average price of road bikes').measure.column, 'avg_price');
    const declines = (q: string) => isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));
    assert.ok(declines('max assembly time'));
    // A unit alone names no column; a joined cube's column (stores_…) is no attribute of these rows.
    assert.ok(declines('highest kg'));
    assert.ok(declines('average floor area'));
  });

  it('"new X" and "X added" are at the first date when none is a creation ("Received")', () => {
    assert.equal(plan('new bikes last month').time?.field.column, 'received_at');
    assert.equal(plan('bikes added since march').time?.field.column, 'received_at');
    assert.equal(plan('how many road bikes were added last year').measure.column, 'count');
  });

  it('the thesaurus: homes are properties, footage is feet, sq ft is square feet', () => {
    assert.equal(plan('how many homes').measure.name, 'premises.count');
    assert.match(toSql(plan('average box square footage')), /AVG\("box_square_feet"\)/);
    assert.match(toSql(plan('highest box sq ft')), /MAX\("box_square_feet"\)/);
  });

  it('a count before a number column\'s word: "21+ gears" is at least 21, "2 bed" is Bedrooms cut short', () => {
    assert.deepEqual(filters(plan('how many bikes with 21+ gears')), ['gears >= 21']);
    assert.deepEqual(filters(plan('how many 21 gear bikes')), ['gears = 21']);
    assert.deepEqual(filters(plan('how many 2 bed homes')), ['bedrooms = 2']);
    assert.deepEqual(filters(plan('how many 2 bath homes')), ['bathrooms = 2']);
  });

  it('an event in a period keeps a value that only starts at its word ("New York" is no "new")', () => {
    const meta2: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        {
          name: 'stops',
          type: 'view',
          title: 'Stops',
          members: [
            { name: 'stops.count', title: 'Stops', type: 'number', aggType: 'count' },
            { name: 'stops.created_at', title: 'Created', type: 'time' },
            { name: 'stops.city', title: 'City', type: 'string' },
          ],
        },
      ],
    };
    const p = planQuestion(
      readQuestion('how many stops did New York have in 2013', NOW),
      buildCatalog(meta2),
      new Map([['stops.city', ['New York', 'Boston']]]),
      say,
    );
    assert.ok(!isDecline(p));
    assert.deepEqual(filters(p), ['city = New York']);
  });

  it('"how many <value>s did we …" counts the items (the quantity measure), not the rows', () => {
    const p = plan('how many chains did we sell last month');
    assert.equal(p.measure.name, 'services.quantity');
    assert.deepEqual(filters(p), ['part = Chain']);
    assert.equal(plan('how many tyre services last month').measure.name, 'services.count');
    assert.equal(plan('how many road bikes did we get').measure.name, 'bikes.count');
  });

  it('"90 min" is a unit, and a bound in a unit of time is on the one column kept in one', () => {
    const p = plan('how many services were over 90 min');
    assert.equal(p.measure.name, 'services.count');
    assert.deepEqual(filters(p), ['duration > 90']);
    assert.deepEqual(filters(plan('how many breakdowns lasted more than 2 hours')), [
      'duration > 120',
      'reason = Breakdown',
    ]);
    assert.deepEqual(filters(plan('breakdowns by part')), ['reason = Breakdown']);
  });

  it('the source named by its title, or an event in a period, with no number asked, counts the rows', () => {
    const homes = plan('homes leased per month in 2025');
    assert.equal(homes.measure.name, 'premises.count');
    assert.equal(homes.time?.field.column, 'leased_at');
    // A mass noun of the title is no count of rows ("property in 2025" asks for nothing countable).
    assert.ok(isDecline(planQuestion(readQuestion('property in 2025', NOW), buildCatalog(meta), values, say)));
    const sold = plan('road bikes purchased in q3 2025');
    assert.equal(sold.measure.name, 'bikes.count');
    assert.deepEqual(filters(sold), ['bike_type = Road']);
    assert.equal(sold.time?.field.column, 'purchased_at');
  });

  it('a common verb names the one measure titled with it; an average of a total is over the rows; output is quantity', () => {
    const sold = plan('chains sold per month in 2025');
    assert.equal(sold.measure.name, 'services.quantity');
    assert.deepEqual(filters(sold), ['part = Chain']);
    const avg = plan('avg repair cost of road bikes');
    assert.equal(avg.measure.column, 'repair_cost');
    assert.equal(avg.per?.column, 'count');
    assert.match(toSql(avg), /MEASURE\("repair_cost"\) \/ NULLIF\(MEASURE\("count"\), 0\)/);
    assert.equal(plan('chain output last month').measure.name, 'services.quantity');
  });

  it('a name of three letters written as a name is the one person it is part of ("by Raj": Raj Patel)', () => {
    assert.deepEqual(filters(plan('repair cost by Raj')), ['mechanics_name = Raj Patel']);
    assert.deepEqual(filters(plan('revenue of Lee last year')), ['mechanics_name = Ann Lee']);
    const declines = (q: string) => isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));
    assert.ok(declines('revenue of lee'));
  });

  it('two measures named alike with "vs" are compared side by side, in the question\'s order', () => {
    const p = plan('quantity sold vs returned quantity');
    assert.deepEqual(
      p.compare?.map((c) => c.measure?.name),
      ['services.quantity', 'services.returned'],
    );
    assert.match(toSql(p), /MEASURE\("returned"\)/);
    const declines = (q: string) => isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));
    assert.ok(declines('quantity sold and returned quantity'));
  });
});
