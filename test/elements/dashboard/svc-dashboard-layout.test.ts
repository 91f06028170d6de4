// Layout of the demo dashboard (demo/dashboard.ts, published and embedded for a viewer who sees only EU), as a person
// sees it, at 1280 px and 390 px, light and dark: every chart text (axis labels and titles, legends) inside its card,
// no card with clipped text, charts in the theme's colours, compact filters that offer only what the viewer can
// pick, an AI card with its prompts, and an "Ask AI" launcher that covers nothing.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/dashboard/svc-dashboard.js';
import '../../../src/elements/provider/svc-provider.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import { demoWorkbook } from '../../../demo/dashboard.js';
import { DEMO } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';
import { expectChartTextInside, expectNotClipped, expectThemedChart, frames, inside } from '../layout-helpers.js';

describe('<svc-dashboard> layout (the demo dashboard)', function () {
  this.timeout(180_000);
  let setup: TestSetup;
  let publicId: string;
  before(async () => {
    setup = await engineAndTransport();
    const workbook = await setup.transport.upsertWorkbookBySlug(DEMO.deploymentId, 'layout', demoWorkbook);
    publicId = (await setup.transport.publishDashboard(DEMO.deploymentId, workbook.id, { allowEmbed: true })).publicId;
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    await setup.dispose();
  });

  async function mount(scheme: 'light' | 'dark'): Promise<SvcDashboard> {
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: `layout-${Math.random()}`,
      groups: ['sales-eu'],
      userAttributes: [{ name: 'region', value: 'EU' }],
    });
    const root = await fixture<HTMLElement>(
      html`<svc-provider
        base-url="https://local.svc"
        account-name=${DEMO.accountName}
        agent-id=${DEMO.agentId}
        color-scheme=${scheme}
        .fetch=${setup.engine.fetch}
        session-id=${sessionId}
      >
        <svc-dashboard public-id=${publicId}></svc-dashboard>
      </svc-provider>`,
    );
    return root.querySelector('svc-dashboard')!;
  }

  const widgets = (el: SvcDashboard) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="widget"]')];

  /** Brings every widget into view once, then waits until every chart has drawn its axes or legend. */
  async function drawn(el: SvcDashboard): Promise<void> {
    await waitUntil(() => el.dataLoaded, 'svc-dashboard-loaded', { timeout: 60_000 });
    for (const frame of widgets(el)) {
      frame.scrollIntoView();
      await frames();
    }
    await waitUntil(
      () =>
        widgets(el).every((w) => !w.querySelector('.muted')) &&
        [...el.shadowRoot!.querySelectorAll('[part="chart"]')].every((c) => c.querySelector('svg text')),
      'every chart drawn',
      { timeout: 60_000 },
    );
    await frames();
    await new Promise((r) => setTimeout(r, 300)); // content-sized frames measured, charts refitted
    await frames();
  }

  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`at ${width} px, ${scheme}`, async () => {
        await setViewport({ width, height: 900 });
        const el = await mount(scheme);
        await drawn(el);
        const root = el.shadowRoot!;
        expect(el.getBoundingClientRect().width).to.be.at.most(innerWidth);

        // Every frame inside the dashboard; frames of a tab inside their tab's frame.
        const host = el.getBoundingClientRect();
        for (const frame of widgets(el)) {
          const outer = frame.parentElement!.closest<HTMLElement>('[part="widget"]');
          const box = (outer ?? el).getBoundingClientRect();
          expect(
            inside(frame.getBoundingClientRect(), outer ? box : host),
            `${frame.dataset.widgetId} inside`,
          ).to.equal(true);
        }

        // Every chart's text inside its card, in the theme's colours.
        const charts = [...root.querySelectorAll<HTMLElement>('[part="chart"]')];
        expect(charts.length).to.be.at.least(3);
        for (const chart of charts) {
          const svg = chart.querySelector('svg')!;
          const card = chart.closest('[part="widget"]')!;
          expect(expectChartTextInside(svg, card), 'chart texts').to.be.greaterThan(2);
          expect(svg.getBoundingClientRect().height, 'chart height').to.be.at.most(card.clientHeight);
          expectThemedChart(svg, el, scheme);
        }

        // No card clips its text: text, filters, KPIs, titles (tables scroll, and say so by being focusable).
        expectNotClipped(
          root.querySelectorAll<HTMLElement>(
            '[data-widget-type="TEXT"], [data-widget-type="FILTER"], [data-widget-type="TIME_GRAIN"], .kpi, .head',
          ),
          (box) => box.dataset.widgetId ?? box.className,
        );
        for (const table of root.querySelectorAll<HTMLElement>('.scroll')) expect(table.tabIndex).to.equal(0);

        // Filters are compact, and the EU viewer is offered EU, not "All".
        const filter = root.querySelector<HTMLElement>('[data-widget-id="region"]')!;
        expect(filter.getBoundingClientRect().height).to.be.below(120);
        const options = [...filter.querySelectorAll('option')].map((o) => o.textContent.trim());
        expect(options).to.deep.equal(['EU']);

        // The AI card: a heading, its prompt, the message box inside the card.
        const ai = root.querySelector<HTMLElement>('[data-widget-id="ask"]')!;
        expect(ai.querySelector('[part="title"]')!.textContent.trim()).to.not.equal('');
        const chat = ai.querySelector('svc-chat')!;
        await waitUntil(() => chat.shadowRoot!.querySelector('.starters button'), 'the AI card’s prompt', {
          timeout: 20_000,
        });
        expect(chat.shadowRoot!.querySelector('.starters button')!.textContent.trim()).to.equal(
          'Which region had the most revenue?',
        );
        const input = chat.shadowRoot!.querySelector('[part~="input"]')!;
        expect(inside(input.getBoundingClientRect(), ai.getBoundingClientRect())).to.equal(true);

        // The launcher covers no widget.
        const launcher = root.querySelector('[part="chat-launcher"]')!.getBoundingClientRect();
        for (const frame of widgets(el)) {
          const r = frame.getBoundingClientRect();
          const overlaps =
            launcher.left < r.right && r.left < launcher.right && launcher.top < r.bottom && r.top < launcher.bottom;
          expect(overlaps, `the launcher over ${frame.dataset.widgetId}`).to.equal(false);
        }
      });
    }
  }
});
