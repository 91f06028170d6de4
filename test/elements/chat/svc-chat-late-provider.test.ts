// <svc-chat> defined before <svc-provider>, as a bundle whose shared chunk defines the chat first does: the chat asks
// for the provider's context before any provider exists, and still gets it once the provider is defined. This file
// imports the provider only after the chat is on the page (each test file has a page of its own).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import '../../../src/elements/chat/svc-chat.js';
import type { Agent } from '../../../src/engine/index.js';
import { DEMO } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';

const ferryDesk: Agent = {
  async *answer(ctx) {
    yield { final: `Ferry 12 leaves at 07:40 (asked by ${ctx.user.externalId ?? 'nobody'}).` };
  },
};

describe('<svc-chat> defined before <svc-provider>', function () {
  this.timeout(60_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(ferryDesk);
  });
  after(() => setup.dispose());

  it('takes the transport and session of a provider defined after it', async () => {
    expect(customElements.get('svc-provider')).to.equal(undefined);
    const root = await fixture<HTMLElement>(html`
      <div>
        <svc-provider base-url="https://local.svc" account-name=${DEMO.accountName} agent-id=${DEMO.agentId}>
          <svc-chat starter-prompts='["When does ferry 12 leave?"]'></svc-chat>
        </svc-provider>
      </div>
    `);
    const chat = root.querySelector<SvcChat>('svc-chat')!;
    await chat.updateComplete;
    await import('../../../src/elements/provider/svc-provider.js');
    const provider = root.querySelector('svc-provider')!;
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: 'ferry-clerk',
      groups: ['sales-eu'],
    });
    provider.fetch = setup.engine.fetch;
    provider.sessionId = sessionId;
    await chat.updateComplete;
    chat.shadowRoot!.querySelector<HTMLButtonElement>('.starters button')!.click();
    const shown = (selector: string) => chat.shadowRoot!.querySelector(selector)?.textContent?.trim() ?? '';
    await waitUntil(() => shown('[part~="answer"]') || shown('[role="alert"]'), 'an answer or an error', {
      timeout: 30_000,
    });
    expect(shown('[role="alert"]')).to.equal('');
    expect(shown('[part~="answer"]')).to.equal('Ferry 12 leaves at 07:40 (asked by ferry-clerk).');
  });
});
