import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, createServerClient, generateSession } from '../../src/server/index.js';

interface Seen {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

function backend(respond: (req: Request) => Response) {
  const seen: Seen[] = [];
  const fetch = async (req: Request) => {
    const text = await req.text();
    seen.push({
      url: req.url,
      method: req.method,
      auth: req.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    return respond(req);
  };
  return { fetch, seen };
}

const ok = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('svc-elements/server', () => {
  it('generateSession mints a sessionId with the API key', async () => {
    const { fetch, seen } = backend(() => ok({ sessionId: 'sess-1' }));
    const client = createServerClient({ baseUrl: 'https://acme.example.com', apiKey: 'k-admin', fetch });
    const id = await client.generateSession({ deploymentId: 1, externalId: 'viewer-1', groups: ['sales'] });
    assert.equal(id, 'sess-1');
    assert.deepEqual(seen[0], {
      url: 'https://acme.example.com/api/v1/embed/generate-session',
      method: 'POST',
      auth: 'Api-Key k-admin',
      body: { deploymentId: 1, externalId: 'viewer-1', groups: ['sales'] },
    });
  });

  it('exchange and revoke', async () => {
    const { fetch, seen } = backend((req) =>
      req.url.endsWith('/token') ? ok({ token: 'jwt' }) : new Response(null, { status: 204 }),
    );
    const client = createServerClient({ baseUrl: 'https://acme.example.com', apiKey: 'k', fetch });
    assert.deepEqual(await client.exchange('sess-1'), { token: 'jwt' });
    await client.revoke('jwt');
    assert.deepEqual(
      seen.map((s) => [s.url.split('/').pop(), s.body]),
      [
        ['token', { sessionId: 'sess-1' }],
        ['revoke', { token: 'jwt' }],
      ],
    );
  });

  it('the one-shot form and typed errors', async () => {
    const { fetch } = backend(() => ok({ error: 'API key is not authorized for deployment 2' }, 403));
    await assert.rejects(
      generateSession({ baseUrl: 'https://acme.example.com', apiKey: 'k', fetch, deploymentId: 2, externalId: 'v' }),
      (e: unknown) =>
        e instanceof ApiError && e.status === 403 && e.message === 'API key is not authorized for deployment 2',
    );
  });

  it('requires an API key', () => {
    assert.throws(() => createServerClient({ baseUrl: 'https://a.example.com', apiKey: ' ' }), /apiKey is required/);
  });
});
