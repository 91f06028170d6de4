// The analyst's look-up of the values a question may name is its own: it streams no tool call (the user never reads
// it, or its failure, as the query that answered them), and a source it cannot read (here a veterinary practice's
// `treatments` table missing under its cube) costs only that source's values, and is named when the analyst declines.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChatStreamMessage } from '../../../../../src/api/types.js';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../../../../src/engine/index.js';
import { finalAnswer } from '../../../../../src/transport/chat.js';
import { HttpTransport } from '../../../../../src/transport/http-transport.js';

const SPECIES = ['Dog', 'Cat', 'Rabbit', 'Parrot'];
const CITIES = ['Ghent', 'Leuven', 'Namur'];
const visits = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  species: SPECIES[i % SPECIES.length],
  city: CITIES[(i * 7) % CITIES.length],
  fee: 20 + ((i * 13) % 50),
  visited_at: `2025-0${1 + (i % 9)}-1${i % 10}T10:00:00`,
}));

const seed: EngineSeed = {
  account: { name: 'vets', plan: 'enterprise' },
  deployments: [{ id: 1, name: 'Vets', apiSecret: 'vets-secret-0123456789-0123456789-012345' }],
  users: [{ email: 'admin@vets.test', role: 'admin' }],
  apiKeys: [{ key: 'vets-admin-key', userEmail: 'admin@vets.test' }],
  agents: [{ id: 'vet-analyst', deploymentId: 1 }],
  dataModel: {
    cubes: [
      {
        name: 'visits',
        sql_table: 'visits',
        title: 'Visits',
        measures: [
          { name: 'count', type: 'count', title: 'Visits' },
          { name: 'fees', type: 'sum', sql: '{CUBE}.fee', title: 'Fees' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
          { name: 'species', type: 'string', sql: '{CUBE}.species', title: 'Species' },
          { name: 'city', type: 'string', sql: '{CUBE}.city', title: 'City' },
          { name: 'visited_at', type: 'time', sql: '{CUBE}.visited_at', title: 'Visit date' },
        ],
      },
      {
        name: 'treatments',
        sql_table: 'treatments',
        title: 'Treatments',
        measures: [
          { name: 'count', type: 'count', title: 'Treatments' },
          { name: 'cost', type: 'sum', sql: '{CUBE}.cost', title: 'Treatment cost' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
          { name: 'kind', type: 'string', sql: '{CUBE}.kind', title: 'Treatment kind' },
        ],
      },
    ],
  },
  // `treatments` was never imported: its cube is in the model, its table is not.
  tables: { visits },
};

describe('local analyst: the value look-up is not the user’s query', () => {
  let engine: LocalEngine;
  let chat: HttpTransport;
  let user = 0;

  before(async () => {
    engine = await createLocalEngine({ seed, name: `analyst-values-${process.pid}-${Date.now()}` });
    chat = new HttpTransport({
      baseUrl: 'https://vets.test',
      fetch: engine.fetch,
      auth: { apiKey: 'vets-admin-key' },
      accountName: 'vets',
      agentId: 'vet-analyst',
    });
  });
  after(() => engine.close());

  /** One question from a new user (the look-up is cached per user): its tool calls and its final answer. */
  async function ask(input: string) {
    const messages: ChatStreamMessage[] = [];
    for await (const m of await chat.streamChat({ input, sessionSettings: { externalId: `owner-${++user}` } }))
      messages.push(m);
    const sql = messages
      .filter((m) => m.toolCall?.name === 'serviceSqlApi' && m.toolCall.result !== undefined)
      .map((m) => ({
        input: JSON.parse(m.toolCall!.input) as { sqlQuery: string },
        result: JSON.parse(m.toolCall!.result!) as { data?: unknown[][]; error?: string },
      }));
    return { sql, answer: finalAnswer(messages)?.content ?? '' };
  }

  it('streams only the query that answers, when every value is read', async () => {
    const got = await ask('how many visits were cats in Ghent');
    assert.equal(got.sql.length, 1, JSON.stringify(got.sql.map((c) => c.input.sqlQuery)));
    const want = visits.filter((v) => v.species === 'Cat' && v.city === 'Ghent').length;
    assert.deepEqual(got.sql[0].result.data, [[want]]);
  });

  it('a source it cannot read costs only its own values, and shows no failed look-up', async () => {
    const got = await ask('total fees for rabbits in Namur');
    assert.deepEqual(
      got.sql.map((c) => c.result.error),
      [undefined],
      'one call, the answer, without an error',
    );
    const want = visits.filter((v) => v.species === 'Rabbit' && v.city === 'Namur').reduce((s, v) => s + v.fee, 0);
    assert.deepEqual(got.sql[0].result.data, [[want]]);
  });

  it('declines a value of the unreadable source, naming it and why', async () => {
    const got = await ask('how many Surgery treatments');
    assert.equal(got.sql.length, 0, 'no tool card: neither the look-up nor a query');
    assert.match(got.answer, /could not tell which number you want: "Surgery"/);
    assert.match(got.answer, /I could not read the values of \*\*Treatments\*\* \(.*treatments.*\)/);
  });
});
