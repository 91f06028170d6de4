// Cube's official client, @cubejs-client/core, unchanged against the engine over real HTTP (serveFetch on 127.0.0.1)
// and in-process (its fetch routed to engine.fetch): every call gives the rows the engine's own answer gives.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import cube, { RequestError, type CubeApi, type Query } from '@cubejs-client/core';
import type { LocalEngine } from '../../../src/engine/index.js';
import { serveFetch } from '../../../src/engine/node/serve.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import type { LoadQuery } from '../../../src/api/types.js';
import { COURIERS, couriersEngine } from '../../fixtures/couriers.js';

/** Rows as plain objects, for comparing answers. */
const rowsOf = (data: unknown[]) => data.map((row) => ({ ...(row as Record<string, unknown>) }));

describe('@cubejs-client/core against the engine', () => {
  let engine: LocalEngine;
  let admin: HttpTransport;
  let viewerToken: string;
  let server: Server;
  let apiUrl: string;
  let client: CubeApi;

  before(async () => {
    ({ engine, admin, viewerToken } = await couriersEngine(`cube-client-${process.pid}`));
    server = await serveFetch(engine.fetch, { port: 0 });
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cubejs-api/v1`;
    client = cube(COURIERS.adminKey, { apiUrl });
  });
  after(async () => {
    server.close();
    await engine.close();
  });

  /** The engine's own answer to `query` (our transport, POST). */
  const own = async (query: LoadQuery) => (await admin.load({ query })).data;

  it('meta(): cubes and views as Cube describes them', async () => {
    const meta = await client.meta();
    const deliveries = meta.cubes.find((c) => c.name === 'deliveries')!;
    assert.equal(deliveries.type, 'cube');
    assert.equal(meta.cubes.find((c) => c.name === 'courier_stats')?.type, 'view');
    const count = deliveries.measures.find((m) => m.name === 'deliveries.count')!;
    assert.equal(count.title, 'Deliveries Count');
    assert.equal(count.shortTitle, 'Count');
    assert.equal(count.aggType, 'count');
    assert.deepEqual(count.drillMembers, ['deliveries.id', 'deliveries.courier']);
    assert.equal(count.isVisible, true);
    assert.equal(count.public, true);
    assert.equal(deliveries.measures.find((m) => m.name === 'deliveries.distance')?.format, 'number');
    assert.deepEqual(deliveries.dimensions.find((d) => d.name === 'deliveries.courier')?.meta, { icon: 'person' });
    // Primary keys are hidden unless made public, as in Cube.
    assert.equal(
      deliveries.dimensions.find((d) => d.name === 'deliveries.id'),
      undefined,
    );
    assert.deepEqual(
      deliveries.segments.map((s) => s.name),
      ['deliveries.late'],
    );
    assert.equal(meta.resolveMember('deliveries.region', 'dimensions').title, 'Deliveries Region');
    const views = await client.meta({ onlyViews: true });
    assert.deepEqual(
      views.cubes.map((c) => c.name),
      ['courier_stats'],
    );
  });

  it('load(): tablePivot, chartPivot, decompose and totalRows give the engine’s rows', async () => {
    const query = {
      measures: ['deliveries.count', 'deliveries.distance'],
      timeDimensions: [
        { dimension: 'deliveries.delivered_at', granularity: 'month', dateRange: ['2025-01-01', '2025-06-30'] },
      ],
      total: true,
    };
    const resultSet = await client.load(query as Query);
    const expected = await own(query as LoadQuery);
    assert.deepEqual(rowsOf(resultSet.rawData()), rowsOf(expected));
    assert.equal(resultSet.totalRows(), 6);
    const table = resultSet.tablePivot();
    assert.equal(table.length, 6);
    assert.equal(table[0]['deliveries.delivered_at.month'], '2025-01-01T00:00:00.000');
    assert.equal(Number(table[0]['deliveries.count']), expected[0]['deliveries.count']);
    const chart = resultSet.chartPivot();
    assert.deepEqual(
      chart.map((p) => p.x),
      ['2025-01-01T00:00:00.000', '2025-02-01T00:00:00.000', '2025-03-01T00:00:00.000'].concat(
        ['04', '05', '06'].map((m) => `2025-${m}-01T00:00:00.000`),
      ),
    );
    assert.equal(
      chart.reduce((sum, p) => sum + Number(p['deliveries.count']), 0),
      60,
    );
    const [only] = resultSet.decompose();
    assert.deepEqual(only.rawData(), resultSet.rawData());
    assert.equal(resultSet.annotation().measures['deliveries.count'].shortTitle, 'Count');
    assert.equal(
      resultSet.annotation().timeDimensions['deliveries.delivered_at.month'].title,
      'Deliveries Delivered at',
    );
  });

  it('a filtered, ordered, limited query (GET and POST, token bare or after Bearer)', async () => {
    const query = {
      measures: ['deliveries.count'],
      dimensions: ['deliveries.courier'],
      filters: [
        { member: 'deliveries.region', operator: 'equals', values: ['north', 'south'] },
        { dimension: 'deliveries.status', operator: 'notEquals', values: ['late'] },
      ],
      order: { 'deliveries.courier': 'desc' },
      limit: 3,
    };
    const expected = await own({
      ...query,
      filters: [query.filters[0], { ...query.filters[1], member: 'deliveries.status', dimension: undefined }],
    } as LoadQuery);
    assert.equal(expected.length, 3);
    assert.deepEqual(
      expected.map((r) => r['deliveries.courier']),
      ['dee', 'cyd', 'bob'],
    );
    const get = await client.load(query as Query);
    assert.deepEqual(rowsOf(get.rawData()), rowsOf(expected));
    const post = await cube(`Bearer ${COURIERS.adminKey}`, { apiUrl, method: 'POST' }).load(query as Query);
    assert.deepEqual(rowsOf(post.rawData()), rowsOf(expected));
  });

  it('a multi-query (blending) answers one result per query', async () => {
    const td = { dimension: 'deliveries.delivered_at', granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] };
    const queries = [
      { measures: ['deliveries.count'], timeDimensions: [td] },
      { measures: ['deliveries.distance'], timeDimensions: [td] },
    ];
    const resultSet = await client.load(queries as Query[]);
    const parts = resultSet.decompose();
    assert.equal(parts.length, 2);
    for (const [i, part] of parts.entries())
      assert.deepEqual(rowsOf(part.rawData()), rowsOf(await own(queries[i] as LoadQuery)));
    assert.equal(resultSet.pivotQuery().queryType, 'blendingQuery');
  });

  it('compareDateRange: one result per range, labelled with its range', async () => {
    const query = {
      measures: ['deliveries.count'],
      timeDimensions: [
        {
          dimension: 'deliveries.delivered_at',
          granularity: 'month',
          compareDateRange: [
            ['2025-01-01', '2025-02-28'],
            ['2025-03-01', '2025-04-30'],
          ],
        },
      ],
    };
    const resultSet = await client.load(query as Query);
    const parts = resultSet.decompose();
    assert.equal(parts.length, 2);
    const ranges = [
      ['2025-01-01', '2025-02-28'],
      ['2025-03-01', '2025-04-30'],
    ];
    for (const [i, part] of parts.entries()) {
      const expected = await own({
        measures: ['deliveries.count'],
        timeDimensions: [
          { dimension: 'deliveries.delivered_at', granularity: 'month', dateRange: ranges[i] as [string, string] },
        ],
      });
      const label = `${ranges[i][0]}T00:00:00.000 - ${ranges[i][1]}T23:59:59.999`;
      assert.deepEqual(
        rowsOf(part.rawData()),
        expected.map((r) => ({ ...r, compareDateRange: label })),
      );
    }
    const series = resultSet.series();
    assert.equal(series.length, 2);
    assert.equal(resultSet.pivotQuery().queryType, 'compareDateRangeQuery');
  });

  it('sql() and dryRun()', async () => {
    const query = { measures: ['deliveries.count'], dimensions: ['deliveries.region'] };
    const sql = await client.sql(query);
    assert.match(sql.sql(), /SELECT/i);
    assert.deepEqual(sql.rawQuery().sql[1], []);
    const dry = await client.dryRun({
      ...query,
      timeDimensions: [{ dimension: 'deliveries.delivered_at', dateRange: 'last year' }],
    });
    assert.equal(dry.queryType, 'regularQuery');
    assert.deepEqual(dry.normalizedQueries[0].measures, ['deliveries.count']);
    assert.equal(dry.normalizedQueries[0].limit, 10000);
    assert.equal(dry.normalizedQueries[0].timezone, 'UTC');
    assert.match(String(dry.normalizedQueries[0].timeDimensions?.[0].dateRange?.[0]), /^\d{4}-01-01T00:00:00\.000$/);
    assert.equal(dry.pivotQuery.queryType, 'regularQuery');
  });

  it('row-level security: an embed session token sees its own region only', async () => {
    const viewer = cube(viewerToken, { apiUrl });
    const query = { measures: ['deliveries.count'], dimensions: ['deliveries.region'] } as Query;
    const rows = (await viewer.load(query)).tablePivot();
    assert.deepEqual(rows, [{ 'deliveries.region': 'north', 'deliveries.count': 20 }]);
    const all = (await client.load(query)).tablePivot();
    assert.equal(all.length, 3);
    assert.equal((await cube(`Bearer ${viewerToken}`, { apiUrl }).load(query)).tablePivot().length, 1);
  });

  it('errors surface as the client’s RequestError with Cube’s status and message', async () => {
    const failing = [
      [client, { measures: ['deliveries.nope'] }, 400, /nope/],
      [client, { measures: ['deliveries.count'], limit: -1 }, 400, /^Invalid query format: /],
      [client, { filters: [] }, 400, /^Query should contain either measures, dimensions or timeDimensions/],
      [cube('not-a-key', { apiUrl }), { measures: ['deliveries.count'] }, 401, /./],
    ] as [CubeApi, object, number, RegExp][];
    for (const [api, query, status, message] of failing) {
      const error = await api.load(query as Query).catch((e: unknown) => e);
      assert.ok(error instanceof RequestError, `${JSON.stringify(query)}: ${String(error)}`);
      assert.equal(error.status, status);
      assert.match(error.message, message);
    }
    const response = await fetch(`${apiUrl}/load?query=${encodeURIComponent('{"measures":["deliveries.nope"]}')}`, {
      headers: { Authorization: COURIERS.adminKey },
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: "'nope' not found for path 'deliveries.nope'" });
    const compare = await fetch(`${apiUrl}/load`, {
      method: 'POST',
      headers: { Authorization: COURIERS.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: {
          measures: ['deliveries.count'],
          timeDimensions: [{ dimension: 'deliveries.delivered_at', compareDateRange: ['last year', 'this year'] }],
        },
      }),
    });
    assert.equal(compare.status, 400);
    assert.match(
      ((await compare.json()) as { error: string }).error,
      /'compareDateRangeQuery' query type is not supported/,
    );
  });

  it('cubeSql() reads the SQL API', async () => {
    const sql = 'SELECT region, MEASURE(count) AS n FROM deliveries GROUP BY 1 ORDER BY 1';
    const result = await client.cubeSql(sql);
    assert.deepEqual(result.data, (await admin.cubeSql({ query: sql })).data);
  });

  it('in-process: the client’s fetch routed to engine.fetch', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => engine.fetch(new Request(input, init));
    try {
      const local = cube(COURIERS.adminKey, { apiUrl: 'https://couriers.test/cubejs-api/v1' });
      assert.ok((await local.meta()).cubes.length > 0);
      const query = { measures: ['deliveries.count'], dimensions: ['deliveries.courier'] };
      assert.deepEqual(rowsOf((await local.load(query as Query)).rawData()), rowsOf(await own(query)));
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('"Continue wait" long-polling', () => {
  it('a load still running is answered "Continue wait" and the client asks again until it has the rows', async () => {
    const { engine, admin } = await couriersEngine(`cube-client-wait-${process.pid}`, { continueWaitMs: 0 });
    const server = await serveFetch(engine.fetch, { port: 0 });
    try {
      const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cubejs-api/v1`;
      let waits = 0;
      const query = { measures: ['deliveries.distance'], dimensions: ['deliveries.region'] };
      const resultSet = await cube(COURIERS.adminKey, { apiUrl }).load(query as Query, {
        progressCallback: () => waits++,
      });
      assert.ok(waits >= 1, 'answered "Continue wait" at least once');
      // Our transport follows "Continue wait" too.
      assert.deepEqual(resultSet.rawData(), (await admin.load({ query })).data);
    } finally {
      server.close();
      await engine.close();
    }
  });
});
