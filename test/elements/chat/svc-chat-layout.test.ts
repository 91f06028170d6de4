// Layout of <svc-chat> with a chart, as a person sees it, at 1280 px and 390 px, light and dark: every chart text
// (axis labels, titles, legend) inside its card, no card or message with clipped text, and the chart's background
// and text following the theme tokens.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import { chatSettings, completed, engineAndTransport, type TestSetup } from '../helpers.js';
import { expectChartTextInside, expectNotClipped, expectThemedChart, frames, luminance } from '../layout-helpers.js';

describe('<svc-chat> layout', function () {
  this.timeout(120_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport();
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    await setup.dispose();
  });

  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const question of ['revenue by region', 'revenue by region per month']) {
        it(`${question} at ${width} px, ${scheme}`, async () => {
          await setViewport({ width, height: 900 });
          const el = await fixture<SvcChat>(
            html`<svc-chat
              style="--svc-chat-max-height: none"
              color-scheme=${scheme}
              .transport=${setup.transport}
              .sessionSettings=${chatSettings}
            ></svc-chat>`,
          );
          const done = completed(el);
          await el.send(question);
          expect((await done).phase).to.equal('completed');
          const root = el.shadowRoot!;
          await waitUntil(() => root.querySelector('[part="chart"] svg text'), 'the chart', { timeout: 30_000 });
          await frames();
          const chart = root.querySelector<SVGSVGElement>('[part="chart"] svg')!;
          const card = root.querySelector<HTMLElement>('[part="tool-call"]')!;
          const cardBox = card.getBoundingClientRect();
          expect(cardBox.right).to.be.at.most(innerWidth);
          expect(el.getBoundingClientRect().width).to.be.at.most(innerWidth);

          // Every text of the chart (axis labels and titles, legend) is inside the card.
          expect(expectChartTextInside(chart, card)).to.be.greaterThan(2);
          expect(chart.getBoundingClientRect().width).to.be.at.most(card.clientWidth);

          // No card or message clips its text: only the rows and the SQL may scroll (sideways).
          expectNotClipped(
            root.querySelectorAll<HTMLElement>('.tool, .tool header, .count, .answer, .user, .chart'),
            (box) => box.className,
          );

          // The chart follows the theme: no opaque background, text in the element's text colour.
          expectThemedChart(chart, el, scheme);
          const background = getComputedStyle(el).backgroundColor;
          if (scheme === 'dark') expect(luminance(background)).to.be.lessThan(0.2);
          else expect(luminance(background)).to.be.greaterThan(0.8);
        });
      }
    }
  }

  it('draws the chart again in the new theme when the colour scheme changes', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await fixture<SvcChat>(
      html`<svc-chat color-scheme="light" .transport=${setup.transport} .sessionSettings=${chatSettings}></svc-chat>`,
    );
    const done = completed(el);
    await el.send('revenue by region');
    await done;
    const root = el.shadowRoot!;
    const label = () => root.querySelector('[part="chart"] .role-axis-label text');
    await waitUntil(label, 'the chart', { timeout: 30_000 });
    expect(luminance(getComputedStyle(label()!).fill)).to.be.lessThan(0.2);
    el.colorScheme = 'dark';
    await waitUntil(() => label() && luminance(getComputedStyle(label()!).fill) > 0.6, 'light text on dark', {
      timeout: 5_000,
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${label() && getComputedStyle(label()!).fill} host ${getComputedStyle(el).color}`);
    });
  });
});
