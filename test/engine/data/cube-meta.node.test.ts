// /meta and load annotations as Cube's gateway gives them (issue 33, differences 1, 2, 6 and 8), on a lending
// library's model: a view member's title from its own (prefixed) name, Cube's humanised titles, a view's included
// primary key listed, and none of the keys only the engine used to send.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LocalEngine } from '../../../src/engine/index.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { lendingEngine } from '../../fixtures/lending.js';

describe('Cube’s /meta and annotations', () => {
  let engine: LocalEngine;
  let admin: HttpTransport;
  before(async () => ({ engine, admin } = await lendingEngine(`cube-meta-${process.pid}`)));
  after(() => engine.close());

  const meta = async () => {
    const response = await engine.fetch(
      new Request('https://lending.test/cubejs-api/v1/meta', { headers: { authorization: 'lending-admin-key' } }),
    );
    return ((await response.json()) as { cubes: { name: string; dimensions: Record<string, unknown>[] }[] }).cubes;
  };

  it('titles a prefixed view member from its own name, and names as Cube’s titleize does', async () => {
    const lending = (await meta()).find((c) => c.name === 'lending')!;
    const titles: Record<string, unknown> = Object.fromEntries(
      lending.dimensions.map((d) => [d.name as string, [d.title, d.shortTitle]]),
    );
    assert.deepEqual(titles['lending.books_shelf'], ['Lending Books Shelf', 'Books Shelf']);
    assert.deepEqual(titles['lending.books_pageCount'], ['Lending Books Page Count', 'Books Page Count']);
    // A member's own title is kept through the view.
    assert.deepEqual(titles['lending.books_title'], ['Lending Book', 'Book']);
    assert.deepEqual(titles['lending.borrowed_at'], ['Lending Borrowed at', 'Borrowed at']);
    const loans = (await meta()).find((c) => c.name === 'loans')!;
    assert.deepEqual(
      loans.dimensions.map((d) => d.title),
      ['Loans Borrowed at', 'Loans Days'],
    );
  });

  it('lists the primary key a view includes (visible, not a primary key there); a cube’s stays hidden', async () => {
    const cubes = await meta();
    const id = cubes.find((c) => c.name === 'lending')!.dimensions.find((d) => d.name === 'lending.id');
    assert.deepEqual(
      { title: id?.title, primaryKey: id?.primaryKey, isVisible: id?.isVisible },
      { title: 'Lending ID', primaryKey: false, isVisible: true },
    );
    assert.equal(
      cubes.find((c) => c.name === 'loans')!.dimensions.some((d) => d.name === 'loans.id'),
      false,
    );
  });

  it('annotates as Cube’s gateway: no engine-only keys, the plain time member at the finest granularity', async () => {
    const r = await admin.load({
      query: {
        measures: ['lending.count'],
        segments: ['lending.long_loans'],
        timeDimensions: [
          { dimension: 'lending.borrowed_at', granularity: 'month' },
          { dimension: 'lending.borrowed_at', granularity: 'day' },
        ],
      },
    });
    assert.deepEqual(r.annotation.segments, {
      'lending.long_loans': { title: 'Lending Long Loans', shortTitle: 'Long Loans' },
    });
    assert.deepEqual(r.annotation.measures['lending.count'], {
      title: 'Lending Count',
      shortTitle: 'Count',
      type: 'number',
      drillMembers: [],
      drillMembersGrouped: { measures: [], dimensions: [] },
    });
    assert.deepEqual(r.annotation.timeDimensions['lending.borrowed_at.month'], {
      title: 'Lending Borrowed at',
      shortTitle: 'Borrowed at',
      type: 'time',
      granularity: { name: 'month', title: 'month', interval: '1 month' },
    });
    assert.equal('total' in r, false);
    // Long loans: 1 (Mar 1), 3 (Mar 31); the plain member is the day's value, the finest asked.
    assert.deepEqual(
      r.data.map((row) => [row['lending.borrowed_at.month'], row['lending.borrowed_at']]),
      [
        ['2025-03-01T00:00:00.000', '2025-03-01T00:00:00.000'],
        ['2025-03-01T00:00:00.000', '2025-03-31T00:00:00.000'],
      ],
    );
    assert.equal((await admin.load({ query: { measures: ['lending.count'], total: true } })).total, 1);
  });
});
