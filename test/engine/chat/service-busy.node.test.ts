// One answer at a time per thread (spec, "Chat thread streaming"): messages sent at once on an idle thread — a new
// one or one with turns — get exactly one answer; every other gets the busy line and changes nothing; the stored
// thread holds every answered turn. Real engine (native DuckDB, fake-indexeddb), real requests through its fetch.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { apiarySeed, beekeeperAgent, beekeeperAnswer } from '../../fixtures/apiary.js';
import { addExternalUsers } from '../helpers.js';
import {
  chatIdOf,
  chatPoster,
  finalOf,
  keeperSession,
  raceMessageId as messageId,
  sendAtOnce,
  storedMessages,
  userIds,
  type Post,
} from './race.js';

const ROUNDS = 10;
const DB_NAME = `chat-busy-${process.pid}`;

describe('chat: messages sent at once on one thread', { timeout: 300_000 }, () => {
  let engine: LocalEngine;
  let post: Post;

  before(async () => {
    engine = await createLocalEngine({ seed: apiarySeed, agent: beekeeperAgent(), name: DB_NAME });
    post = chatPoster(engine.fetch);
  });
  after(() => engine.close());

  const stored = (chatId: string) => storedMessages(post, chatId);

  /** Sends `count` different messages to `chatId` at once: exactly one is answered, the others are refused busy. */
  async function race(chatId: string, round: number, thread: number, count: number): Promise<string> {
    const { sends, replies, answered, summary } = await sendAtOnce([post], chatId, round, thread, count);
    assert.equal(answered.length, 1, `round ${round}, thread ${thread}: ${summary}`);
    const [winner] = answered;
    const { status, lines } = replies[winner];
    assert.equal(status, 200);
    assert.equal(chatIdOf(lines), chatId);
    assert.equal(lines.at(-1)!.id, '__state__');
    assert.equal(finalOf(lines), beekeeperAnswer(sends[winner].input));
    return sends[winner].messageId;
  }

  it(`answers exactly one of 2–3 messages sent at once, on new and on existing threads (${ROUNDS} rounds)`, async () => {
    // The existing thread: one turn before the races.
    const first = await post({ input: 'how many hives?', messageId: messageId(99, 0, 0) });
    const existing = chatIdOf(first.lines);
    const answeredOnExisting = [messageId(99, 0, 0)];
    for (let round = 0; round < ROUNDS; round++) {
      const count = 2 + (round % 2);
      // A new thread: created empty by a request without input, then raced on.
      const fresh = chatIdOf((await post({})).lines);
      const [onExisting, onFresh] = await Promise.all([race(existing, round, 0, count), race(fresh, round, 1, count)]);
      answeredOnExisting.push(onExisting);
      assert.deepEqual(userIds(await stored(existing)), answeredOnExisting, `round ${round}: the existing thread`);
      const freshTurns = await stored(fresh);
      assert.deepEqual(userIds(freshTurns), [onFresh], `round ${round}: the new thread`);
      assert.equal(freshTurns.filter((m) => m.id.endsWith('-final')).length, 1);
    }
    // Every stored answer is the one its own question got.
    const messages = await stored(existing);
    for (const id of answeredOnExisting) {
      const question = messages.find((m) => m.id === id)!;
      const answer = messages.find((m) => m.id === `${id}-final`)!;
      assert.equal(answer.content, beekeeperAnswer(question.content!));
    }
  });

  it('answers every one of messages sent at once without a chatId: each makes its own thread', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const count = 2 + (round % 2);
      const results = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          post({ input: `new thread ${round}.${i}`, messageId: messageId(round, i, 5) }),
        ),
      );
      const chatIds = results.map((r) => chatIdOf(r.lines));
      assert.equal(new Set(chatIds).size, count);
      for (const [i, r] of results.entries()) {
        assert.equal(finalOf(r.lines), beekeeperAnswer(`new thread ${round}.${i}`));
        assert.deepEqual(userIds(await stored(chatIds[i])), [messageId(round, i, 5)]);
      }
    }
  });

  it('the same messageId sent at once is one answer, streamed to both; sent again, its stored turn', async () => {
    const chatId = chatIdOf((await post({ input: 'first question', messageId: messageId(50, 0, 0) })).lines);
    for (let round = 0; round < ROUNDS; round++) {
      const id = messageId(60 + round, 0, 0);
      const [a, b] = await Promise.all([
        post({ chatId, input: `same ${round}`, messageId: id }),
        post({ chatId, input: `same ${round}`, messageId: id }),
      ]);
      assert.deepEqual(b.lines, a.lines, `round ${round}`);
      assert.equal(finalOf(a.lines), beekeeperAnswer(`same ${round}`));
      // Sent again once answered (even with other text): the stored turn, never a second answer.
      const again = await post({ chatId, input: 'something else', messageId: id });
      assert.equal(again.lines.filter((m) => m.role === 'user').length, 1);
      assert.equal(finalOf(again.lines), beekeeperAnswer(`same ${round}`));
    }
    const ids = userIds(await stored(chatId));
    assert.deepEqual(ids, [messageId(50, 0, 0), ...Array.from({ length: ROUNDS }, (_, r) => messageId(60 + r, 0, 0))]);
  });

  // A thread left held would make the next request wait for ever: each test has its own deadline.
  it(
    'a send refused once it holds the thread (its user cannot be provisioned) leaves the thread idle and unchanged',
    { timeout: 60_000 },
    async () => {
      const chatId = chatIdOf((await post({ input: 'before the limit', messageId: messageId(80, 0, 0) })).lines);
      const before = await stored(chatId);
      await addExternalUsers(DB_NAME, 10_000, { prefix: 'keeper' });
      // beatrix is ephemeral: made persistent past the 10,000 limit, her user cannot be provisioned.
      const persistent = { ...keeperSession, isEphemeral: false };
      for (let round = 0; round < 3; round++) {
        const refused = await post({ chatId, input: 'over the limit', sessionSettings: persistent });
        assert.equal(refused.status, 403);
        assert.match(String(refused.lines[0].error), /external user limit reached/);
        assert.deepEqual(await stored(chatId), before);
      }
      const next = await post({ chatId, input: 'after the refusals', messageId: messageId(81, 0, 0) });
      assert.equal(finalOf(next.lines), beekeeperAnswer('after the refusals'));
      assert.deepEqual(userIds(await stored(chatId)), [messageId(80, 0, 0), messageId(81, 0, 0)]);
    },
  );
});
