// What Cube's gateway refuses before it reads the model, refused in its words over the engine's HTTP (issue 33,
// differences 5 and 7): `renewQuery`, a filter of no form Cube knows, a granularity Cube does not have; GET and POST.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LocalEngine } from '../../../src/engine/index.js';
import { lendingEngine } from '../../fixtures/lending.js';

describe('Cube’s refusals of a query', () => {
  let engine: LocalEngine;
  before(async () => ({ engine } = await lendingEngine(`cube-query-checks-${process.pid}`)));
  after(() => engine.close());

  const answers = async (query: unknown) => {
    const headers = { authorization: 'lending-admin-key', 'content-type': 'application/json' };
    const url = 'https://lending.test/cubejs-api/v1/load';
    const bodies = [];
    for (const request of [
      new Request(url, { method: 'POST', headers, body: JSON.stringify({ query }) }),
      new Request(`${url}?query=${encodeURIComponent(JSON.stringify(query))}`, { headers }),
    ]) {
      const response = await engine.fetch(request);
      bodies.push([response.status, ((await response.json()) as { error?: string }).error]);
    }
    return bodies;
  };
  const both = (message: string) => [
    [400, message],
    [400, message],
  ];

  it('refuses renewQuery (Cube’s Joi schema has no such key); cache is a query field', async () => {
    assert.deepEqual(
      await answers({ measures: ['lending.count'], renewQuery: true }),
      both('Invalid query format: "renewQuery" is not allowed'),
    );
    assert.deepEqual(
      (await answers({ measures: ['lending.count'], cache: 'no-cache' })).map(([s]) => s),
      [200, 200],
    );
  });

  it('refuses a filter of no form Cube knows, naming its place', async () => {
    const filters = [
      { member: 'lending.books_shelf', operator: 'equals', values: ['fiction'] },
      { member: 'lending.books_shelf', operator: 'resembles', values: ['x'] },
    ];
    assert.deepEqual(
      await answers({ measures: ['lending.count'], filters }),
      both('Invalid query format: "filters[1]" does not match any of the allowed types'),
    );
    assert.deepEqual(
      await answers({ measures: ['lending.count'], filters: [{ or: [{ member: 'lending.days' }] }] }),
      both('Invalid query format: "filters[0]" does not match any of the allowed types'),
    );
  });

  it('refuses a granularity Cube does not have, naming the dimension', async () => {
    assert.deepEqual(
      await answers({
        measures: ['lending.count'],
        timeDimensions: [{ dimension: 'lending.borrowed_at', granularity: 'fortnight' }],
      }),
      both('Granularity "fortnight" does not exist in dimension lending.borrowed_at'),
    );
    // As `member.granularity` among the dimensions too.
    assert.deepEqual(
      await answers({ measures: ['lending.count'], dimensions: ['lending.borrowed_at.decade'] }),
      both('Granularity "decade" does not exist in dimension lending.borrowed_at'),
    );
  });
});
