// The operation table (src/api/operations.ts) is complete: every endpoint of the API spec is in it with the statuses
// the spec gives it; every operation is routed by the engine (real requests through a local engine's fetch reach a
// route, not "No route for"), and no route is made any other way; every operation HttpTransport calls is a method of
// it, and calling each one through a real engine sends the table's method to the table's path. The engine here serves
// a seismic network of our own (stations and quakes), not the demo.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  OPERATIONS,
  fillPath,
  type OperationName,
  type Operations,
  type PathParams,
} from '../../src/api/operations.js';
import { ApiError } from '../../src/api/errors.js';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../src/engine/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';

const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'seismic-admin-key';
const TENANT = 'field-stations';

/**
 * The endpoints of the API spec, as its Endpoints section writes them (method, `{base_url}` or `{chat_base_url}`,
 * the path with `{param}`), with the statuses it names for each beyond success: the errors table, the abort
 * endpoint's, "any REST" 401 and 403 (the chat answers bad credentials with a JSON-RPC line instead).
 */
const SPEC_ENDPOINTS: { endpoint: string; success: number; errors: number[]; codes?: string[] }[] = [
  {
    endpoint: 'PUT {base_url}/api/v1/deployments/{deploymentId}/workbooks/by-slug/{slug}',
    success: 200,
    errors: [401, 403, 404, 409],
    codes: ['upsert_branch_changed'],
  },
  { endpoint: 'POST {base_url}/api/v1/embed/generate-session', success: 200, errors: [400, 401, 403] },
  { endpoint: 'GET {base_url}/api/v1/embed-tenants/{embedTenantName}/groups', success: 200, errors: [401, 403] },
  {
    endpoint: 'DELETE {base_url}/api/v1/embed-tenants/{embedTenantName}/groups/{id}',
    success: 204,
    errors: [401, 403],
  },
  {
    endpoint: 'GET {base_url}/api/v1/embed-tenants/{embedTenantName}/user-attributes',
    success: 200,
    errors: [401, 403],
  },
  {
    endpoint: 'DELETE {base_url}/api/v1/embed-tenants/{embedTenantName}/user-attributes/{id}',
    success: 204,
    errors: [401, 403],
  },
  {
    endpoint: 'POST {chat_base_url}/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state',
    success: 200,
    errors: [400, 404, 500],
  },
  {
    endpoint: 'POST {chat_base_url}/api/v1/public/{accountName}/agents/{agentId}/chat/abort',
    success: 204,
    errors: [403, 404],
  },
  { endpoint: 'GET {base_url}/api/scim/v2/Users', success: 200, errors: [401, 403] },
  { endpoint: 'GET {base_url}/api/v1/deployments', success: 200, errors: [401, 403] },
];

const NAMES = Object.keys(OPERATIONS) as OperationName[];
type ClientName = { [K in OperationName]: Operations[K] extends { client: false } ? never : K }[OperationName];
const CLIENT_NAMES = NAMES.filter((name) => !('client' in OPERATIONS[name])) as ClientName[];

const seed: EngineSeed = {
  account: { name: 'seismic', plan: 'enterprise', useCreatorMode: true },
  deployments: [{ id: 7, name: 'Seismic network', apiSecret: 'seismic-secret-0123456789-0123456789' }],
  users: [{ email: 'chief@seismic.test', role: 'admin' }],
  apiKeys: [{ key: KEY, userEmail: 'chief@seismic.test', scim: true }],
  embedTenants: [{ name: TENANT, useCreatorMode: true }],
  agents: [{ id: 'seismo', deploymentId: 7 }],
  dataModel: {
    cubes: [
      {
        name: 'quakes',
        sql_table: 'quakes',
        measures: [
          { name: 'count', type: 'count' },
          { name: 'max_magnitude', type: 'max', sql: 'magnitude' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: 'id', primary_key: true },
          { name: 'station', type: 'string', sql: 'station' },
          { name: 'felt_at', type: 'time', sql: 'felt_at' },
        ],
      },
    ],
  },
  tables: {
    quakes: [
      { id: 1, station: 'ANMO', magnitude: 4.2, felt_at: '2024-03-01T02:10:00' },
      { id: 2, station: 'COLA', magnitude: 5.1, felt_at: '2024-03-04T11:45:00' },
      { id: 3, station: 'ANMO', magnitude: 3.3, felt_at: '2024-04-12T23:05:00' },
    ],
  },
};

