// The planner on classes of question the held-out set of bird strikes and football matches found it declining or
// answering wrongly, over two models written here (none of the corpus models' names or values): a parking garage's
// sessions and a van fleet's workshop jobs, as serviceMeta lists them, and the values the look-up would read.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { createLocalEngine, type Agent, type EngineSeed } from '../../../../../src/engine/index.js';
import { HttpTransport } from '../../../../../src/transport/http-transport.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

const garage: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('sessions', 'Parking sessions', [
      ['count', 'Sessions', 'number', 'count'],
      ['total_fees', 'Total fees', 'number', 'sum', { description: 'USD, parking plus penalty fees' }],
      ['parking_fees', 'Parking fees', 'number', 'sum', { description: 'USD' }],
      ['penalty_fees', 'Penalty fees', 'number', 'sum', { description: 'USD' }],
      ['refunds', 'Refunds', 'number', 'count', { filtered: true, description: 'sessions refunded in full' }],
      ['avg_stay', 'Average stay', 'number', 'avg', { description: 'minutes' }],
      ['gates', 'Gates', 'number', 'count_distinct'],
      ['exit_minutes', 'Exit minutes', 'number', 'sum', { description: 'minutes queued at the exit' }],
      ['short_stay', 'Short-stay sessions', 'boolean', undefined, { segment: true, description: 'under an hour' }],
      ['charged', 'Sessions with a fee', 'boolean', undefined, { segment: true }],
      ['fee', 'Fee of the session', 'number'],
      ['stay_minutes', 'Stay (minutes)', 'number'],
      ['fined', 'Fined', 'boolean'],
      ['entered_at', 'Entry time', 'time'],
      ['part_of_day', 'Part of day', 'string'],
      ['outcome', 'Outcome', 'string', undefined, { description: 'paid, refund or waived' }],
      ['deck', 'Deck', 'string'],
      ['entry_gate', 'Entry gate', 'string'],
      ['exit_gate', 'Exit gate', 'string'],
      ['operator', 'Operator', 'string'],
    ]),
  ],
};
const garageValues = new Map<string, string[]>([
  ['sessions.part_of_day', ['Morning', 'Day', 'Evening', 'Night']],
  ['sessions.outcome', ['paid', 'refund', 'waived']],
  ['sessions.deck', ['Roof-top deck', 'Ground floor', 'Basement']],
  ['sessions.entry_gate', ['North', 'South']],
  ['sessions.exit_gate', ['East', 'West']],
  ['sessions.operator', ["MCGRATH O'NEILL PARKING", 'CITY PARKING TRUST']],
]);

const fleet: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('jobs', 'Workshop jobs', [
      ['count', 'Jobs', 'number', 'count'],
      ['total_cost', 'Total cost', 'number', 'sum', { description: 'USD, parts plus labour' }],
      ['labour_cost', 'Labour cost', 'number', 'sum', { description: 'USD' }],
      ['parts_cost', 'Parts cost', 'number', 'sum', { description: 'USD' }],
      ['reworks', 'Reworks', 'number', 'count', { filtered: true, description: 'jobs done again' }],
      ['bays', 'Bays', 'number', 'count_distinct'],
      ['departure_waits', 'Departure waits', 'number', 'sum', { description: 'hours waited to leave' }],
      ['long_waiting', 'Long-waiting jobs', 'boolean', undefined, { segment: true }],
      ['costly', 'Jobs with a cost', 'boolean', undefined, { segment: true }],
      ['cost', 'Cost of the job', 'number'],
      ['waiting_hours', 'Waiting (hours)', 'number'],
      ['warranty', 'Under warranty', 'boolean'],
      ['opened_at', 'Open date', 'time'],
      ['kind_of_fault', 'Kind of fault', 'string'],
      ['result', 'Result', 'string'],
      ['van', 'Van type', 'string'],
      ['arrival_bay', 'Arrival bay', 'string'],
      ['departure_bay', 'Departure bay', 'string'],
      ['depot', 'Depot', 'string'],
      ['supplier', 'Supplier', 'string'],
    ]),
  ],
};
const fleetValues = new Map<string, string[]>([
  ['jobs.kind_of_fault', ['Electrical', 'Engine', 'Fault']],
  ['jobs.result', ['fixed', 'rework', 'scrapped']],
  ['jobs.van', ['Hi-top panel van', 'Low roof van']],
  ['jobs.arrival_bay', ['A1', 'A2']],
  ['jobs.departure_bay', ['D1', 'D2']],
  ['jobs.depot', ["D'ARCY ROAD DEPOT", 'MILL LANE DEPOT']],
  ['jobs.supplier', ['Northern brake works', 'Apex glass']],
]);

