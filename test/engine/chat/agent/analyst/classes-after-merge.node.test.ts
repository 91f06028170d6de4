// The planner where two rules met (a value's leading word, a measure chosen over another) and where a question names
// two events: a word inside another value is no leading word of a title; "best" or "worst" of what a count counts
// judges them, it counts nothing; a making verb right after the rows' noun names the rows' own date, and a date
// phrase right after an event word is that event's. Over models written here (none of the corpus models' names): a
// theatre's productions, a bakery's customer reviews and a repair shop's work orders.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, NOW, planner, say, view } from './plan-probe.js';

const theatre: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('productions', 'Productions', [
      ['count', 'Productions', 'number', 'count'],
      ['seats', 'Seats sold', 'number', 'sum'],
      ['title', 'Title', 'string'],
      ['origin', 'Origin', 'string'],
      ['stage', 'Stage', 'string'],
    ]),
  ],
};
const theatreValues = new Map<string, string[]>([
  ['productions.title', ['Novel Ideas', 'The Tempest', 'Opera Night']],
  ['productions.origin', ['Based on Novel/Short Story', 'Based on Film', 'Original']],
  ['productions.stage', ['Main', 'Studio']],
]);

const bakery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('reviews', 'Customer reviews', [
      ['count', 'Reviews', 'number', 'count'],
      ['stars', 'Average stars', 'number', 'avg'],
      ['shop', 'Shop', 'string'],
      ['reviewed_at', 'Review date', 'time'],
    ]),
  ],
};
const bakeryValues = new Map<string, string[]>([['reviews.shop', ['Harbour', 'Old Town']]]);

const repairs: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('work_orders', 'Work orders', [
      ['count', 'Work orders', 'number', 'count'],
      ['opened_at', 'Work order date', 'time'],
      ['finished_at', 'Finished', 'time'],
      ['overdue', 'Overdue', 'boolean'],
      ['bay', 'Bay', 'string'],
    ]),
  ],
};
const repairValues = new Map<string, string[]>([['work_orders.bay', ['East', 'West']]]);

describe('analyst classes: where rules met', () => {
  it('reads no leading word of a title when the word is inside another value', () => {
    // "novel" leads the title Novel Ideas only; it is also inside an origin: never the title (here it asks instead).
    const p = planQuestion(
      readQuestion('productions based on a novel by stage', NOW),
      buildCatalog(theatre),
      theatreValues,
      say,
    );
    assert.ok(isDecline(p) || !filters(p).some((f) => f.startsWith('title')), JSON.stringify(p));
    // Alone in one value, the leading word still names it.
    assert.deepEqual(filters(planner(theatre, theatreValues)('seats sold for opera by stage')), [
      'title = Opera Night',
    ]);
  });

  it('judges with "best" or "worst" what a count counts: by its average of a judgment, not by the count', () => {
    // The reviews' one average on a scale (Average stars) says how good they are (classes-measure-words too).
    const best = planner(bakery, bakeryValues)('which shop has the best reviews');
    assert.deepEqual([best.measure.column, best.order?.dir], ['stars', 'DESC']);
    const worst = planner(bakery, bakeryValues)('which shop got the worst reviews');
    assert.deepEqual([worst.measure.column, worst.order?.dir], ['stars', 'ASC']);
    // Counted, they are ranked by the count.
    assert.equal(planner(bakery, bakeryValues)('which shop has the most reviews').measure.column, 'count');
  });

  it("dates a making verb after the rows' noun by the rows' own date, against another event named", () => {
    const p = planner(repairs, repairValues)('how many work orders opened in march were finished');
    assert.equal(p.time?.field.column, 'opened_at');
    const q = planner(repairs, repairValues)('how many work orders placed last month were finished');
    assert.equal(q.time?.field.column, 'opened_at');
  });
});
