// <svc-chat> tells the agent the viewer's language: each question's request carries `Accept-Language` with the
// element's locale (else its provider's, else the page's, else the browser's), checked on the requests the transport
// makes; with the local engine the local analyst then answers in that language.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/provider/svc-provider.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import { chatSettings, completed, engineAndTransport } from '../helpers.js';
import { recordingChatTransport } from '../../helpers/recording-chat.js';

async function ask(el: SvcChat, question: string): Promise<void> {
  const done = completed(el);
  void el.send(question);
  expect((await done).phase).to.equal('completed');
}

describe('<svc-chat>: the viewer’s language', function () {
  this.timeout(120_000);

  it('sends the element’s locale as Accept-Language, and follows it when it changes', async () => {
    const { transport, sent } = recordingChatTransport();
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
    const { transport, sent } = recordingChatTransport();
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
    const { transport, sent } = recordingChatTransport();
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
