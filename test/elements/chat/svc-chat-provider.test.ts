// <svc-chat> inside <svc-provider> takes whatever the provider gets later: a transport and session set after the page
// loaded (before or after the chat's body has loaded) answer the question asked; a question asked before there is a
// transport waits for it; an invalid session is an error at once, not a wait.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { nothing } from 'lit';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/provider/svc-provider.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import type { Agent } from '../../../src/engine/index.js';
import { DEMO, manualClock } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';

/** An agent of a harbour's ledger: answers with the asking viewer's id, so a test sees whose session was used. */
const harbourMaster: Agent = {
  async *answer(ctx) {
    yield { final: `Berth 7 holds 1,240 t for ${ctx.user.externalId ?? 'nobody'}.` };
  },
};

const answerOf = (chat: SvcChat) => chat.shadowRoot!.querySelector('[part~="answer"]')?.textContent?.trim() ?? '';
const alertOf = (chat: SvcChat) => chat.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? '';

describe('<svc-chat> in a provider that gets its transport and session later', function () {
  this.timeout(60_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(harbourMaster);
  });
  after(() => setup.dispose());

  const sessionFor = async (externalId: string) =>
    (
      await setup.transport.generateSession({
        deploymentId: DEMO.deploymentId,
        externalId,
        groups: ['sales-eu'],
        userAttributes: [{ name: 'region', value: 'EU' }],
      })
    ).sessionId;

  const mount = () =>
    fixture<HTMLElement>(html`
      <div>
        <svc-provider account-name=${DEMO.accountName} agent-id=${DEMO.agentId}>
          <svc-chat starter-prompts='["Tonnage at berth 7?"]'></svc-chat>
        </svc-provider>
      </div>
    `);

  it('a starter question asked before the provider has a transport waits for it, then is answered', async () => {
    const root = await mount();
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    const errors: unknown[] = [];
    chat.addEventListener('svc-error', (e) => errors.push(e.error));
    chat.shadowRoot!.querySelector<HTMLButtonElement>('.starters button')!.click();
    // The question shows, waiting (not an error), until the provider has a transport.
    await waitUntil(() => chat.shadowRoot!.querySelector('[part~="user"]'), 'the question shows while it waits', {
      timeout: 20_000,
    });
    expect(chat.shadowRoot!.querySelector('[part~="user"]')!.textContent).to.equal('Tonnage at berth 7?');
    expect(chat.shadowRoot!.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('true');
    await new Promise((r) => setTimeout(r, 200));
    expect(alertOf(chat)).to.equal('');
    const sessionId = await sessionFor('harbour-a');
    provider.baseUrl = 'https://local.svc';
    provider.fetch = setup.engine.fetch;
    provider.sessionId = sessionId;
    await waitUntil(() => answerOf(chat), 'the question is answered once the transport is there', { timeout: 30_000 });
    expect(answerOf(chat)).to.equal('Berth 7 holds 1,240 t for harbour-a.');
    expect(errors).to.deep.equal([]);
  });

  it('the transport and session set after the body loaded (as in the README app) answer a starter question', async () => {
    const root = await mount();
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    await chat.updateComplete; // the body is there
    provider.baseUrl = 'https://local.svc';
    await new Promise((r) => setTimeout(r, 50));
    provider.fetch = setup.engine.fetch;
    provider.sessionId = await sessionFor('harbour-b');
    await chat.updateComplete;
    chat.shadowRoot!.querySelector<HTMLButtonElement>('.starters button')!.click();
    await waitUntil(() => answerOf(chat) || alertOf(chat), 'an answer', { timeout: 30_000 });
    expect(alertOf(chat)).to.equal('');
    expect(answerOf(chat)).to.equal('Berth 7 holds 1,240 t for harbour-b.');
  });

  it('a question asked with a session the service does not know shows the error at once', async () => {
    const root = await mount();
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    const errors: unknown[] = [];
    chat.addEventListener('svc-error', (e) => errors.push(e.error));
    provider.baseUrl = 'https://local.svc';
    provider.fetch = setup.engine.fetch;
    provider.sessionId = 'no-such-session-0000';
    await chat.updateComplete;
    void chat.send('Tonnage at berth 7?');
    await waitUntil(() => alertOf(chat), 'the error is shown', { timeout: 15_000 });
    expect(errors.length).to.be.greaterThan(0);
    expect(answerOf(chat)).to.equal('');
  });

  for (const [what, source] of [
    ['a session id the service does not know', { sessionId: 'unknown-session-1234' }],
    ['a token that is no token', { token: 'not-a-token' }],
  ] as const)
    it(`${what}, given from the start, is an error for a question asked at once`, async () => {
      const root = await fixture<HTMLElement>(html`
        <div>
          <svc-provider
            base-url="https://local.svc"
            account-name=${DEMO.accountName}
            agent-id=${DEMO.agentId}
            .fetch=${setup.engine.fetch}
            session-id=${'sessionId' in source ? source.sessionId : nothing}
            token=${'token' in source ? source.token : nothing}
          >
            <svc-chat></svc-chat>
          </svc-provider>
        </div>
      `);
      const chat = root.querySelector<SvcChat>('svc-chat')!;
      const errors: unknown[] = [];
      chat.addEventListener('svc-error', (e) => errors.push(e.error));
      void chat.send('Tonnage at berth 7?');
      await waitUntil(() => alertOf(chat), 'the error is shown', { timeout: 15_000 });
      expect(errors.length).to.be.greaterThan(0);
      expect(answerOf(chat)).to.equal('');
    });

  it('an expired token is an error at once, and the question is answered once a new session is there', async () => {
    const clock = manualClock(Date.now());
    const timed = await engineAndTransport(harbourMaster, undefined, { now: clock.now });
    try {
      const session = async (externalId: string) =>
        (await timed.transport.generateSession({ deploymentId: DEMO.deploymentId, externalId, groups: ['sales-eu'] }))
          .sessionId;
      const { token } = await timed.transport.exchangeSessionToken(await session('harbour-c'));
      clock.advance(25 * 3600_000); // the engine's day is over: the token has expired there
      const root = await fixture<HTMLElement>(html`
        <div>
          <svc-provider
            base-url="https://local.svc"
            account-name=${DEMO.accountName}
            agent-id=${DEMO.agentId}
            .fetch=${timed.engine.fetch}
            token=${token}
          >
            <svc-chat></svc-chat>
          </svc-provider>
        </div>
      `);
      const provider = root.querySelector<SvcProvider>('svc-provider')!;
      const chat = root.querySelector<SvcChat>('svc-chat')!;
      const errors: unknown[] = [];
      chat.addEventListener('svc-error', (e) => errors.push(e.error));
      void chat.send('Tonnage at berth 7?');
      await waitUntil(() => alertOf(chat), 'the error is shown', { timeout: 15_000 });
      expect(errors.length).to.be.greaterThan(0);
      provider.removeAttribute('token');
      provider.sessionId = await session('harbour-c'); // the same viewer, a new session (another would start anew)
      // The question refused for its credentials is asked again under the new session, without a Retry.
      await waitUntil(() => answerOf(chat), 'answered under the new session', { timeout: 15_000 });
      expect(alertOf(chat)).to.equal('');
      expect(answerOf(chat)).to.equal('Berth 7 holds 1,240 t for harbour-c.');
    } finally {
      await timed.dispose();
    }
  });

  it('a question asked before the provider has a session says so, and is answered once the session is there', async () => {
    const root = await mount();
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    provider.baseUrl = 'https://local.svc';
    provider.fetch = setup.engine.fetch;
    await chat.updateComplete;
    void chat.send('Tonnage at berth 7?');
    await waitUntil(() => alertOf(chat), 'the missing credentials are said', { timeout: 15_000 });
    expect(alertOf(chat)).to.contain('service token');
    provider.sessionId = await sessionFor('harbour-e');
    await waitUntil(() => answerOf(chat), 'answered once the session is there', { timeout: 15_000 });
    expect(answerOf(chat)).to.equal('Berth 7 holds 1,240 t for harbour-e.');
    expect(alertOf(chat)).to.equal('');
    expect(chat.shadowRoot!.querySelectorAll('[part~="user"]').length).to.equal(1);
  });
});
