// `sort` in the engine's chat streams is the thread's line sequence number: it goes on across turns (it does not
// restart per stream), and a replay of the thread gives each message the sort it first streamed with.
import { expect } from '@open-wc/testing';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import type { Agent } from '../../../src/engine/index.js';
import { engineAndTransport, type TestSetup } from '../../elements/helpers.js';

async function collect(stream: AsyncIterable<ChatStreamMessage>): Promise<ChatStreamMessage[]> {
  const out: ChatStreamMessage[] = [];
  for await (const m of stream) out.push(m);
  return out;
}

/** Thinks N×2 steps for "question N" (turns differ in length), runs one query, answers in three parts. */
const agent: Agent = {
  async *answer(ctx) {
    const n = Number(/question (\d+)/.exec(ctx.input)?.[1]);
    for (let i = 0; i < n * 2; i++) yield { thinking: `Step ${i}. ` };
    await ctx.tools.serviceSqlApi({ sqlQuery: 'SELECT MEASURE(count) AS n FROM sales', queryTitle: `Query ${n}` });
    for (let i = 0; i < 3; i++) yield { final: `Answer ${n} part ${i}. ` };
  },
};

const messageId = (n: number) => `${1768435200000 + n}-message`;

/** The sort of the line each message id first appeared in, in order of appearance (bookkeeping lines left out). */
function firstSorts(lines: ChatStreamMessage[]): [string, number][] {
  const first = new Map<string, number>();
  for (const m of lines) if (!m.id.startsWith('__') && !first.has(m.id)) first.set(m.id, m.sort!);
  return [...first];
}

describe('engine chat: sort across turns', function () {
  this.timeout(60_000);
  let setup: TestSetup;
  const sessionSettings = { externalId: 'sorter', groups: ['executives'] };

  beforeEach(async () => (setup = await engineAndTransport(agent)));
  afterEach(() => setup.dispose());

  it('numbers the lines of a thread upward across its streams, and its replay with the same numbers', async () => {
    const chat = setup.transport;
    const streams: ChatStreamMessage[][] = [];
    let chatId: string | undefined;
    for (const n of [1, 2, 3]) {
      const stream = await chat.streamChat({
        input: `question ${n}`,
        messageId: messageId(n),
        ...(chatId && { chatId }),
        sessionSettings,
      });
      chatId = stream.chatId;
      streams.push(await collect(stream));
    }
    let last = 0;
    for (const [i, lines] of streams.entries()) {
      expect(lines[0]).to.include({ id: '__cutoff__', sort: 0 });
      const sorts = lines.slice(1).map((m) => m.sort!);
      // Every line after the cutoff is numbered above every line of the turns before, one by one.
      expect(sorts, `turn ${i + 1}`).to.deep.equal(sorts.map((_, k) => last + 1 + k));
      last = sorts[sorts.length - 1];
    }

    // The replay: each message once, in the order it first appeared, with the sort of that first line.
    const replay = await collect(await chat.streamChat({ chatId: chatId!, sessionSettings }));
    expect(replay[0]).to.include({ id: '__cutoff__', sort: 0 });
    const messages = replay.slice(1, -1);
    expect(messages.map((m) => [m.id, m.sort])).to.deep.equal(streams.flatMap(firstSorts));
    expect(messages.map((m) => (m.role === 'user' ? m.content : m.toolCall ? 'tool' : m.graphPath![0]))).to.deep.equal(
      [1, 2, 3].flatMap((n) => [`question ${n}`, 'service_data_analyst_agent', 'tool', 'final']),
    );
    expect(replay[replay.length - 1].id).to.equal('__state__');
    expect(replay[replay.length - 1].sort).to.be.greaterThan(last);

    // A turn asked after the replay goes on above it, and the thread keeps the numbers.
    const fourth = await collect(
      await chat.streamChat({ input: 'question 4', messageId: messageId(4), chatId: chatId!, sessionSettings }),
    );
    expect(fourth[1]).to.include({ role: 'user', content: 'question 4', sort: last + 1 }); // after the 3rd __state__
    const again = (await collect(await chat.streamChat({ chatId: chatId!, sessionSettings }))).slice(1, -1);
    expect(again.map((m) => [m.id, m.sort])).to.deep.equal([...streams, fourth].flatMap(firstSorts));
  });
});
