// <svc-chat> in a long-lived page: thirty answers holding charts, then newChat(), then thirty more and a removal
// from the DOM, leave no window listeners, no Vega views and no heap behind.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/chat/svc-chat.js';
import type { SvcChat } from '../../../src/elements/chat/svc-chat.js';
import { liveChartViews } from '../../../src/elements/shared/vega-chart.js';
import type { Agent } from '../../../src/engine/index.js';
import { chatSettings, completed, engineAndTransport, type TestSetup } from '../helpers.js';
import { frames, gc, heapAfterGc, trackWindowListeners, until } from '../lifecycle-helpers.js';

const ANSWERS = 30;

/** An agent whose every answer runs one query with a bar chart, then states the first row. */
const chartAgent: Agent = {
  async *answer(ctx) {
    const result = await ctx.tools.serviceSqlApi({
      sqlQuery: 'SELECT customers_region AS region, MEASURE(count) AS orders FROM sales GROUP BY 1 ORDER BY 1',
      queryTitle: 'Orders by region',
      userRequest: ctx.input,
      vegaSpec: JSON.stringify({
        mark: 'bar',
        encoding: { x: { field: 'region', type: 'nominal' }, y: { field: 'orders', type: 'quantitative' } },
      }),
    });
    const first = 'data' in result ? (result.data as unknown[][])[0] : undefined;
    yield { final: `First region: ${String(first?.[0])} with ${String(first?.[1])} orders.` };
  },
};

const drawnCharts = (el: SvcChat) =>
  [...el.shadowRoot!.querySelectorAll('[part="chart"]')].filter((c) => c.querySelector('svg .mark-rect path')).length;

describe('<svc-chat> lifecycle', function () {
  this.timeout(240_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(chartAgent);
  });
  after(() => setup.dispose());

  it(`${ANSWERS} answers with charts, newChat(), ${ANSWERS} more and a removal leave nothing behind`, async function () {
    if (!gc) {
      console.warn('Skipped: window.gc is missing; run Chromium with --js-flags=--expose-gc (web-test-runner.config)');
      this.skip();
    }
    const listeners = trackWindowListeners();
    try {
      const host = await fixture<HTMLDivElement>(html`<div style="width: 900px"></div>`);
      const atStart = listeners.count();
      const el = document.createElement('svc-chat');
      el.transport = setup.transport;
      el.sessionSettings = chatSettings;
      el.style.setProperty('--svc-chat-max-height', '600px');
      host.append(el);
      await el.updateComplete;
      await frames(3);
      const afterFirstRender = listeners.count();

      const answer = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const done = completed(el);
          await el.send(`Orders by region, take ${i + 1}`);
          expect((await done).phase).to.equal('completed');
        }
        await until(() => drawnCharts(el) > 0, 'a chart drawn');
        await frames(3);
      };

      await answer(ANSWERS);
      const onScreen = drawnCharts(el);
      console.log(`after ${ANSWERS} answers: ${onScreen} charts drawn, ${liveChartViews()} Vega views alive`);
      expect(liveChartViews(), 'Vega views alive = charts drawn').to.equal(onScreen);
      expect(onScreen).to.be.at.least(1);

      el.newChat();
      await el.updateComplete;
      await frames(3);
      expect(liveChartViews(), 'no Vega view after newChat()').to.equal(0);
      expect(listeners.count(), 'window listeners after newChat()').to.equal(afterFirstRender);
      const heapAfterFirst = await heapAfterGc();

      await answer(ANSWERS);
      el.newChat();
      await el.updateComplete;
      await frames(3);
      const heapAfterSecond = await heapAfterGc();

      el.remove();
      await frames(3);
      expect(liveChartViews(), 'no Vega view after removal').to.equal(0);
      expect(listeners.count(), 'window listeners after removal').to.equal(atStart);
      const growth = (heapAfterSecond - heapAfterFirst) / heapAfterFirst;
      console.log(
        `heap after gc: ${(heapAfterFirst / 1024).toFixed(0)} KiB after the first ${ANSWERS} answers and newChat(), ` +
          `${(heapAfterSecond / 1024).toFixed(0)} KiB after the second (${(growth * 100).toFixed(2)}%)`,
      );
      expect(growth, 'heap growth from the first conversation to the second').to.be.below(0.05);
    } finally {
      listeners.restore();
    }
  });
});
