// The Chat API of the local engine through HttpTransport over engine.fetch (Chromium, IndexedDB, DuckDB-wasm).
import { expect } from '@open-wc/testing';
import { SignJWT } from 'jose';
import { ChatAuthError, ChatStreamError } from '../../../src/api/errors.js';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import type { Agent, AgentContext } from '../../../src/engine/index.js';
import { demoSeed } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { finalAnswer, parseToolPayload } from '../../../src/transport/chat.js';
import {
  DEMO,
  addExternalUsers,
  dumpDatabase,
  rejection,
  testEngine,
  type TestEngine,
  chatTransport,
} from '../helpers.js';

const seed = { ...demoSeed, data: { rows: 5000 } };
const MAIN = 'service_data_analyst_agent';

async function collect(stream: AsyncIterable<ChatStreamMessage>): Promise<ChatStreamMessage[]> {
  const out: ChatStreamMessage[] = [];
  for await (const m of stream) out.push(m);
  return out;
}

/** An agent whose steps wait for the test: `release()` lets the next event out. */
function gatedAgent() {
  const waiters: (() => void)[] = [];
  let pending = 0;
  const gate = () =>
    new Promise<void>((resolve) => {
      if (pending > 0) {
        pending--;
        resolve();
      } else waiters.push(resolve);
    });
  const agent: Agent = {
    async *answer(ctx: AgentContext) {
      yield { thinking: 'Thinking about it. ' };
      for (let i = 0; i < 5; i++) {
        await gate();
        if (ctx.signal.aborted) return;
        yield { final: `part ${i}. ` };
      }
    },
  };
  return {
    agent,
    release(n = 1) {
      for (let i = 0; i < n; i++) {
        const w = waiters.shift();
        if (w) w();
        else pending++;
      }
    },
  };
}

