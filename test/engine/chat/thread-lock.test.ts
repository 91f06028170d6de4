// Threads across tabs: two engines on one IndexedDB database (two tabs of one origin) follow one busy rule per thread
// (a Web Lock per thread, chat/thread-lock.ts) and append their turns to the thread as stored. Messages sent at once
// from both tabs: one answered, the others refused busy, every answered turn stored, none of the refused ones.
import { expect, waitUntil } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import { createLocalAnalystAgent, createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { apiarySeed, beekeeperAgent, beekeeperAnswer } from '../../fixtures/apiary.js';
import { threadLockName } from '../../../src/engine/chat/thread-lock.js';
import {
  abortChat,
  chatIdOf,
  chatPoster,
  finalOf,
  isBusy,
  raceMessageId as messageId,
  sendAtOnce,
  storedMessages,
  userIds,
  type Post,
} from './race.js';

const ROUNDS = 10;

/** The stored messages' sorts rise strictly: no two turns numbered over each other. */
function expectRisingSorts(messages: ChatStreamMessage[]) {
  const sorts = messages.map((m) => m.sort!);
  expect(
    sorts.every((s, i) => i === 0 || s > sorts[i - 1]),
    JSON.stringify(sorts),
  ).to.equal(true);
}

describe('chat threads across tabs', function () {
  this.timeout(300_000);
  let tabs: LocalEngine[] = [];
  let name: string;
  afterEach(async () => {
    await Promise.all(tabs.map((t) => t.close()));
    tabs = [];
    indexedDB.deleteDatabase(name);
  });

  /** Two engines on one new database, one after the other (the first applies the seed). */
  async function twoTabs(options: Parameters<typeof createLocalEngine>[0]): Promise<Post[]> {
    name = `thread-lock-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    tabs.push(await createLocalEngine({ ...options, seed: apiarySeed, name }));
    tabs.push(await createLocalEngine({ ...options, seed: apiarySeed, name }));
    return tabs.map((t) => chatPoster(t.fetch));
  }

  it(`one answer per thread among messages sent at once from two tabs (${ROUNDS} rounds)`, async () => {
    // The answer takes at least 300 ms after its query, so messages sent at once always overlap a running answer.
    const [a, b] = await twoTabs({ agent: beekeeperAgent(300) });
    const existing = chatIdOf((await a({ input: 'how many hives?', messageId: messageId(99, 0, 0) })).lines);
    const answered = [messageId(99, 0, 0)];
    for (let round = 0; round < ROUNDS; round++) {
      const count = 2 + (round % 2);
      const fresh = chatIdOf((await b({})).lines); // a new thread, made by the other tab
      const races = await Promise.all([
        sendAtOnce(round % 2 ? [a, b] : [b, a], existing, round, 0, count),
        sendAtOnce([a, b], fresh, round, 1, count),
      ]);
      for (const [thread, race] of races.entries()) {
        expect(race.answered, `round ${round}, thread ${thread}: ${race.summary}`).to.have.length(1);
        const [winner] = race.answered;
        expect(finalOf(race.replies[winner].lines)).to.equal(beekeeperAnswer(race.sends[winner].input));
      }
      answered.push(races[0].sends[races[0].answered[0]].messageId);
      // Read through either tab: the same thread, every answered turn in order.
      for (const tab of [a, b]) {
        const messages = await storedMessages(tab, existing);
        expect(userIds(messages), `round ${round}`).to.deep.equal(answered);
        expectRisingSorts(messages);
        expect(userIds(await storedMessages(tab, fresh))).to.deep.equal([
          races[1].sends[races[1].answered[0]].messageId,
        ]);
      }
    }
  });

  it(`engines in their own Workers with the local analyst store every answered turn and no refused one (${ROUNDS} rounds)`, async () => {
    const [a, b] = await twoTabs({ agent: createLocalAnalystAgent(), worker: true });
    const existing = chatIdOf((await a({ input: 'How many hives?', messageId: messageId(99, 0, 0) })).lines);
    const answered = [messageId(99, 0, 0)];
    for (let round = 0; round < ROUNDS; round++) {
      const race = await sendAtOnce([a, b], existing, round, 0, 2 + (round % 2));
      expect(race.answered.length, race.summary).to.be.greaterThan(0);
      for (const [i, reply] of race.replies.entries()) {
        if (isBusy(reply)) continue;
        expect(reply.lines.at(-1)!.id, race.summary).to.equal('__state__');
        answered.push(race.sends[i].messageId);
      }
      const messages = await storedMessages(round % 2 ? a : b, existing);
      expect(new Set(userIds(messages)), `round ${round}`).to.deep.equal(new Set(answered));
      expectRisingSorts(messages);
    }
  });

  it('an abort sent to the other tab stops its answer at once, and the thread takes a new message', async () => {
    const pause = 4000; // the answer's wait after its query: an abort must end it long before
    const [a, b] = await twoTabs({ agent: beekeeperAgent(pause) });
    for (let round = 0; round < 3; round++) {
      const chatId = chatIdOf((await a({})).lines);
      const answering = a({ chatId, input: `long answer ${round}`, messageId: messageId(round, 0, 7) });
      await waitUntil(
        async () => (await navigator.locks.query()).held?.some((l) => l.name === threadLockName(name, chatId)),
        'tab a answers on the thread',
      );
      const start = performance.now();
      expect(await abortChat(tabs[1].fetch, chatId)).to.equal(204);
      const { lines } = await answering;
      expect(performance.now() - start, 'the stream ended by the abort').to.be.below(pause / 2);
      expect(lines.at(-1)!.id).to.equal('__state__');
      expect(finalOf(lines)).to.equal('');
      const next = await b({ chatId, input: `after the abort ${round}`, messageId: messageId(round, 1, 7) });
      expect(finalOf(next.lines), JSON.stringify(next.lines[0])).to.equal(beekeeperAnswer(`after the abort ${round}`));
      expect(userIds(await storedMessages(a, chatId))).to.deep.equal([messageId(round, 0, 7), messageId(round, 1, 7)]);
    }
  });

  it('a message sent as soon as the last answer’s __state__ line arrives is answered, from either tab (20 turns)', async () => {
    const [a, b] = await twoTabs({ agent: beekeeperAgent(0) });
    const chatId = chatIdOf((await a({})).lines);
    const sent: string[] = [];
    for (let turn = 0; turn < 20; turn++) {
      const id = messageId(turn, 0, 8);
      const reply = await [a, a, b][turn % 3]({ chatId, input: `turn ${turn}`, messageId: id });
      expect(finalOf(reply.lines), `turn ${turn}: ${JSON.stringify(reply.lines[0])}`).to.equal(
        beekeeperAnswer(`turn ${turn}`),
      );
      sent.push(id);
    }
    expect(userIds(await storedMessages(b, chatId))).to.deep.equal(sent);
  });
});
