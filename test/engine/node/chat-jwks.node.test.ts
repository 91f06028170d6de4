// Chat tokens verified with a deployment's remote JWKS (issue 21, finding 7), served over real HTTP on 127.0.0.1:
// fetched once and cached, a rotated key picked up by its new kid, an unknown kid refused, and an endpoint that is
// down, failing or silent answered promptly with the JSON-RPC error line of chat auth failures.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JSONWebKeySet } from 'jose';
import { JWKS_TIMEOUT_MS } from '../../../src/api/limits.js';
import {
  createLocalEngine,
  type EngineSeed,
  type LocalEngine,
  type LocalEngineOptions,
} from '../../../src/engine/index.js';
import { probeAgent } from '../chat/probe.js';

/** A JWKS endpoint: `/jwks` answers `keys` (or fails as `mode` says) and counts its requests. */
class JwksServer {
  keys: JSONWebKeySet = { keys: [] };
  mode: 'ok' | 'error' | 'silent' = 'ok';
  requests = 0;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests++;
      if (this.mode === 'silent') return; // never answers
      if (this.mode === 'error') return void res.writeHead(503).end('down for maintenance');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(this.keys));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jwks`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const seed = (jwksUrl: string): EngineSeed => ({
  account: { name: 'acct', plan: 'enterprise' },
  deployments: [
    { id: 1, name: 'Remote keys', apiSecret: 'remote-keys-secret-0123456789-0123', jwksUrl, serviceTokenAuth: true },
  ],
  users: [{ email: 'admin@acct.test', role: 'admin' }],
  apiKeys: [{ key: 'acct-admin-key', userEmail: 'admin@acct.test' }],
  agents: [{ id: 'probe', deploymentId: 1 }],
});

let counter = 0;
async function engineFor(jwksUrl: string, options: Partial<LocalEngineOptions> = {}): Promise<LocalEngine> {
  return createLocalEngine({
    name: `jwks-${process.pid}-${++counter}`,
    seed: seed(jwksUrl),
    agent: probeAgent,
    ...options,
  });
}

/** One chat request with the token; the first line of the answer, parsed, and how long it took. */
async function chat(engine: LocalEngine, token: string) {
  const started = performance.now();
  const res = await engine.fetch(
    new Request('http://local/api/v1/public/acct/agents/probe/chat/stream-chat-state', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Auth-Token': token },
      body: JSON.stringify({ input: 'hi' }),
    }),
  );
  const first = JSON.parse((await res.text()).split('\n')[0]) as {
    id?: string;
    jsonrpc?: string;
    error?: { code: number; message: string };
  };
  return { status: res.status, first, ms: performance.now() - started };
}

const ok = (answer: Awaited<ReturnType<typeof chat>>) => {
  assert.equal(answer.status, 200);
  assert.equal(answer.first.id, '__cutoff__', JSON.stringify(answer.first));
};
const refused = (answer: Awaited<ReturnType<typeof chat>>, message: RegExp) => {
  assert.equal(answer.status, 200);
  assert.equal(answer.first.jsonrpc, '2.0');
  assert.match(answer.first.error!.message, message);
};

describe('chat tokens verified with a remote JWKS (jwksUrl)', () => {
  const jwks = new JwksServer();
  const keys: { kid: string; privateKey: CryptoKey; jwk: JSONWebKeySet['keys'][number] }[] = [];
  let engine: LocalEngine | undefined;

  const sign = (kid: string, sub: string, alg = 'RS256') => {
    const key = keys.find((k) => k.kid === kid)!;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub, scope: ['chat'] })
      .setProtectedHeader({ alg, kid })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key.privateKey);
  };

  before(async () => {
    for (const [kid, alg] of [
      ['rsa-2025', 'RS256'],
      ['rsa-2026', 'RS256'],
      ['ec-1', 'ES256'],
    ]) {
      const pair = await generateKeyPair(alg);
      keys.push({
        kid,
        privateKey: pair.privateKey,
        jwk: { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' },
      });
    }
    await jwks.start();
  });
  after(() => jwks.stop());
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    jwks.mode = 'ok';
    jwks.requests = 0;
  });
  const publish = (...kids: string[]) =>
    (jwks.keys = { keys: kids.map((kid) => keys.find((k) => k.kid === kid)!.jwk) });

  it('fetches the key set once and caches it (RS256 and ES256)', async () => {
    publish('rsa-2025', 'ec-1');
    engine = await engineFor(jwks.url);
    ok(await chat(engine, await sign('rsa-2025', 'ana')));
    ok(await chat(engine, await sign('ec-1', 'ben', 'ES256')));
    ok(await chat(engine, await sign('rsa-2025', 'cid')));
    assert.equal(jwks.requests, 1);
  });

  it('a rotated key: a token with the new kid makes the engine fetch the set again; the retired kid is refused', async () => {
    publish('rsa-2025');
    engine = await engineFor(jwks.url, { remoteJwks: { cooldownMs: 0 } });
    ok(await chat(engine, await sign('rsa-2025', 'ana')));
    publish('rsa-2026');
    ok(await chat(engine, await sign('rsa-2026', 'ana')));
    assert.equal(jwks.requests, 2);
    refused(
      await chat(engine, await sign('rsa-2025', 'ana')),
      /No key of the deployment's JWKS matches the token \(kid "rsa-2025"/,
    );
  });

  it('an unknown kid is refused clearly; within the cooldown it fetches nothing more', async () => {
    publish('rsa-2025');
    engine = await engineFor(jwks.url);
    ok(await chat(engine, await sign('rsa-2025', 'ana')));
    for (let i = 0; i < 3; i++) {
      refused(
        await chat(engine, await sign('ec-1', 'mallory', 'ES256')),
        /No key of the deployment's JWKS matches the token \(kid "ec-1", alg ES256\)/,
      );
    }
    assert.equal(jwks.requests, 1);
  });

  it('a JWKS endpoint that is down, failing or silent: a JSON-RPC error, promptly', async () => {
    const closed = new JwksServer();
    await closed.start();
    await closed.stop(); // nothing listens on its port any more
    engine = await engineFor(closed.url);
    const down = await chat(engine, await sign('rsa-2025', 'ana'));
    refused(down, /^Could not load the deployment's JWKS: /);
    assert.ok(down.ms < 2000, `${down.ms} ms`);
    await engine.close();

    jwks.mode = 'error';
    engine = await engineFor(jwks.url);
    refused(
      await chat(engine, await sign('rsa-2025', 'ana')),
      /^Could not load the deployment's JWKS: Expected 200 OK/,
    );
    await engine.close();

    jwks.mode = 'silent';
    engine = await engineFor(jwks.url, { remoteJwks: { timeoutMs: 300 } });
    const silent = await chat(engine, await sign('rsa-2025', 'ana'));
    refused(silent, /^Could not load the deployment's JWKS: the request timed out$/);
    assert.ok(silent.ms < 2000, `${silent.ms} ms`);
  });

  it(`a silent endpoint with the default timeout (${JWKS_TIMEOUT_MS} ms) does not hang the request`, async () => {
    jwks.mode = 'silent';
    engine = await engineFor(jwks.url);
    const silent = await chat(engine, await sign('rsa-2025', 'ana'));
    refused(silent, /timed out/);
    assert.ok(silent.ms >= JWKS_TIMEOUT_MS - 100 && silent.ms < JWKS_TIMEOUT_MS + 2000, `${silent.ms} ms`);
  });
});
