// The chart directive's `queued` option: charts asked for together draw in turn — one Vega drawing starts only when
// the one before has drawn its marks — and all of them are drawn; one removed while it waits is never drawn.
import { expect, waitUntil } from '@open-wc/testing';
import { html, render } from 'lit';
import { vegaChart } from '../../../src/elements/shared/chart.js';
import { liveChartViews } from '../../../src/elements/shared/vega-chart.js';

const spec = {
  mark: 'bar',
  encoding: { x: { field: 'fruit', type: 'nominal' }, y: { field: 'kg', type: 'quantitative' } },
};
const values = (n: number) => ['apple', 'pear', 'plum'].map((fruit, i) => ({ fruit, kg: n + i }));

/** `count` charts in one render; what each container shows, in the order it happened: `s3` its view began, `e3` its marks. */
async function drawTogether(count: number, queued: boolean) {
  const box = document.createElement('div');
  document.body.append(box);
  const events: string[] = [];
  const state = new Map<number, string>();
  const observer = new MutationObserver(() => {
    box.querySelectorAll<HTMLElement>('.chart').forEach((chart, i) => {
      const now = chart.querySelector('svg .mark-rect path') ? 'e' : chart.querySelector('svg') ? 's' : '';
      if (now === state.get(i) || !now) return;
      if (now === 'e' && !state.get(i)) events.push(`s${i}`);
      events.push(`${now}${i}`);
      state.set(i, now);
    });
  });
  observer.observe(box, { childList: true, subtree: true });
  render(
    html`${Array.from(
      { length: count },
      (_, i) =>
        html`<div
          class="chart"
          style="width: 300px; height: 200px"
          ${vegaChart({ spec, values: values(i), queued })}
        ></div>`,
    )}`,
    box,
  );
  await waitUntil(() => state.size === count && [...state.values()].every((s) => s === 'e'), 'every chart', {
    timeout: 30_000,
  });
  observer.disconnect();
  return { box, events };
}

describe('vegaChart({ queued })', function () {
  this.timeout(60_000);

  it('draws charts asked for together one after another', async () => {
    const before = liveChartViews();
    const { box, events } = await drawTogether(4, true);
    expect(events).to.deep.equal(['s0', 'e0', 's1', 'e1', 's2', 'e2', 's3', 'e3']);
    expect(liveChartViews() - before).to.equal(4);
    render(html``, box);
    box.remove();
    expect(liveChartViews()).to.equal(before);
  });

  it('a chart removed while it waits for its turn is never drawn', async () => {
    const before = liveChartViews();
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    const chart = (n: number) =>
      html`<div
        class="chart"
        style="width: 300px; height: 200px"
        ${vegaChart({ spec, values: values(n), queued: true })}
      ></div>`;
    render(chart(1), first);
    render(chart(2), second);
    render(html``, second); // gone before its turn
    await waitUntil(() => first.querySelector('svg .mark-rect path'), 'the first chart', { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(liveChartViews() - before).to.equal(1);
    render(html``, first);
    first.remove();
    second.remove();
  });
});
