// Chat tokens are bound to a deployment (issue 30, finding 3): a token naming another deployment — by deploymentId,
// aud or iss — is refused, and a token naming none is refused where another deployment trusts the key that signed it
// (the same inline key, overlapping key sets, the same jwksUrl, another URL serving the same key, the same API
// secret), accepted where the key is that deployment's alone. Real engine, key sets served over HTTP on 127.0.0.1.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../../src/engine/index.js';
import { probeAgent } from './probe.js';
import { LocalServer, accepted, chatToken, chatWith, refused, signingKey, type SigningKey } from './token-fixtures.js';

// Deployments of a city's services; which keys each trusts:
//   7 greenhouse: inline {A, B}      8 library: inline {B, C}        9 observatory: jwksUrl /shared → {D}
//  10 harbour: jwksUrl /shared      11 orchard: jwksUrl /orchard → {A}  12 archive: inline {E}, its own secret
//  13 tram, 14 ferry: the same API secret
const SHARED_SECRET = 'city-transport-shared-secret-0123456789';
const deployments = {
  greenhouse: 7,
  library: 8,
  observatory: 9,
  harbour: 10,
  orchard: 11,
  archive: 12,
  tram: 13,
  ferry: 14,
} as const;
type Place = keyof typeof deployments;

let counter = 0;
const name = () => `chat-binding-${process.pid}-${++counter}`;

