// Segments reach the chat agent: a model's segment keeps its title, description and `meta` (YAML through the model
// loader), `/meta` describes them, serviceMeta lists each as a member (boolean, `segment: true`), and the local
// analyst applies one named by its title or an author synonym. A subscription business's accounts (not the demo's).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChatStreamMessage, ServiceMetaResult } from '../../../src/api/types.js';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../../src/engine/index.js';
import { finalAnswer } from '../../../src/transport/chat.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';

const PLANS = ['Free', 'Team', 'Business', 'Enterprise'];
const accounts = Array.from({ length: 80 }, (_, i) => ({
  id: i + 1,
  plan: PLANS[(i * 3) % PLANS.length],
  seats: 1 + ((i * 7) % 40),
  mrr: ((i * 37) % 900) + 10,
  country: ['Kenya', 'Chile', 'Vietnam'][i % 3],
}));

const MODEL = `
cubes:
  - name: accounts
    sql_table: accounts
    title: Accounts
    measures:
      - { name: count, type: count, title: Accounts }
      - { name: mrr, type: sum, sql: "{CUBE}.mrr", title: Monthly recurring revenue }
    dimensions:
      - { name: id, type: number, sql: "{CUBE}.id", primary_key: true }
      - { name: plan, type: string, sql: "{CUBE}.plan", title: Plan }
      - { name: country, type: string, sql: "{CUBE}.country", title: Country }
    segments:
      - name: premium
        sql: "{CUBE}.plan IN ('Business', 'Enterprise')"
        title: Premium accounts
        description: Business and Enterprise plans
        meta: { synonyms: [paying big, top tier] }
      - name: large
        sql: "{CUBE}.seats >= 25"
`;

const seed: EngineSeed = {
  account: { name: 'saas', plan: 'enterprise' },
  deployments: [{ id: 1, name: 'Saas', apiSecret: 'saas-secret-0123456789-0123456789-01234567' }],
  users: [{ email: 'admin@saas.test', role: 'admin' }],
  apiKeys: [{ key: 'saas-admin-key', userEmail: 'admin@saas.test' }],
  agents: [{ id: 'saas-analyst', deploymentId: 1 }],
};

describe('segments in /meta, serviceMeta and the local analyst', () => {
  let engine: LocalEngine;
  let api: HttpTransport;

  before(async () => {
    engine = await createLocalEngine({
      seed,
      model: MODEL,
      data: { accounts },
      name: `service-segments-${process.pid}-${Date.now()}`,
    });
    api = new HttpTransport({
      baseUrl: 'https://saas.test',
      fetch: engine.fetch,
      auth: { apiKey: 'saas-admin-key' },
      accountName: 'saas',
      agentId: 'saas-analyst',
    });
  });
  after(() => engine.close());

  async function ask(input: string) {
    const messages: ChatStreamMessage[] = [];
    for await (const m of await api.streamChat({ input, sessionSettings: { externalId: 'ops' } })) messages.push(m);
    const result = (name: string) =>
      messages
        .filter((m) => m.toolCall?.name === name && m.toolCall.result !== undefined)
        .map((m) => JSON.parse(m.toolCall!.result!) as Record<string, unknown>);
    return {
      meta: result('serviceMeta')[0] as unknown as ServiceMetaResult,
      sql: result('serviceSqlApi') as { sqlQuery: string; data?: unknown[][] }[],
      answer: finalAnswer(messages)?.content ?? '',
    };
  }

  it('/meta keeps a segment’s title, description and meta; one without a title gets its name’s', async () => {
    const meta = await api.loadMeta();
    const segments = meta.cubes.find((c) => c.name === 'accounts')!.segments;
    const premium = segments.find((s) => s.name === 'accounts.premium')!;
    assert.equal(premium.shortTitle, 'Premium accounts');
    assert.equal(premium.title, 'Accounts Premium accounts');
    assert.equal(premium.description, 'Business and Enterprise plans');
    assert.deepEqual(premium.meta, { synonyms: ['paying big', 'top tier'] });
    assert.equal(segments.find((s) => s.name === 'accounts.large')!.shortTitle, 'Large');
  });

  it('serviceMeta lists segments as boolean members marked segment, and the analyst applies them', async () => {
    const got = await ask('how many premium accounts');
    const members = got.meta.cubes.find((c) => c.name === 'accounts')!.members;
    assert.deepEqual(
      members.filter((m) => m.segment).map((m) => [m.name, m.type, m.title]),
      [
        ['accounts.premium', 'boolean', 'Premium accounts'],
        ['accounts.large', 'boolean', 'Large'],
      ],
    );
    const premium = accounts.filter((a) => a.plan === 'Business' || a.plan === 'Enterprise');
    assert.match(got.sql[0].sqlQuery, /"premium" = TRUE/);
    assert.deepEqual(got.sql[0].data, [[premium.length]]);
  });

  it('by an author synonym, with a value and a measure; and a segment named only by its name', async () => {
    const top = await ask('mrr of top tier accounts in Chile');
    const want = accounts
      .filter((a) => (a.plan === 'Business' || a.plan === 'Enterprise') && a.country === 'Chile')
      .reduce((s, a) => s + a.mrr, 0);
    assert.deepEqual(top.sql[0]?.data, [[want]], top.answer);
    const large = await ask('large accounts by plan');
    const byPlan = new Map<string, number>();
    for (const a of accounts.filter((x) => x.seats >= 25)) byPlan.set(a.plan, (byPlan.get(a.plan) ?? 0) + 1);
    assert.deepEqual(new Map((large.sql[0]?.data ?? []) as [string, number][]), byPlan, large.answer);
  });
});