describe('engine chat: stream shape and the local analyst', function () {
  this.timeout(120_000);
  let t: TestEngine;
  let chat: HttpTransport;
  before(async () => {
    t = await testEngine({ seed });
    chat = chatTransport(t.engine.fetch, { apiKey: DEMO.adminKey });
  });
  after(() => t.dispose());

  it('streams cutoff, the user echo, deltas, tool calls, the final answer and state, with increasing sort', async () => {
    const messageId = '1768435200000-message';
    const stream = await chat.streamChat({
      input: 'revenue by region',
      messageId,
      sessionSettings: { externalId: 'shape', groups: ['executives'] },
    });
    const messages = await collect(stream);
    const sorts = messages.map((m) => m.sort!);
    expect(sorts).to.deep.equal([...sorts].sort((a, b) => a - b));
    expect(new Set(sorts).size).to.equal(sorts.length);
    expect(messages[0]).to.deep.equal({
      id: '__cutoff__',
      sort: 0,
      state: { isStreaming: true, chatId: stream.chatId },
    });
    expect(messages[1]).to.include({ id: messageId, role: 'user', content: 'revenue by region' });
    const deltas = messages.filter((m) => m.isDelta);
    expect(deltas.length).to.be.greaterThan(1);
    for (const d of deltas) expect(d).to.include({ role: 'assistant', isInProcess: true });
    const tools = messages.filter((m) => m.toolCall);
    for (const name of ['serviceMeta', 'serviceSqlApi']) {
      const calls = tools.filter((m) => m.toolCall!.name === name);
      expect(calls.length, name).to.be.greaterThan(0);
      const started = calls.find((m) => m.isInProcess)!;
      expect(started.toolCall!.result).to.equal(undefined);
      const done = calls.find((m) => m.id === started.id && !m.isInProcess)!;
      expect(done.toolCall!.result).to.be.a('string');
      expect(done.graphPath).to.deep.equal([MAIN, 'tools']);
    }
    const final = finalAnswer(messages)!;
    expect(final).to.include({ isDelta: false, isInProcess: false });
    expect(final.graphPath).to.deep.equal(['final', MAIN]);
    expect(final.content).to.match(/EU|US|APAC|LATAM/);
    const last = messages[messages.length - 1];
    expect(last.id).to.equal('__state__');
    expect((last.state as { messages: unknown[] }).messages.length).to.be.greaterThan(2);
    // The SQL tool's result carries schema, rows, totalRows, uuid and a chart spec without data.
    const sql = tools.filter((m) => m.toolCall!.name === 'serviceSqlApi' && m.toolCall!.result).pop()!;
    const payload = parseToolPayload(sql.toolCall!);
    const result = payload.result as {
      schema: unknown[];
      data: unknown[][];
      totalRows: number;
      uuid: string;
      vegaSpec: string;
    };
    expect(result.schema).to.have.length(2);
    expect(result.totalRows).to.equal(4);
    expect(result.uuid).to.be.a('string');
    expect(JSON.parse(result.vegaSpec)).to.not.have.property('data');
  });

  it('same question, two users with different region attributes: different numbers (row-level security)', async () => {
    const ask = async (region: string) => {
      const messages = await collect(
        await chat.streamChat({
          input: 'how many orders',
          sessionSettings: {
            externalId: `rls-${region}`,
            groups: ['sales-eu'],
            userAttributes: [{ name: 'region', value: region }],
          },
        }),
      );
      const sql = messages.filter((m) => m.toolCall?.name === 'serviceSqlApi' && m.toolCall.result).pop()!;
      return (JSON.parse(sql.toolCall!.result!) as { data: number[][] }).data[0][0];
    };
    const eu = await ask('EU');
    const us = await ask('US');
    const all = (
      await t
        .as({ apiKey: DEMO.developerKey })
        .load({ query: { measures: ['sales.count'], dimensions: ['sales.customers_region'] } })
    ).data;
    expect(eu).to.equal(all.find((r) => r['sales.customers_region'] === 'EU')!['sales.count']);
    expect(us).to.equal(all.find((r) => r['sales.customers_region'] === 'US')!['sales.count']);
    expect(eu).to.not.equal(us);
  });

  it('declines what it cannot answer, saying why', async () => {
    const messages = await collect(
      await chat.streamChat({
        input: 'what is the weather in Paris?',
        sessionSettings: { externalId: 'decline', groups: ['executives'] },
      }),
    );
    expect(finalAnswer(messages)!.content).to.match(/^I could not tell which number you want/);
  });

  it('a tool error (a branch that does not exist) comes back as {error} and the agent explains', async () => {
    const messages = await collect(
      await chat.streamChat({
        input: 'revenue',
        activeBranchName: 'dev-x',
        sessionSettings: { externalId: 'branch', groups: ['executives'] },
      }),
    );
    const failed = messages
      .filter((m) => m.toolCall?.result)
      .map((m) => parseToolPayload(m.toolCall!))
      .find((p) => p.error);
    expect(failed!.error).to.contain('Branch dev-x does not exist');
    expect(finalAnswer(messages)!.content).to.contain('could not');
  });

  it('without input, returns the thread as it is; continues a thread by chatId', async () => {
    const first = await chat.streamChat({
      input: 'revenue',
      sessionSettings: { externalId: 'state', groups: ['executives'] },
    });
    await collect(first);
    const snapshot = await collect(
      await chat.streamChat({ chatId: first.chatId, sessionSettings: { externalId: 'state' } }),
    );
    expect(snapshot[0]).to.deep.include({ id: '__cutoff__', state: { isStreaming: false, chatId: first.chatId } });
    expect(snapshot.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['revenue']);
    expect(snapshot[snapshot.length - 1].id).to.equal('__state__');
    const second = await chat.streamChat({
      input: 'orders',
      chatId: first.chatId,
      sessionSettings: { externalId: 'state', groups: ['executives'] },
    });
    expect(second.chatId).to.equal(first.chatId);
    const done = await collect(second);
    expect(
      (done[done.length - 1].state as { messages: ChatStreamMessage[] }).messages.filter((m) => m.role === 'user')
        .length,
    ).to.equal(2);
  });
});

