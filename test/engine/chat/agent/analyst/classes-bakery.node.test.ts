// The planner on more classes of question the restaurant-chain held-out set found it declining on, over models
// written here (none of the corpus models' names): a bakery's sales lines and shops, and a bookshop's sales and
// branches; as serviceMeta lists them (a measure's column told, as the engine's serviceMeta does), and the values the
// look-up would read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceMetaResult } from '../../../../../src/api/types.js';
import { filters, planner, view } from './plan-probe.js';

const bakery: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('baked', 'Bakery sales', [
      ['count', 'Sales lines', 'number', 'count'],
      ['pieces', 'Pieces sold', 'number', 'sum', { over: 'qty' }],
      ['takings', 'Takings', 'number', 'sum', { description: 'GBP' }],
      ['orders', 'Orders', 'number', 'count'],
      ['qty', 'Quantity', 'number'],
      ['sold_at', 'Sale time', 'time'],
      ['item', 'Item', 'string'],
      ['category', 'Category', 'string'],
      ['baker', 'Baker', 'string'],
      ['shops_name', 'Shop', 'string'],
    ]),
    view('bakeries', 'Shops', [
      ['count', 'Shops', 'number', 'count'],
      ['name', 'Shop', 'string'],
      ['opened_at', 'Opening date', 'time'],
    ]),
  ],
};
const bakeryValues = new Map<string, string[]>([
  ['baked.item', ['Almond Croissant', 'Sourdough Loaf', 'Rye Loaf']],
  ['baked.category', ['Bread', 'Pastry']],
  ['baked.baker', ['Ann Lee', 'Tom Ray']],
  ['baked.shops_name', ['High Street', 'Station']],
  ['bakeries.name', ['High Street', 'Station']],
]);

const books: ServiceMetaResult = {
  searchQuery: '',
  cubes: [
    view('book_sales', 'Book sales', [
      ['count', 'Orders', 'number', 'count'],
      ['copies', 'Copies sold', 'number', 'sum', { over: 'quantity' }],
      ['royalties', 'Royalties', 'number', 'sum', { description: 'USD' }],
      ['revenue', 'Revenue', 'number', 'sum', { description: 'USD' }],
      ['quantity', 'Quantity', 'number'],
      ['ordered_at', 'Order date', 'time'],
      ['title', 'Title', 'string'],
      ['genre', 'Genre', 'string'],
      ['bookseller', 'Bookseller', 'string'],
      ['branches_city', 'Branch city', 'string'],
    ]),
    view('web', 'Web shop', [
      ['count', 'Web orders', 'number', 'count'],
      ['aov', 'AOV', 'number', 'avg'],
      ['channel', 'Channel', 'string'],
    ]),
    view('bookstores', 'Branches', [
      ['count', 'Branches', 'number', 'count'],
      ['city', 'City', 'string'],
      ['founded_at', 'Founding date', 'time'],
    ]),
  ],
};
const bookValues = new Map<string, string[]>([
  ['book_sales.title', ['Winter Orchard', 'The Salt Road']],
  ['book_sales.genre', ['Fantasy', 'Poetry']],
  ['book_sales.bookseller', ['Ivy Moss', 'Ben Holt']],
  ['book_sales.branches_city', ['York', 'Bath']],
  ['bookstores.city', ['York', 'Bath']],
  ['web.channel', ['App', 'Site']],
]);

const bakeryPlan = planner(bakery, bakeryValues);
const bookPlan = planner(books, bookValues);

describe('local analyst: classes of question from the restaurant set', () => {
  it('"how many different X": the distinct count of the text dimension X, no measure needed', () => {
    const p = bakeryPlan('how many different bakers worked at each shop');
    assert.equal(p.measure.distinctOf, 'baker');
    assert.deepEqual(
      p.groups.map((g) => g.column),
      ['shops_name'],
    );
    const q = bookPlan('how many different booksellers worked in each branch city');
    assert.equal(q.measure.distinctOf, 'bookseller');
    assert.deepEqual(
      q.groups.map((g) => g.column),
      ['branches_city'],
    );
  });

  it('a typo of a source\'s own name names it ("bakereis": the view `bakeries`)', () => {
    const p = bakeryPlan('how many bakereis have we opened since 2020');
    assert.equal(p.source.name, 'bakeries');
    assert.equal(p.time?.field.column, 'opened_at');
    const q = bookPlan('how many bookstroes did we open since 2019');
    assert.equal(q.source.name, 'bookstores');
    assert.equal(q.time?.field.column, 'founded_at');
  });

  it('"how many X did we sell", X a value: the sum of the plain quantity column, filtered', () => {
    const p = bakeryPlan('how many pastries did we sell in 2025');
    assert.equal(p.measure.name, 'baked.pieces');
    assert.deepEqual(filters(p), ['category = Pastry']);
    const q = bookPlan('how many fantasy did we sell last month');
    assert.equal(q.measure.name, 'book_sales.copies');
    assert.deepEqual(filters(q), ['genre = Fantasy']);
  });

  it('"how many croissants": the plural of a part of one value counted is that value', () => {
    const p = bakeryPlan('how many croissants did we sell in 2025');
    assert.equal(p.measure.name, 'baked.pieces');
    assert.deepEqual(filters(p), ['item = Almond Croissant']);
    const q = bookPlan('how many orchards did we sell in 2025');
    assert.equal(q.measure.name, 'book_sales.copies');
    assert.deepEqual(filters(q), ['title = Winter Orchard']);
  });

  it('"average order value", "aov": the money per row counted, of the one money sum (of several, the revenue)', () => {
    for (const q of ['average order value by shop', 'aov by shop']) {
      const p = bakeryPlan(q);
      assert.equal(p.measure.name, 'baked.takings');
      assert.equal(p.per?.name, 'baked.orders');
    }
    const q = bookPlan('average order value by genre');
    assert.equal(q.measure.name, 'book_sales.revenue');
    assert.equal(q.per?.name, 'book_sales.count');
    // A member titled with the acronym is named by it.
    assert.equal(bookPlan('aov by channel').measure.name, 'web.aov');
  });
});
