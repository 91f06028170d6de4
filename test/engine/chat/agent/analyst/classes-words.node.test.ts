// The planner on words its suffix rules could not reach, over models written here (a motorsport season, an airline's
// tickets, a bakery): irregular verbs and plurals ("flew" meets `flown_at`, "shelves" meets `shelf`), nouns in -ie
// ("cookies" meets `cookie`), and words that are names of Object's own properties ("constructor", "__proto__"), which
// a lookup table with a prototype read as functions (a Formula 1 model's `constructor` dimension broke the catalog).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { buildCatalog } from '../../../../../src/engine/chat/agent/analyst/catalog.js';
import { isDecline } from '../../../../../src/engine/chat/agent/analyst/plan.js';
import { planQuestion } from '../../../../../src/engine/chat/agent/analyst/planner.js';
import { readQuestion } from '../../../../../src/engine/chat/agent/analyst/question.js';
import { filters, NOW, planner, say, view } from './plan-probe.js';

const meta: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('results', 'Race results', [
      ['count', 'Results', 'number', 'count'],
      ['points', 'Points', 'number', 'sum'],
      ['driver', 'Driver', 'string'],
      ['constructor', 'Constructor', 'string'],
      ['circuit', 'Circuit', 'string'],
      ['raced_at', 'Race date', 'time'],
    ]),
    view('tickets', 'Tickets', [
      ['count', 'Tickets', 'number', 'count'],
      ['fare', 'Fare', 'number', 'sum'],
      ['cabin', 'Cabin', 'string'],
      ['home_country', 'Home country', 'string'],
      ['booked_at', 'Booked', 'time'],
      ['flown_at', 'Flown', 'time'],
    ]),
    view('bakes', 'Bakes', [
      ['count', 'Bakes', 'number', 'count'],
      ['sold', 'Units sold', 'number', 'sum'],
      ['cookie', 'Cookie', 'string'],
      ['shelf', 'Shelf', 'string'],
      ['returned_stale', 'Returned stale', 'boolean'],
    ]),
  ],
};
const values = new Map<string, string[]>([
  ['results.driver', ['Lewis Hamilton', 'Max Verstappen', 'Lando Norris']],
  ['results.constructor', ['Mercedes', 'Red Bull', 'McLaren']],
  ['results.circuit', ['Monza', 'Silverstone']],
  ['tickets.cabin', ['Economy', 'Business']],
  ['tickets.home_country', ['USA', 'Netherlands', 'Switzerland', 'Japan']],
  ['bakes.cookie', ['Oatmeal', 'Shortbread', 'Snickerdoodle']],
  ['bakes.shelf', ['Top', 'Middle', 'Bottom']],
]);

const plan = planner(meta, values);

describe('local analyst: irregular words, nouns in -ie and Object property names', () => {
  it('a verb\'s particle asks for nothing ("came back stale" is the share returned stale)', () => {
    const p = plan('what share of bakes came back stale');
    assert.equal(p.measure.name, 'bakes.count');
    assert.deepEqual(filters(p), []);
    assert.deepEqual(
      p.share?.part?.map((f) => `${f.field.column} ${f.op} ${f.values.join(',')}`),
      ['returned_stale = true'],
    );
  });
  it('a dimension named "constructor" is a dimension like any other', () => {
    const p = plan('points by constructor');
    assert.equal(p.measure.name, 'results.points');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['constructor'],
    );
    assert.deepEqual(filters(plan('points of McLaren at Monza')), ['circuit = Monza', 'constructor = McLaren']);
  });
  it("a question with a word named like one of Object's properties is read, not thrown on", () => {
    for (const q of ['points by __proto__', 'toString of points', 'hasOwnProperty valueOf points']) {
      const p = planQuestion(readQuestion(q, NOW), buildCatalog(meta), values, say);
      assert.ok(isDecline(p) || p.measure.name === 'results.points', q);
    }
    // Not a number word: "top constructor by points" reads as "top driver by points" does.
    const top = plan('top constructor by points');
    const driver = plan('top driver by points');
    assert.deepEqual([top.groups.map((g) => g.column), top.order], [['constructor'], driver.order]);
    assert.deepEqual(plan('top 2 constructors by points').order, { dir: 'DESC', limit: 2 });
  });
  it('an irregular past form meets the member named by its base or participle ("flew" → Flown)', () => {
    const p = plan('how many tickets flew in March 2025');
    assert.equal(p.measure.name, 'tickets.count');
    assert.equal(p.time?.field.column, 'flown_at');
  });
  it('a country by its other names: "American", "the United States" for USA, "Dutch", "Swiss"', () => {
    assert.deepEqual(filters(plan('fares of americans')), ['home_country = USA']);
    assert.deepEqual(filters(plan('fares paid by americans')), ['home_country = USA']);
    assert.deepEqual(filters(plan('american tickets by cabin')), ['home_country = USA']);
    assert.deepEqual(filters(plan('how many tickets from the united states')), ['home_country = USA']);
    assert.deepEqual(filters(plan('dutch tickets in 2025')), ['home_country = Netherlands']);
    assert.deepEqual(filters(plan('swiss fares')), ['home_country = Switzerland']);
  });
  it('a plural in -ies meets its noun in -ie, an irregular plural its singular', () => {
    assert.deepEqual(
      plan('units sold by cookies').groups.map((g) => g.column),
      ['cookie'],
    );
    assert.deepEqual(
      plan('units sold by shelves').groups.map((g) => g.column),
      ['shelf'],
    );
  });
});