describe('engine chat: state machine, abort and errors', function () {
  this.timeout(60_000);
  let t: TestEngine;
  let gated: ReturnType<typeof gatedAgent>;
  let chat: HttpTransport;
  const settings = { externalId: 'sm-user' };

  beforeEach(async () => {
    gated = gatedAgent();
    t = await testEngine({ seed });
    // The engine takes the agent as an option.
    await t.engine.close();
    const { createLocalEngine } = await import('../../../src/engine/index.js');
    t.engine = await createLocalEngine({ name: t.name, agent: gated.agent, now: t.clock.now });
    chat = chatTransport(t.engine.fetch, { apiKey: DEMO.adminKey });
  });
  afterEach(() => t.dispose());

  it('a resubscribe with the same messageId mid-stream gets the identical transcript, and no second answer', async () => {
    const messageId = '1768435200001-message';
    const a = await chat.streamChat({ input: 'hello', messageId, sessionSettings: settings });
    gated.release(2);
    const iterator = a[Symbol.asyncIterator]();
    const seen: ChatStreamMessage[] = [];
    while (seen.filter((m) => m.id.endsWith('-final')).length < 2)
      seen.push((await iterator.next()).value as ChatStreamMessage);
    const b = await chat.streamChat({ input: 'hello', messageId, chatId: a.chatId, sessionSettings: settings });
    gated.release(3);
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      seen.push(next.value);
    }
    expect(await collect(b)).to.deep.equal(seen);
    const threads = (await dumpDatabase(t.name)).chatThreads as { messages: ChatStreamMessage[] }[];
    expect(threads[0].messages.filter((m) => m.id.endsWith('-final'))).to.have.length(1);
  });

  it('a new message while streaming gets "Streaming for thread is in progress"', async () => {
    const a = await chat.streamChat({ input: 'one', sessionSettings: settings });
    const e = await rejection(chat.streamChat({ input: 'two', chatId: a.chatId, sessionSettings: settings }));
    expect(e).to.be.instanceOf(ChatStreamError);
    expect([e.code, e.message]).to.deep.equal(['thread_busy', 'Streaming for thread is in progress']);
    gated.release(5);
    await collect(a);
  });

  it('abort mid-stream: 204, the stream ends coherently, the thread accepts a new message', async () => {
    const a = await chat.streamChat({ input: 'long answer', sessionSettings: settings });
    gated.release(1);
    const reading = collect(a);
    await new Promise((r) => setTimeout(r, 50));
    await chat.abortChat({ chatId: a.chatId, sessionSettings: settings });
    const messages = await reading;
    expect(messages[messages.length - 1].id).to.equal('__state__');
    expect(finalAnswer(messages)!.content).to.equal('part 0. ');
    const b = await chat.streamChat({ input: 'again', chatId: a.chatId, sessionSettings: settings });
    gated.release(6); // one still wakes the aborted run's agent, which then sees the abort and stops
    expect(finalAnswer(await collect(b))!.content).to.equal('part 0. part 1. part 2. part 3. part 4. ');
  });

  it('a producer outlives a dropped subscriber', async () => {
    const a = await chat.streamChat({ input: 'keep going', sessionSettings: settings });
    const iterator = a[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.return?.(); // the client goes away
    gated.release(5);
    await new Promise((r) => setTimeout(r, 100));
    const state = await collect(await chat.streamChat({ chatId: a.chatId, sessionSettings: settings }));
    expect(finalAnswer(state)!.content).to.equal('part 0. part 1. part 2. part 3. part 4. ');
  });

  it('abort: 403 for another user, 404 for an unknown chat', async () => {
    const a = await chat.streamChat({ input: 'mine', sessionSettings: settings });
    const other = await rejection(
      chat.abortChat({ chatId: a.chatId, sessionSettings: { externalId: 'someone-else' } }),
    );
    expect(other.status).to.equal(403);
    expect((await rejection(chat.abortChat({ chatId: 'nope', sessionSettings: settings }))).status).to.equal(404);
    gated.release(5);
    await collect(a);
  });

  it('error rows: 400 bad body, 404 unknown account, agent and chat, 403 plan gate', async () => {
    const bad = await rejection(chat.streamChat({ input: 'x', messageId: '12-message', sessionSettings: settings }));
    expect([bad.status, bad.message]).to.deep.equal([
      400,
      'Invalid request body: messageId: must be 13 or more digits followed by -message',
    ]);
    expect((await rejection(chat.streamChat({ input: 'x' }))).status).to.equal(400); // sessionSettings required with a key
    expect(
      (await rejection(chat.streamChat({ input: 'x', sessionSettings: settings }, { accountName: 'other' }))).status,
    ).to.equal(404);
    expect(
      (await rejection(chat.streamChat({ input: 'x', sessionSettings: settings }, { agentId: 'nobody' }))).status,
    ).to.equal(404);
    expect(
      (await rejection(chat.streamChat({ input: 'x', chatId: 'missing', sessionSettings: settings }))).status,
    ).to.equal(404);
    const internal = await rejection(
      chat.streamChat({ input: 'x', sessionSettings: { internalId: 'ghost@demo.local' } }),
    );
    expect(internal.status).to.equal(400);
  });

  it('users are ephemeral by default and removed after their TTL; isEphemeral: false persists', async () => {
    await chat.streamChat({ input: 'a', sessionSettings: { externalId: 'Temp-User', ephemeralTtlSeconds: 60 } });
    await chat.streamChat({ input: 'b', sessionSettings: { externalId: 'kept-user', isEphemeral: false } });
    let users = (await dumpDatabase(t.name)).externalUsers as {
      externalId: string;
      isEphemeral: boolean;
      expiresAt: number | null;
    }[];
    expect(users.find((u) => u.externalId === 'temp-user')).to.include({
      isEphemeral: true,
      expiresAt: t.clock.now() + 60_000,
    });
    expect(users.find((u) => u.externalId === 'kept-user')).to.include({ isEphemeral: false, expiresAt: null });
    t.clock.advance(61_000);
    gated.release(20);
    await chat
      .streamChat({ chatId: undefined, input: undefined, sessionSettings: { externalId: 'third' } })
      .then(collect);
    users = (await dumpDatabase(t.name)).externalUsers as typeof users;
    expect(users.map((u) => u.externalId)).to.not.include('temp-user');
    expect(users.map((u) => u.externalId)).to.include('kept-user');
  });
});

