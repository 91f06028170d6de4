// <svc-provider> as the context root: elements take its transport, locale and colour scheme, through shadow roots,
// nested providers inherit what they do not set, and two providers on one page stay independent.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import { SvcProvider as SvcProviderClass } from '../../../src/elements/provider/svc-provider.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import type { Agent } from '../../../src/engine/index.js';
import { DEMO } from '../../engine/helpers.js';
import { chatSettings, emulateColorScheme, engineAndTransport, type TestSetup } from '../helpers.js';

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
    await emulateColorScheme('light');
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

  it('reaches elements that asked before the provider was defined (a ContextRoot replays their requests)', async () => {
    const setup = await engineAndTransport(agentSaying('Late but there.'));
    setups.push(setup);
    const root = await fixture<HTMLDivElement>(html`<div></div>`);
    root.innerHTML = '<late-svc-provider><svc-chat></svc-chat></late-svc-provider>';
    const chat = root.querySelector('svc-chat')!;
    customElements.define('late-svc-provider', class extends SvcProviderClass {});
    const provider = root.querySelector('late-svc-provider') as SvcProvider;
    provider.transport = setup.transport;
    chat.sessionSettings = chatSettings;
    await provider.updateComplete;
    await chat.send('hello');
    await chat.updateComplete;
    expect(answer(chat)).to.equal('Late but there.');
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

  it('colour scheme: the OS by default, the provider’s, or the element’s own attribute', async function () {
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
    await expect(provided).to.be.accessible();
    if (!(await emulateColorScheme('dark'))) {
      console.warn('Skipped (the OS-scheme half): this browser driver cannot emulate prefers-color-scheme');
      this.skip();
    }
    expect(background(free)).to.equal(dark);
    expect(background(own)).to.equal(light);
  });

  it('never styles the page’s own content it wraps: colour, font and colour scheme stay the page’s', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div style="color: rgb(10, 20, 30); font-family: serif; color-scheme: light">
        <h2 id="outside">Outside</h2>
        <svc-provider color-scheme="dark"
          ><h2 id="inside">Inside</h2>
          <svc-chat></svc-chat
        ></svc-provider>
      </div>`,
    );
    const style = (s: string) => {
      const { color, fontFamily, colorScheme } = getComputedStyle(root.querySelector(s)!);
      return { color, fontFamily, colorScheme };
    };
    expect(style('#inside')).to.deep.equal(style('#outside'));
    expect(style('#inside').color).to.equal('rgb(10, 20, 30)');
    // The elements inside still take the provider's scheme.
    expect(background(root.querySelector<SvcChat>('svc-chat')!)).to.equal('rgb(29, 31, 35)');
  });
});

describe('<svc-provider> sessions', function () {
  this.timeout(60_000);
  const setups: TestSetup[] = [];
  afterEach(async () => {
    await Promise.all(setups.splice(0).map((s) => s.dispose()));
  });

  const regionCount = async (provider: SvcProvider) => {
    const result = await provider.activeTransport!.load({
      query: { measures: ['sales.count'], dimensions: ['sales.customers_region'] },
    });
    return result.data.map((row) => row['sales.customers_region']).sort();
  };

  it('exchanges a session-id once; two providers with two viewers see their own rows; chat uses the token', async () => {
    const setup = await engineAndTransport(agentSaying('Hello from the session.'));
    setups.push(setup);
    const session = async (externalId: string, region: string) =>
      (
        await setup.transport.generateSession({
          deploymentId: DEMO.deploymentId,
          externalId,
          groups: [region === 'EU' ? 'sales-eu' : 'sales-us'],
          userAttributes: [{ name: 'region', value: region }],
        })
      ).sessionId;
    const [eu, us] = [await session('viewer-eu', 'EU'), await session('viewer-us', 'US')];
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-provider
          id="eu"
          base-url="https://local.svc"
          account-name=${DEMO.accountName}
          agent-id=${DEMO.agentId}
          .fetch=${setup.engine.fetch}
          session-id=${eu}
        >
          <svc-chat></svc-chat>
        </svc-provider>
        <svc-provider id="us" base-url="https://local.svc" .fetch=${setup.engine.fetch} session-id=${us}></svc-provider>
      </div>`,
    );
    const [euProvider, usProvider] = ['#eu', '#us'].map((s) => root.querySelector<SvcProvider>(s)!);
    expect(await regionCount(euProvider)).to.deep.equal(['EU']);
    expect(await regionCount(usProvider)).to.deep.equal(['US']);
    expect(euProvider.sessionInfo!.claims!.externalId).to.equal('viewer-eu');
    // Moving the provider keeps its session (a sessionId is single-use: not exchanged again).
    root.append(euProvider);
    await euProvider.updateComplete;
    expect(await regionCount(euProvider)).to.deep.equal(['EU']);
    const chat = euProvider.querySelector('svc-chat')!;
    await chat.send('hello');
    await chat.updateComplete;
    expect(answer(chat)).to.equal('Hello from the session.');
  });

  it('a session-id already exchanged: requests say the session could not be started, and why', async () => {
    const setup = await engineAndTransport(agentSaying('unused'));
    setups.push(setup);
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: 'viewer-eu',
      groups: ['sales-eu'],
      userAttributes: [{ name: 'region', value: 'EU' }],
    });
    const mount = () =>
      fixture<SvcProvider>(
        html`<svc-provider base-url="https://local.svc" .fetch=${setup.engine.fetch} session-id=${sessionId}>
        </svc-provider>`,
      );
    const first = await mount();
    expect(await regionCount(first)).to.deep.equal(['EU']);
    const second = await mount();
    const errors: unknown[] = [];
    second.addEventListener('svc-error', (e) => errors.push(e.error));
    const failure = await regionCount(second).then(
      () => undefined,
      (e: Error) => e,
    );
    // Not "load needs credentials…", which would send a host looking for a missing option.
    expect(failure?.message).to.equal('The session could not be started: Session already used');
    await waitUntil(() => errors.length > 0, 'svc-error says the exchange failed', { timeout: 20_000 });
    expect(String(errors[0])).to.match(/Session already used/);
    // A session started again (here from a token) clears the failure.
    second.token = first.sessionInfo!.token;
    await second.updateComplete;
    expect(await regionCount(second)).to.deep.equal(['EU']);
  });

  it('newSession(): the host’s viewer changed; a new session from fetchSession, the old token never reused', async () => {
    const setup = await engineAndTransport(agentSaying('unused'));
    setups.push(setup);
    let viewer = { externalId: 'viewer-eu', region: 'EU' };
    const fetchSession = async () => ({
      sessionId: (
        await setup.transport.generateSession({
          deploymentId: DEMO.deploymentId,
          externalId: viewer.externalId,
          groups: [viewer.region === 'EU' ? 'sales-eu' : 'sales-us'],
          userAttributes: [{ name: 'region', value: viewer.region }],
        })
      ).sessionId,
    });
    const provider = await fixture<SvcProvider>(
      html`<svc-provider base-url="https://local.svc" .fetch=${setup.engine.fetch} .fetchSession=${fetchSession}>
      </svc-provider>`,
    );
    expect(await regionCount(provider)).to.deep.equal(['EU']);
    const first = provider.sessionInfo!.token;
    viewer = { externalId: 'viewer-us', region: 'US' };
    const renewing = provider.newSession();
    // Asked at once, a request waits for the new viewer's token instead of using the old one.
    const during = regionCount(provider);
    const info = await renewing;
    expect(info!.claims!.externalId).to.equal('viewer-us');
    expect(info!.token).to.not.equal(first);
    expect(await during).to.deep.equal(['US']);
    expect(provider.sessionInfo!.token).to.equal(info!.token);
  });

  it('newSession() without fetchSession says what it needs', async () => {
    const provider = await fixture<SvcProvider>(html`<svc-provider base-url="https://local.svc"></svc-provider>`);
    let message = '';
    await provider.newSession().catch((e: Error) => (message = e.message));
    expect(message).to.equal('<svc-provider>: newSession() needs a fetchSession callback');
  });

  it('renews the token before it expires through fetchSession, keeping every element’s state', async () => {
    // Tokens last 24 h on the engine's clock: set it so that they expire 4 s from now.
    const setup = await engineAndTransport(agentSaying('Still here.'), undefined, {
      now: () => Date.now() - (24 * 3600 - 4) * 1000,
    });
    setups.push(setup);
    let calls = 0;
    const fetchSession = async () => {
      calls++;
      return (
        await setup.transport.generateSession({
          deploymentId: DEMO.deploymentId,
          externalId: 'renewing',
          groups: ['executives'],
        })
      ).sessionId;
    };
    const events: string[] = [];
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-provider
          base-url="https://local.svc"
          account-name=${DEMO.accountName}
          agent-id=${DEMO.agentId}
          .fetch=${setup.engine.fetch}
          .fetchSession=${() => fetchSession().then((sessionId) => ({ sessionId }))}
          renew-before="3"
          @svc-session-expiring=${() => events.push('expiring')}
          @svc-session-expired=${() => events.push('expired')}
        >
          <svc-chat></svc-chat>
        </svc-provider>
      </div>`,
    );
    const provider = root.querySelector('svc-provider')!;
    const chat = root.querySelector('svc-chat')!;
    await chat.send('first');
    const firstToken = provider.sessionInfo!.token;
    await waitUntil(() => provider.sessionInfo!.token !== firstToken, 'a renewed token', { timeout: 10_000 });
    // Each token lasts 4 s here, so renewals go on every second or so: never an expiry, one session per renewal.
    expect(events.length).to.be.at.least(1);
    expect(events.every((e) => e === 'expiring')).to.equal(true);
    expect(calls).to.be.within(events.length, events.length + 1);
    // The conversation is still there, and goes on with the new token after the first one expired.
    await new Promise((r) => setTimeout(r, 1500));
    await chat.send('second');
    await chat.updateComplete;
    expect(chat.shadowRoot!.querySelectorAll('[part~="answer"]')).to.have.length(2);
    expect(chat.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
  });

  it('says when the token expired without a renewal (the host cancelled it)', async () => {
    const setup = await engineAndTransport(undefined, undefined, { now: () => Date.now() - (24 * 3600 - 2) * 1000 });
    setups.push(setup);
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: 'expiring',
      groups: ['executives'],
    });
    const events: string[] = [];
    await fixture(
      html`<svc-provider
        base-url="https://local.svc"
        .fetch=${setup.engine.fetch}
        session-id=${sessionId}
        .fetchSession=${() => Promise.reject(new Error('not asked'))}
        renew-before="1"
        @svc-session-expiring=${(e: Event) => {
          events.push('expiring');
          e.preventDefault();
        }}
        @svc-session-expired=${() => events.push('expired')}
      ></svc-provider>`,
    );
    await waitUntil(() => events.includes('expired'), 'the expiry', { timeout: 5000 });
    expect(events).to.deep.equal(['expiring', 'expired']);
  });
});
