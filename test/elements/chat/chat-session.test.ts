// How <svc-chat> folds a stream (chat-session.ts): an answer whose lines all arrive in one chunk is folded over several
// tasks (the thread is given back between slices), and renders the same DOM and text, with every delta in its
// place, as the same answer arriving one line per chunk.
import { expect } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import { DEMO, chatTransport } from '../../engine/helpers.js';
import { mountChat } from '../helpers.js';

const AGENT = 'service_data_analyst_agent';
const ID = '1764190000000-message';

/** A tide observatory's report in markdown: numbered readings, so a lost or swapped delta changes the text. */
function tideReport(stations: number): string {
  return Array.from({ length: stations }, (_, s) => {
    const rows = Array.from(
      { length: 8 },
      (_, h) =>
        `| ${String(h * 3).padStart(2, '0')}:00 | ${(2.1 + ((s * 8 + h) % 13) * 0.37).toFixed(2)} m | ${s}.${h} |`,
    );
    return (
      `### Station ${s + 1}: Pointe-${s}\n\nHigh water came **${(s % 5) + 1} min** early; see [the gauge](https://tides.example.net/g/${s}).\n\n` +
      `| Hour | Height | Reading |\n| --- | ---: | ---: |\n${rows.join('\n')}\n\n- spring tide: ${s % 2 ? 'yes' : 'no'}\n  - surge: ${s * 3} cm\n\n`
    );
  }).join('');
}

/** `text` in `count` deltas of nearly equal length. */
function deltasOf(text: string, count: number): string[] {
  const at = (i: number) => Math.floor((i * text.length) / count);
  return Array.from({ length: count }, (_, i) => text.slice(at(i), at(i + 1)));
}

/** The spec's lines for an answer written as `deltas`; with `closing`, the full answer (a non-delta) after them. */
function lines(deltas: string[], closing: boolean): string[] {
  const final = { id: `${ID}-final`, role: 'assistant', graphPath: ['final', AGENT], isStructuredResponse: false };
  return [
    { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: 'tides-thread' } },
    { id: ID, role: 'user', content: 'tides this week', sort: 1 },
    ...deltas.map((content) => ({ ...final, content, isDelta: true, isInProcess: true, sort: 2 })),
    ...(closing ? [{ ...final, content: deltas.join(''), isDelta: false, isInProcess: false, sort: 2 }] : []),
  ].map((l) => JSON.stringify(l));
}

/** A transport whose chat answer is `body` cut into chunks of `perChunk` lines (all of it in one chunk: Infinity). */
function transportOf(body: string[], perChunk: number, onChat: () => void = () => undefined) {
  return chatTransport(
    (request) => {
      if (!request.url.endsWith('/stream-chat-state')) return Promise.resolve(new Response(null, { status: 404 }));
      onChat();
      const encoder = new TextEncoder();
      let i = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i >= body.length) return controller.close();
          const n = Math.min(body.length - i, perChunk);
          controller.enqueue(encoder.encode(`${body.slice(i, i + n).join('\n')}\n`));
          i += n;
        },
      });
      return Promise.resolve(new Response(stream, { headers: { 'content-type': 'application/x-ndjson' } }));
    },
    { apiKey: DEMO.adminKey },
  );
}

async function answered(body: string[], perChunk: number): Promise<SvcChat> {
  const el = await mountChat(transportOf(body, perChunk));
  await el.send('tides this week');
  await el.updateComplete;
  return el;
}

/** Puts back the chunks of the answer that left the DOM, as a find-in-page match does (`beforematch`). */
function fillAllChunks(el: SvcChat): void {
  for (const chunk of el.shadowRoot!.querySelectorAll('.chunk.away')) chunk.dispatchEvent(new Event('beforematch'));
}

const answerOf = (el: SvcChat) => el.shadowRoot!.querySelector<HTMLElement>('[part~="answer"]')!;
// A chunk that left the DOM and came back may keep an empty style attribute: not content.
const dom = (el: SvcChat) => answerOf(el).innerHTML.replace(/<div class="chunk" style="">/g, '<div class="chunk">');

describe('<svc-chat> folding a stream', function () {
  this.timeout(120_000);

  it('gives the thread back while it folds an answer whose 3,000 lines came in one chunk', async () => {
    const body = lines(deltasOf(tideReport(60), 3000), true);
    const order: string[] = [];
    // A task of the page's own, queued as the request goes out: it runs between slices, not after the whole answer.
    const queue = (task: () => void) => {
      const scheduler = (globalThis as { scheduler?: { postTask?: (f: () => void, o: object) => unknown } }).scheduler;
      if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'user-blocking' });
      else setTimeout(task, 0);
    };
    const el = await mountChat(transportOf(body, Infinity, () => queue(() => order.push('page task'))));
    el.addEventListener('svc-message', (e) => {
      if (e.message.isDelta === false) order.push('closing answer folded');
    });
    await el.send('tides this week');
    await el.updateComplete;
    expect(order).to.deep.equal(['page task', 'closing answer folded']);
  });

  it('renders the same DOM and text from one chunk as from one line per chunk, every delta once and in order', async () => {
    const report = tideReport(40);
    // Deltas only (no closing full answer to replace them): what is shown is what the deltas added up to.
    const body = lines(deltasOf(report, 5000), false);
    const oneChunk = await answered(body, Infinity);
    const perLine = await answered(body, 1);
    const whole = await answered(lines([report], true), Infinity);
    // Far chunks of an answer are out of the DOM: put every one back (as a find-in-page match does) to compare.
    for (const el of [oneChunk, perLine, whole]) fillAllChunks(el);
    expect(answerOf(whole).textContent).to.contain('Station 40: Pointe-39');
    expect(dom(oneChunk)).to.equal(dom(whole));
    expect(dom(perLine)).to.equal(dom(whole));
    expect(answerOf(oneChunk).textContent).to.equal(answerOf(whole).textContent);
    expect(answerOf(perLine).textContent).to.equal(answerOf(whole).textContent);
  });
});
