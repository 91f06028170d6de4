// <svc-chat> tells the agent the viewer's language: each question's request carries `Accept-Language` with the
// element's locale (else its provider's, else the page's, else the browser's), checked on the requests the transport
// makes; with the local engine the local analyst then answers in that language.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/provider/svc-provider.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import { HttpTransport } from '../../../src/transport/http-transport.js';
import { chatSettings, completed, engineAndTransport } from '../helpers.js';

/** A chat service that answers every question with one final message, recording the requests. */
function recordingTransport() {
  const sent: Request[] = [];
  const transport = new HttpTransport({
    baseUrl: 'https://svc.test',
    chatUrl: 'https://chat.test/api/v1/public/acme/agents/analyst/chat/stream-chat-state',
    auth: { apiKey: 'key' },
    fetch: (request: Request) => {
      // The element asks the data API too (the model, for starter questions): only the chat requests count here.
      if (!request.url.endsWith('/stream-chat-state')) return Promise.resolve(Response.json({ cubes: [] }));
      sent.push(request);
      const lines = [
        { id: '__cutoff__', sort: 0, state: { isStreaming: true, chatId: 'c1' } },
        { id: 'a1', sort: 1, role: 'assistant', graphPath: ['final'], content: 'Fertig.', isInProcess: false },
        { id: '__state__', sort: 2, state: { messages: [] } },
      ];
      return Promise.resolve(
        new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
          headers: { 'Content-Type': 'application/x-ndjson' },
        }),
      );
    },
  });
  return { transport, sent };
}

async function ask(el: SvcChat, question: string): Promise<void> {
  const done = completed(el);
  void el.send(question);
  expect((await done).phase).to.equal('completed');
}

describe('<svc-chat>: the viewer’s language', function () {
  this.timeout(120_000);

  it('sends the element’s locale as Accept-Language, and follows it when it changes', async () => {
    const { transport, sent } = recordingTransport();
    const el = await fixture<SvcChat>(
      html`<svc-chat locale="de" .transport=${transport} .sessionSettings=${chatSettings}></svc-chat>`,
    );
    await ask(el, 'Umsatz nach Region');
    el.locale = 'ar-EG';
    await el.updateComplete;
    await ask(el, 'revenue by region');
    expect(sent.map((r) => r.headers.get('accept-language'))).to.deep.equal(['de', 'ar-EG']);
  });

  it('takes the provider’s locale, and without any the browser’s', async () => {
    const { transport, sent } = recordingTransport();
    const provider = await fixture(
      html`<svc-provider locale="ja"
        ><svc-chat .transport=${transport} .sessionSettings=${chatSettings}></svc-chat
      ></svc-provider>`,
    );
    await ask(provider.querySelector<SvcChat>('svc-chat')!, 'revenue');
    const alone = await fixture<SvcChat>(
      html`<svc-chat .transport=${transport} .sessionSettings=${chatSettings}></svc-chat>`,
    );
    await ask(alone, 'revenue');
    // The browser's language as a tag; WebKitGTK under a POSIX locale says "C", which is none: no header then.
    const browser = (() => {
      try {
        return Intl.getCanonicalLocales(navigator.language)[0];
      } catch {
        return null;
      }
    })();
    expect(sent.map((r) => r.headers.get('accept-language'))).to.deep.equal(['ja', browser]);
  });

  it('a locale that is no language tag sends none, and the question is still answered', async () => {
    const { transport, sent } = recordingTransport();
    const el = await fixture<SvcChat>(
      html`<svc-chat locale="not a tag!" .transport=${transport} .sessionSettings=${chatSettings}></svc-chat>`,
    );
    await ask(el, 'revenue');
    expect(sent).to.have.length(1);
    expect(sent[0].headers.get('accept-language')).to.equal(null);
  });

  it('with the local engine, the local analyst declines in German', async () => {
    const setup = await engineAndTransport();
    try {
      const el = await fixture<SvcChat>(
        html`<svc-chat locale="de" .transport=${setup.transport} .sessionSettings=${chatSettings}></svc-chat>`,
      );
      const done = completed(el);
      void el.send('weather in Paris');
      const event = await done;
      expect(event.answer).to.match(/^Ich weiß nicht, welche Zahl Sie möchten: „weather“, „Paris“/);
    } finally {
      await setup.dispose();
    }
  });
});