describe('engine chat: token authentication', function () {
  this.timeout(60_000);
  let t: TestEngine;
  const secret = new TextEncoder().encode(DEMO.apiSecret);
  const token = (
    claims: Record<string, unknown>,
    { key = secret, exp }: { key?: Uint8Array; exp?: number | string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .setExpirationTime(exp ?? Math.floor(t.clock.now() / 1000) + 3600)
      .sign(key);
  const as = (auth: { serviceToken?: string; apiKey?: string }) =>
    new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: t.engine.fetch,
      auth,
      accountName: 'demo',
      agentId: 'analyst',
    });

  before(async () => (t = await testEngine({ seed })));
  after(() => t.dispose());

  it('accepts a valid token with sub or externalId and the chat scope; sessionSettings ignored', async () => {
    const viaSub = await as({
      serviceToken: await token({ sub: 'Token-User', scope: ['chat'], groups: ['executives'] }),
    }).streamChat({ input: 'revenue', sessionSettings: { externalId: 'ignored' } });
    await collect(viaSub);
    const users = (await dumpDatabase(t.name)).externalUsers as { externalId: string }[];
    expect(users.map((u) => u.externalId)).to.include('token-user');
    expect(users.map((u) => u.externalId)).to.not.include('ignored');
    // An embed session token from the engine itself works too.
    const { sessionId } = await t.admin.generateSession({
      deploymentId: 1,
      externalId: 'embedded',
      groups: ['executives'],
    });
    const { token: embedToken } = await t.admin.exchangeSessionToken(sessionId);
    await collect(await as({ serviceToken: embedToken }).streamChat({ input: 'orders' }));
  });

  it('rejects with a JSON-RPC error: expired, wrong secret, no externalId or sub, no chat scope, missing credentials', async () => {
    const cases: [Promise<string> | undefined, RegExp][] = [
      [token({ sub: 'x', scope: ['chat'] }, { exp: Math.floor(t.clock.now() / 1000) - 10 }), /expired/i],
      [
        token({ sub: 'x', scope: ['chat'] }, { key: new TextEncoder().encode('another-secret-another-secret-12') }),
        /Invalid token/,
      ],
      [token({ scope: ['chat'] }), /neither externalId nor sub/],
      [token({ sub: 'x', scope: ['dashboards'] }), /scope does not include chat/],
      [undefined, /Missing credentials/],
    ];
    for (const [pending, message] of cases) {
      const auth = pending ? { serviceToken: await pending } : {};
      const transport = pending ? as(auth) : chatTransport(t.engine.fetch, { serviceToken: 'x' });
      const e = await rejection(transport.streamChat({ input: 'hi' }));
      expect(e, String(message)).to.be.instanceOf(ChatAuthError);
      expect(e.message).to.match(pending ? message : /Invalid token|Missing/);
    }
  });

  it('a deployment without service-token auth refuses tokens', async () => {
    await t.dispose();
    t = await testEngine({ seed: { ...seed, deployments: [{ ...seed.deployments[0], serviceTokenAuth: false }] } });
    const e = await rejection(
      as({ serviceToken: await token({ sub: 'x', scope: ['chat'] }) }).streamChat({ input: 'hi' }),
    );
    expect(e).to.be.instanceOf(ChatAuthError);
    expect(e.message).to.equal('Service token authentication is not enabled for deployment 1');
    await t.dispose();
    t = await testEngine({ seed });
  });

  it('at most 10,000 non-ephemeral external users', async () => {
    await addExternalUsers(t.name, 10_000, { prefix: 'kept' });
    const key = chatTransport(t.engine.fetch, { apiKey: DEMO.adminKey });
    const e = await rejection(
      key.streamChat({ input: 'hi', sessionSettings: { externalId: 'one-more', isEphemeral: false } }),
    );
    expect(e.status).to.equal(403);
    expect(e.message).to.contain('10000');
    // Ephemeral users are not limited by it.
    expect((await key.streamChat({ input: '', sessionSettings: { externalId: 'passing-by' } })).chatId).to.be.a(
      'string',
    );
  });

  it('both headers: Authorization wins', async () => {
    const good = await token({ sub: 'both', scope: ['chat'], groups: ['executives'] });
    const request = (headers: Record<string, string>) =>
      t.engine.fetch(
        new Request('https://local.svc/api/v1/public/demo/agents/analyst/chat/stream-chat-state', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ sessionSettings: { externalId: 'both-key' } }),
        }),
      );
    const badKey = await request({ Authorization: 'Api-Key wrong', 'X-Service-Auth-Token': good });
    expect((await badKey.json()) as unknown).to.deep.include({ jsonrpc: '2.0' });
    const goodKey = await request({ Authorization: `Api-Key ${DEMO.adminKey}`, 'X-Service-Auth-Token': 'garbage' });
    expect((await goodKey.text()).split('\n')[0]).to.contain('__cutoff__');
  });
});
