// The planner on classes of question three held-out sets (bike share, warehouse inventory, campaign finance) found it
// answering wrongly and silently — a negation, a compared value read as a grain, a breakdown lost or invented, a code
// a description explains, an amount of money bounding a count — over models written here (none of the corpus models'
// names or values): a pharmacy's stock, a software vendor's licences and a club's members.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const pharmacy: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('shelf', 'Pharmacy stock', [
      ['count', 'Products', 'number', 'count'],
      ['units', 'Units on hand', 'number', 'sum'],
      ['value', 'Stock value', 'number', 'sum'],
      ['name', 'Product', 'string'],
      ['form', 'Dosage form', 'string'],
      ['in_stock', 'In stock', 'boolean'],
      ['prescription', 'Prescription only', 'boolean'],
    ]),
  ],
};
const pharmacyValues = new Map([
  ['shelf.name', ['Ibuprofen 200', 'Saline drops', 'Zinc lozenges']],
  ['shelf.form', ['Tablet', 'Drops', 'Lozenge']],
]);

const licences: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('licences', 'Licences', [
      ['count', 'Licences', 'number', 'count'],
      ['seats', 'Seats', 'number', 'sum'],
      ['billed', 'Amount billed', 'number', 'sum'],
      ['term', 'Billing term', 'string'],
      ['tier', 'Tier', 'string'],
      ['state', 'Licence state', 'string'],
      ['customer', 'Customer', 'string'],
      ['started_at', 'Start date', 'time'],
    ]),
  ],
};
const licenceValues = new Map([
  ['licences.term', ['annual', 'monthly']],
  ['licences.tier', ['Starter', 'Team', 'Enterprise']],
  ['licences.state', ['active', 'revoked', 'expired']],
  ['licences.customer', ['Birchwood Ltd', 'Quayside Labs']],
]);

const club: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('members', 'Members', [
      ['count', 'Members', 'number', 'count'],
      ['dues', 'Dues paid', 'number', 'sum'],
      ['avg_dues', 'Average dues', 'number', 'avg'],
      ['visits', 'Visits', 'number', 'sum'],
      ['name', 'Member', 'string'],
      ['standing', 'Standing', 'string', undefined, { description: 'A = active, L = lapsed, H = honorary' }],
      ['section', 'Section', 'string'],
    ]),
  ],
};
const clubValues = new Map([
  ['members.standing', ['A', 'L', 'H']],
  ['members.section', ['Rowing', 'Sailing', 'Juniors']],
  ['members.name', ['Ada Brook', 'Olu Marsh']],
]);

const pharmacyPlan = planner(pharmacy, pharmacyValues);
const licencePlan = planner(licences, licenceValues);
const clubPlan = planner(club, clubValues);
const declines = (meta: ServiceMetaResult, values: Map<string, string[]>, q: string) =>
  isDecline(planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say));

