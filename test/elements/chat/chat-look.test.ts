// <svc-chat> reads its look (text colour, width) for the charts of its answers only once a conversation renders: an
// empty chat on a page that is starting forces no style or layout work in the middle of the page's tasks.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { Agent } from '../../../src/engine/index.js';
import { engineAndTransport, mountChat, type TestSetup } from '../helpers.js';

const agent: Agent = {
  async *answer() {
    yield { final: 'Here is the answer.' };
  },
};

/** Counts getComputedStyle() calls on <svc-chat> elements. */
function styleReads(): { count: number; restore: () => void } {
  const original = window.getComputedStyle.bind(window);
  const reads = { count: 0, restore: () => (window.getComputedStyle = original) };
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (element.localName === 'svc-chat') reads.count++;
    return original(element, pseudo);
  };
  return reads;
}

describe('svc-chat look', () => {
  let setup: TestSetup;
  let reads: { count: number; restore: () => void } | undefined;
  beforeEach(async () => (setup = await engineAndTransport(agent)));
  afterEach(() => {
    reads?.restore();
    setup.dispose();
  });

  it('reads no style of itself while the conversation is empty; reads it once an answer renders', async () => {
    reads = styleReads();
    const chat = await mountChat(setup.transport);
    chat.style.width = '300px'; // a resize: observed, and still nothing to read it for
    for (let i = 0; i < 3; i++) {
      chat.requestUpdate();
      await chat.updateComplete;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    expect(reads.count).to.equal(0);
    await chat.send('a question');
    await waitUntil(() => chat.shadowRoot!.textContent?.includes('Here is the answer.'), 'the answer', {
      timeout: 20_000,
    });
    expect(reads.count).to.be.greaterThan(0);
  });
});
