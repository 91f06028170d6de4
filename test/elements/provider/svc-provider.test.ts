// <svc-provider> as the context root: elements take its transport, locale and colour scheme, through shadow roots,
// nested providers inherit what they do not set, and two providers on one page stay independent.
import { emulateMedia } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/provider/svc-provider.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import type { Agent } from '../../../src/engine/index.js';
import { chatSettings, engineAndTransport, type TestSetup } from '../helpers.js';

const agentSaying = (words: string): Agent => ({
  async *answer(ctx) {
    await ctx.tools.serviceSqlApi({ sqlQuery: 'SELECT MEASURE(count) AS orders FROM sales', queryTitle: 'Orders' });
    yield { final: words };
  },
});

const answer = (el: SvcChat) => el.shadowRoot!.querySelector('[part~="answer"]')?.textContent?.trim();
const background = (el: SvcChat) => getComputedStyle(el).backgroundColor;

describe('<svc-provider>', function () {
  this.timeout(60_000);
  const setups: TestSetup[] = [];
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await Promise.all(setups.splice(0).map((s) => s.dispose()));
  });

  it('gives elements inside it (at any depth) its transport and locale', async () => {
    const setup = await engineAndTransport(agentSaying('From the provider.'));
    setups.push(setup);
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-provider .transport=${setup.transport} locale="de-DE">
          <section><svc-chat .sessionSettings=${chatSettings}></svc-chat></section>
        </svc-provider>
      </div>`,
    );
    const chat = root.querySelector('svc-chat')!;
    await chat.send('how many orders?');
    await chat.updateComplete;
    expect(answer(chat)).to.equal('From the provider.');
    // 5,000 orders in the locale of the provider.
    expect(chat.shadowRoot!.querySelector('[part="result-table"] td')!.textContent).to.equal('5.000');
    // The element's own locale wins over the provider's.
    chat.locale = 'en-US';
    await chat.updateComplete;
    expect(chat.shadowRoot!.querySelector('[part="result-table"] td')!.textContent).to.equal('5,000');
  });

  it('nested providers inherit what they do not set; sibling providers stay independent', async () => {
    const a = await engineAndTransport(agentSaying('Engine A.'));
    const b = await engineAndTransport(agentSaying('Engine B.'));
    setups.push(a, b);
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-provider id="a" .transport=${a.transport} locale="de-DE">
          <svc-provider id="inner" locale="en-US">
            <svc-chat id="nested" .sessionSettings=${chatSettings}></svc-chat>
          </svc-provider>
        </svc-provider>
        <svc-provider id="b" .transport=${b.transport}>
          <svc-chat id="other" .sessionSettings=${chatSettings}></svc-chat>
        </svc-provider>
      </div>`,
    );
    const nested = root.querySelector<SvcChat>('#nested')!;
    const other = root.querySelector<SvcChat>('#other')!;
    await Promise.all([nested.send('orders?'), other.send('orders?')]);
    await Promise.all([nested.updateComplete, other.updateComplete]);
    expect(answer(nested)).to.equal('Engine A.');
    expect(answer(other)).to.equal('Engine B.');
    expect(nested.shadowRoot!.querySelector('[part="result-table"] td')!.textContent).to.equal('5,000');
    // Replacing the outer transport reaches the nested element.
    root.querySelector<SvcProvider>('#a')!.transport = b.transport;
    await root.querySelector<SvcProvider>('#a')!.updateComplete;
    nested.newChat();
    await nested.send('again');
    await nested.updateComplete;
    expect(answer(nested)).to.equal('Engine B.');
  });

  it('colour scheme: the OS by default, the provider’s, or the element’s own attribute', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-chat id="free"></svc-chat>
        <svc-provider color-scheme="dark"><svc-chat id="provided"></svc-chat></svc-provider>
        <svc-provider color-scheme="dark"><svc-chat id="own" color-scheme="light"></svc-chat></svc-provider>
      </div>`,
    );
    const [free, provided, own] = ['#free', '#provided', '#own'].map((s) => root.querySelector<SvcChat>(s)!);
    const light = 'rgb(255, 255, 255)';
    const dark = 'rgb(29, 31, 35)';
    expect(background(free)).to.equal(light);
    expect(background(provided)).to.equal(dark);
    expect(background(own)).to.equal(light);
    await emulateMedia({ colorScheme: 'dark' });
    expect(background(free)).to.equal(dark);
    expect(background(own)).to.equal(light);
    await expect(provided).to.be.accessible();
  });
});
