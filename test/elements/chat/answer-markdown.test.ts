// When <svc-chat> warms its markdown path up (answer-markdown.ts): not while the page starts, but once the viewer turns
// to the chat (points at it or focuses it); the modules themselves still load while the page is idle.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import { StreamingMarkdown } from '../../../src/elements/shared/markdown.js';
import { DEMO, chatTransport } from '../../engine/helpers.js';
import { mountChat } from '../helpers.js';

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
});
