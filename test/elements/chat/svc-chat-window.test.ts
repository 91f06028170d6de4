// <svc-chat> keeps the page's main thread free while a long answer streams: it renders at most once per animation
// frame however fast lines arrive, and the finished parts of a long answer far from the view leave the DOM (keeping
// their height, and their text for find-in-page where the browser supports `hidden="until-found"`) and come back when
// scrolled to or matched by a search.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import { DEMO, chatTransport } from '../../engine/helpers.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../../fixtures/long-answer.js';
import { mountChat } from '../helpers.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));

/** A transport answering every question with `deltas`, 10 per task, as fast as the page takes them. */
function streaming(deltas: string[], chatId = 'window-thread') {
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  return chatTransport(
    () => {
      const lines = [
        line({ id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId } }),
        ...deltas.map((content) =>
          line({ id: 'm-final', role: 'assistant', content, isDelta: true, isInProcess: true, graphPath: ['final'] }),
        ),
        line({ id: '__cutoff__', sort: 0, state: { isStreaming: false, chatId } }),
      ];
      let i = 0;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (i >= lines.length) return controller.close();
          controller.enqueue(encoder.encode(lines.slice(i, i + 10).join('')));
          i += 10;
          await new Promise((r) => setTimeout(r, 0));
        },
      });
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }));
    },
    { apiKey: DEMO.adminKey },
  );
}

/** Nodes under `root` (itself included). */
function nodesIn(root: Node): number {
  let n = 1;
  for (let c = root.firstChild; c; c = c.nextSibling) n += nodesIn(c);
  return n;
}

describe('<svc-chat> long answers', function () {
  this.timeout(120_000);

  it('renders a fast stream at most once per animation frame, and all of it in the end', async () => {
    const text = longMarkdownAnswer(60_000);
    const el = await mountChat(streaming(splitIntoDeltas(text, 2000)));
    let renders = 0;
    let frames = 0;
    el.addController({ hostUpdated: () => void renders++ });
    let counting = true;
    const countFrames = () => {
      frames++;
      if (counting) requestAnimationFrame(countFrames);
    };
    requestAnimationFrame(countFrames);
    await el.send('the long report');
    await el.updateComplete;
    counting = false;
    // The stream's 2,000 deltas came in 200 tasks; the renders are bound by frames, not by deltas.
    expect(renders).to.be.at.most(frames + 3);
    const answer = el.shadowRoot!.querySelector('[part~="answer"]')!;
    for (const chunk of answer.querySelectorAll('.chunk.away')) chunk.dispatchEvent(new Event('beforematch'));
    const whole = document.createElement('div');
    whole.innerHTML = (await import('../../../src/elements/shared/markdown.js')).renderMarkdown(text);
    expect(answer.textContent.replace(/\s+/g, ' ').trim()).to.equal(whole.textContent.replace(/\s+/g, ' ').trim());
    el.remove();
  });

  it('keeps the nodes near the view in the DOM, the rest with their height and text, back when scrolled to or found', async () => {
    const el = await mountChat(streaming(splitIntoDeltas(longMarkdownAnswer(200_000), 1000)));
    await el.send('the long report');
    await el.updateComplete;
    const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
    const answer = el.shadowRoot!.querySelector<HTMLElement>('[part~="answer"]')!;
    await waitUntil(() => answer.querySelector('.chunk.away'), 'far chunks leave the DOM', { timeout: 20_000 });
    for (let i = 0; i < 3; i++) await frame();

    const chunks = [...answer.querySelectorAll<HTMLElement>('.chunk')];
    const away = chunks.filter((c) => c.classList.contains('away'));
    expect(away.length).to.be.greaterThan(chunks.length / 2);
    const inDom = nodesIn(el.shadowRoot!);
    const height = log.scrollHeight;
    // Still at the end of the answer: the last section is shown.
    expect(log.scrollTop + log.clientHeight).to.be.closeTo(height, 30);
    expect(answer.querySelector('.tail')!.textContent).to.contain('SELECT');

    // Away chunks keep their height (the scrollbar does not jump) and, where supported, their text for find-in-page.
    const untilFound = 'onbeforematch' in HTMLElement.prototype;
    for (const chunk of away) {
      expect(chunk.getBoundingClientRect().height).to.be.greaterThan(0);
      if (untilFound) {
        expect(chunk.getAttribute('hidden')).to.equal('until-found');
        expect(chunk.childNodes).to.have.length(1);
        expect(chunk.textContent).to.match(/Section \d+/);
      } else expect(chunk.childNodes).to.have.length(0);
    }

    // Everything back in the DOM is what the answer has; the nodes in the DOM before were a fraction of it.
    const first = away[0];
    first.dispatchEvent(new Event('beforematch')); // what a find-in-page match in it does
    expect(first.classList.contains('away')).to.equal(false);
    expect(first.hasAttribute('hidden')).to.equal(false);
    expect(first.querySelector('h2')!.textContent).to.match(/^Section \d+$/);
    for (const chunk of answer.querySelectorAll('.chunk.away')) chunk.dispatchEvent(new Event('beforematch'));
    expect(nodesIn(el.shadowRoot!)).to.be.greaterThan(inDom * 5);
    expect(Math.abs(log.scrollHeight - height)).to.be.lessThan(height * 0.02);

    // Scrolled to the top, the first chunks are there and the last ones leave.
    log.scrollTop = 0;
    await waitUntil(() => chunks[chunks.length - 2].classList.contains('away'), 'the end leaves the DOM', {
      timeout: 20_000,
    });
    expect(chunks[0].classList.contains('away')).to.equal(false);
    expect(chunks[0].querySelector('h2')!.textContent).to.equal('Section 1');
    el.remove();
  });
});
