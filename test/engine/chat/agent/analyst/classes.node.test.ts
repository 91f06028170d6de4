// The planner on classes of question the held-out sets found it wrong or declining on, over a bicycle workshop's
// model written here (no corpus model's names): a `service` view of repair jobs with the bikes, mechanics and shops
// its cubes join, as serviceMeta lists them, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, planner, say } from './plan-probe.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';

type Member = ServiceMetaResult['cubes'][number]['members'][number];
const m = (name: string, title: string, aggType: string): Member => ({
  name: `service.${name}`,
  title,
  type: 'number',
  aggType,
});
const d = (name: string, title: string, type: Member['type'] = 'string'): Member => ({
  name: `service.${name}`,
  title,
  type,
});
const s = (name: string, title: string): Member => ({ name: `service.${name}`, title, type: 'boolean', segment: true });

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      name: 'service',
      type: 'view',
      title: 'Workshop',
      members: [
        m('count', 'Jobs', 'count'),
        m('rush_charges', 'Rush charges', 'sum'),
        m('parts_cost', 'Parts cost', 'sum'),
        m('avg_ttr', 'Average time to repair', 'avg'),
        m('bikes_fixed', 'Bikes repaired', 'count_distinct'),
        d('id', 'Job id', 'number'),
        d('opened_at', 'Opening date', 'time'),
        d('service_type', 'Service type'),
        d('parts', 'Parts used', 'number'),
        s('rush', 'Rush jobs'),
        s('waiting', 'Bikes still waiting'),
        d('bikes_name', 'Bike'),
        d('bikes_brand', 'Brand'),
        d('bikes_frame', 'Frame'),
        d('mechanics_name', 'Mechanic'),
        d('mechanics_team', 'Team'),
        d('shops_name', 'Shop'),
        d('shops_city', 'City'),
      ],
    },
  ],
};
const values = new Map<string, string[]>([
  ['service.service_type', ['Flat fix', 'Rapid Response Unit', 'Full overhaul']],
  ['service.bikes_name', ['Blue Arrow', 'Night Owl', 'Red Fox']],
  ['service.bikes_brand', ['Cannon', 'Vela']],
  ['service.bikes_frame', ['Steel', 'Carbon', 'E-bike']],
  ['service.mechanics_name', ['Ada Okafor', 'Ben Lindqvist', 'Eli Reyes']],
  ['service.mechanics_team', ['Central', 'Trail']],
  ['service.shops_name', ['Central', 'Harbour']],
  ['service.shops_city', ['Leeds', 'York']],
]);

const plan = planner(meta, values);

describe('local analyst: classes of question from the held-out sets', () => {
  it('a segment named only by a word other members share is not applied ("bikes" of Bikes still waiting)', () => {
    const p = plan('how many bikes were fixed last month');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(filters(plan('how many bikes are still waiting')), ['waiting = true']);
  });

  it('"with more than N …" is a condition on the rows counted, not a ranking', () => {
    const p = plan('bikes with more than 2 parts used');
    assert.equal(p.measure.column, 'bikes_fixed');
    assert.deepEqual(filters(p), ['parts > 2']);
    assert.deepEqual(p.groups, []);
  });

  it('a past participle alone names no measure; "which bike" ranks bikes by their name', () => {
    const p = plan('which bike was repaired the most');
    assert.equal(p.measure.column, 'count');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['bikes_name'],
    );
  });

  it('"from 2024" is the year 2024; "from May on" starts in May', () => {
    assert.deepEqual(plan('jobs from 2024').time?.range, { from: '2024-01-01', to: '2024-12-31' });
    assert.deepEqual(plan('jobs from may 2025 on').time?.range, { from: '2025-05-01', to: '2026-01-15' });
  });

  it('a value two dimensions hold is the one the word beside it names', () => {
    assert.deepEqual(filters(plan('jobs at the Central shop')), ['shops_name = Central']);
    assert.deepEqual(filters(plan('jobs by team Central')), ['mechanics_team = Central']);
  });

  it('values and titles by their initials, a surname after the word naming its dimension', () => {
    assert.deepEqual(filters(plan('how many RRU jobs')), ['service_type = Rapid Response Unit']);
    assert.equal(plan('avg TTR by shop').measure.column, 'avg_ttr');
    assert.deepEqual(filters(plan('how many jobs did mechanic okafor do')), ['mechanics_name = Ada Okafor']);
  });

  it('a hyphenated value written as one word, even when it is near a member word ("ebikes" of E-bike)', () => {
    assert.deepEqual(filters(plan('how many ebikes were fixed')), ['bikes_frame = E-bike']);
  });

  it('a measure per entity: per row, per distinct name; a count of an entity without a measure', () => {
    const perJob = plan('parts cost per job');
    assert.equal(perJob.per?.column, 'count');
    const perMechanic = plan('jobs per mechanic');
    assert.match(toSql(perMechanic), /MEASURE\("count"\) \/ NULLIF\(COUNT\(DISTINCT "mechanics_name"\), 0\)/);
    assert.match(toSql(plan('how many mechanics are there')), /COUNT\(DISTINCT "mechanics_name"\)/);
    assert.ok(isDecline(planQuestion(readQuestion('jobs per frame', 0), buildCatalog(meta), values, say)) === false);
  });

  it('the words of a measure named whole are its own, not a segment\'s ("rush charges" is no filter to rush jobs)', () => {
    assert.deepEqual(filters(plan('rush charges by shop')), []);
    assert.deepEqual(filters(plan('how many rush jobs')), ['rush = true']);
  });
});
