// When <svc-chat> does its markdown work (answer-markdown.ts): the warm-up not while the page starts, but once the
// viewer turns to the chat (points at it or focuses it); a streaming answer's markdown in tasks of its own, before the
// frames that put it in the DOM, not inside them.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import { StreamingMarkdown } from '../../../src/elements/shared/markdown.js';
import { DEMO, chatTransport } from '../../engine/helpers.js';
import { mountChat } from '../helpers.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';

describe('<svc-chat> markdown warm-up', function () {
  this.timeout(60_000);

  it('waits for the viewer to turn to the chat, then warms up once', async () => {
    let warmUps = 0;
    const warmUp = StreamingMarkdown.warmUp.bind(StreamingMarkdown);
    StreamingMarkdown.warmUp = (between) => {
      warmUps++;
      return warmUp(between);
    };
    try {
      // A weather station's chat, never asked anything: its transport is not called.
      const transport = chatTransport(() => Promise.reject(new Error('not asked')), { apiKey: DEMO.adminKey });
      const el = await mountChat(transport);
      const other = await mountChat(transport);
      // The page starts and goes idle: the modules load (idle callbacks within 2 s), nothing is warmed up.
      await new Promise((r) => setTimeout(r, 4000));
      expect(warmUps).to.equal(0);
      el.shadowRoot!.querySelector('textarea')!.focus();
      await waitUntil(() => warmUps > 0, 'warmed up after the chat was focused', { timeout: 10_000 });
      other.dispatchEvent(new PointerEvent('pointerenter'));
      await new Promise((r) => setTimeout(r, 1500));
      expect(warmUps).to.equal(1);
    } finally {
      StreamingMarkdown.warmUp = warmUp;
    }
  });

  it("moves a streaming answer's markdown on in tasks of its own, not in the element's renders", async () => {
    // A glacier survey written in 1,500 deltas, 10 lines every 4 ms.
    const report = Array.from(
      { length: 30 },
      (_, i) =>
        `## Glacier ${i + 1}\n\nThe front retreated **${(i * 1.7).toFixed(1)} m**.\n\n| Year | Mass balance |\n| --- | ---: |\n| 2024 | -${i}.2 |\n| 2025 | -${i}.9 |\n\n`,
    ).join('');
    const at = (k: number) => Math.floor((k * report.length) / 1500);
    const final = {
      id: '1764190000000-message-final',
      role: 'assistant',
      graphPath: ['final', 'service_data_analyst_agent'],
    };
    const lines = [
      { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: 'glaciers' } },
      { id: '1764190000000-message', role: 'user', content: 'glaciers', sort: 1 },
      ...Array.from({ length: 1500 }, (_, k) => ({
        ...final,
        content: report.slice(at(k), at(k + 1)),
        isDelta: true,
        sort: 2,
      })),
      { ...final, content: report, isDelta: false, isInProcess: false, sort: 2 },
    ].map((l) => JSON.stringify(l));
    const transport = chatTransport(
      (request) => {
        if (!request.url.endsWith('/stream-chat-state')) return Promise.resolve(new Response(null, { status: 404 }));
        let i = 0;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (i >= lines.length) return controller.close();
            controller.enqueue(encoder.encode(`${lines.slice(i, i + 10).join('\n')}\n`));
            i += 10;
            await new Promise((r) => setTimeout(r, 4));
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }));
      },
      { apiKey: DEMO.adminKey },
    );
    const el: SvcChat = await mountChat(transport);
    let inRender = false;
    const calls = { inRender: 0, outside: 0 };
    const host = el as unknown as { update: (this: SvcChat, changed: unknown) => void };
    const update = host.update;
    host.update = function (changed) {
      inRender = true;
      try {
        update.call(this, changed);
      } finally {
        inRender = false;
      }
    };
    const proto = StreamingMarkdown.prototype;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as they were
    const { append, set } = proto;
    const counted = <A extends unknown[]>(f: (this: StreamingMarkdown, ...a: A) => number) =>
      function (this: StreamingMarkdown, ...a: A): number {
        const before = this.source;
        const out = f.apply(this, a);
        if (this.source !== before) calls[inRender ? 'inRender' : 'outside']++;
        return out;
      };
    proto.append = counted(append);
    proto.set = counted(set);
    try {
      await el.send('glaciers');
      await el.updateComplete;
    } finally {
      Object.assign(proto, { append, set });
    }
    expect(el.shadowRoot!.querySelector('[part~="answer"]')!.textContent).to.contain('Glacier 30');
    expect(calls.outside).to.be.greaterThan(0);
    expect(calls.inRender).to.equal(0);
  });
});
