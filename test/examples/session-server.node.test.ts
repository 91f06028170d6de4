// The example session server against the engine served over real HTTP: a viewer's session minted with the API
// key (which stays on the server), exchanged by the "browser", carries that viewer; bad input gets a clear 400.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createSessionServer } from '../../examples/session-server.js';
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../src/engine/index.js';
import { serveFetch } from '../../src/engine/node/serve.js';
import { HttpTransport } from '../../src/transport/http-transport.js';

const address = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('example session server', () => {
  let engine: LocalEngine;
  let api: Server;
  let sessions: Server;

  before(async () => {
    engine = await createLocalEngine({
      seed: { ...demoSeed, data: { rows: 1000 } },
      name: `session-server-${process.pid}`,
    });
    api = await serveFetch(engine.fetch, { port: 0 });
    sessions = createSessionServer({
      baseUrl: address(api),
      apiKey: DEMO.adminKey,
      deploymentId: DEMO.deploymentId,
      allowOrigin: 'http://127.0.0.1:5173',
    });
    await listen(sessions);
  });

  after(async () => {
    await close(sessions);
    await close(api);
    await engine.close();
  });

  it('mints a session for the viewer; the browser exchanges it for a token carrying that viewer', async () => {
    const response = await fetch(`${address(sessions)}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' },
      body: JSON.stringify({
        externalId: 'remote-viewer',
        groups: ['sales-eu'],
        userAttributes: [{ name: 'region', value: 'EU' }],
      }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://127.0.0.1:5173');
    const { sessionId } = (await response.json()) as { sessionId: string };
    const browser = new HttpTransport({ baseUrl: address(api) });
    const { token } = await browser.exchangeSessionToken(sessionId);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    assert.equal(claims.externalId, 'remote-viewer');
    assert.deepEqual(claims.groups, ['sales-eu']);
  });

  it('answers bad input with a clear error and unknown paths with 404', async () => {
    const bad = await fetch(`${address(sessions)}/session`, { method: 'POST', body: '{"groups": []}' });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { error: 'externalId: must be a non-empty string' });
    const notJson = await fetch(`${address(sessions)}/session`, { method: 'POST', body: 'nope' });
    assert.equal(notJson.status, 400);
    const unknownGroup = await fetch(`${address(sessions)}/session`, {
      method: 'POST',
      body: JSON.stringify({ externalId: 'x', groups: ['no-such-group'] }),
    });
    assert.equal(unknownGroup.status, 400);
    assert.match(((await unknownGroup.json()) as { error: string }).error, /Groups with names no-such-group not found/);
    assert.equal((await fetch(`${address(sessions)}/other`)).status, 404);
  });
});
