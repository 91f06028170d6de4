// <svc-chat> keeps a multi-turn conversation in order: each question, then its query card, then its answer — while
// answers stream, across a resubscribe after a dropped connection, and when the thread is loaded again by chat-id.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { Agent } from '../../../src/engine/index.js';
import type { Transport } from '../../../src/transport/transport.js';
import { chatSettings, completed, droppingBody, engineAndTransport, mountChat } from '../helpers.js';

type Fetch = (request: Request) => Promise<Response>;

/**
 * Answers "question N": N×3 thinking steps (so turns differ in length), a query titled "Query N" (with a chart),
 * then six parts of "Answer N". The third answer waits at `gate` after its third part.
 */
function turnAgent(gate: Promise<void>): Agent {
  return {
    async *answer(ctx) {
      const n = Number(/question (\d+)/.exec(ctx.input)?.[1]);
      for (let i = 0; i < n * 3; i++) yield { thinking: `Step ${i}. ` };
      await ctx.tools.serviceSqlApi({
        sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 2 DESC',
        queryTitle: `Query ${n}`,
        vegaSpec: JSON.stringify({
          mark: 'bar',
          encoding: { x: { field: 'status', type: 'nominal' }, y: { field: 'n', type: 'quantitative' } },
        }),
      });
      for (let i = 0; i < 6; i++) {
        if (n === 3 && i === 3) await gate;
        yield { final: `Answer ${n} part ${i}. ` };
      }
    },
  };
}

/** Numbers the lines of each response 0, 1, 2, … as a service whose `sort` restarts for every stream would. */
function restartingSorts(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let sort = 0;
  let rest = '';
  const renumber = (lines: string[]) =>
    encoder.encode(
      lines
        .filter(Boolean)
        .map((line) => {
          const message = JSON.parse(line) as { sort?: number };
          if ('sort' in message) message.sort = sort++;
          return `${JSON.stringify(message)}\n`;
        })
        .join(''),
    );
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(renumber([rest]));
        return controller.close();
      }
      const lines = (rest + decoder.decode(value, { stream: true })).split('\n');
      rest = lines.pop()!;
      controller.enqueue(renumber(lines));
    },
  });
}

/**
 * The log as a person reads it, top to bottom (DOM position): `Q<n>` for the question "question <n>", `C<n>` for
 * the card of "Query <n>", `A<n>` for an answer that reads "Answer <n> …", `A?` for one not rendered yet.
 */
function transcript(el: SvcChat): string[] {
  const log = el.shadowRoot!.querySelector('[role="log"]')!;
  return [...log.querySelectorAll('[part~="user"], [part="tool-call"], [part~="answer"]')].map((e) => {
    const text = e.matches('[part="tool-call"]') ? e.getAttribute('aria-label')! : e.textContent.trim();
    const n = /^(?:question|Query|Answer) (\d+)/.exec(text)?.[1] ?? '?';
    return `${e.matches('[part~="user"]') ? 'Q' : e.matches('[part="tool-call"]') ? 'C' : 'A'}${n}`;
  });
}

/** Question, card, answer for turns 1…n. */
const turns = (n: number) => Array.from({ length: n }, (_, i) => [`Q${i + 1}`, `C${i + 1}`, `A${i + 1}`]).flat();

/** Asks "question <n>" and waits for the answer to complete. */
async function ask(el: SvcChat, n: number): Promise<void> {
  const done = completed(el);
  void el.send(`question ${n}`);
  expect((await done).phase).to.equal('completed');
  await el.updateComplete;
}

/** <svc-chat chat-id=…>, once the loaded thread shows `answers` answers, each scrolled into view and rendered. */
async function reload(transport: Transport, chatId: string, answers: number): Promise<SvcChat> {
  const el = await fixture<SvcChat>(
    html`<svc-chat .transport=${transport} .sessionSettings=${chatSettings} chat-id=${chatId}></svc-chat>`,
  );
  const root = el.shadowRoot!;
  // The element's body loads after its first frame, then the thread: give a loaded machine time.
  await waitUntil(() => root.querySelectorAll('[part~="answer"]').length === answers, 'the loaded thread', {
    timeout: 15_000,
  });
  // Loaded answers render when they come near the visible part of the log.
  for (const answer of root.querySelectorAll('[part~="answer"]')) {
    answer.scrollIntoView();
    await waitUntil(() => answer.textContent.trim(), 'a loaded answer', { timeout: 5000 });
  }
  return el;
}

/** The conversation of the test below; `restart`: the service numbers `sort` from 0 in every response. */
async function conversation(restart: boolean): Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const posts: { input?: string; messageId?: string }[] = [];
  const setup = await engineAndTransport(turnAgent(gate), (fetch: Fetch) => async (request) => {
    if (!request.url.endsWith('/stream-chat-state')) return fetch(request);
    const body = (await request.clone().json()) as { input?: string; messageId?: string };
    posts.push(body);
    const engineResponse = await fetch(request);
    const response = restart ? new Response(restartingSorts(engineResponse.body!), engineResponse) : engineResponse;
    if (body.input !== 'question 3') return response;
    if (posts.filter((p) => p.input === 'question 3').length > 1) {
      release(); // the answer goes on only once the client has resubscribed
      return response;
    }
    // The first connection of the third question drops in the middle of its answer.
    return new Response(
      droppingBody(response.body!, (t) => t.includes('Answer 3 part 2.')),
      response,
    );
  });
  try {
    const el = await mountChat(setup.transport);
    await ask(el, 1);
    expect(transcript(el)).to.deep.equal(turns(1));
    await ask(el, 2);
    expect(transcript(el)).to.deep.equal(turns(2));
    await ask(el, 3);
    const third = posts.filter((p) => p.input === 'question 3');
    expect(third).to.have.length(2);
    expect(third[1].messageId).to.equal(third[0].messageId);
    expect(transcript(el)).to.deep.equal(turns(3));
    const answer3 = el.shadowRoot!.querySelectorAll('[part~="answer"]')[2];
    expect(answer3.textContent.trim()).to.equal(Array.from({ length: 6 }, (_, i) => `Answer 3 part ${i}.`).join(' '));
    const chatId = el.chatId!;

    // Loading the thread by chat-id shows the same order, and a question asked there joins it at the end.
    const reloaded = await reload(setup.transport, chatId, 3);
    expect(transcript(reloaded)).to.deep.equal(turns(3));
    await ask(reloaded, 4);
    expect(reloaded.chatId).to.equal(chatId);
    expect(transcript(reloaded)).to.deep.equal(turns(4));

    const again = await reload(setup.transport, chatId, 4);
    expect(transcript(again)).to.deep.equal(turns(4));
    // Every turn keeps its query card with its chart; thinking folds away once answered.
    for (const card of again.shadowRoot!.querySelectorAll('[part="tool-call"]')) {
      card.scrollIntoView();
      await waitUntil(() => card.querySelector('[part="chart"] svg'), 'the chart SVG', { timeout: 30_000 });
    }
    expect(again.shadowRoot!.querySelectorAll('[part="thinking"]')).to.have.length(0);
  } finally {
    await setup.dispose();
  }
}

describe('<svc-chat> turns', function () {
  this.timeout(120_000);

  for (const restart of [false, true]) {
    const server = restart ? 'a service whose sort restarts per stream' : 'the local engine';
    it(`4 questions (one resubscribed mid-answer, the thread reloaded twice), ${server}: question → card → answer per turn`, () =>
      conversation(restart));
  }
});
