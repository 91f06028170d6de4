import { expect } from '@open-wc/testing';
import { ApiError, ChatAuthError, ChatStreamError } from '../../src/api/errors.js';
import type { ChatStreamMessage } from '../../src/api/types.js';
import { HttpTransport, type HttpTransportOptions } from '../../src/transport/http-transport.js';
import { chatStream } from '../fixtures/chat-stream.js';
import { fakeFetch, hanging, json, ndjson, streamed, type FakeFetch } from '../helpers/fake-fetch.js';

const BASE = 'https://acme.example.com';
const CHAT = 'https://ai.example.com/api/v1/public/acme/agents/analyst/chat/stream-chat-state';

function client(fetch: FakeFetch, options: Partial<HttpTransportOptions> = {}): HttpTransport {
  return new HttpTransport({ baseUrl: BASE, chatUrl: CHAT, fetch, auth: { apiKey: 'k-123' }, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
}

describe('HttpTransport', () => {
  describe('construction', () => {
    it('rejects a relative baseUrl', () => {
      expect(() => new HttpTransport({ baseUrl: '/api' })).to.throw(TypeError, /absolute http/);
    });

    it('strips trailing slashes from baseUrl and chatUrl', async () => {
      const f = fakeFetch();
      await new HttpTransport({ baseUrl: `${BASE}//`, fetch: f, auth: { apiKey: 'k' } }).listDeployments();
      expect(f.last.url.href).to.equal(`${BASE}/api/v1/deployments`);
    });
  });

  describe('management operations (Bearer)', () => {
    it('upsertWorkbookBySlug: PUT, encoded slug, Bearer API key, JSON body', async () => {
      const f = fakeFetch(() => json({ id: 7, slug: 'q3 plan' }));
      const wb = await client(f).upsertWorkbookBySlug(3, ' Q3 Plan/x ', { name: 'Q3', meta: { a: 1 } });
      expect(wb.id).to.equal(7);
      expect(f.last.method).to.equal('PUT');
      expect(f.last.url.pathname).to.equal('/api/v1/deployments/3/workbooks/by-slug/%20Q3%20Plan%2Fx%20');
      expect(f.last.headers.get('authorization')).to.equal('Bearer k-123');
      expect(f.last.headers.get('content-type')).to.equal('application/json');
      expect(f.last.body).to.deep.equal({ name: 'Q3', meta: { a: 1 } });
    });

    it('upsertWorkbookBySlug without input sends an empty object', async () => {
      const f = fakeFetch(() => json({ id: 1 }));
      await client(f).upsertWorkbookBySlug(1, 'a');
      expect(f.last.body).to.deep.equal({});
    });

    it('prefers bearerToken, then apiKey, then serviceToken for Bearer operations', async () => {
      const f = fakeFetch(() => json([]));
      await client(f, { auth: { bearerToken: 'oauth', apiKey: 'k', serviceToken: 's' } }).listDeployments();
      expect(f.last.headers.get('authorization')).to.equal('Bearer oauth');
      await client(f, { auth: { serviceToken: 's' } }).listDeployments();
      expect(f.last.headers.get('authorization')).to.equal('Bearer s');
      expect(f.last.headers.has('x-service-auth-token')).to.equal(false);
    });

    it('getWorkbook, saveDashboardDraft, publishDashboard, listDeployments', async () => {
      const f = fakeFetch(() => json({}));
      const t = client(f, { auth: { bearerToken: 'tok' } });
      await t.getWorkbook(2, 9);
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['GET', '/api/v1/deployments/2/workbooks/9']);
      expect(f.last.body).to.equal(undefined);
      expect(f.last.headers.has('content-type')).to.equal(false);
      await t.saveDashboardDraft(2, 9, { title: 'T', widgets: [] });
      expect([f.last.method, f.last.url.pathname]).to.deep.equal([
        'PUT',
        '/api/v1/deployments/2/workbooks/9/dashboard',
      ]);
      expect(f.last.body).to.deep.equal({ title: 'T', widgets: [] });
      await t.publishDashboard(2, 9, { allowEmbed: true });
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['POST', '/api/v1/deployments/2/workbooks/9/publish']);
      expect(f.last.body).to.deep.equal({ allowEmbed: true });
      await t.listDeployments();
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['GET', '/api/v1/deployments']);
      for (const c of f.calls) expect(c.headers.get('authorization')).to.equal('Bearer tok');
    });

    it('listScimUsers: count and startIndex, Bearer SCIM token', async () => {
      const f = fakeFetch(() => json({ totalResults: 0, Resources: [] }));
      await client(f, { auth: { bearerToken: 'scim' } }).listScimUsers({ count: 20, startIndex: 41 });
      expect(f.last.url.pathname).to.equal('/api/scim/v2/Users');
      expect(f.last.url.searchParams.get('count')).to.equal('20');
      expect(f.last.url.searchParams.get('startIndex')).to.equal('41');
      expect(f.last.headers.get('authorization')).to.equal('Bearer scim');
      await client(f).listScimUsers();
      expect(f.last.url.search).to.equal('');
      expect(f.last.headers.get('authorization')).to.equal('Bearer k-123');
    });
  });

  describe('embed sessions', () => {
    it('generateSession: POST with Authorization: Api-Key', async () => {
      const f = fakeFetch(() => json({ sessionId: 's-1' }));
      const body = { deploymentId: 1, externalId: 'u@x.io', groups: ['sales'] };
      expect(await client(f).generateSession(body)).to.deep.equal({ sessionId: 's-1' });
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['POST', '/api/v1/embed/generate-session']);
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k-123');
      expect(f.last.body).to.deep.equal(body);
    });

    it('generateSession without an API key fails before sending', async () => {
      const f = fakeFetch();
      const e = (await rejection(
        client(f, { auth: { serviceToken: 't' } }).generateSession({ deploymentId: 1, externalId: 'a' }),
      )) as ApiError;
      expect(e).to.be.instanceOf(ApiError);
      expect([e.status, e.code]).to.deep.equal([401, 'missing_credentials']);
      expect(e.message).to.contain('API key');
      expect(f.calls).to.have.length(0);
    });

    it('exchangeSessionToken and revokeSessionToken send no Authorization (the id or token is the credential)', async () => {
      const f = fakeFetch((req) =>
        req.url.endsWith('/token') ? json({ token: 'jwt' }) : new Response(null, { status: 204 }),
      );
      const t = client(f, { auth: {} });
      expect(await t.exchangeSessionToken('s-1')).to.deep.equal({ token: 'jwt' });
      expect(f.last.url.pathname).to.equal('/api/v1/embed/session/token');
      expect(f.last.body).to.deep.equal({ sessionId: 's-1' });
      expect(f.last.headers.has('authorization')).to.equal(false);
      expect(await t.revokeSessionToken('jwt')).to.equal(undefined);
      expect(f.last.url.pathname).to.equal('/api/v1/embed/session/revoke');
      expect(f.last.body).to.deep.equal({ token: 'jwt' });
    });

    it('getEmbedDashboard: GET by publicId with the session token as Bearer', async () => {
      const f = fakeFetch(() => json({ dashboard: { id: 1 }, workbook: { id: 2, name: 'W', slug: null } }));
      const r = await client(f, { auth: { serviceToken: 'jwt' } }).getEmbedDashboard('pub/1');
      expect(r.workbook.id).to.equal(2);
      expect(f.last.url.pathname).to.equal('/api/v1/embed/dashboards/pub%2F1');
      expect(f.last.headers.get('authorization')).to.equal('Bearer jwt');
    });

    it('the auth source may be a function, asked before each request', async () => {
      const f = fakeFetch(() => json([]));
      let n = 0;
      const t = client(f, { auth: () => Promise.resolve({ serviceToken: `t${++n}` }) });
      await t.listDeployments();
      await t.listDeployments();
      expect(f.calls.map((c) => c.headers.get('authorization'))).to.deep.equal(['Bearer t1', 'Bearer t2']);
      t.setAuth({ bearerToken: 'fixed' });
      await t.listDeployments();
      expect(f.last.headers.get('authorization')).to.equal('Bearer fixed');
    });
  });

  describe('embed-tenant admin', () => {
    it('lists groups and attributes with first/after, Api-Key', async () => {
      const f = fakeFetch(() => json({ items: [], pageInfo: { hasNextPage: false, endCursor: null } }));
      const t = client(f);
      await t.listEmbedTenantGroups('acme-eu', { first: 10, after: 'c1' });
      expect(f.last.url.pathname).to.equal('/api/v1/embed-tenants/acme-eu/groups');
      expect(Object.fromEntries(f.last.url.searchParams)).to.deep.equal({ first: '10', after: 'c1' });
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k-123');
      await t.listEmbedTenantUserAttributes('acme-eu');
      expect(f.last.url.pathname).to.equal('/api/v1/embed-tenants/acme-eu/user-attributes');
      expect(f.last.url.search).to.equal('');
    });

    it('deletes groups and attributes by id', async () => {
      const f = fakeFetch(() => new Response(null, { status: 204 }));
      const t = client(f);
      await t.deleteEmbedTenantGroup('acme-eu', 5);
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['DELETE', '/api/v1/embed-tenants/acme-eu/groups/5']);
      await t.deleteEmbedTenantUserAttribute('acme-eu', 6);
      expect([f.last.method, f.last.url.pathname]).to.deep.equal([
        'DELETE',
        '/api/v1/embed-tenants/acme-eu/user-attributes/6',
      ]);
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k-123');
    });

    it('iterates every page, following endCursor', async () => {
      const pages: Record<string, unknown> = {
        '': { items: [{ id: 1 }, { id: 2 }], pageInfo: { hasNextPage: true, endCursor: 'c2' } },
        c2: { items: [{ id: 3 }, { id: 4 }], pageInfo: { hasNextPage: true, endCursor: 'c4' } },
        c4: { items: [{ id: 5 }], pageInfo: { hasNextPage: false, endCursor: 'c5' } },
      };
      const f = fakeFetch((req) => json(pages[new URL(req.url).searchParams.get('after') ?? '']));
      const groups = await collect(client(f).iterateEmbedTenantGroups('acme-eu', { pageSize: 2 }));
      expect(groups.map((g) => g.id)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(f.calls.map((c) => c.url.search)).to.deep.equal(['?first=2', '?first=2&after=c2', '?first=2&after=c4']);
      const attrs = await collect(client(f).iterateEmbedTenantUserAttributes('acme-eu'));
      expect(attrs).to.have.length(5);
    });

    it('stops iterating when a cursor does not advance', async () => {
      const f = fakeFetch(() => json({ items: [{ id: 1 }], pageInfo: { hasNextPage: true, endCursor: 'same' } }));
      const groups = await collect(client(f).iterateEmbedTenantGroups('acme-eu'));
      expect(groups).to.have.length(2);
      expect(f.calls).to.have.length(2);
    });
  });

  describe('data API', () => {
    it('loadMeta and load', async () => {
      const f = fakeFetch((req) =>
        req.method === 'GET' ? json({ cubes: [] }) : json({ query: {}, data: [{ a: 1 }] }),
      );
      const t = client(f, { auth: { serviceToken: 'jwt' } });
      expect(await t.loadMeta()).to.deep.equal({ cubes: [] });
      expect(f.last.url.pathname).to.equal('/cubejs-api/v1/meta');
      const body = { query: { measures: ['sales.count'] }, filters: [], timeGrain: 'month' as const };
      expect((await t.load(body)).data).to.deep.equal([{ a: 1 }]);
      expect([f.last.method, f.last.url.pathname]).to.deep.equal(['POST', '/cubejs-api/v1/load']);
      expect(f.last.body).to.deep.equal(body);
      expect(f.last.headers.get('authorization')).to.equal('Bearer jwt');
    });

    it('cubeSql collects the NDJSON schema and data lines', async () => {
      const lines = ndjson([{ schema: [{ name: 'n', column_type: 'Int64' }] }, { data: [[1], [2]] }, { data: [[3]] }]);
      const f = fakeFetch(() => streamed([lines.slice(0, 7), lines.slice(7, 30), lines.slice(30)]));
      const r = await client(f).cubeSql({ query: 'SELECT 1' });
      expect(r).to.deep.equal({ schema: [{ name: 'n', column_type: 'Int64' }], data: [[1], [2], [3]] });
      expect(f.last.headers.get('accept')).to.equal('application/x-ndjson');
      expect(f.last.body).to.deep.equal({ query: 'SELECT 1' });
    });

    it('cubeSql turns an {"error"} line into an ApiError', async () => {
      const f = fakeFetch(() => streamed([ndjson([{ schema: [] }, { error: 'Table nope not found' }])]));
      const e = (await rejection(client(f).cubeSql({ query: 'SELECT * FROM nope' }))) as ApiError;
      expect([e.code, e.message]).to.deep.equal(['query_error', 'Table nope not found']);
    });
  });

  describe('error mapping', () => {
    for (const [status, body, message, code] of [
      [
        400,
        { error: 'Invalid request body: deploymentId: is required' },
        'Invalid request body: deploymentId: is required',
        undefined,
      ],
      [401, { error: 'Missing credentials' }, 'Missing credentials', undefined],
      [
        403,
        { error: 'API key is not authorized for deployment 2' },
        'API key is not authorized for deployment 2',
        undefined,
      ],
      [404, { error: 'Deployment 9 not found' }, 'Deployment 9 not found', undefined],
      [
        409,
        { error: 'Slug holder changed', code: 'upsert_branch_changed' },
        'Slug holder changed',
        'upsert_branch_changed',
      ],
      [500, { error: 'boom' }, 'boom', undefined],
    ] as const) {
      it(`maps ${status} to ApiError with the body's message`, async () => {
        const f = fakeFetch(() => json(body, status));
        const e = (await rejection(client(f, { retry: { tries: 1 } }).upsertWorkbookBySlug(1, 's'))) as ApiError;
        expect(e).to.be.instanceOf(ApiError);
        expect([e.status, e.message, e.code]).to.deep.equal([status, message, code]);
      });
    }

    it('uses a text body, or a default message per status when the body is empty', async () => {
      const f = fakeFetch((_, i) =>
        i === 0 ? new Response('Bad gateway', { status: 502 }) : new Response(null, { status: 401 }),
      );
      const a = (await rejection(client(f).listDeployments())) as ApiError;
      expect([a.status, a.message]).to.deep.equal([502, 'Bad gateway']);
      const b = (await rejection(client(f).listDeployments())) as ApiError;
      expect(b.status).to.equal(401);
      expect(b.message).to.match(/missing, malformed or expired/);
    });

    it('maps a network failure to status 0, code network_error', async () => {
      const t = client(
        Object.assign(() => Promise.reject(new TypeError('Failed to fetch')), { calls: [] }) as unknown as FakeFetch,
      );
      const e = (await rejection(t.listDeployments())) as ApiError;
      expect([e.status, e.code]).to.deep.equal([0, 'network_error']);
      expect(e.message).to.contain('Failed to fetch');
    });

    it('reports a 2xx body that is not JSON', async () => {
      const f = fakeFetch(() => new Response('<html>', { status: 200 }));
      const e = (await rejection(client(f).listDeployments())) as ApiError;
      expect(e.code).to.equal('invalid_response');
    });
  });

  describe('409 upsert_branch_changed retry', () => {
    const conflict = () => json({ error: 'The slug holder changed; retry', code: 'upsert_branch_changed' }, 409);

    it('retries with backoff, then succeeds', async () => {
      const f = fakeFetch((_, i) => (i < 2 ? conflict() : json({ id: 3 })));
      const wb = await client(f, { retry: { baseDelayMs: 1, maxDelayMs: 5 } }).upsertWorkbookBySlug(1, 's', {
        name: 'n',
      });
      expect(wb.id).to.equal(3);
      expect(f.calls).to.have.length(3);
      for (const c of f.calls) expect(c.body).to.deep.equal({ name: 'n' });
    });

    it('gives up after the configured number of tries', async () => {
      const f = fakeFetch(conflict);
      const e = (await rejection(
        client(f, { retry: { tries: 4, baseDelayMs: 1 } }).upsertWorkbookBySlug(1, 's'),
      )) as ApiError;
      expect([e.status, e.code]).to.deep.equal([409, 'upsert_branch_changed']);
      expect(f.calls).to.have.length(4);
    });

    it('defaults to 3 tries with jittered, capped delays', async () => {
      const f = fakeFetch(conflict);
      const draws: number[] = [];
      const t = client(f, {
        retry: {
          baseDelayMs: 10,
          maxDelayMs: 15,
          random: () => {
            draws.push(1);
            return 0.999;
          },
        },
      });
      const started = performance.now();
      await rejection(t.upsertWorkbookBySlug(1, 's'));
      expect(f.calls).to.have.length(3);
      expect(draws).to.have.length(2); // one delay between each pair of tries
      expect(performance.now() - started).to.be.greaterThanOrEqual(20); // ~10 then min(15, 20)
    });

    it('does not retry other 409s or other operations', async () => {
      const f = fakeFetch(() => json({ error: 'conflict' }, 409));
      await rejection(client(f, { retry: { baseDelayMs: 1 } }).upsertWorkbookBySlug(1, 's'));
      expect(f.calls).to.have.length(1);
      const g = fakeFetch(conflict);
      await rejection(client(g, { retry: { baseDelayMs: 1 } }).saveDashboardDraft(1, 2, {}));
      expect(g.calls).to.have.length(1);
    });

    it('stops retrying when aborted during the backoff', async () => {
      const f = fakeFetch(conflict);
      const controller = new AbortController();
      const p = client(f, { retry: { baseDelayMs: 10_000, maxDelayMs: 10_000, random: () => 1 } }).upsertWorkbookBySlug(
        1,
        's',
        {},
        { signal: controller.signal },
      );
      await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      const e = (await rejection(p)) as DOMException;
      expect(e.name).to.equal('AbortError');
      expect(f.calls).to.have.length(1);
    });
  });

  describe('abort and timeouts', () => {
    it('an AbortSignal aborts the request and rejects with its reason', async () => {
      const f = fakeFetch(hanging);
      const controller = new AbortController();
      const p = client(f).listDeployments({ signal: controller.signal });
      await new Promise((r) => setTimeout(r, 10));
      controller.abort();
      const e = (await rejection(p)) as DOMException;
      expect(e.name).to.equal('AbortError');
      expect(f.last.signal.aborted).to.equal(true);
    });

    it('an already aborted signal sends nothing', async () => {
      const f = fakeFetch();
      const e = (await rejection(client(f).listDeployments({ signal: AbortSignal.abort() }))) as DOMException;
      expect(e.name).to.equal('AbortError');
      expect(f.calls).to.have.length(0);
    });

    it('a timeout aborts the request with ApiError code timeout', async () => {
      const f = fakeFetch(hanging);
      const e = (await rejection(client(f, { timeoutMs: 30 }).listDeployments())) as ApiError;
      expect([e.status, e.code]).to.deep.equal([0, 'timeout']);
      expect(e.message).to.contain('30 ms');
      expect(f.last.signal.aborted).to.equal(true);
    });

    it('a per-call timeout overrides the transport default', async () => {
      const f = fakeFetch(hanging);
      const e = (await rejection(client(f, { timeoutMs: 60_000 }).listDeployments({ timeoutMs: 20 }))) as ApiError;
      expect(e.code).to.equal('timeout');
    });
  });

  describe('chat', () => {
    it('streamChat: API key method posts to the Chat API URL and yields every message with the chatId', async () => {
      const text = ndjson(chatStream);
      const chunks = Array.from({ length: Math.ceil(text.length / 37) }, (_, i) => text.slice(i * 37, i * 37 + 37));
      const f = fakeFetch(() => streamed(chunks));
      const request = {
        input: 'How many orders per status?',
        messageId: '1700000000000-message',
        sessionSettings: { externalId: 'u1' },
      };
      const stream = await client(f).streamChat(request);
      expect(stream.chatId).to.equal('chat-42');
      expect(stream.messageId).to.equal('1700000000000-message');
      expect(await collect(stream)).to.deep.equal(chatStream);
      expect(f.last.url.href).to.equal(CHAT);
      expect(f.last.method).to.equal('POST');
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k-123');
      expect(f.last.headers.has('x-service-auth-token')).to.equal(false);
      expect(f.last.body).to.deep.equal(request);
    });

    it('token method sends X-Service-Auth-Token and no Authorization', async () => {
      const f = fakeFetch(() => streamed([ndjson(chatStream)]));
      await client(f, { auth: { serviceToken: 'jwt' } }).streamChat({ input: 'hi' });
      expect(f.last.headers.get('x-service-auth-token')).to.equal('jwt');
      expect(f.last.headers.has('authorization')).to.equal(false);
    });

    it('Authorization wins: with an API key and a token only Authorization is sent', async () => {
      const f = fakeFetch(() => streamed([ndjson(chatStream)]));
      await client(f, { auth: { apiKey: 'k', serviceToken: 'jwt' } }).streamChat({ input: 'hi' });
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k');
      expect(f.last.headers.has('x-service-auth-token')).to.equal(false);
    });

    it('builds the chat URL from a base chatUrl with accountName and agentId (options or per call)', async () => {
      const f = fakeFetch(() => streamed([ndjson(chatStream)]));
      const t = new HttpTransport({
        baseUrl: BASE,
        fetch: f,
        auth: { apiKey: 'k' },
        accountName: 'acme',
        agentId: 'a1',
      });
      await t.streamChat({ input: 'hi' });
      expect(f.last.url.href).to.equal(`${BASE}/api/v1/public/acme/agents/a1/chat/stream-chat-state`);
      await t.streamChat({ input: 'hi' }, { accountName: 'other co', agentId: 'x' });
      expect(f.last.url.pathname).to.equal('/api/v1/public/other%20co/agents/x/chat/stream-chat-state');
      const bare = new HttpTransport({ baseUrl: BASE, fetch: f, auth: { apiKey: 'k' } });
      const e = (await rejection(bare.streamChat({ input: 'hi' }))) as Error;
      expect(e.message).to.contain('accountName and agentId');
    });

    it('a JSON-RPC error object in a 200 body rejects with ChatAuthError', async () => {
      const f = fakeFetch(() =>
        streamed([ndjson([{ jsonrpc: '2.0', error: { code: -32001, message: 'Invalid API key' }, id: null }])]),
      );
      const e = (await rejection(client(f).streamChat({ input: 'hi' }))) as ChatAuthError;
      expect(e).to.be.instanceOf(ChatAuthError);
      expect(e).to.be.instanceOf(ApiError);
      expect([e.status, e.rpcCode, e.message, e.code]).to.deep.equal([200, -32001, 'Invalid API key', 'chat_auth']);
    });

    it('a busy thread rejects with ChatStreamError code thread_busy', async () => {
      const f = fakeFetch(() => streamed([ndjson([{ error: 'Streaming for thread is in progress' }])]));
      const e = (await rejection(client(f).streamChat({ input: 'again', chatId: 'c1' }))) as ChatStreamError;
      expect(e).to.be.instanceOf(ChatStreamError);
      expect([e.code, e.message]).to.deep.equal(['thread_busy', 'Streaming for thread is in progress']);
    });

    it('an {"error"} line mid-stream ends the iteration with ChatStreamError', async () => {
      const f = fakeFetch(() => streamed([ndjson([...chatStream.slice(0, 3), { error: 'Agent crashed' }])]));
      const stream = await client(f).streamChat({ input: 'hi' });
      const seen: ChatStreamMessage[] = [];
      const e = (await rejection(
        (async () => {
          for await (const m of stream) seen.push(m);
        })(),
      )) as ChatStreamError;
      expect([e.code, e.message]).to.deep.equal(['stream_error', 'Agent crashed']);
      expect(seen).to.have.length(3);
    });

    it('HTTP errors of the chat endpoint map to ApiError (400, 404, 500)', async () => {
      for (const status of [400, 404, 500]) {
        const f = fakeFetch(() => json({ error: `status ${status}` }, status));
        const e = (await rejection(client(f).streamChat({ input: 'hi', messageId: 'bad' }))) as ApiError;
        expect([e.status, e.message]).to.deep.equal([status, `status ${status}`]);
      }
    });

    it('skips malformed lines, reports them, and goes on', async () => {
      const f = fakeFetch(() =>
        streamed([ndjson(chatStream.slice(0, 2)) + '{not json\n[1,2]\n' + ndjson(chatStream.slice(2))]),
      );
      const bad: string[] = [];
      const stream = await client(f).streamChat({ input: 'hi' }, { onMalformedLine: (item) => bad.push(item.text) });
      expect(await collect(stream)).to.deep.equal(chatStream);
      expect(bad).to.deep.equal(['{not json', '[1,2]']);
    });

    it('a stream without __cutoff__ is an invalid response unless the chatId was sent', async () => {
      const rest = chatStream.slice(1);
      const f = fakeFetch(() => streamed([ndjson(rest)]));
      const e = (await rejection(client(f).streamChat({ input: 'hi' }))) as ApiError;
      expect(e.code).to.equal('invalid_response');
      const stream = await client(f).streamChat({ input: 'hi', chatId: 'known' });
      expect(stream.chatId).to.equal('known');
      expect(await collect(stream)).to.deep.equal(rest);
    });

    it('aborting mid-stream ends the iteration with the abort reason and cancels the body', async () => {
      let cancelled = false;
      const encoder = new TextEncoder();
      const f = fakeFetch(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                c.enqueue(encoder.encode(ndjson(chatStream.slice(0, 3))));
              },
              cancel() {
                cancelled = true;
              },
            }),
          ),
      );
      const controller = new AbortController();
      const stream = await client(f).streamChat({ input: 'hi' }, { signal: controller.signal });
      const seen: ChatStreamMessage[] = [];
      const e = (await rejection(
        (async () => {
          for await (const m of stream) {
            seen.push(m);
            if (seen.length === 3) controller.abort();
          }
        })(),
      )) as DOMException;
      expect(e.name).to.equal('AbortError');
      expect(seen).to.have.length(3);
      expect(cancelled).to.equal(true);
    });

    it('the timeout covers the start of the stream, not a long answer', async () => {
      const text = ndjson(chatStream);
      const f = fakeFetch(() => streamed([text.slice(0, 90), text.slice(90, 400), text.slice(400)], { delayMs: 25 }));
      const stream = await client(f, { timeoutMs: 60 }).streamChat({ input: 'hi' });
      expect(await collect(stream)).to.deep.equal(chatStream);
      const slow = fakeFetch(hanging);
      const e = (await rejection(client(slow, { timeoutMs: 20 }).streamChat({ input: 'hi' }))) as ApiError;
      expect(e.code).to.equal('timeout');
    });

    it('abortChat posts to the abort URL with the chatId', async () => {
      const f = fakeFetch(() => new Response(null, { status: 204 }));
      await client(f).abortChat({ chatId: 'chat-42', sessionSettings: { externalId: 'u1' } });
      expect(f.last.url.href).to.equal(CHAT.replace(/stream-chat-state$/, 'abort'));
      expect(f.last.body).to.deep.equal({ chatId: 'chat-42', sessionSettings: { externalId: 'u1' } });
      expect(f.last.headers.get('authorization')).to.equal('Api-Key k-123');
    });

    it('abortChat maps 403 and 404', async () => {
      for (const status of [403, 404]) {
        const f = fakeFetch(() => json({ error: `abort ${status}` }, status));
        const e = (await rejection(client(f).abortChat({ chatId: 'c' }))) as ApiError;
        expect([e.status, e.message]).to.deep.equal([status, `abort ${status}`]);
      }
    });
  });
});
