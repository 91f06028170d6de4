// The planner on values said in people's words and on which dimension a value belongs to, over two models written
// here (none of the corpus models' names): a garden centre's plant sales (plants named by a distinctive part: the
// noun of their name, a compound written in two words) and a US pharmacy chain's prescriptions (states kept as postal
// codes, territories among them, beside counties and cities that share names with states); as serviceMeta lists
// them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, NOW, planner, say, view } from './plan-probe.js';

const garden: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      ...view('plant_sales', 'Plant sales', [
        ['count', 'Sales', 'number', 'count'],
        ['units', 'Units sold', 'number', 'sum'],
        ['revenue', 'Revenue', 'number', 'sum', { description: 'USD' }],
        ['sold_at', 'Sale date', 'time'],
        ['plant', 'Plant', 'string', undefined, { description: 'common name, e.g. English Lavender' }],
        ['category', 'Category', 'string'],
        ['pot', 'Pot size', 'string'],
        ['supplier', 'Supplier', 'string'],
      ]),
      description: 'sales of Japanese Maple, Red Maple, English Lavender, Common Foxglove and Boston Fern plants',
    },
  ],
};
const gardenValues = new Map<string, string[]>([
  ['plant_sales.plant', ['Japanese Maple', 'Red Maple', 'English Lavender', 'Common Foxglove', 'Boston Fern']],
  ['plant_sales.category', ['Shrub', 'Perennial', 'Fern']],
  ['plant_sales.pot', ['Patio Large', 'Patio Small', 'Starter Plug']],
  ['plant_sales.supplier', ['Boston Growers', 'Greenleaf Nursery']],
]);

const pharmacy: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('prescriptions', 'Prescriptions', [
      ['count', 'Prescriptions', 'number', 'count'],
      ['copay', 'Copay collected', 'number', 'sum'],
      ['filled_at', 'Fill date', 'time'],
      ['state', 'State', 'string', undefined, { description: 'two-letter postal code' }],
      ['county', 'County', 'string'],
      ['city', 'City', 'string'],
      ['in_mall', 'In a mall', 'boolean'],
      ['county_code', 'County FIPS code', 'number'],
      ['state_code', 'State FIPS code', 'number'],
      ['mall_copay', 'Copay in malls', 'number', 'sum'],
    ]),
  ],
};
const pharmacyValues = new Map<string, string[]>([
  ['prescriptions.state', ['OH', 'NE', 'OR', 'PA', 'TX', 'CT', 'MA', 'VT', 'PR', 'GU', 'VI', 'AS', 'MP']],
  ['prescriptions.county', ['Ohio', 'Lincoln', 'Lancaster', 'Marion']],
  ['prescriptions.city', ['Lincoln', 'Salem', 'Columbus', 'Omaha']],
]);

const plan = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);

describe('values said by a distinctive part of them', () => {
  const ask = planner(garden, gardenValues);
  it('the noun a value of several words ends with names that one value ("the lavender")', () => {
    assert.deepEqual(filters(ask('units sold of the lavender last month')), ['plant = English Lavender']);
  });
  it('a compound the value writes as one word, said in two ("fox gloves")', () => {
    assert.deepEqual(filters(ask('how many fox gloves did we sell')), ['plant = Common Foxglove']);
  });
  it('a word of several values, or one the description names, is never dropped silently', () => {
    // "maple" ends two values: a question back or a decline, never the revenue of every plant.
    const r = plan(garden, gardenValues, 'revenue from maple');
    assert.ok(isDecline(r) && r.decline.includes('maple'), JSON.stringify(isDecline(r) ? r : filters(r)));
  });
});

describe('which dimension a value belongs to', () => {
  const ask = planner(garden, gardenValues);
  it('a word leading values of two dimensions is the one of the dimension named next ("boston\'s supplier")', () => {
    assert.deepEqual(filters(ask("revenue from boston's supplier")), ['supplier = Boston Growers']);
  });
});

