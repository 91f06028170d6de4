import { expect } from '@open-wc/testing';
import { DEMO, testEngine, type TestEngine } from '../helpers.js';

describe('engine: authentication', () => {
  let t: TestEngine;
  beforeEach(async () => (t = await testEngine()));
  afterEach(() => t.dispose());

  const call = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.engine.fetch(new Request(`https://local.svc${path}`, { method, headers }));

  async function expectError(response: Response, status: number, message: string | RegExp) {
    expect(response.status).to.equal(status);
    expect(response.headers.get('content-type')).to.contain('application/json');
    const body = (await response.json()) as { error: string };
    if (typeof message === 'string') expect(body.error).to.equal(message);
    else expect(body.error).to.match(message);
  }

  it('401 when the credential is missing or malformed', async () => {
    await expectError(await call('/api/v1/deployments'), 401, 'Missing Authorization header');
    await expectError(
      await call('/api/v1/deployments', { Authorization: 'Token x' }),
      401,
      /^Malformed Authorization header/,
    );
    await expectError(await call('/api/v1/deployments', { Authorization: 'Bearer' }), 401, /^Malformed/);
    await expectError(
      await call('/api/v1/deployments', { Authorization: `Api-Key ${DEMO.adminKey}` }),
      401,
      /^Malformed/,
    );
  });

  it('401 for an unknown key; the scheme name is case-insensitive', async () => {
    await expectError(await call('/api/v1/deployments', { Authorization: 'Bearer wrong' }), 401, 'Invalid API key');
    expect((await call('/api/v1/deployments', { Authorization: `bearer ${DEMO.adminKey}` })).status).to.equal(200);
  });

  it('scoped keys see and act on their deployments only (403 elsewhere)', async () => {
    const res = await call('/api/v1/deployments', { Authorization: `Bearer ${DEMO.deploymentKey}` });
    expect(await res.json()).to.deep.equal([{ id: 1, name: 'Demo', createdAt: new Date(t.clock.now()).toISOString() }]);
    await expectError(
      await call('/api/v1/deployments/2/workbooks/1', { Authorization: `Bearer ${DEMO.deploymentKey}` }),
      403,
      'Credential is not authorized for deployment 2',
    );
  });

  it('SCIM accepts Bearer and Api-Key with a SCIM key; other keys get 403', async () => {
    for (const scheme of ['Bearer', 'Api-Key']) {
      const res = await call('/api/scim/v2/Users?count=2&startIndex=2', {
        Authorization: `${scheme} ${DEMO.adminKey}`,
      });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as {
        totalResults: number;
        startIndex: number;
        itemsPerPage: number;
        Resources: { userName: string }[];
      };
      expect([body.totalResults, body.startIndex, body.itemsPerPage]).to.deep.equal([4, 2, 2]);
      expect(body.Resources.map((u) => u.userName)).to.deep.equal(['developer', 'analyst']);
    }
    await expectError(
      await call('/api/scim/v2/Users', { Authorization: `Bearer ${DEMO.developerKey}` }),
      403,
      'API key is not a SCIM token',
    );
    await expectError(
      await call('/api/scim/v2/Users?count=x', { Authorization: `Bearer ${DEMO.adminKey}` }),
      400,
      'Invalid query: count: must be a whole number',
    );
  });

  it('an embed session token cannot act on the management API', async () => {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'x' });
    const { token } = await t.admin.exchangeSessionToken(sessionId);
    await expectError(
      await call('/api/v1/deployments/1/workbooks/by-slug/x', { Authorization: `Bearer ${token}` }, 'PUT'),
      403,
      'This operation needs an API key, not an embed session token',
    );
  });

  it('a JSON body needs Content-Type: application/json (415 otherwise)', async () => {
    const res = await t.engine.fetch(
      new Request('https://local.svc/api/v1/embed/generate-session', {
        method: 'POST',
        headers: { Authorization: `Api-Key ${DEMO.adminKey}`, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ deploymentId: 1, externalId: 'x' }),
      }),
    );
    await expectError(res, 415, 'Content-Type must be application/json, got text/plain');
  });

  it('unknown routes and bad path parameters answer with JSON errors', async () => {
    await expectError(
      await call('/api/v1/nope', { Authorization: `Bearer ${DEMO.adminKey}` }),
      404,
      'No route for GET /api/v1/nope',
    );
    await expectError(
      await call('/api/v1/deployments/abc/workbooks/1', { Authorization: `Bearer ${DEMO.adminKey}` }),
      400,
      'deploymentId must be a positive integer, got abc',
    );
  });
});
