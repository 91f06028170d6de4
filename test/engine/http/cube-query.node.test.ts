// One data API request fans out into at most DEFAULT_MAX_QUERIES_PER_REQUEST queries (compareDateRange's ranges, a
// blending query's queries): more is Cube's 400 UserError, before any query runs, on every route that reads queries.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { DEFAULT_MAX_QUERIES_PER_REQUEST, cubeQueries } from '../../../src/engine/http/cube-query.js';
import { deleteDatabase, dumpDatabase } from '../helpers.js';
import { LIBRARY_KEY, dayRanges, librarySeed, loans } from './library-fixture.js';

const MAX = DEFAULT_MAX_QUERIES_PER_REQUEST;

const compare = (n: number) => ({
  measures: ['loans.count'],
  timeDimensions: [{ dimension: 'loans.loaned_at', granularity: 'day', compareDateRange: dayRanges(n) }],
});
const blend = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    measures: [i % 2 ? 'loans.count' : 'loans.days'],
    timeDimensions: [{ dimension: 'loans.loaned_at', granularity: 'month' }],
  }));

describe('queries per request', () => {
  const name = `cube-query-cap-${process.pid}`;
  let engine: LocalEngine;

  before(async () => {
    engine = await createLocalEngine({ name, seed: librarySeed, continueWaitMs: 120_000 });
  });
  after(async () => {
    await engine.close();
    await deleteDatabase(name);
  });

  const call = async (method: 'GET' | 'POST', route: string, query: unknown) => {
    const base = `https://library.test/cubejs-api/v1/${route}`;
    const request =
      method === 'GET'
        ? new Request(`${base}?queryType=multi&query=${encodeURIComponent(JSON.stringify(query))}`, {
            headers: { authorization: LIBRARY_KEY },
          })
        : new Request(base, {
            method,
            headers: { authorization: LIBRARY_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({ query, queryType: 'multi' }),
          });
    const res = await engine.fetch(request);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it(`answers ${MAX} compared ranges and ${MAX} blended queries`, async () => {
    const compared = await call('POST', 'load', compare(MAX));
    assert.equal(compared.status, 200, JSON.stringify(compared.body));
    const results = compared.body.results as { data: { compareDateRange: string; 'loans.count': number }[] }[];
    assert.deepEqual(
      results.map((r) => r.data.reduce((sum, row) => sum + row['loans.count'], 0)),
      dayRanges(MAX).map(([day]) => loans().filter((l) => l.loaned_at.startsWith(day)).length),
    );
    assert.ok(results.flatMap((r) => r.data).length > 0);
    assert.deepEqual(
      results.map((r) => r.data[0]?.compareDateRange ?? ''),
      dayRanges(MAX).map(([day], i) => (results[i].data.length ? `${day}T00:00:00.000 - ${day}T23:59:59.999` : '')),
    );
    const blended = await call('POST', 'load', blend(MAX));
    assert.equal(blended.status, 200, JSON.stringify(blended.body));
    assert.equal((blended.body.results as unknown[]).length, MAX);
  });

  it(`refuses ${MAX + 1} or more as Cube's UserError on load, sql and dry-run, by GET and POST`, async () => {
    for (const route of ['load', 'sql', 'dry-run'])
      for (const method of ['GET', 'POST'] as const) {
        const tooMany = await call(method, route, compare(MAX + 1));
        assert.deepEqual(tooMany, {
          status: 400,
          body: {
            error: `Invalid query format: compareDateRange may have at most ${MAX} date ranges, got ${MAX + 1}`,
          },
        });
        const blended = await call(method, route, blend(MAX + 1));
        assert.deepEqual(blended, {
          status: 400,
          body: {
            error: `Invalid query format: a data blending query may have at most ${MAX} queries, got ${MAX + 1}`,
          },
        });
      }
  });

  it('refuses the 56 KB request of 2,000 ranges at once (it kept the engine busy 7–20 s) and changes nothing', async () => {
    const before = await dumpDatabase(name);
    const body = JSON.stringify({ query: compare(2000), queryType: 'multi' });
    assert.ok(body.length > 50_000);
    const started = performance.now();
    const res = await engine.fetch(
      new Request('https://library.test/cubejs-api/v1/load', {
        method: 'POST',
        headers: { authorization: LIBRARY_KEY, 'content-type': 'application/json' },
        body,
      }),
    );
    const elapsed = performance.now() - started;
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { error: string }).error, /at most 12 date ranges, got 2000$/);
    assert.ok(elapsed < 2000, `refused in ${Math.round(elapsed)} ms`);
    assert.deepEqual(await dumpDatabase(name), before);
  });

  it('the cap holds for every count around it (property, dry-run)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 * MAX }), fc.boolean(), async (n, blending) => {
        const { status } = await call('POST', 'dry-run', blending ? blend(n) : compare(n));
        assert.equal(status, n <= MAX ? 200 : 400);
      }),
      { numRuns: 40 },
    );
  });
});

describe('cubeQueries(request, maxQueries)', () => {
  const request = (query: unknown) => ({ query, via: 'POST' as const, multi: true, overrides: {} });

  it('takes its cap as an option', () => {
    assert.equal(cubeQueries(request(compare(3)), 3).queries.length, 3);
    assert.throws(() => cubeQueries(request(compare(4)), 3), {
      status: 400,
      message: 'Invalid query format: compareDateRange may have at most 3 date ranges, got 4',
    });
    assert.throws(() => cubeQueries(request(blend(2)), 1), {
      status: 400,
      message: 'Invalid query format: a data blending query may have at most 1 queries, got 2',
    });
  });
});
