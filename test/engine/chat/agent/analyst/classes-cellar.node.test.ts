// The planner on classes of question the university held-out set found it wrong or declining on (and the guards
// that keep an unsure reading from becoming a wrong number), over a wine cellar's tastings model written here (none
// of the corpus models' names): a `tastings` view, as serviceMeta lists it, and the values the look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, NOW, planner, say } from './plan-probe.js';

type Member = ServiceMetaResult['cubes'][number]['members'][number];
const m = (name: string, title: string, aggType: string, description?: string): Member => ({
  name: `tastings.${name}`,
  title,
  type: 'number',
  aggType,
  ...(description && { description }),
});
const d = (name: string, title: string, type: Member['type'] = 'string'): Member => ({
  name: `tastings.${name}`,
  title,
  type,
});

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    {
      name: 'tastings',
      type: 'view',
      title: 'Tastings',
      members: [
        m('count', 'Tastings', 'count'),
        m('avg_score', 'Average score', 'avg', 'points out of 100'),
        m('bottles', 'Bottles opened', 'sum'),
        m('wines', 'Wines tasted', 'count_distinct'),
        d('id', 'Tasting', 'number'),
        d('tasted_at', 'Tasted', 'time'),
        d('wine', 'Wine'),
        d('region', 'Region'),
        d('score_band', 'Score band'),
        d('quality_class', 'Quality class'),
        d('season', 'Season'),
        d('sommeliers_name', 'Sommelier'),
        d('wines_organic', 'Organic', 'boolean'),
        d('verdict', 'Verdict'),
      ],
    },
    {
      name: 'bottles',
      type: 'view',
      title: 'Bottles',
      members: [
        { name: 'bottles.count', title: 'Bottles', type: 'number', aggType: 'count' },
        { name: 'bottles.region', title: 'Region', type: 'string' },
        { name: 'bottles.binned_at', title: 'Binned', type: 'time' },
      ],
    },
  ],
};
const values = new Map<string, string[]>([
  ['tastings.wine', ['Tempranillo Reserva', 'Pinot Noir', 'Riesling Kabinett']],
  ['tastings.region', ['Rioja', 'Mosel', 'Burgundy']],
  ['tastings.score_band', ['Excellent', 'Good', 'Fair']],
  ['tastings.quality_class', ['A', 'B', 'C']],
  ['tastings.season', ['Harvest 2024', 'Winter 2024', 'Harvest 2025', 'Winter 2025']],
  ['tastings.verdict', ['Approved', 'Rejected']],
  ['bottles.region', ['Rioja', 'Mosel', 'Burgundy']],
  ['tastings.sommeliers_name', ['Ines Duarte', 'Paul Meyer']],
]);

const plan = planner(meta, values);

describe('local analyst: classes of question from the university set, on a wine cellar', () => {
  it('"how many" of a word an average measure shares with a dimension counts rows, not the average', () => {
    const p = plan('how many excellent scores were given in 2025');
    assert.equal(p.measure.name, 'tastings.count');
    assert.deepEqual(filters(p), ['score_band = Excellent']);
  });
  it('a capital letter with \'s is the plural of the one-letter value ("how many B\'s")', () => {
    const p = plan("how many B's from Rioja");
    assert.equal(p.measure.name, 'tastings.count');
    assert.deepEqual(filters(p), ['quality_class = B', 'region = Rioja']);
  });
  it('a value with a year in its words is the value, not the year as a period ("harvest 2025")', () => {
    const p = plan('bottles opened in harvest 2025');
    assert.equal(p.measure.name, 'tastings.bottles');
    assert.deepEqual(filters(p), ['season = Harvest 2025']);
    assert.equal(p.time?.range, undefined);
    // A year alone is still the period.
    assert.deepEqual(plan('bottles opened in 2025').time?.range, { from: '2025-01-01', to: '2025-12-31' });
  });
  it('a boolean of a joined cube is not named by the cube\'s name alone ("wines tasted" is no organic wine)', () => {
    const p = plan('how many wines were tasted in harvest 2025');
    assert.equal(p.measure.name, 'tastings.wines');
    assert.deepEqual(filters(p), ['season = Harvest 2025']);
    assert.deepEqual(filters(plan('how many organic wines were tasted')), ['wines_organic = true']);
  });
  it('"how many regions were rejected": the rows in that state or the distinct regions among them, so it asks', () => {
    const p = planQuestion(
      readQuestion('how many regions were rejected in 2025', NOW),
      buildCatalog(meta),
      values,
      say,
    );
    assert.ok(isDecline(p) && /Tastings/.test(p.decline) && /Region/i.test(p.decline), JSON.stringify(p));
    // With no state named, the distinct count is the one reading.
    assert.equal(plan('how many regions were tasted in 2025').measure.agg, 'count_distinct');
  });
  it('the declines the university set left, by class', () => {
    // A verb that only links who to what ("did Ines Duarte teach") asks for nothing.
    const taught = plan('how many tastings did Ines Duarte teach');
    assert.equal(taught.measure.name, 'tastings.count');
    assert.deepEqual(filters(taught), ['sommeliers_name = Ines Duarte']);
    // "X distribution" breaks down by X, counting the rows.
    const spread = plan('wine distribution in 2025');
    assert.deepEqual(
      spread.groups.map((g) => g.column),
      ['wine'],
    );
    assert.equal(spread.measure.name, 'tastings.count');
    // "avg tastings per sommelier": a count per entity is the average asked for.
    const per = plan('avg tastings per sommelier');
    assert.equal(per.measure.name, 'tastings.count');
    assert.equal(per.per?.column, 'sommeliers_name');
    // Two sources tie: the one whose measure the question names by its whole title (Bottles, not Bottles opened).
    assert.equal(plan('bottles by region').measure.name, 'bottles.count');
  });
  it('guard: a word naming a dimension by its whole title, left out of the plan, declines naming the member', () => {
    for (const [q, member] of [
      ['how many tastings had a verdict', 'Verdict'],
      ['average score of the season', 'Season'],
    ]) {
      const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);
      assert.ok(isDecline(p) && p.decline.includes(member), `${q}: ${JSON.stringify(isDecline(p) ? p : p.filters)}`);
    }
    // Used, or restating a value's dimension, it is explained.
    assert.deepEqual(filters(plan('how many tastings in the mosel region')), ['region = Mosel']);
    assert.deepEqual(
      plan('bottles opened by season').groups.map((g) => g.column),
      ['season'],
    );
  });
});
