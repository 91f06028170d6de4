// engine.close() ends the chat streams still open with their final state (issue 36, item 4: what a served engine's
// shutdown relies on): each is aborted, saves the turn so far, and sends its `__state__` line before the store
// closes; it used to close the store under them ('Could not save the conversation'). A real engine in Node (native
// DuckDB, an in-memory IndexedDB) with an agent of our own that streams until it is stopped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Agent } from '../../src/engine/chat/agent/types.js';
import { createLocalEngine } from '../../src/engine/index.js';
import { APIARY, apiarySeed } from '../fixtures/apiary.js';
import { keeperSession, type Line } from './chat/race.js';

/** Streams a note of the question, then one line every 10 ms until its signal aborts. */
const endlessAgent = (): Agent => ({
  async *answer(ctx) {
    yield { content: `Counting for ${ctx.input}. ` };
    for (let i = 0; !ctx.signal.aborted; i++) {
      yield { final: `hive ${i}; ` };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  },
});

async function open(engine: Awaited<ReturnType<typeof createLocalEngine>>, input: string) {
  const response = await engine.fetch(
    new Request(`https://apiary.test/api/v1/public/${APIARY.account}/agents/${APIARY.agentId}/chat/stream-chat-state`, {
      method: 'POST',
      headers: { Authorization: `Api-Key ${APIARY.adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionSettings: keeperSession, input }),
    }),
  );
  assert.equal(response.status, 200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('hive 2')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const rest = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done)
        return text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Line);
      text += value;
    }
  })();
  return { rest };
}

describe('engine.close() with chat streams open', () => {
  it('ends each with its __state__ line, the turn so far saved in it', async () => {
    const engine = await createLocalEngine({ seed: apiarySeed, agent: endlessAgent(), name: `close-${process.pid}` });
    const streams = await Promise.all(['swarm season', 'queen cells', 'honey yield'].map((q) => open(engine, q)));
    const begun = Date.now();
    await engine.close();
    const ms = Date.now() - begun;
    for (const [i, lines] of (await Promise.all(streams.map((s) => s.rest))).entries()) {
      const last = lines.at(-1)!;
      assert.ok(!lines.some((line) => line.error), JSON.stringify(lines.filter((line) => line.error)));
      assert.equal(last.id, '__state__', `stream ${i}: ${JSON.stringify(last)}`);
      const messages = (last as { state?: { messages: Line[] } }).state!.messages;
      assert.equal(messages[0].role, 'user');
      assert.match(messages.at(-1)!.content ?? '', /^hive 0; hive 1; hive 2; /, 'the final answer so far is saved');
    }
    assert.ok(ms < 2000, `close() took ${ms} ms`);
    const after = await engine.fetch(new Request('https://apiary.test/cubejs-api/v1/meta'));
    assert.equal(after.status, 503);
  });
});