describe('a word of several values with the plural of their dimension names them all', () => {
  const ask = planner(garden, gardenValues);
  it('"patio pots": every pot size the word is a name\'s word of', () => {
    assert.deepEqual(filters(ask('units sold in patio pots')), ['pot = Patio Large,Patio Small']);
  });
});

describe('US states by name and code beside counties and cities of the same name', () => {
  const ask = planner(pharmacy, pharmacyValues);
  it('a state named in full is the state, not a county of that name', () => {
    assert.deepEqual(filters(ask('prescriptions filled in ohio')), ['state = OH']);
  });
  it('the county when the question says "county"', () => {
    assert.deepEqual(filters(ask('prescriptions filled in ohio county')), ['county = Ohio']);
  });
  it('"name, st": the city in the state its code names, the code in lowercase', () => {
    assert.deepEqual(filters(ask('prescriptions filled in lincoln, ne')), ['city = Lincoln', 'state = NE']);
  });
  it("a column of codes with territories among them is still read by the states' names, typos too", () => {
    assert.deepEqual(filters(ask('copay collected in pensylvania')), ['state = PA']);
    assert.deepEqual(filters(ask('prescriptions in guam')), ['state = GU']);
  });
  it('a region of the census is the states of it the column holds', () => {
    assert.deepEqual(filters(ask('copay collected in new england')), ['state = CT,MA,VT']);
  });
  it('a code kept as a number, written with leading zeros after the words of its column ("county fips 039")', () => {
    assert.deepEqual(filters(ask('prescriptions filled in county fips 039')), ['county_code = 39']);
  });
  it('a yes/no member said in the plural ("in malls" of In a mall) is applied, never dropped', () => {
    const p = ask('how many prescriptions were filled in malls');
    assert.ok(filters(p).includes('in_mall = true') || p.measure.name.endsWith('mall_copay'), filters(p).join());
  });
});

describe("a name's last word in lowercase is no adjective of the rows", () => {
  // A courier's drivers by full name: "long" and "young" are words of names here, and adjectives in questions.
  const courier: ServiceMetaResult = {
    searchQuery: '',
    cubes: [
      view('runs', 'Delivery runs', [
        ['count', 'Runs', 'number', 'count'],
        ['distance', 'Distance', 'number', 'sum'],
        ['driver', 'Driver', 'string'],
        ['started_at', 'Start time', 'time'],
      ]),
    ],
  };
  const values = new Map([['runs.driver', ['Anna Long', 'Tom Young', 'Priya Shah']]]);
  it('"long trips", "how long": no driver Anna Long; "the runs of shah": Priya Shah', () => {
    for (const q of ['how many long trips last month', 'how long were the runs last month']) {
      const r = plan(courier, values, q);
      assert.ok(isDecline(r) || !filters(r).some((f) => f.includes('Anna Long')), q);
    }
    assert.deepEqual(filters(planner(courier, values)('distance driven by the runs of shah')), ['driver = Priya Shah']);
  });
});

describe("a city named as written beside a state its name stands for, with an origin's and a destination's", () => {
  // A coach company's trips: the origin's and the destination's city and state (codes), both joined.
  const coaches: ServiceMetaResult = {
    searchQuery: '',
    cubes: [
      view('trips', 'Coach trips', [
        ['count', 'Trips', 'number', 'count'],
        ['origin_city', 'City (origin city)', 'string'],
        ['origin_state', 'State (origin state)', 'string'],
        ['destination_city', 'City (destination city)', 'string'],
        ['destination_state', 'State (destination state)', 'string'],
      ]),
    ],
  };
  const values = new Map([
    ['trips.origin_city', ['New York', 'Albany', 'Boston']],
    ['trips.destination_city', ['New York', 'Albany', 'Boston']],
    ['trips.origin_state', ['NY', 'MA']],
    ['trips.destination_state', ['NY', 'MA']],
  ]);
  it('"from Boston to New York": the cities, by direction (no state New York)', () => {
    assert.deepEqual(filters(planner(coaches, values)('trips from Boston to New York')), [
      'destination_city = New York',
      'origin_city = Boston',
    ]);
  });
});
