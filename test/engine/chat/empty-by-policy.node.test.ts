// An empty answer says why when the viewer's own access policy is the reason: a row filter needs a user attribute
// the session does not set (logistics model: ops viewers see their `warehouse`'s shipments only).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { finalAnswer } from '../../../src/transport/chat.js';
import type { LocalEngine } from '../../../src/engine/index.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { LOGISTICS, logisticsViewer } from '../../fixtures/logistics.js';

describe('chat: an empty result explained by the access policy', () => {
  let engine: LocalEngine;
  let chat: HttpTransport;

  before(async () => {
    ({ engine } = await logisticsViewer(`empty-by-policy-${process.pid}`, 10_000));
    chat = new HttpTransport({
      baseUrl: 'https://logistics.test',
      fetch: engine.fetch,
      auth: { apiKey: LOGISTICS.adminKey },
      accountName: 'logistics',
      agentId: 'analyst',
    });
  });
  after(() => engine.close());

  const ask = async (
    externalId: string,
    userAttributes: { name: string; value: string }[],
    input = 'What is the total weight of shipments?',
  ) => {
    const messages = [];
    for await (const m of await chat.streamChat({
      input,
      sessionSettings: { externalId, groups: ['ops'], userAttributes },
    }))
      messages.push(m);
    return finalAnswer(messages)?.content ?? '';
  };

  it('names the attribute the session lacks, and answers with the number once it is set', async () => {
    const without = await ask('no-warehouse', []);
    assert.match(without, /No rows match/);
    assert.match(without, /filters rows by userAttributes\.warehouse, which your session does not set/);
    const withIt = await ask('north-viewer', [{ name: 'warehouse', value: 'north' }]);
    assert.doesNotMatch(withIt, /No rows match|does not set/);
    assert.match(withIt, /\*\*\d/);
  });

  it("plans with the model's synonyms (meta.synonyms reaches the agent through serviceMeta)", async () => {
    const answer = await ask('north-viewer', [{ name: 'warehouse', value: 'north' }], 'What is the tonnage?');
    assert.match(answer, /Total Weight/);
    // 30 visible shipments weigh 1..10 kg in turn: 3 × 55.
    assert.match(answer, /\*\*165\*\*/);
  });
});
