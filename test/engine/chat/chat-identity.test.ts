// Who a chat request may act as (issue 21, findings 4, 5, 8): API keys may act as viewers only when they may mint
// sessions, with names from the tenant-wide catalog; identities are per embed tenant; refused requests write nothing;
// external ids are validated; a messageId is answered once per thread.
import { expect } from '@open-wc/testing';
import { ChatAuthError } from '../../../src/api/errors.js';
import type { ChatRequest, ChatStreamMessage } from '../../../src/api/types.js';
import { demoSeed } from '../../../src/engine/index.js';
import { SignJWT } from 'jose';
import { DEMO, chatTransport, dumpDatabase, rejection, testEngine, type TestEngine } from '../helpers.js';
import { collect, probeAgent, probeAnswer } from './probe.js';

const seed = { ...demoSeed, data: { rows: 2000 } };
const COUNT = 'SELECT MEASURE(count) AS n FROM sales';

interface StoredUser {
  tenant: string;
  externalId: string;
  attributes: Record<string, unknown>;
  updatedAt: string;
}

describe('engine chat: identities (issue 21)', function () {
  this.timeout(120_000);
  let t: TestEngine;
  beforeEach(async () => (t = await testEngine({ seed, engine: { agent: probeAgent } })));
  afterEach(() => t.dispose());

  const keyChat = (apiKey: string) => chatTransport(t.engine.fetch, { apiKey });
  const tokenChat = (token: string) => chatTransport(t.engine.fetch, { serviceToken: token });
  async function sessionToken(request: Record<string, unknown>): Promise<string> {
    const { sessionId } = await t.admin.generateSession({ deploymentId: 1, ...request });
    return (await t.admin.exchangeSessionToken(sessionId)).token;
  }
  const users = async () => (await dumpDatabase(t.name)).externalUsers as StoredUser[];
  /** The stores a chat request may write. */
  const written = async () => {
    const db = await dumpDatabase(t.name);
    return { externalUsers: db.externalUsers, chatThreads: db.chatThreads };
  };

  it('finding 4: a key that may not mint sessions (viewer, developer) may not chat as anyone; nothing is written', async () => {
    const before = await written();
    const attempts: [string, ChatRequest['sessionSettings']][] = [
      [DEMO.viewerKey, { internalId: 'admin@demo.local' }],
      [DEMO.viewerKey, { externalId: 'boss', groups: ['executives'] }],
      [DEMO.developerKey, { externalId: 'boss', groups: ['executives'] }],
      [DEMO.analystKey, { internalId: 'developer@demo.local' }],
    ];
    for (const [key, sessionSettings] of attempts) {
      // The same rule as generate-session, which answers these keys 403.
      const minted = await rejection(t.as({ apiKey: key }).generateSession({ deploymentId: 1, externalId: 'boss' }));
      expect(minted.status).to.equal(403);
      const e = await rejection(keyChat(key).streamChat({ input: `SQL ${COUNT}`, sessionSettings }));
      expect(e, JSON.stringify(sessionSettings)).to.be.instanceOf(ChatAuthError);
      expect(e.message).to.equal(minted.message);
    }
    expect(await written()).to.deep.equal(before);
    // The admin key still acts as an internal admin (who bypasses policies) and as viewers.
    const admin = probeAnswer(
      await collect(
        await keyChat(DEMO.adminKey).streamChat({ input: 'hi', sessionSettings: { internalId: 'admin@demo.local' } }),
      ),
    );
    expect(admin.user).to.include({ internalId: 'admin@demo.local' });
  });

  it('finding 4: group and attribute names must exist in the tenant-wide catalog (400), and nothing is written', async () => {
    // A group and an attribute that exist only in an embed tenant's scope do not count.
    await t.admin.generateSession({
      deploymentId: 1,
      externalId: 'creator',
      creatorMode: true,
      embedTenantName: DEMO.embedTenant,
      groupDefinitions: [{ name: 'tenant-only' }],
      userAttributeDefinitions: [{ name: 'tenant_attr', type: 'string' }],
    });
    const before = await written();
    const chat = keyChat(DEMO.adminKey);
    const cases: [ChatRequest['sessionSettings'], string][] = [
      [{ externalId: 'v', groups: ['executives', 'no-such-group'] }, 'Groups with names no-such-group not found'],
      [{ externalId: 'v', groups: ['tenant-only'] }, 'Groups with names tenant-only not found'],
      [{ externalId: 'v', userAttributes: [{ name: 'no_such', value: 'x' }] }, 'User attributes not found: no_such'],
      [
        { externalId: 'v', userAttributes: [{ name: 'tenant_attr', value: 'x' }] },
        'User attributes not found: tenant_attr',
      ],
      [
        { externalId: 'v', userAttributes: [{ name: 'region', value: 5 }] },
        'User attribute region expects a value of type string',
      ],
    ];
    for (const [sessionSettings, message] of cases) {
      const e = await rejection(chat.streamChat({ input: 'hi', sessionSettings }));
      expect([e.status, e.message]).to.deep.equal([400, message]);
    }
    expect(await written()).to.deep.equal(before);
    const ok = probeAnswer(
      await collect(
        await chat.streamChat({
          input: 'hi',
          sessionSettings: { externalId: 'v', groups: ['sales-eu'], userAttributes: [{ name: 'region', value: 'EU' }] },
        }),
      ),
    );
    expect(ok.user).to.deep.equal({ externalId: 'v', groups: ['sales-eu'], userAttributes: { region: 'EU' } });
  });

  it("finding 5: tenant B's bob can neither read, continue nor abort tenant A's bob's thread", async () => {
    const bobA = tokenChat(
      await sessionToken({ externalId: 'bob', embedTenantName: 'tenant-aaa', groups: ['executives'] }),
    );
    const bobB = tokenChat(
      await sessionToken({ externalId: 'bob', embedTenantName: 'tenant-bbb', groups: ['executives'] }),
    );
    const first = await bobA.streamChat({ input: 'secret plans' });
    await collect(first);
    const before = await written();
    for (const attempt of [
      bobB.streamChat({ chatId: first.chatId }),
      bobB.streamChat({ chatId: first.chatId, input: 'more' }),
      bobB.abortChat({ chatId: first.chatId }),
    ]) {
      const e = await rejection(attempt);
      expect([e.status, e.message]).to.deep.equal([403, 'This chat belongs to another user']);
    }
    expect(await written()).to.deep.equal(before);
    const own = await collect(await bobA.streamChat({ chatId: first.chatId }));
    expect(own.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['secret plans']);
    const threads = (await dumpDatabase(t.name)).chatThreads as { owner: unknown }[];
    expect(threads[0].owner).to.deep.equal({ kind: 'external', id: 'bob', tenant: 'tenant-aaa' });
  });

  it("finding 5: tenant A's carol does not inherit the tenant-wide carol's saved attributes", async () => {
    await sessionToken({
      externalId: 'carol',
      groups: ['sales-eu'],
      userAttributes: [{ name: 'region', value: 'EU' }],
    });
    const tenantWide = (await users()).find((u) => u.externalId === 'carol')!;
    const carolA = tokenChat(
      await sessionToken({ externalId: 'carol', embedTenantName: 'tenant-aaa', groups: ['sales-eu'] }),
    );
    const answer = probeAnswer(await collect(await carolA.streamChat({ input: `SQL ${COUNT}` })));
    expect(answer.user.userAttributes).to.deep.equal({});
    expect(answer.result!.data).to.deep.equal([[0]]); // no region: the sales-eu policy's row filter matches nothing
    const after = await users();
    expect(after.find((u) => u.externalId === 'carol' && u.tenant === '')).to.deep.equal(tenantWide);
    expect(after.find((u) => u.externalId === 'carol' && u.tenant === 'tenant-aaa')!.attributes).to.deep.equal({});
  });

  it('finding 8: refused chat and abort requests (403, 404, JSON-RPC) create or rewrite no external user', async () => {
    const chat = keyChat(DEMO.adminKey);
    const alice = await chat.streamChat({ input: 'mine', sessionSettings: { externalId: 'alice', email: 'a@x.io' } });
    await collect(alice);
    const before = await written();
    const refused = [
      chat.streamChat({
        chatId: alice.chatId,
        input: 'x',
        sessionSettings: { externalId: 'mallory', isEphemeral: false },
      }),
      chat.streamChat({ chatId: alice.chatId, sessionSettings: { externalId: 'mallory' } }),
      chat.abortChat({ chatId: alice.chatId, sessionSettings: { externalId: 'mallory' } }),
      chat.streamChat({ chatId: 'missing', input: 'x', sessionSettings: { externalId: 'alice', email: 'new@x.io' } }),
      chat.abortChat({ chatId: 'missing', sessionSettings: { externalId: 'mallory' } }),
      keyChat('wrong-key').streamChat({ input: 'x', sessionSettings: { externalId: 'mallory' } }),
      keyChat(DEMO.viewerKey).abortChat({ chatId: alice.chatId, sessionSettings: { externalId: 'alice' } }),
    ];
    const statuses = [];
    for (const attempt of refused) statuses.push((await rejection(attempt)).status);
    expect(statuses).to.deep.equal([403, 403, 403, 404, 404, 200, 200]);
    expect(await written()).to.deep.equal(before);
  });

  it('finding 8: external ids are checked (no spaces or control characters, at most 256 characters): 400 or JSON-RPC', async () => {
    const before = await written();
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      t.engine.fetch(
        new Request(`https://local.svc/api/v1/public/demo/agents/analyst/chat/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      );
    const key = { Authorization: `Api-Key ${DEMO.adminKey}` };
    const cases: [string, unknown, string][] = [
      [
        'stream-chat-state',
        { input: 'x', sessionSettings: { externalId: 'x'.repeat(257) } },
        'must be at most 256 characters',
      ],
      ['stream-chat-state', { input: 'x', sessionSettings: { externalId: 'bell\u0007' } }, 'must not contain spaces'],
      ['abort', { chatId: 'c', sessionSettings: { externalId: 'has space' } }, 'must not contain spaces'],
      [
        'abort',
        { chatId: 'c', sessionSettings: { externalId: 'y'.repeat(1_000_000) } },
        'must be at most 256 characters',
      ],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body, key);
      expect(res.status).to.equal(400);
      expect(((await res.json()) as { error: string }).error).to.contain(message);
    }
    const long = await new SignJWT({ sub: 'z'.repeat(300), scope: ['chat'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .setExpirationTime(Math.floor(t.clock.now() / 1000) + 600)
      .sign(new TextEncoder().encode(DEMO.apiSecret));
    const e = await rejection(tokenChat(long).streamChat({ input: 'x' }));
    expect(e).to.be.instanceOf(ChatAuthError);
    expect(e.message).to.equal('Token externalId must be at most 256 characters');
    expect(await written()).to.deep.equal(before);
  });

  it('finding 8: an older messageId re-posted after a newer turn returns that turn; answered and stored once', async () => {
    const chat = keyChat(DEMO.adminKey);
    const sessionSettings = { externalId: 'idem' };
    const [m1, m2] = ['1768435200001-message', '1768435200002-message'];
    const first = await chat.streamChat({ input: 'one', messageId: m1, sessionSettings });
    const firstAnswer = probeAnswer(await collect(first));
    await collect(await chat.streamChat({ input: 'two', messageId: m2, chatId: first.chatId, sessionSettings }));
    t.clock.advance(1000);
    const again = await collect(
      await chat.streamChat({ input: 'one', messageId: m1, chatId: first.chatId, sessionSettings }),
    );
    expect(probeAnswer(again)).to.deep.equal(firstAnswer);
    expect(again.filter((m) => m.role === 'user').map((m) => [m.id, m.content])).to.deep.equal([[m1, 'one']]);
    const [thread] = (await dumpDatabase(t.name)).chatThreads as { messages: ChatStreamMessage[] }[];
    expect(thread.messages.filter((m) => m.role === 'user').map((m) => m.id)).to.deep.equal([m1, m2]);
    // Turns without a messageId get ids of their own, even at the same millisecond.
    await collect(await chat.streamChat({ input: 'three', chatId: first.chatId, sessionSettings }));
    await collect(await chat.streamChat({ input: 'four', chatId: first.chatId, sessionSettings }));
    const [stored] = (await dumpDatabase(t.name)).chatThreads as { messages: ChatStreamMessage[] }[];
    const ids = stored.messages.filter((m) => m.role === 'user').map((m) => m.id);
    expect(new Set(ids).size).to.equal(4);
  });
});
