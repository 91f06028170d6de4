// Chat token verification (issue 21, findings 7 and 8): a deployment's inline JWKS (RS256, ES256, kid), the
// engine's checkChatToken hook, and the lifetime rules (exp required, at most 24 h). Keys are made here with jose.
// The remote JWKS (jwksUrl: caching, rotation, an endpoint that is down) is tested over real HTTP in
// test/engine/node/chat-jwks.node.test.ts.
import { expect } from '@open-wc/testing';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JSONWebKeySet } from 'jose';
import { ChatAuthError } from '../../../src/api/errors.js';
import { demoSeed, type CheckChatToken, type EngineSeed } from '../../../src/engine/index.js';
import { DEMO, chatTransport, dumpDatabase, rejection, testEngine, type TestEngine } from '../helpers.js';
import { collect, probeAgent, probeAnswer } from './probe.js';

const HOUR = 3600;

function seedWith(deployment: Partial<EngineSeed['deployments'][number]>): EngineSeed {
  return { ...demoSeed, data: { rows: 500 }, deployments: [{ ...demoSeed.deployments[0], ...deployment }] };
}

describe('engine chat: token verification (issue 21, findings 7, 8)', function () {
  this.timeout(60_000);
  let t: TestEngine;
  afterEach(() => t.dispose());

  const nowSec = () => Math.floor(t.clock.now() / 1000);
  const secret = new TextEncoder().encode(DEMO.apiSecret);
  /** A token signed with `key`; `iat` now and `exp` in an hour unless given (null: left out). */
  function sign(
    claims: Record<string, unknown>,
    key: CryptoKey | Uint8Array,
    header: { alg: string; kid?: string },
    { iat = nowSec(), exp = nowSec() + HOUR }: { iat?: number | null; exp?: number | null } = {},
  ): Promise<string> {
    const jwt = new SignJWT({ scope: ['chat'], ...claims }).setProtectedHeader(header);
    if (iat !== null) jwt.setIssuedAt(iat);
    if (exp !== null) jwt.setExpirationTime(exp);
    return jwt.sign(key);
  }
  const ask = async (token: string) =>
    probeAnswer(
      await collect(await chatTransport(t.engine.fetch, { serviceToken: token }).streamChat({ input: 'hi' })),
    );
  const refusal = async (token: string) => {
    const e = await rejection(chatTransport(t.engine.fetch, { serviceToken: token }).streamChat({ input: 'hi' }));
    expect(e, e.message).to.be.instanceOf(ChatAuthError);
    return e.message;
  };

  it("RS256 and ES256 tokens verify with the deployment's inline JWKS by kid; unknown kids and other keys are refused", async () => {
    const rsa = await generateKeyPair('RS256');
    const ec = await generateKeyPair('ES256');
    const stranger = await generateKeyPair('RS256');
    const jwks: JSONWebKeySet = {
      keys: [
        { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
        { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
      ],
    };
    t = await testEngine({ seed: seedWith({ jwks }), engine: { agent: probeAgent } });
    expect((await ask(await sign({ sub: 'Rita' }, rsa.privateKey, { alg: 'RS256', kid: 'rsa-1' }))).user).to.include({
      externalId: 'rita',
    });
    expect(
      (await ask(await sign({ externalId: 'eve' }, ec.privateKey, { alg: 'ES256', kid: 'ec-1' }))).user,
    ).to.include({
      externalId: 'eve',
    });
    // The API secret still verifies HS256 tokens (the engine's own embed sessions).
    expect((await ask(await sign({ sub: 'hs' }, secret, { alg: 'HS256' }))).user).to.include({ externalId: 'hs' });
    expect(await refusal(await sign({ sub: 'x' }, rsa.privateKey, { alg: 'RS256', kid: 'rsa-9' }))).to.equal(
      `No key of the deployment's JWKS matches the token (kid "rsa-9", alg RS256)`,
    );
    expect(await refusal(await sign({ sub: 'x' }, stranger.privateKey, { alg: 'RS256', kid: 'rsa-1' }))).to.equal(
      'Invalid token for this deployment',
    );
    // A JWKS token may not name an internal user (only the API secret's holder may).
    expect(
      await refusal(await sign({ sub: 'x', internalId: 'admin' }, rsa.privateKey, { alg: 'RS256', kid: 'rsa-1' })),
    ).to.match(/internalId claims are accepted only in tokens signed with the deployment's API secret/);
    // Without exp, a JWKS token is refused too.
    expect(
      await refusal(await sign({ sub: 'x' }, ec.privateKey, { alg: 'ES256', kid: 'ec-1' }, { exp: null })),
    ).to.equal('Token has no valid exp claim: chat tokens must expire');
  });

  it('checkChatToken: its claims are accepted and checked, a throw rejects with its message, null leaves the token to the secret', async () => {
    const calls: number[] = [];
    const checkChatToken: CheckChatToken = async (token, { deploymentId }) => {
      calls.push(deploymentId);
      await Promise.resolve();
      if (token === 'opaque-bad') throw new Error('revoked by the host');
      if (token === 'opaque-no-scope') return { sub: 'x', scope: ['dashboards'] };
      if (token === 'opaque-expired') return { sub: 'x', scope: ['chat'], exp: nowSec() - 1 };
      if (token.startsWith('opaque-'))
        return { sub: token.slice(7), scope: ['chat'], groups: ['executives'], embedTenantName: DEMO.embedTenant };
      return null;
    };
    t = await testEngine({ seed: seedWith({}), engine: { agent: probeAgent, checkChatToken } });
    expect((await ask('opaque-Dora')).user).to.deep.equal({
      externalId: 'dora',
      groups: ['executives'],
      userAttributes: {},
    });
    const [thread] = (await dumpDatabase(t.name)).chatThreads as { owner: unknown }[];
    expect(thread.owner).to.deep.equal({ kind: 'external', id: 'dora', tenant: DEMO.embedTenant });
    expect(calls).to.deep.equal([1]);
    expect(await refusal('opaque-bad')).to.equal('Token rejected: revoked by the host');
    expect(await refusal('opaque-no-scope')).to.equal('Token scope does not include chat');
    expect(await refusal('opaque-expired')).to.equal('Token expired');
    // null: the deployment's API secret decides.
    expect((await ask(await sign({ sub: 'via-secret' }, secret, { alg: 'HS256' }))).user).to.include({
      externalId: 'via-secret',
    });
    expect(await refusal('not-a-jwt')).to.equal('Invalid token for this deployment');
    const rsa = await generateKeyPair('RS256');
    expect(await refusal(await sign({ sub: 'x' }, rsa.privateKey, { alg: 'RS256', kid: 'k' }))).to.equal(
      'Deployment 1 has no JWKS to verify RS256 tokens',
    );
  });

  it('finding 8: a chat token without exp, or living longer than 24 h, is refused; the engine’s own 24 h tokens pass', async () => {
    t = await testEngine({ seed: seedWith({}), engine: { agent: probeAgent } });
    const hs = { alg: 'HS256' };
    expect(await refusal(await sign({ sub: 'x' }, secret, hs, { exp: null }))).to.equal(
      'Token has no valid exp claim: chat tokens must expire',
    );
    const tooLong = 'Token lifetime exceeds the maximum of 24 h: exp is too far ahead';
    expect(await refusal(await sign({ sub: 'x' }, secret, hs, { exp: nowSec() + 25 * HOUR }))).to.equal(tooLong);
    expect(await refusal(await sign({ sub: 'x' }, secret, hs, { iat: null, exp: nowSec() + 25 * HOUR }))).to.equal(
      tooLong,
    );
    expect(
      await refusal(await sign({ sub: 'x' }, secret, hs, { iat: nowSec() - 2 * HOUR, exp: nowSec() + 23 * HOUR })),
    ).to.equal(tooLong);
    expect((await ask(await sign({ sub: 'ok' }, secret, hs, { exp: nowSec() + 24 * HOUR }))).user).to.include({
      externalId: 'ok',
    });
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, externalId: 'embedded' });
    const { token } = await t.admin.exchangeSessionToken(sessionId);
    expect((await ask(token)).user).to.include({ externalId: 'embedded' });
  });
});
