// The planner on shares ("what % / pct / share of X were Y") whose part is more than a value of a dimension: a
// measure that restricts the whole, rows meeting a numeric condition, a verb linking whole and part, the model's own
// percent of two measures, a measure titled with a share word. Over two models written here (none of the corpus
// models' names): a driving-test centre (`tests`) and a museum's visitor feedback (`feedback`), as serviceMeta lists
// them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

export const centre: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('tests', 'Driving tests', [
      ['count', 'Tests', 'number', 'count'],
      ['passes', 'Passes', 'number', 'count', { filtered: true, keeps: [{ member: 'passed', value: true }] }],
      ['faults', 'Faults', 'number', 'sum', { over: 'fault_count', description: 'all kinds' }],
      ['speeding_faults', 'Faults from speeding', 'number', 'sum', { over: 'fault_count', filtered: true }],
      ['mirror_faults', 'Faults from mirrors', 'number', 'sum', { over: 'fault_count', filtered: true }],
      ['avg_score', 'Average score', 'number', 'avg', { over: 'score', meta: { synonyms: ['pts'] } }],
      ['manual_tests', 'Manual tests', 'number', 'count', { filtered: true }],
      [
        'manual_share',
        'Manual gearbox share',
        'number',
        'number',
        { description: 'percent of tests taken in a manual car', ratio: { part: 'manual_tests', whole: 'count' } },
      ],
      ['score', 'Score', 'number', undefined, { description: 'points out of 100' }],
      ['fault_count', 'Fault count', 'number'],
      ['passed', 'Passed', 'boolean'],
      ['night', 'Night test', 'boolean'],
      ['centre', 'Test centre', 'string'],
      ['taken_at', 'Test date', 'time'],
    ]),
  ],
};
export const centreValues = new Map<string, string[]>([['tests.centre', ['Northgate', 'Riverside']]]);

export const museum: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('feedback', 'Visitor feedback', [
      ['count', 'Feedback forms', 'number', 'count'],
      ['avg_rating', 'Avg rating', 'number', 'avg', { over: 'rating', description: '1 to 10' }],
      [
        'returners',
        'Would return',
        'number',
        'count',
        { filtered: true, keeps: [{ member: 'would_return', value: true }] },
      ],
      [
        'repeat_rate',
        'Repeat rate',
        'number',
        'number',
        {
          description: 'percent of forms from visitors on a second or later visit',
          ratio: { part: 'repeat_forms', whole: 'count' },
        },
      ],
      ['repeat_forms', 'Repeat visitors', 'number', 'count', { filtered: true }],
      ['rating', 'Rating', 'number', undefined, { description: '1 to 10' }],
      ['would_return', 'Would return', 'boolean'],
      ['gallery', 'Gallery', 'string'],
      ['submitted_at', 'Submitted', 'time'],
    ]),
  ],
};
export const museumValues = new Map<string, string[]>([['feedback.gallery', ['Sculpture', 'Textiles']]]);

const tests = planner(centre, centreValues);
const forms = planner(museum, museumValues);

describe('local analyst: shares whose part is a measure, a numeric condition or said by a verb', () => {
  it('a measure restricting the whole is the part, the whole the measure the words before the verb name', () => {
    const p = tests('what % of all faults were from speeding');
    assert.equal(p.measure.name, 'tests.speeding_faults');
    assert.equal(p.share?.of?.name, 'tests.faults');
    const q = tests('what share of faults were from mirrors at Riverside');
    assert.equal(q.measure.name, 'tests.mirror_faults');
    assert.equal(q.share?.of?.name, 'tests.faults');
    assert.deepEqual(filters(q), ['centre = Riverside']);
  });

  it('rows meeting a bound written with a unit ("80 pts or more") are the part of the rows', () => {
    const p = tests('what pct of tests hit 80 pts or more');
    assert.equal(p.measure.name, 'tests.count');
    assert.deepEqual(
      p.share?.part?.map((f) => `${f.field.column} ${f.op} ${f.values.join()}`),
      ['score >= 80'],
    );
    const q = tests('how many tests scored 90 points or more');
    assert.deepEqual(filters(q), ['score >= 90']);
  });

  it('a verb linking whole and part names no condition ("said they would", "arrived", "hit")', () => {
    const p = forms('what pct of feedback forms said they would return');
    assert.equal(p.source.name, 'feedback');
    const part = p.share?.part?.map((f) => f.field.column) ?? [];
    assert.ok(
      (p.measure.name === 'feedback.count' && part.join() === 'would_return') ||
        (p.measure.name === 'feedback.returners' && p.share?.of?.name === 'feedback.count'),
    );
    const q = forms('what pct of Sculpture forms said they would return');
    assert.deepEqual(
      filters(q).filter((f) => f.startsWith('gallery')),
      ['gallery = Sculpture'],
    );
    assert.ok(q.share);
  });

  it("the model's percent of two measures, asked in its description's words, is its part over its whole", () => {
    const p = forms('what pct of forms were from visitors on a second or later visit');
    assert.equal(p.measure.name, 'feedback.repeat_forms');
    assert.equal(p.share?.of?.name, 'feedback.count');
    const q = forms('what pct of forms were from visitors on a second or later visit, by gallery');
    assert.equal(q.measure.name, 'feedback.repeat_forms');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['gallery'],
    );
    assert.equal(q.share?.of?.name, 'feedback.count');
  });

  it('a measure titled with a share word, written whole, is the number asked ("manual gearbox share by centre")', () => {
    const p = tests('manual gearbox share by test centre');
    assert.equal(p.measure.name, 'tests.manual_share');
    assert.equal(p.share, undefined);
  });
});
