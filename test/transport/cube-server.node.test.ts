// HttpTransport's data calls against a server that speaks only Cube's REST API, as Cube documents it: the token in
// Authorization (a Cube JWT, bare), `/meta`, `/load` reading nothing but `query` and answering "Continue wait" while a
// query runs, `/cubesql` as NDJSON, errors as `{"error"}` with 400 or 403. Nothing of this library's API beyond that.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../src/api/errors.js';
import type { LoadQuery, MemberFilter } from '../../src/api/types.js';
import { HttpTransport } from '../../src/transport/http-transport.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyZWdpb24iOiJub3J0aCJ9.c2lnbmF0dXJl';
const ROWS = [
  { city: 'Oslo', kind: 'bike', day: '2025-01-01T00:00:00.000' },
  { city: 'Oslo', kind: 'car', day: '2025-01-02T00:00:00.000' },
  { city: 'Rome', kind: 'bike', day: '2025-01-02T00:00:00.000' },
];

/** What the server was sent, for checking the transport's requests. */
const seen: { method: string; path: string; authorization?: string; body?: Record<string, unknown> }[] = [];

async function read(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

/** A load as Cube answers it, over ROWS: `trips.count` by `trips.city`, equals filters, granularity day. */
function load(query: LoadQuery) {
  const filters = (query.filters ?? []) as MemberFilter[];
  const rows = ROWS.filter((r) =>
    filters.every((f) => f.values!.map(String).includes(r[f.member.split('.')[1] as keyof typeof r])),
  );
  const dims = query.dimensions ?? [];
  const groups = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const row: Record<string, unknown> = Object.fromEntries(dims.map((d) => [d, r[d.split('.')[1] as 'city']]));
    for (const td of query.timeDimensions ?? []) row[`${td.dimension}.${td.granularity}`] = r.day;
    const key = JSON.stringify(row);
    const group = groups.get(key) ?? { ...row, 'trips.count': '0' };
    group['trips.count'] = String(Number(group['trips.count']) + 1);
    groups.set(key, group);
  }
  return {
    query: { ...query, limit: 10000, timezone: 'UTC' },
    data: [...groups.values()],
    lastRefreshTime: '2025-01-03T00:00:00.000Z',
    annotation: {
      measures: { 'trips.count': { title: 'Trips Count', shortTitle: 'Count', type: 'number', drillMembers: [] } },
      dimensions: Object.fromEntries(dims.map((d) => [d, { title: 'Trips City', shortTitle: 'City', type: 'string' }])),
      segments: {},
      timeDimensions: {},
    },
    dataSource: 'default',
    dbType: 'postgres',
    extDbType: 'cubestore',
    external: false,
    slowQuery: false,
    total: null,
  };
}

function cubeServer(): Server {
  const polled = new Set<string>();
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://cube');
      const text = req.method === 'POST' ? await read(req) : '';
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      seen.push({ method: req.method!, path: url.pathname, authorization: req.headers.authorization, body });
      const reply = (status: number, value: unknown, type = 'application/json') => {
        res.writeHead(status, { 'Content-Type': type });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      };
      // Cube: the token is the header's second word, or the whole header.
      const parts = (req.headers.authorization ?? '').split(' ', 2);
      const token = parts.length === 1 ? parts[0] : parts[1];
      if (!token) return reply(403, { error: "Authorization header isn't set" });
      if (token !== JWT) return reply(403, { error: 'Invalid token' });
      if (req.method === 'GET' && url.pathname === '/cubejs-api/v1/meta')
        return reply(200, {
          cubes: [
            {
              name: 'trips',
              type: 'cube',
              title: 'Trips',
              isVisible: true,
              public: true,
              measures: [
                { name: 'trips.count', title: 'Trips Count', shortTitle: 'Count', type: 'number', aggType: 'count' },
              ],
              dimensions: [{ name: 'trips.city', title: 'Trips City', shortTitle: 'City', type: 'string' }],
              segments: [],
            },
          ],
        });
      if (req.method === 'POST' && url.pathname === '/cubejs-api/v1/load') {
        const query = body?.query as LoadQuery | undefined;
        if (!query) return reply(400, { error: 'query param is required' });
        if ((query.measures ?? []).some((m) => m !== 'trips.count'))
          return reply(400, { error: `'${query.measures![0]}' not found`, type: 'UserError' });
        // The first ask of a query is still running: Cube's long-polling answer.
        const key = JSON.stringify(query);
        if (!polled.has(key)) {
          polled.add(key);
          return reply(200, { error: 'Continue wait' });
        }
        return reply(200, load(query));
      }
      if (req.method === 'POST' && url.pathname === '/cubejs-api/v1/cubesql') {
        const lines = [{ schema: [{ name: 'city', column_type: 'String' }] }, { data: [['Oslo'], ['Rome']] }];
        return reply(200, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', 'application/json');
      }
      return reply(404, { error: 'Not Found' });
    })();
  });
}

