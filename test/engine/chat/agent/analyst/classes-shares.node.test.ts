// The planner on shares ("what % / pct / share of X were Y") whose part is more than a value of a dimension: a
// measure that restricts the whole, rows meeting a numeric condition, a verb linking whole and part, the model's own
// percent of two measures, a measure titled with a share word. Over two models written here (none of the corpus
// models' names): a driving-test centre (`tests`) and a museum's visitor feedback (`feedback`), as serviceMeta lists
// them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { toSql } from '../../../../../src/engine/chat/agent/analyst/sql.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { NOW, filters, planner, say, view } from './plan-probe.js';

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
    view('learners', 'Learner drivers', [
      ['count', 'Learner rows', 'number', 'count', { description: 'one per age and centre' }],
      ['learners', 'Learners', 'number', 'sum', { over: 'headcount' }],
      ['mature', 'Learners 25 and over', 'number', 'sum', { over: 'headcount', filtered: true }],
      ['headcount', 'Learners in the row', 'number'],
      ['age', 'Age', 'number'],
      ['centre', 'Test centre', 'string'],
    ]),
    view('cancellations', 'Lesson cancellations', [
      ['count', 'Cancellations', 'number', 'count'],
      ['reason', 'Cancellation reason', 'string'],
      ['cancelled_at', 'Cancelled', 'time'],
    ]),
  ],
};
export const centreValues = new Map<string, string[]>([
  ['tests.centre', ['Northgate', 'Riverside']],
  ['learners.centre', ['Northgate', 'Riverside']],
  ['cancellations.reason', ['broken', 'ill', 'snow']],
]);

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
    view('attendance', 'Attendance', [
      ['count', 'Attendance rows', 'number', 'count'],
      ['visitors', 'Visitors', 'number', 'sum', { over: 'headcount' }],
      ['seniors', 'Visitors 65 and over', 'number', 'sum', { over: 'headcount', filtered: true }],
      ['headcount', 'Visitors in the row', 'number'],
      ['age_band', 'Age band', 'number'],
      ['visit_day', 'Day', 'time'],
    ]),
    view('closures', 'Gallery closures', [
      ['count', 'Closures', 'number', 'count'],
      ['cause', 'Cause', 'string'],
      ['closed_on', 'Closed on', 'time'],
    ]),
  ],
};
export const museumValues = new Map<string, string[]>([
  ['feedback.gallery', ['Sculpture', 'Textiles']],
  ['closures.cause', ['flooded', 'overcrowded', 'repainted']],
]);

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
    // Not a share: never a bound on the column the measure sums (rows of 65 visitors or more).
    for (const asked of ['how many visitors were 65+ in 2025', 'how many learners were 25+']) {
      const r = planQuestion(
        readQuestion(asked, NOW),
        buildCatalog(asked.includes('visitors') ? museum : centre),
        museumValues,
        say,
      );
      if (!isDecline(r)) assert.ok(['attendance.seniors', 'learners.mature'].includes(r.measure.name), asked);
    }
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

  it('a bound only a filtered measure\'s title states ("65+") makes it the part, the same sum unfiltered the whole', () => {
    const p = forms('what pct of visitors were 65+ in 2025');
    assert.equal(p.measure.name, 'attendance.seniors');
    assert.equal(p.share?.of?.name, 'attendance.visitors');
    assert.equal(p.time?.range?.from, '2025-01-01');
    const q = tests('what share of learners were 25+ at Riverside');
    assert.equal(q.measure.name, 'learners.mature');
    assert.equal(q.share?.of?.name, 'learners.learners');
    assert.deepEqual(filters(q), ['centre = Riverside']);
  });

  it("a share over time is each period's part of its own whole, in the periods' order", () => {
    const p = tests('what % of tests were passed by month in 2025');
    assert.deepEqual(
      p.share?.part?.map((f) => f.field.column),
      ['passed'],
    );
    assert.match(toSql(p), /ON a\."taken_at_month" = b\."taken_at_month"\nORDER BY b\."taken_at_month" ASC/);
    const q = forms('what share of closures were because the gallery was flooded, by month');
    assert.match(toSql(q), /ON a\."closed_on_month" = b\."closed_on_month"/);
  });

  it("a month or quarter said inside the one year asked is the part's period", () => {
    const p = tests("what pct of 2025's tests were in december");
    assert.equal(p.measure.name, 'tests.count');
    assert.deepEqual(p.time?.range, { from: '2025-01-01', to: '2025-12-31' });
    assert.deepEqual(p.share?.range, { from: '2025-12-01', to: '2025-12-31' });
    const q = forms('what share of 2024 closures happened in q3');
    assert.equal(q.measure.name, 'closures.count');
    assert.deepEqual(q.share?.range, { from: '2024-07-01', to: '2024-09-30' });
    assert.match(toSql(q), /"closed_on" >= TIMESTAMP '2024-07-01 00:00:00' AND "closed_on" < TIMESTAMP '2024-10-01/);
  });

  it('a value of a cause or reason said in a clause after "because" is the part', () => {
    const p = tests('what % of cancellations were because the instructor was ill');
    assert.equal(p.measure.name, 'cancellations.count');
    assert.deepEqual(
      p.share?.part?.map((f) => `${f.field.column} = ${f.values.join()}`),
      ['reason = ill'],
    );
    const q = forms('what share of closures were because the gallery was flooded');
    assert.equal(q.measure.name, 'closures.count');
    assert.deepEqual(
      q.share?.part?.map((f) => `${f.field.column} = ${f.values.join()}`),
      ['cause = flooded'],
    );
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
