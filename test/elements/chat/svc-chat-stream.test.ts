// <svc-chat> robustness on real streams from the local engine: a dropped connection resubscribes with the same
// messageId without doubling anything, malformed lines are skipped and reported, and a recorded 5,000-delta stream
// replayed as a network would deliver it renders the same DOM as the final message rendered at once.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { SvcErrorEvent } from '../../../src/elements/events.js';
import type { Agent } from '../../../src/engine/index.js';
import { DEMO, chatTransport } from '../../engine/helpers.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../../fixtures/long-answer.js';
import { completed, droppingBody, engineAndTransport, mountChat } from '../helpers.js';

type Fetch = (request: Request) => Promise<Response>;
const isChat = (request: Request) => request.url.endsWith('/stream-chat-state');

/** Puts back the chunks of the answer that left the DOM, as a find-in-page match does (`beforematch`). */
export function fillAllChunks(el: SvcChat): void {
  for (const chunk of el.shadowRoot!.querySelectorAll('.chunk.away')) chunk.dispatchEvent(new Event('beforematch'));
}

function answerText(el: SvcChat): string {
  return el.shadowRoot!.querySelector('[part~="answer"]')?.textContent ?? '';
}

describe('<svc-chat> streams', function () {
  this.timeout(120_000);

  it('resubscribes with the same messageId after a dropped connection, without duplicate messages', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const agent: Agent = {
      async *answer() {
        for (let i = 0; i < 20; i++) yield { final: `Part ${i}. ` };
        await gate;
        for (let i = 20; i < 40; i++) yield { final: `Part ${i}. ` };
      },
    };
    const sent: { messageId: string; chatId?: string }[] = [];
    const setup = await engineAndTransport(agent, (fetch: Fetch) => async (request) => {
      if (!isChat(request)) return fetch(request);
      sent.push((await request.clone().json()) as { messageId: string; chatId?: string });
      const response = await fetch(request);
      if (sent.length > 1) {
        release(); // the agent goes on only once the client has resubscribed
        return response;
      }
      return new Response(
        droppingBody(response.body!, (t) => t.includes('Part 10.')),
        response,
      );
    });
    try {
      const el = await mountChat(setup.transport);
      const done = completed(el);
      void el.send('count to forty');
      expect((await done).phase).to.equal('completed');
      await el.updateComplete;
      expect(sent).to.have.length(2);
      expect(sent[1].messageId).to.equal(sent[0].messageId);
      expect(sent[1].chatId).to.be.a('string');
      const expected = Array.from({ length: 40 }, (_, i) => `Part ${i}.`).join(' ');
      expect(answerText(el).trim()).to.equal(expected);
      expect(el.shadowRoot!.querySelectorAll('[part~="user"]')).to.have.length(1);
      expect(el.shadowRoot!.querySelectorAll('[part~="answer"]')).to.have.length(1);
      expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    } finally {
      await setup.dispose();
    }
  });

  it('skips malformed lines, says so, and reports them as svc-error', async () => {
    const agent: Agent = {
      async *answer() {
        yield { final: 'All ' };
        yield { final: 'good.' };
      },
    };
    const setup = await engineAndTransport(agent, (fetch: Fetch) => async (request) => {
      const response = await fetch(request);
      if (!isChat(request)) return response;
      const text = await response.text();
      const lines = text.split('\n');
      lines.splice(2, 0, '{"id": "broken', 'not json at all');
      return new Response(lines.join('\n'), response);
    });
    try {
      const el = await mountChat(setup.transport);
      const reported = oneEvent(el, 'svc-error') as unknown as Promise<SvcErrorEvent>;
      const done = completed(el);
      void el.send('hello');
      expect(((await reported).error as Error).message).to.match(/^Skipped malformed chat line 3: /);
      expect((await done).phase).to.equal('completed');
      await el.updateComplete;
      expect(answerText(el).trim()).to.equal('All good.');
      expect(el.shadowRoot!.querySelector('.notice')!.textContent.replace(/\s+/g, ' ').trim()).to.equal(
        '2 malformed lines of the answer could not be read and were skipped.',
      );
    } finally {
      await setup.dispose();
    }
  });

  it('a recorded 5,000-delta stream, replayed 10 lines per task, renders the DOM of the answer rendered at once', async () => {
    const text = longMarkdownAnswer();
    const deltas = splitIntoDeltas(text, 5000);
    expect(deltas).to.have.length(5000);
    // Record: the engine streams the answer as 5,000 deltas; keep the bytes it sent.
    let recorded = '';
    const live = await engineAndTransport(
      {
        async *answer() {
          for (const d of deltas) yield { final: d };
        },
      },
      (fetch: Fetch) => async (request) => {
        const response = await fetch(request);
        if (isChat(request))
          void response
            .clone()
            .text()
            .then((t) => (recorded = t));
        return response;
      },
    );
    const atOnce = await engineAndTransport({
      async *answer() {
        yield { final: text };
      },
    });
    try {
      const liveEl = await mountChat(live.transport);
      await liveEl.send('the long report');
      // The recording's copy of the body (a tee) may finish a moment after the element's: Firefox took ~1 s more.
      await waitUntil(() => recorded, 'the recorded stream', { timeout: 30_000 });
      const lines = recorded.split('\n').filter(Boolean);
      expect(lines.filter((l) => l.includes('"isDelta":true')).length).to.be.at.least(5000);

      // Replay the recording as a network would deliver it: 10 lines per task.
      const replay = chatTransport(
        () => {
          let i = 0;
          const encoder = new TextEncoder();
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (i >= lines.length) return controller.close();
              controller.enqueue(encoder.encode(lines.slice(i, i + 10).join('\n') + '\n'));
              i += 10;
              await new Promise((r) => setTimeout(r, 0));
            },
          });
          return Promise.resolve(
            new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
          );
        },
        { apiKey: DEMO.adminKey },
      );
      const replayed = await mountChat(replay);
      await replayed.send('the long report');
      const whole = await mountChat(atOnce.transport);
      await whole.send('the long report');
      await Promise.all([liveEl.updateComplete, replayed.updateComplete, whole.updateComplete]);

      // Far chunks of the answer are out of the DOM: put every one back (as a find-in-page match does) to compare.
      for (const el of [liveEl, replayed, whole]) fillAllChunks(el);
      // A chunk that left the DOM and came back may keep an empty style attribute (its height was let go): not content.
      const dom = (el: SvcChat) =>
        el
          .shadowRoot!.querySelector('[part~="answer"]')!
          .innerHTML.replace(/<div class="chunk" style="">/g, '<div class="chunk">');
      expect(dom(whole).length).to.be.greaterThan(200_000);
      expect(dom(replayed)).to.equal(dom(whole));
      expect(dom(liveEl)).to.equal(dom(whole));
      expect(answerText(whole)).to.contain('Section 39');
    } finally {
      await live.dispose();
      await atOnce.dispose();
    }
  });
});