describe('HttpTransport against a server that speaks only Cube’s REST API', () => {
  let server: Server;
  let transport: HttpTransport;

  before(async () => {
    server = cubeServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    transport = new HttpTransport({ baseUrl, cube: true, auth: { bearerToken: JWT } });
  });
  after(() => server.close());

  it('loadMeta reads Cube’s /meta with the Cube JWT', async () => {
    const meta = await transport.loadMeta();
    assert.deepEqual(
      meta.cubes[0].measures.map((m) => m.shortTitle),
      ['Count'],
    );
    assert.equal(seen.at(-1)!.authorization, `Bearer ${JWT}`);
  });

  it('load follows "Continue wait", and a dashboard’s filters and time grain reach Cube inside the query', async () => {
    const before = seen.length;
    const result = await transport.load({
      query: {
        measures: ['trips.count'],
        dimensions: ['trips.city'],
        timeDimensions: [{ dimension: 'trips.day', granularity: 'month' }],
      },
      filters: [
        { member: 'trips.kind', operator: 'equals', values: ['bike'] },
        // A member of a cube the query does not read: not applied, as the service does not apply it.
        { member: 'stations.name', operator: 'equals', values: ['x'] },
      ],
      timeGrain: 'day',
    });
    assert.deepEqual(result.data, [
      { 'trips.city': 'Oslo', 'trips.day.day': '2025-01-01T00:00:00.000', 'trips.count': '1' },
      { 'trips.city': 'Rome', 'trips.day.day': '2025-01-02T00:00:00.000', 'trips.count': '1' },
    ]);
    const sent = seen.slice(before);
    assert.equal(sent.length, 2, 'asked again after "Continue wait"');
    assert.deepEqual(sent[1].body, {
      query: {
        measures: ['trips.count'],
        dimensions: ['trips.city'],
        timeDimensions: [{ dimension: 'trips.day', granularity: 'day' }],
        filters: [{ member: 'trips.kind', operator: 'equals', values: ['bike'] }],
      },
    });
  });

  it('cubeSql reads Cube’s NDJSON', async () => {
    const result = await transport.cubeSql({ query: 'SELECT city FROM trips' });
    assert.deepEqual(result.data, [['Oslo'], ['Rome']]);
  });

  it('Cube’s errors become ApiErrors with its status and message', async () => {
    const unknown = await transport.load({ query: { measures: ['trips.nope'] } }).catch((e: unknown) => e);
    assert.ok(unknown instanceof ApiError);
    assert.deepEqual([unknown.status, unknown.message], [400, "'trips.nope' not found"]);
    const baseUrl = transport.baseUrl;
    const denied = await new HttpTransport({ baseUrl, cube: true, auth: { bearerToken: 'expired' } })
      .loadMeta()
      .catch((e: unknown) => e);
    assert.ok(denied instanceof ApiError);
    assert.deepEqual([denied.status, denied.message], [403, 'Invalid token']);
  });
});