// A view with no description of its own over a hidden cube that has one (a kennel's visits, logged with complaints).
const kennelSeed: EngineSeed = {
  account: { name: 'kennel', plan: 'enterprise' },
  deployments: [{ id: 3, name: 'Kennel', apiSecret: 'kennel-secret-0123456789-0123456789-0123' }],
  users: [{ email: 'desk@kennel.test', role: 'admin' }],
  apiKeys: [{ key: 'kennel-admin-key', userEmail: 'desk@kennel.test' }],
  agents: [{ id: 'desk', deploymentId: 3 }],
  dataModel: {
    cubes: [
      {
        name: 'stays',
        sql_table: 'stays',
        title: 'Boarding stays',
        description: 'Stays and owner grievances recorded against a pen',
        public: false,
        measures: [
          { name: 'count', type: 'count', title: 'Stays' },
          { name: 'extended_count', type: 'count', title: 'Extended stays', filters: [{ sql: '{CUBE}.extended' }] },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'breed', type: 'string', sql: 'breed', title: 'Breed' },
          { name: 'extended', type: 'boolean', sql: 'extended', title: 'Extended' },
        ],
      },
    ],
    views: [{ name: 'stay_log', title: 'Stay log', cubes: [{ join_path: 'stays', includes: '*' }] }],
  },
  tables: {
    stays: [
      { id: 1, breed: 'Beagle', extended: true },
      { id: 2, breed: 'Collie', extended: false },
    ],
  },
};

/** serviceMeta as the kennel's admin sees it, through the engine. */
async function kennelMeta(): Promise<ServiceMetaResult> {
  let meta: ServiceMetaResult | undefined;
  const agent: Agent = {
    async *answer(ctx) {
      meta = await ctx.tools.serviceMeta({ searchQuery: '' });
      yield { final: 'ok' };
    },
  };
  const engine = await createLocalEngine({ seed: kennelSeed, agent, name: `kennel-${Date.now()}-${Math.random()}` });
  try {
    const transport = new HttpTransport({
      baseUrl: 'https://kennel.example',
      accountName: 'kennel',
      agentId: 'desk',
      auth: { apiKey: 'kennel-admin-key' },
      fetch: (request) => engine.fetch(request),
    });
    for await (const m of await transport.streamChat({ input: 'hi', sessionSettings: { externalId: 'desk-1' } }))
      void m;
  } finally {
    await engine.close();
  }
  return meta!;
}

const garagePlan = planner(garage, garageValues);
const fleetPlan = planner(fleet, fleetValues);