interface Seen {
  method: string;
  path: string;
  status: number;
  routed: boolean;
}

/** Whether an answer came from a route: the engine's not-found answer names "No route for". */
async function routed(response: Response): Promise<boolean> {
  return response.status !== 404 || !(await response.clone().text()).includes('No route for');
}

/** A path pattern of the table as a regular expression over request paths. */
const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

describe('the operation table', () => {
  let engine: LocalEngine;
  const seen: Seen[] = [];
  let transport: HttpTransport;

  before(async () => {
    engine = await createLocalEngine({ seed, name: `operations-${Date.now()}` });
    transport = new HttpTransport({
      baseUrl: 'https://seismic.example',
      accountName: 'seismic',
      agentId: 'seismo',
      auth: { apiKey: KEY },
      fetch: async (request) => {
        const response = await engine.fetch(request);
        const url = new URL(request.url);
        seen.push({
          method: request.method,
          path: url.pathname,
          status: response.status,
          routed: await routed(response),
        });
        return response;
      },
    });
  });
  after(() => engine.close());

  it('holds every endpoint of the spec, with its success and its error statuses', () => {
    for (const { endpoint, success, errors, codes } of SPEC_ENDPOINTS) {
      const [method, url] = endpoint.split(' ');
      const host = url.startsWith('{chat_base_url}') ? 'chat' : 'base';
      const path = url.replace(/^\{\w+\}/, '').replace(/\{(\w+)\}/g, ':$1');
      const found = NAMES.filter((name) => OPERATIONS[name].method === method && OPERATIONS[name].path === path);
      assert.equal(found.length, 1, `${endpoint}: ${found.length} operations in the table`);
      const op: { host: string; success: number; errors: readonly number[]; codes?: readonly string[] } =
        OPERATIONS[found[0]];
      assert.equal(op.host, host, `${endpoint}: host`);
      assert.equal(op.success, success, `${endpoint}: success status`);
      for (const status of errors) assert.ok(op.errors.includes(status), `${endpoint}: ${status} not in its errors`);
      for (const code of codes ?? []) assert.ok(op.codes?.includes(code), `${endpoint}: code ${code}`);
    }
  });

  it('writes each method and path once', () => {
    const routes = NAMES.flatMap((name) => {
      const op: { method: string; path: string; alsoAnswers?: readonly string[] } = OPERATIONS[name];
      return [op.method, ...(op.alsoAnswers ?? [])].map((method) => `${method} ${op.path}`);
    });
    assert.equal(new Set(routes).size, routes.length, 'a method and path twice');
  });

  it('every operation, in each of its methods, reaches a route of the engine', async () => {
    for (const name of NAMES) {
      const op: { method: string; path: string; alsoAnswers?: readonly string[] } = OPERATIONS[name];
      const params = Object.fromEntries([...op.path.matchAll(/:(\w+)/g)].map(([, p]) => [p, p === 'id' ? 1 : 'x']));
      for (const method of [op.method, ...(op.alsoAnswers ?? [])]) {
        const response = await engine.fetch(
          new Request(`https://seismic.example${fillPath(op.path, params)}`, { method }),
        );
        assert.ok(await routed(response), `${name}: ${method} ${op.path} has no route`);
        await response.body?.cancel();
      }
    }
    // And a path that is no operation has none.
    const stray = await engine.fetch(new Request('https://seismic.example/api/v1/seismographs'));
    assert.equal(await routed(stray), false);
  });

  it('the engine makes no route but from the table', () => {
    const dir = join(ROOT, 'src/engine/http');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'route.ts')) {
      const text = readFileSync(join(dir, file), 'utf8');
      const direct = /\bapp\.(get|post|put|delete|patch|on|all)\(/.exec(text);
      assert.equal(direct, null, `${file} routes ${direct?.[0]} outside the table`);
    }
  });

  it('every operation a client calls is a method of HttpTransport, and it has no other operation', () => {
    const helpers = ['constructor', 'setAuth', 'chatStreamUrl', 'areas', 'admin'];
    const methods = Object.getOwnPropertyNames(HttpTransport.prototype).filter(
      (m) => !helpers.includes(m) && !m.startsWith('iterate'),
    );
    assert.deepEqual([...methods].sort(), [...CLIENT_NAMES].sort());
  });

  it("HttpTransport calls each operation with the table's method and path, and the engine answers it", async () => {
    let publicId = '';
    let workbookId = 0;
    let chatId = '';
    let sessionId = '';
    let token = '';
    /** One real call per client operation; the mapped type makes a missing one a compile error. */
    const calls: { [K in ClientName]: () => Promise<unknown> } = {
      upsertWorkbookBySlug: async () =>
        (workbookId = (await transport.upsertWorkbookBySlug(7, ' Aftershocks ', { name: 'Aftershocks' })).id),
      getWorkbook: () => transport.getWorkbook(7, workbookId),
      saveDashboardDraft: () => transport.saveDashboardDraft(7, workbookId, { title: 'Aftershocks by station' }),
      publishDashboard: async () =>
        (publicId = (await transport.publishDashboard(7, workbookId, { allowEmbed: true })).publicId ?? ''),
      listDeployments: () => transport.listDeployments(),
      getEmbedDashboard: () => transport.getEmbedDashboard(publicId),
      generateSession: async () =>
        ({ sessionId } = await transport.generateSession({ deploymentId: 7, externalId: 'ranger-1' })),
      exchangeSessionToken: async () => ({ token } = await transport.exchangeSessionToken(sessionId)),
      revokeSessionToken: () => transport.revokeSessionToken(token),
      listEmbedTenantGroups: () => transport.listEmbedTenantGroups(TENANT, { first: 5 }),
      deleteEmbedTenantGroup: () => transport.deleteEmbedTenantGroup(TENANT, 404),
      listEmbedTenantUserAttributes: () => transport.listEmbedTenantUserAttributes(TENANT),
      deleteEmbedTenantUserAttribute: () => transport.deleteEmbedTenantUserAttribute(TENANT, 404),
      listScimUsers: () => transport.listScimUsers({ count: 10 }),
      loadMeta: () => transport.loadMeta(),
      load: () => transport.load({ query: { measures: ['quakes.count'], dimensions: ['quakes.station'] } }),
      cubeSql: () => transport.cubeSql({ query: 'SELECT station, MEASURE(max_magnitude) FROM quakes GROUP BY 1' }),
      streamChat: async () => {
        const stream = await transport.streamChat({
          input: 'how many quakes?',
          sessionSettings: { externalId: 'ranger-1' },
        });
        chatId = stream.chatId;
        for await (const message of stream) void message;
      },
      abortChat: () => transport.abortChat({ chatId, sessionSettings: { externalId: 'ranger-1' } }),
    };
    const failures: string[] = [];
    for (const name of CLIENT_NAMES) {
      seen.length = 0;
      try {
        await calls[name]();
      } catch (error) {
        // Deleting a group that is not there is a 404 of the route, as the spec's delete answers it.
        if (!(error instanceof ApiError && error.status === 404 && name.startsWith('delete')))
          failures.push(`${name}: ${String(error)}`);
      }
      const op: { method: string; path: string; host: string } = OPERATIONS[name];
      assert.ok(seen.length >= 1, `${name} sent nothing`);
      for (const request of seen) {
        assert.equal(request.method, op.method, `${name}: method`);
        assert.match(request.path, pattern(op.path), `${name}: path`);
        assert.ok(request.routed, `${name}: no route`);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(publicId && chatId && token, 'the chain of calls ran');
  });

  it('fills path parameters as single encoded segments, and types them by name', () => {
    const params: PathParams<'upsertWorkbookBySlug'> = { deploymentId: 7, slug: 'a/b c' };
    assert.equal(
      fillPath(OPERATIONS.upsertWorkbookBySlug.path, params),
      '/api/v1/deployments/7/workbooks/by-slug/a%2Fb%20c',
    );
    // @ts-expect-error a parameter the path does not have
    const wrong: PathParams<'getWorkbook'> = { deploymentId: 7, workbook: 1 };
    assert.throws(() => fillPath(OPERATIONS.getWorkbook.path, wrong), /no value for path parameter workbookId/);
  });
});