describe('chat tokens are bound to their deployment (issue 30, finding 3)', () => {
  const keys: Record<'A' | 'B' | 'C' | 'D' | 'E', SigningKey> = {} as never;
  const jwks = new LocalServer((req, res) => {
    const set = req.url === '/shared' ? [keys.D] : req.url === '/orchard' ? [keys.A] : undefined;
    if (!set) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: set.map((k) => k.jwk) }));
  });
  let engine: LocalEngine;
  const chat = (place: Place, token: string) => chatWith(engine, place, token);

  before(async () => {
    for (const [kid, alg] of [
      ['A', 'RS256'],
      ['B', 'RS256'],
      ['C', 'ES256'],
      ['D', 'ES256'],
      ['E', 'RS256'],
    ] as const)
      keys[kid] = await signingKey(kid, alg);
    await jwks.start();
    const set = (...ks: SigningKey[]) => ({ keys: ks.map((k) => k.jwk) });
    const seed: EngineSeed = {
      account: { name: 'acct', plan: 'enterprise' },
      deployments: [
        { id: 7, name: 'Greenhouse', jwks: set(keys.A, keys.B) },
        { id: 8, name: 'Library', jwks: set(keys.B, keys.C) },
        { id: 9, name: 'Observatory', jwksUrl: `${jwks.origin}/shared` },
        { id: 10, name: 'Harbour', jwksUrl: `${jwks.origin}/shared` },
        { id: 11, name: 'Orchard', jwksUrl: `${jwks.origin}/orchard` },
        { id: 12, name: 'Archive', jwks: set(keys.E), apiSecret: 'archive-own-secret-0123456789-abcdef' },
        { id: 13, name: 'Tram', apiSecret: SHARED_SECRET },
        { id: 14, name: 'Ferry', apiSecret: SHARED_SECRET },
      ].map((d) => ({ serviceTokenAuth: true, ...d })),
      users: [{ email: 'admin@city.test', role: 'admin' }],
      apiKeys: [{ key: 'city-admin-key', userEmail: 'admin@city.test' }],
      agents: Object.entries(deployments).map(([id, deploymentId]) => ({ id, deploymentId })),
    };
    engine = await createLocalEngine({ name: name(), seed, agent: probeAgent });
  });
  after(async () => {
    await engine?.close();
    await jwks.stop();
  });

  it('a token naming another deployment by deploymentId, aud or iss is refused there and accepted by its own', async () => {
    // Key A is trusted by the greenhouse (inline) and the orchard (its URL serves A).
    const cases: [Record<string, unknown>, string][] = [
      [{ deploymentId: 7 }, 'Token deploymentId names deployment 7, not this deployment (11)'],
      [{ aud: 'deployment:7' }, 'Token audience names deployment 7, not this deployment (11)'],
      [
        { aud: ['https://greenhouse.example', 'deployment:7'] },
        'Token audience names deployment 7, not this deployment (11)',
      ],
      [{ iss: 'deployment:7' }, 'Token issuer names deployment 7, not this deployment (11)'],
      // Naming both is naming another: a chat token is for one deployment.
      [{ aud: ['deployment:11', 'deployment:7'] }, 'Token audience names deployment 7, not this deployment (11)'],
      [{ deploymentId: 11, aud: 'deployment:7' }, 'Token audience names deployment 7, not this deployment (11)'],
      [{ aud: 'deployment:11', iss: 'deployment:7' }, 'Token issuer names deployment 7, not this deployment (11)'],
    ];
    for (const [claims, message] of cases) {
      const token = await chatToken({ sub: 'gardener', ...claims }, keys.A);
      refused(await chat('orchard', token), message);
      if (!JSON.stringify(claims).includes('11')) accepted(await chat('greenhouse', token));
    }
    for (const claims of [{ deploymentId: 11 }, { aud: 'deployment:11' }, { iss: 'deployment:11' }]) {
      const token = await chatToken({ sub: 'picker', ...claims }, keys.A);
      accepted(await chat('orchard', token));
      refused(await chat('greenhouse', token), /names deployment 11, not this deployment \(7\)/);
    }
  });

  it('a token naming no deployment is refused wherever another deployment trusts its key', async () => {
    const unbound = 'Token names no deployment and its key is trusted by another deployment too: set its aud to';
    const shared: [SigningKey, Place[]][] = [
      [keys.B, ['greenhouse', 'library']], // one key in two inline sets that differ
      [keys.A, ['greenhouse', 'orchard']], // inline here, served by a URL there
      [keys.D, ['observatory', 'harbour']], // the same jwksUrl
    ];
    for (const [key, places] of shared) {
      const token = await chatToken({ sub: 'visitor' }, key);
      for (const place of places) {
        const id = deployments[place];
        refused(await chat(place, token), `${unbound} "deployment:${id}" (or its deploymentId to ${id})`);
        accepted(await chat(place, await chatToken({ sub: 'visitor', aud: `deployment:${id}` }, key)));
      }
    }
    // The same secret: HS256 tokens naming no deployment are refused by both, bound ones accepted by theirs only.
    const hs = await chatToken({ sub: 'rider' }, SHARED_SECRET);
    refused(await chat('tram', hs), new RegExp(`^${unbound}`));
    refused(await chat('ferry', hs), new RegExp(`^${unbound}`));
    const forTram = await chatToken({ sub: 'rider', deploymentId: 13 }, SHARED_SECRET);
    accepted(await chat('tram', forTram));
    refused(await chat('ferry', forTram), 'Token deploymentId names deployment 13, not this deployment (14)');
  });

  it("a token naming no deployment is accepted where its key is that deployment's alone (C is only the library's)", async () => {
    accepted(await chat('library', await chatToken({ sub: 'reader' }, keys.C)));
    accepted(await chat('archive', await chatToken({ sub: 'clerk' }, keys.E)));
    accepted(await chat('archive', await chatToken({ sub: 'clerk' }, 'archive-own-secret-0123456789-abcdef')));
  });

  it('the engine’s own embed session tokens carry deploymentId: accepted by theirs, refused by a deployment sharing the secret', async () => {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await engine.fetch(
        new Request(`http://local${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      );
      assert.equal(res.status, 200, await res.clone().text());
      return res.json() as Promise<Record<string, string>>;
    };
    const { sessionId } = await post(
      '/api/v1/embed/generate-session',
      { deploymentId: 13, externalId: 'conductor' },
      { Authorization: 'Api-Key city-admin-key' },
    );
    const { token } = await post('/api/v1/embed/session/token', { sessionId });
    accepted(await chat('tram', token));
    refused(await chat('ferry', token), 'Token deploymentId names deployment 13, not this deployment (14)');
  });

  it('a JWT whose aud does not include its deployment is refused, even with a key of its own', async () => {
    const only = await chatToken({ sub: 'clerk', aud: 'https://archive.example' }, keys.E);
    refused(await chat('archive', only), 'Token audience does not include "deployment:12"');
    refused(await chat('archive', await chatToken({ sub: 'clerk', aud: [] }, keys.E)), /does not include/);
    const both = await chatToken({ sub: 'clerk', aud: ['https://archive.example', 'deployment:12'] }, keys.E);
    accepted(await chat('archive', both));
    refused(
      await chat('archive', await chatToken({ sub: 'clerk', deploymentId: '12' }, keys.E)),
      'Token deploymentId claim must be an integer',
    );
    refused(
      await chat('archive', await chatToken({ sub: 'clerk', aud: { deployment: 12 } }, keys.E)),
      'Token aud claim must be a string or an array of strings',
    );
  });
});

describe('chat tokens and checkChatToken: its claims may not name another deployment', () => {
  it('claims naming another deployment are refused; naming none or a foreign audience is the hook’s call', async () => {
    const engine = await createLocalEngine({
      name: name(),
      seed: {
        account: { name: 'acct', plan: 'enterprise' },
        deployments: [
          { id: 21, name: 'Vineyard', serviceTokenAuth: true },
          { id: 22, name: 'Bakery', serviceTokenAuth: true },
        ],
        users: [{ email: 'admin@farm.test', role: 'admin' }],
        apiKeys: [{ key: 'farm-admin-key', userEmail: 'admin@farm.test' }],
        agents: [
          { id: 'vineyard', deploymentId: 21 },
          { id: 'bakery', deploymentId: 22 },
        ],
      },
      agent: probeAgent,
      // An opaque token `<claims as JSON>`: the hook accepts whatever it says.
      checkChatToken: (token) => ({ sub: 'vintner', scope: ['chat'], ...(JSON.parse(token) as object) }),
    });
    try {
      const chat = (token: object) => chatWith(engine, 'bakery', JSON.stringify(token));
      refused(await chat({ deploymentId: 21 }), 'Token deploymentId names deployment 21, not this deployment (22)');
      refused(await chat({ aud: 'deployment:21' }), 'Token audience names deployment 21, not this deployment (22)');
      refused(await chat({ iss: 'deployment:21' }), 'Token issuer names deployment 21, not this deployment (22)');
      accepted(await chat({}));
      accepted(await chat({ aud: 'https://bakery.example' }));
      accepted(await chat({ aud: 'deployment:22', deploymentId: 22 }));
    } finally {
      await engine.close();
    }
  });
});

describe('chat tokens naming no deployment, when another deployment’s JWKS cannot be loaded', () => {
  it('fail closed: refused with a message saying why; a bound token passes', async () => {
    const closed = await new LocalServer(() => undefined).start();
    await closed.stop(); // nothing listens on its port any more
    const own = await signingKey('own');
    const engine = await createLocalEngine({
      name: name(),
      seed: {
        account: { name: 'acct', plan: 'enterprise' },
        deployments: [
          { id: 31, name: 'Museum', jwks: { keys: [own.jwk] }, serviceTokenAuth: true },
          { id: 32, name: 'Zoo', jwksUrl: `${closed.origin}/jwks`, serviceTokenAuth: true },
        ],
        users: [{ email: 'admin@park.test', role: 'admin' }],
        apiKeys: [{ key: 'park-admin-key', userEmail: 'admin@park.test' }],
        agents: [{ id: 'museum', deploymentId: 31 }],
      },
      agent: probeAgent,
    });
    try {
      refused(
        await chatWith(engine, 'museum', await chatToken({ sub: 'curator' }, own)),
        /^Token names no deployment, and the JWKS of another deployment could not be loaded to make sure it does not trust the token's key \(/,
      );
      accepted(await chatWith(engine, 'museum', await chatToken({ sub: 'curator', aud: 'deployment:31' }, own)));
    } finally {
      await engine.close();
    }
  });
});
