// The engine in Node on fake-indexeddb, served over a real local port: the same answers over real HTTP.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../../src/engine/index.js';
import { serveFetch } from '../../../src/engine/node/serve.js';
import { ApiError } from '../../../src/api/errors.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';

describe('engine served over node:http', () => {
  let engine: LocalEngine;
  let server: Server;
  let base: string;

  before(async () => {
    engine = await createLocalEngine({ seed: { ...demoSeed, data: { rows: 3000 } }, name: `serve-${process.pid}` });
    server = await serveFetch(engine.fetch, { port: 0 });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
  });

  it('answers the management and embed API over real HTTP (globalThis.fetch)', async () => {
    const admin = new HttpTransport({ baseUrl: base, auth: { apiKey: DEMO.adminKey } });
    const wb = await admin.upsertWorkbookBySlug(1, 'Over-HTTP', { name: 'Over HTTP' });
    assert.equal(wb.slug, 'over-http');
    const { sessionId } = await admin.generateSession({
      deploymentId: 1,
      externalId: 'node-viewer',
      groups: ['sales-us'],
    });
    const { token } = await admin.exchangeSessionToken(sessionId);
    const viewer = new HttpTransport({ baseUrl: base, auth: { serviceToken: token } });
    assert.deepEqual(
      (await viewer.listDeployments()).map((d) => d.id),
      [1],
    );
  });

  it('answers the data API from DuckDB in Node (load and cubesql)', async () => {
    const dev = new HttpTransport({ baseUrl: base, auth: { apiKey: DEMO.developerKey } });
    const loaded = await dev.load({ query: { measures: ['sales.count'] } });
    assert.equal(loaded.data[0]['sales.count'], 3000);
    const sql = await dev.cubeSql({ query: 'SELECT MEASURE(count) AS n FROM sales' });
    assert.deepEqual(sql, { schema: [{ name: 'n', column_type: 'Int64' }], data: [[3000]] });
  });

  it('carries error statuses and bodies', async () => {
    const res = await fetch(`${base}/api/v1/deployments`);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: 'Missing Authorization header' });
    const admin = new HttpTransport({ baseUrl: base, auth: { apiKey: DEMO.adminKey } });
    await assert.rejects(
      admin.upsertWorkbookBySlug(42, 'x'),
      (e: unknown) => e instanceof ApiError && e.status === 404,
    );
  });
});

describe('serveFetch: a client that leaves', () => {
  it('aborts the signal of the Request its handler got, even after a garbage collection', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let stopped = false;
    // Keeps only the signal while it works, not the Request: the server must keep the Request (and with it the link
    // from the client's leaving to this signal) alive itself.
    const handler = (request: Request) => {
      const { signal } = request;
      arrived();
      return new Promise<Response>((resolve) => {
        const timer = setTimeout(() => resolve(new Response('finished: nobody stopped it')), 5000);
        signal.addEventListener('abort', () => {
          stopped = true;
          clearTimeout(timer);
          resolve(new Response(null));
        });
      });
    };
    const server = await serveFetch(handler, { port: 0 });
    try {
      const controller = new AbortController();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const pending = fetch(url, { signal: controller.signal }).catch((e: unknown) => e);
      await reached;
      // A later task: a WeakRef's target is kept until the task that made the WeakRef ends.
      await new Promise((r) => setTimeout(r, 50));
      gc();
      controller.abort();
      assert.equal(((await pending) as Error).name, 'AbortError');
      for (let i = 0; i < 100 && !stopped; i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(stopped, "the handler's signal did not abort when its client left");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
