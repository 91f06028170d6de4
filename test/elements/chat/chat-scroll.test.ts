// <svc-chat>'s scrolling reads layout only when there is something to follow: an empty conversation's renders read
// none (so a page's first render beside it is not made to lay out early), nor does an unfocused composer's; once
// messages come, the log follows them to the bottom.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { Agent } from '../../../src/engine/index.js';
import { engineAndTransport, mountChat, type TestSetup } from '../helpers.js';

const agent: Agent = {
  async *answer() {
    for (let i = 0; i < 40; i++) yield { final: `Line ${i} of a long answer.\n\n` };
  },
};

/** Counts reads of the log's scrollHeight and of the composer's box. */
function layoutReads(log: HTMLElement, composer: HTMLElement): { count: number } {
  const reads = { count: 0 };
  Object.defineProperty(log, 'scrollHeight', {
    configurable: true,
    get(this: Element): number {
      reads.count++;
      return Reflect.get(Element.prototype, 'scrollHeight', this);
    },
  });
  const box = composer.getBoundingClientRect.bind(composer);
  composer.getBoundingClientRect = () => {
    reads.count++;
    return box();
  };
  return reads;
}

describe('svc-chat scrolling', function () {
  this.timeout(60_000);
  let setup: TestSetup;
  beforeEach(async () => (setup = await engineAndTransport(agent)));
  afterEach(() => setup.dispose());

  it('reads no layout while the conversation is empty; follows the answer to the bottom once it comes', async () => {
    const chat = await mountChat(setup.transport);
    const log = chat.shadowRoot!.querySelector<HTMLElement>('.log')!;
    const composer = chat.shadowRoot!.querySelector<HTMLElement>('.composer')!;
    log.style.height = '120px';
    const reads = layoutReads(log, composer);
    for (let i = 0; i < 3; i++) {
      chat.requestUpdate();
      await chat.updateComplete;
    }
    expect(reads.count).to.equal(0);
    void chat.send('a long answer please');
    await waitUntil(() => chat.shadowRoot!.textContent?.includes('Line 39'), 'the answer', { timeout: 20_000 });
    await chat.updateComplete;
    expect(reads.count).to.be.greaterThan(0);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(24);
  });
});