describe('local analyst: classes answered wrongly and silently (negations, grains, breakdowns, codes, money)', () => {
  it('"out of stock": a yes/no column named after "out of" is false', () => {
    const p = pharmacyPlan('how many products are out of stock');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(filters(p), ['in_stock = false']);
    assert.deepEqual(filters(pharmacyPlan('how many products are in stock')), ['in_stock = true']);
  });

  it('"not counting X", "not including X": the value is excluded, never kept', () => {
    const p = licencePlan('seats sold in 2025, not counting revoked ones');
    assert.deepEqual(filters(p), ['state != revoked']);
    const q = licencePlan('amount billed last year not including expired licences');
    assert.deepEqual(filters(q), ['state != expired']);
  });

  it('"annual vs monthly": grain words that are values compared across "vs" are the values, no time series', () => {
    const p = licencePlan('annual vs monthly licences');
    assert.equal(p.time?.grain, undefined);
    assert.deepEqual(
      p.compare?.map((s) => s.filters.map((f) => f.values.join())),
      [['annual'], ['monthly']],
    );
    // Said as a grain, still a grain.
    assert.equal(licencePlan('monthly seats in 2025').time?.grain, 'month');
  });

  it('"by X (a, b, c)": the values listed after a breakdown keep the breakdown', () => {
    const p = licencePlan('seats by tier (starter, team, enterprise)');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['tier'],
    );
    const q = pharmacyPlan('units on hand by dosage form (tablet, drops)');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['form'],
    );
  });

  it('"paid by lapsed members": rows a value qualifies are those rows, no breakdown by each', () => {
    const p = clubPlan('total dues paid by rowing members');
    assert.deepEqual(p.groups, []);
    assert.deepEqual(filters(p), ['section = Rowing']);
    // One member asked by its title in the singular is a breakdown by member.
    assert.deepEqual(
      clubPlan('dues by rowing member').groups.map((g) => g.column),
      ['name'],
    );
  });

  it('a code a description explains ("L = lapsed") is named by its meaning, in the plural too', () => {
    assert.deepEqual(filters(clubPlan('average dues of lapsed members')), ['standing = L']);
    assert.deepEqual(filters(clubPlan('how many honorary members in sailing')), ['section = Sailing', 'standing = H']);
  });

  it('an amount of money ("under $50k") bounds no measure kept in other units: decline', () => {
    assert.ok(declines(club, clubValues, 'visits under $50k by section'));
    const p = clubPlan('sections with dues paid over $10k');
    assert.deepEqual(
      p.having.map((f) => `${f.field.column} ${f.op} ${f.values.join()}`),
      ['dues > 10000'],
    );
  });
  it('"how many X took at least one Y": the model\'s own distinct count, Y a one-word name of the rows\' count', () => {
    const gym: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('visits', 'Gym visits', [
          ['count', 'Visits', 'number', 'count', { meta: { synonyms: ['sessions'] } }],
          ['members', 'Active members', 'number', 'count_distinct'],
          ['member', 'Member', 'string'],
          ['at', 'Visit time', 'time'],
        ]),
      ],
    };
    const p = planner(
      gym,
      new Map([['visits.member', ['Ada Brook', 'Olu Marsh']]]),
    )('how many active members had at least one session last month');
    assert.equal(p.measure.column, 'members');
    assert.deepEqual(p.having, []);
  });
  it('a word of the source\'s description inside a breakdown ("by type of overhaul") is no word to let go', () => {
    const yard: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        {
          ...view('works', 'Boatyard works', [
            ['count', 'Jobs', 'number', 'count'],
            ['cost', 'Work cost', 'number', 'sum'],
            ['job_type', 'Type of work', 'string'],
            ['hull_type', 'Hull type', 'string'],
          ]),
          description: 'Work done on boats by the overhaul crew',
        },
      ],
    };
    const values = new Map([
      ['works.job_type', ['Antifouling', 'Engine service']],
      ['works.hull_type', ['Wood', 'Steel']],
    ]);
    assert.ok(declines(yard, values, 'work cost by type of overhaul'));
  });
  it('a value that is a shorthand ("MO", a state\'s code) is not named by what the shorthand stands for ("month")', () => {
    const filings: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('filings', 'Filings', [
          ['count', 'Filings', 'number', 'count'],
          ['state', 'State', 'string'],
          ['period_end', 'Reporting period end', 'time'],
        ]),
      ],
    };
    const plan = planner(filings, new Map([['filings.state', ['MO', 'NE', 'HP']]]));
    // "by the month" is the grain; the date a word between its names speaks of ("reporting period ended").
    const p = plan('filings by the month their reporting period ended, 2015');
    assert.deepEqual(filters(p), []);
    assert.equal(p.time?.grain, 'month');
    assert.equal(p.time?.field.column, 'period_end');
    assert.deepEqual(filters(plan('filings in MO')), ['state = MO']);
  });
});
