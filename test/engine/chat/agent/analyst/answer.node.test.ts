// The analyst's one-sentence reading of its query names each measure once: a title that already says its aggregation
// ("Average delay (min)", "Total distance") is not followed by it again ("Average delay (min) (average)", found on
// vega-datasets' flights); a title that does not ("Fees") still is. "(min)" in parentheses is a unit, not the minimum.
// A glider club's flights, not the demo's.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChatStreamMessage } from '../../../../../src/api/types.js';
import { createLocalEngine, type EngineSeed, type LocalEngine } from '../../../../../src/engine/index.js';
import { finalAnswer } from '../../../../../src/transport/chat.js';
import { HttpTransport } from '../../../../../src/transport/http-transport.js';

const launches = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  glider: ['ASK 21', 'Discus', 'Duo'][i % 3],
  delay: (i * 7) % 30,
  distance: 20 + ((i * 11) % 300),
  fee: 15 + (i % 4) * 5,
}));

const seed: EngineSeed = {
  account: { name: 'gliders', plan: 'enterprise' },
  deployments: [{ id: 1, name: 'Club', apiSecret: 'glider-secret-0123456789-0123456789-0123' }],
  users: [{ email: 'admin@gliders.test', role: 'admin' }],
  apiKeys: [{ key: 'glider-admin-key', userEmail: 'admin@gliders.test' }],
  agents: [{ id: 'club-analyst', deploymentId: 1 }],
  dataModel: {
    cubes: [
      {
        name: 'launches',
        sql_table: 'launches',
        title: 'Launches',
        measures: [
          { name: 'avg_delay', type: 'avg', sql: '{CUBE}.delay', title: 'Average delay (min)' },
          { name: 'total_distance', type: 'sum', sql: '{CUBE}.distance', title: 'Total distance' },
          { name: 'fees', type: 'sum', sql: '{CUBE}.fee', title: 'Fees' },
        ],
        dimensions: [
          { name: 'id', type: 'number', sql: '{CUBE}.id', primary_key: true },
          { name: 'glider', type: 'string', sql: '{CUBE}.glider', title: 'Glider' },
        ],
      },
    ],
  },
  tables: { launches },
};

describe('local analyst: a measure named once in its reading', () => {
  let engine: LocalEngine;
  let chat: HttpTransport;
  before(async () => {
    engine = await createLocalEngine({ seed, name: `analyst-answer-${process.pid}-${Date.now()}` });
    chat = new HttpTransport({
      baseUrl: 'https://gliders.test',
      fetch: engine.fetch,
      auth: { apiKey: 'glider-admin-key' },
      accountName: 'gliders',
      agentId: 'club-analyst',
    });
  });
  after(() => engine.close());

  async function answer(input: string): Promise<string> {
    const messages: ChatStreamMessage[] = [];
    for await (const m of await chat.streamChat({ input, sessionSettings: { externalId: 'pilot' } })) messages.push(m);
    return finalAnswer(messages)?.content ?? '';
  }

  it('says a title that names its aggregation as it is, and adds the aggregation to one that does not', async () => {
    const delay = await answer('average delay by glider');
    assert.match(delay, /average delay \(min\)/i);
    assert.doesNotMatch(delay, /\(min\) \(average\)/i);
    const distance = await answer('total distance by glider');
    assert.match(distance, /total distance/i);
    assert.doesNotMatch(distance, /total distance \((total|sum)\)/i);
    assert.match(await answer('fees by glider'), /fees \(\w+\)/i, 'Fees does not say its aggregation: it is added');
  });
});
