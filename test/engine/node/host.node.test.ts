// Which Hosts a served engine answers (issue 30, finding 2: DNS rebinding): the names it is bound to with its port,
// `localhost` on loopback, the allowed ones; others 421, malformed ones 400 — over a real port and as properties.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { HostAllowList, HostError, boundNames, parseHost } from '../../../src/engine/node/host.js';
import { serveFetch } from '../../../src/engine/node/serve.js';
import { GREENHOUSE_MODEL, READINGS } from '../../fixtures/greenhouse.js';
import { head, rawRequest } from '../../helpers/raw-http.js';

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('Host allow-list over a real port', () => {
  let engine: LocalEngine;
  let plain: Server;
  let listed: Server;

  before(async () => {
    engine = await createLocalEngine({
      name: `serve-hosts-${process.pid}`,
      model: GREENHOUSE_MODEL,
      data: { readings: READINGS },
    });
    plain = await serveFetch(engine.fetch, { port: 0 });
    listed = await serveFetch(engine.fetch, { port: 0, allowedHosts: ['Greenhouse.Test', 'api.greenhouse.test:9999'] });
  });

  after(async () => {
    await close(plain);
    await close(listed);
    await engine.close();
  });

  const get = (server: Server, host: string, target = '/cubejs-api/v1/meta') =>
    rawRequest(portOf(server), head('GET', target, [['Host', host]]));

  it('refuses a rebound name 421 with a message naming the guard, before any credential is looked at', async () => {
    const port = portOf(plain);
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `localhost.:${port}`,
      `127.0.0.1:${port + 1}`,
      `localhost:${port + 1}`,
      `[::1]:${port}`,
      `127.0.0.2:${port}`,
      `sub.localhost:${port}`,
    ]) {
      const res = await get(plain, host);
      assert.equal(res.status, 421, `${host}: ${res.body}`);
      assert.equal(
        (JSON.parse(res.body) as { error: string }).error,
        `This server does not answer Host ${JSON.stringify(host)} (a guard against DNS rebinding): ` +
          'name it with --allowed-host (serveFetch: allowedHosts) to serve it',
      );
    }
  });

  it('refuses an absolute-form target naming another host, whatever the Host header says', async () => {
    const port = portOf(plain);
    const res = await get(plain, `127.0.0.1:${port}`, `http://evil.example:${port}/cubejs-api/v1/meta`);
    assert.equal(res.status, 421);
    const ok = await get(plain, 'evil.example', `http://localhost:${port}/cubejs-api/v1/meta`);
    assert.equal(ok.status, 401, 'the target authority is checked in place of the Host header');
  });

  it('answers the bound address and localhost with the port, in any letter case', async () => {
    const port = portOf(plain);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`]) {
      const res = await get(plain, host);
      assert.equal(res.status, 401, `${host} reaches the engine (which wants a key): ${res.body}`);
      assert.equal((JSON.parse(res.body) as { error: string }).error, 'Missing Authorization header');
    }
  });

  it('answers allowed names: a bare name on any port, name:port on that port only', async () => {
    const port = portOf(listed);
    assert.equal((await get(listed, 'greenhouse.test')).status, 401);
    assert.equal((await get(listed, `GREENHOUSE.test:${port}`)).status, 401);
    assert.equal((await get(listed, 'greenhouse.test:443')).status, 401);
    assert.equal((await get(listed, 'api.greenhouse.test:9999')).status, 401);
    assert.equal((await get(listed, 'api.greenhouse.test:9998')).status, 421);
    assert.equal((await get(listed, 'api.greenhouse.test')).status, 421);
    assert.equal((await get(listed, `127.0.0.1:${port}`)).status, 401);
    assert.equal((await get(listed, `other.greenhouse.test:${port}`)).status, 421);
  });

  it('rejects a malformed allowed host before listening', async () => {
    for (const bad of ['a b', 'u:p@host', 'host:99999', '']) {
      await assert.rejects(
        serveFetch(engine.fetch, { port: 0, allowedHosts: [bad] }),
        (e: unknown) =>
          e instanceof HostError && e.message.startsWith(`Allowed host ${JSON.stringify(bad)} is not a host name`),
      );
    }
  });

  it('answers [::1] with its port when bound to ::1 (where this machine has IPv6)', async (t) => {
    const v6 = await serveFetch(engine.fetch, { port: 0, host: '::1' }).catch(() => undefined);
    if (!v6) return t.skip('no IPv6 loopback here');
    try {
      const port = portOf(v6);
      const send = (host: string) =>
        rawRequest(port, head('GET', '/cubejs-api/v1/meta', [['Host', host]]), { address: '::1' });
      assert.equal((await send(`[::1]:${port}`)).status, 401);
      assert.equal((await send(`localhost:${port}`)).status, 401);
      assert.equal((await send(`127.0.0.1:${port}`)).status, 421);
      assert.equal((await send(`[::2]:${port}`)).status, 421);
    } finally {
      await close(v6);
    }
  });
});

describe('Host names of a bound address', () => {
  it('answers localhost on loopback, only the address elsewhere', () => {
    assert.deepEqual(boundNames('127.0.0.1', '127.0.0.1').sort(), ['127.0.0.1', 'localhost']);
    assert.deepEqual(boundNames('::1', '::1').sort(), ['[::1]', 'localhost']);
    assert.deepEqual(boundNames('localhost', '127.0.0.1').sort(), ['127.0.0.1', 'localhost']);
    assert.deepEqual(boundNames('192.0.2.7', '192.0.2.7'), ['192.0.2.7']);
  });

  it('answers this machine’s addresses and localhost on 0.0.0.0 and ::, and no other name', () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((e) => (e.family === 'IPv6' ? `[${e.address}]` : e.address));
    for (const wildcard of ['0.0.0.0', '::']) {
      const names = boundNames(wildcard, wildcard);
      assert.deepEqual(names.sort(), [...new Set([...own, 'localhost'])].sort());
      assert.ok(!names.includes(wildcard) && !names.includes('[::]'), 'the wildcard itself names no server');
    }
  });
});

describe('parseHost, as properties', () => {
  it('never throws anything but HostError 400, and what it accepts is a URL host as is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webAuthority()), (value) => {
        let parts;
        try {
          parts = parseHost(value);
        } catch (error) {
          assert.ok(error instanceof HostError && error.status === 400, String(error));
          return;
        }
        const host = parts.port === undefined ? parts.name : `${parts.name}:${parts.port}`;
        const url = new URL(`http://${host}/`);
        assert.equal(url.username + url.password, '');
        assert.equal(url.pathname, '/');
        assert.equal(url.hostname.length > 0, true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every bound name with the listening port, and refuses it on any other', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('127.0.0.1', '::1', '10.1.2.3'),
        fc.integer({ min: 1, max: 65535 }),
        fc.integer({ min: 1, max: 65535 }),
        (address, port, other) => {
          const list = new HostAllowList(boundNames(address, address), port);
          for (const name of boundNames(address, address)) {
            assert.equal(list.check(`${name}:${port}`).name, name);
            if (other !== port) assert.throws(() => list.check(`${name}:${other}`), { status: 421 });
          }
        },
      ),
    );
  });
});