describe('local analyst: classes of question from the bird-strike and football set', () => {
  it('a description word naming another measure the question names whole is no evidence ("total labour cost")', () => {
    assert.equal(fleetPlan('total labour cost of jobs in 2025').measure.name, 'jobs.labour_cost');
    assert.equal(garagePlan('total penalty fees in march').measure.name, 'sessions.penalty_fees');
  });

  it('a measure titled with its aggregation word, written so, is no segment ("total cost", "total fees")', () => {
    const p = fleetPlan('total cost of jobs at mill lane depot');
    assert.equal(p.measure.name, 'jobs.total_cost');
    assert.deepEqual(filters(p), ['depot = MILL LANE DEPOT']);
    const q = garagePlan('total fees of sessions in 2025');
    assert.equal(q.measure.name, 'sessions.total_fees');
    assert.deepEqual(filters(q), []);
  });

  it('a title spelled whole with its small words is no value of it ("by part of day", "by kind of fault")', () => {
    const p = garagePlan('average stay by part of day');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['part_of_day'],
    );
    assert.deepEqual(filters(p), []);
    const q = fleetPlan('labour cost by kind of fault');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['kind_of_fault'],
    );
    assert.deepEqual(filters(q), []);
  });

  it('a part of a hyphenated segment title names it only with the rest ("stays" is no Short-stay sessions)', () => {
    assert.deepEqual(filters(garagePlan('total fees for stays in 2025')), []);
    assert.deepEqual(filters(fleetPlan('parts cost of waiting jobs in 2025')), []);
    // Written whole, it still filters.
    assert.deepEqual(filters(garagePlan('short-stay sessions in 2025')), ['short_stay = true']);
  });

  it('verbs of outcome ask for nothing, and "pct" asks for a share ("what pct of sessions caused a fine")', () => {
    const p = garagePlan('what pct of sessions caused a fine');
    assert.ok(p.share);
    assert.deepEqual(
      p.share.part?.map((f) => f.field.column),
      ['fined'],
    );
    // "what caused …" asks for a cause, no number.
    for (const [meta, values, question] of [
      [garage, garageValues, 'what caused the most penalty fees'],
      [fleet, fleetValues, 'what led to reworks'],
    ] as const)
      assert.ok(isDecline(planQuestion(readQuestion(question, NOW), buildCatalog(meta), values, say)), question);
    const q = fleetPlan('what % of jobs ended under warranty');
    assert.deepEqual(
      q.share?.part?.map((f) => f.field.column),
      ['warranty'],
    );
  });

  it('in a share, a count the model filters named whole is the part, not a value spelled alike ("ended in a refund")', () => {
    const p = garagePlan('what pct of sessions ended in a refund');
    assert.equal(p.measure.name, 'sessions.refunds');
    assert.equal(p.share?.of?.name, 'sessions.count');
    const q = fleetPlan('what % of jobs resulted in a rework');
    assert.equal(q.measure.name, 'jobs.reworks');
    assert.equal(q.share?.of?.name, 'jobs.count');
  });

  it('a hyphenated word of a value written closed names it ("rooftop deck", "hitop panel vans")', () => {
    assert.deepEqual(filters(garagePlan('parking fees on the rooftop deck')), ['deck = Roof-top deck']);
    assert.deepEqual(filters(fleetPlan('labour cost of hitop panel vans')), ['van = Hi-top panel van']);
  });

  it('a name written with an apostrophe, written without it, names its value ("at darcy", "by oneill")', () => {
    assert.deepEqual(filters(fleetPlan('total cost of jobs at darcy')), ["depot = D'ARCY ROAD DEPOT"]);
    assert.deepEqual(filters(garagePlan('parking fees of oneill')), ["operator = MCGRATH O'NEILL PARKING"]);
  });

  it('the noun a ranking is of is its breakdown, the one the measure qualifies ("top 2 gates by exit minutes")', () => {
    const p = garagePlan('top 2 gates by exit minutes');
    assert.equal(p.measure.name, 'sessions.exit_minutes');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['exit_gate'],
    );
    const q = fleetPlan('top 2 bays by departure waits');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['departure_bay'],
    );
  });

  it('"N or more" is a bound ("sessions with a stay of 90 or more minutes")', () => {
    assert.deepEqual(filters(garagePlan('how many sessions with a stay of 90 or more minutes')), [
      'stay_minutes >= 90',
    ]);
    assert.deepEqual(filters(fleetPlan('how many jobs with waiting hours of 4 or fewer')), ['waiting_hours <= 4']);
  });

  it('"N or more X" that a segment states is that segment ("sessions with 3 or more tickets")', () => {
    const meta: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        view('visits', 'Garage visits', [
          ['count', 'Visits', 'number', 'count'],
          ['tickets', 'Tickets', 'number', 'sum'],
          ['busy', 'Busy visits', 'boolean', undefined, { segment: true, description: '3 tickets or more' }],
          ['deck', 'Deck', 'string'],
        ]),
        view('repairs', 'Repairs', [
          ['count', 'Repairs', 'number', 'count'],
          ['parts', 'Parts', 'number', 'sum'],
          ['big', 'Big repairs', 'boolean', undefined, { segment: true, description: 'at least 10 parts' }],
          ['bay', 'Bay', 'string'],
        ]),
      ],
    };
    const plan = planner(meta, new Map());
    const p = plan('# of visits with 3 or more tickets by deck');
    assert.equal(p.measure.name, 'visits.count');
    assert.deepEqual(filters(p), ['busy = true']);
    const q = plan('how many repairs with at least 10 parts');
    assert.equal(q.measure.name, 'repairs.count');
    assert.deepEqual(filters(q), ['big = true']);
  });

  it('a source\'s description names its rows; a view with none has its hidden root cube\'s title and description ("grievances by breed", "boarding stays by breed")', async () => {
    const meta = await kennelMeta();
    const log = meta.cubes.find((c) => c.name === 'stay_log');
    assert.equal(log?.description, 'Boarding stays: Stays and owner grievances recorded against a pen');
    const plan = planner(meta, new Map([['stay_log.breed', ['Beagle', 'Collie']]]));
    const p = plan('grievances by breed');
    assert.equal(p.measure.name, 'stay_log.count');
    assert.equal(plan('boarding stays by breed').measure.name, 'stay_log.count');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['breed'],
    );
    // A described source answers by its description's nouns too, never by a modifier of them ("owner").
    const described: ServiceMetaResult = {
      searchQuery: '',
      cubes: [
        {
          ...view('desk', 'Front desk', [
            ['count', 'Calls', 'number', 'count'],
            ['missed', 'Missed calls', 'number', 'count', { filtered: true }],
            ['topic', 'Topic', 'string'],
          ]),
          description: 'Calls and customer enquiries taken at the front desk',
        },
      ],
    };
    const q = planner(described, new Map())('enquiries by topic');
    assert.equal(q.measure.name, 'desk.count');
  });

  it('a part of one value written before the rows\' noun names that value ("brake jobs", "trust sessions")', () => {
    assert.deepEqual(filters(fleetPlan('labour cost of brake jobs')), ['supplier = Northern brake works']);
    assert.deepEqual(filters(garagePlan('how many trust sessions in 2025')), ['operator = CITY PARKING TRUST']);
  });

  it('verbs of taking part ask for nothing ("how many different operators participated")', () => {
    const p = garagePlan('how many different operators participated in 2025');
    assert.equal(p.measure.agg, 'count_distinct');
    assert.equal(p.measure.column, 'operator');
    const q = fleetPlan('how many different depots have competed');
    assert.equal(q.measure.agg, 'count_distinct');
    assert.equal(q.measure.column, 'depot');
  });
});
