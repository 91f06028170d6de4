// Charts drawn in the chart worker: the page gets the drawing as SVG, and clicks, tooltips, new rows, new sizes and
// image exports are answered by the worker's view. A chart that needs the page (parameters, selections) is drawn in
// the page; nothing of a drawing that runs or loads reaches the page.
import { expect, waitUntil } from '@open-wc/testing';
import { html, render } from 'lit';
import { vegaChart } from '../../../src/elements/shared/chart.js';
import { chartWorkerUsable, warmChartWorker } from '../../../src/elements/shared/chart-worker-client.js';
import { embedChart, liveChartViews } from '../../../src/elements/shared/vega-chart.js';

/** Whether a drawn mark came from Vega's renderer in the page (it keeps each item on its element). */
const drawnInPage = (el: Element | null) => !!el && '__data__' in el;

/** Kilns of a pottery and their firings: nothing like the demo's sales. */
const bars = {
  mark: { type: 'bar', tooltip: true },
  encoding: {
    x: { field: 'kiln', type: 'nominal' },
    y: { field: 'firings', type: 'quantitative' },
  },
};
const kilns = [
  { kiln: 'Anagama', firings: 12 },
  { kiln: 'Noborigama', firings: 30 },
  { kiln: 'Raku', firings: 7 },
];

describe('embedChart in the chart worker', function () {
  this.timeout(60_000);
  let container: HTMLDivElement;

  beforeEach(() => {
    container = document.createElement('div');
    container.style.cssText = 'width: 420px; height: 260px';
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it('draws the marks as SVG in the container, and counts the chart until it is finalized', async () => {
    // A dashboard warms the worker (Intl set up, Vega loaded) before its first chart: asked twice, it is one worker
    // still, and each asking settles once the worker has done so.
    const warmed = await Promise.all([warmChartWorker('de-DE'), warmChartWorker()]);
    expect(warmed).to.deep.equal([undefined, undefined]);
    const before = liveChartViews();
    const chart = await embedChart(container, bars, kilns, { fitHeight: true });
    const svg = container.querySelector('svg.marks')!;
    expect(svg, 'an SVG drawing').to.not.equal(null);
    expect(container.querySelectorAll('svg .mark-rect path').length).to.equal(3);
    expect(chartWorkerUsable(), 'the chart worker started').to.equal(true);
    expect(drawnInPage(container.querySelector('svg .mark-rect path')), 'drawn in the worker').to.equal(false);
    // Fitted to the container, axes included.
    expect(Number(svg.getAttribute('width'))).to.be.within(400, 420);
    expect(Number(svg.getAttribute('height'))).to.be.within(240, 260);
    const labels = [...container.querySelectorAll('svg .role-axis-label text')].map((t) => t.textContent);
    expect(labels).to.include.members(['Anagama', 'Noborigama', 'Raku']);
    expect(liveChartViews() - before).to.equal(1);
    chart.finalize();
    chart.finalize();
    expect(liveChartViews()).to.equal(before);
  });

  it('a click on a bar gives its row; the pointer over it, its tooltip as the title', async () => {
    const chart = await embedChart(container, bars, kilns, { fitHeight: true });
    const seen: unknown[] = [];
    chart.view.addEventListener('click', (_event, item) => seen.push(item?.datum));
    const paths = [...container.querySelectorAll('svg .mark-rect path')];
    const tallest = paths.reduce((a, b) =>
      b.getBoundingClientRect().height > a.getBoundingClientRect().height ? b : a,
    );
    const box = tallest.getBoundingClientRect();
    const point = { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height - 3 };
    tallest.dispatchEvent(new MouseEvent('click', point));
    await waitUntil(() => seen.length === 1, 'the click answered');
    expect(seen[0]).to.include({ kiln: 'Noborigama', firings: 30 });
    tallest.dispatchEvent(new PointerEvent('pointermove', point));
    await waitUntil(() => container.getAttribute('title'), 'the tooltip');
    expect(container.getAttribute('title')).to.equal('kiln: Noborigama\nfirings: 30');
    // Nothing under the pointer: no tooltip, and a click there gives no row.
    const empty = { bubbles: true, clientX: box.x + 2, clientY: container.getBoundingClientRect().y + 2 };
    container.dispatchEvent(new PointerEvent('pointermove', empty));
    await waitUntil(() => !container.hasAttribute('title'), 'the tooltip gone');
    container.dispatchEvent(new MouseEvent('click', empty));
    await waitUntil(() => seen.length === 2, 'the empty click answered');
    expect(seen[1]).to.equal(undefined);
    chart.finalize();
  });

  it('writes numbers in the locale asked for (its formats made in the worker)', async () => {
    const big = kilns.map((k) => ({ ...k, firings: k.firings * 1000 }));
    const chart = await embedChart(container, bars, big, { fitHeight: true, locale: 'de-DE' });
    const labels = [...container.querySelectorAll('svg .role-axis-label text')].map((t) => t.textContent ?? '');
    expect(
      labels.some((l) => /^\d{1,2}\.000$/.test(l)),
      labels.join(' | '),
    ).to.equal(true);
    chart.finalize();
  });

  it('a click on a drawing that new rows are about to replace gives no row; on the new drawing, its row', async () => {
    const chart = await embedChart(container, bars, kilns, { fitHeight: true });
    const seen: unknown[] = [];
    chart.view.addEventListener('click', (_event, item) => seen.push(item?.datum ?? null));
    const clickFirstBar = () => {
      const box = container.querySelector('svg .mark-rect path')!.getBoundingClientRect();
      const at = { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height - 8 };
      container.querySelector('svg .mark-rect path')!.dispatchEvent(new MouseEvent('click', at));
    };
    const updated = chart.setValues([{ kiln: 'Wood', firings: 3 }, ...kilns]);
    clickFirstBar();
    await updated;
    expect(seen).to.deep.equal([null]);
    clickFirstBar();
    await waitUntil(() => seen.length === 2, 'the click on the new drawing');
    expect(seen[1]).to.include({ firings: 3 });
    chart.finalize();
  });

  it('new rows and a new size redraw in place', async () => {
    const chart = await embedChart(container, bars, kilns, { fitHeight: true });
    await chart.setValues([...kilns, { kiln: 'Wood', firings: 3 }]);
    expect(container.querySelectorAll('svg .mark-rect path').length).to.equal(4);
    await chart.setSize(300, 200);
    const svg = container.querySelector('svg.marks')!;
    expect(Number(svg.getAttribute('width'))).to.be.within(280, 300);
    expect(Number(svg.getAttribute('height'))).to.be.within(180, 200);
    chart.finalize();
  });

  it('a box that changed while the worker drew (a scrollbar came, say) is drawn for again', async () => {
    // Narrower as soon as the drawing is asked for: the worker draws for the old width.
    const post = Object.getOwnPropertyDescriptor(Worker.prototype, 'postMessage')!;
    Worker.prototype.postMessage = function (this: Worker, message: { op?: string }, ...rest: never[]) {
      if (message?.op === 'draw') container.style.width = '300px';
      return (post.value as (...args: unknown[]) => void).call(this, message, ...rest);
    };
    try {
      const chart = vegaChart({ spec: bars, values: kilns, fitHeight: true });
      render(html`<div style="width: 100%; height: 100%" ${chart}></div>`, container);
      const target = container.firstElementChild as HTMLElement;
      await waitUntil(() => Number(target.querySelector('svg.marks')?.getAttribute('width')) <= 300, 'redrawn');
      expect(target.scrollWidth).to.be.at.most(target.clientWidth + 1);
    } finally {
      Object.defineProperty(Worker.prototype, 'postMessage', post);
      render(html``, container);
    }
  });

  it('exports SVG and PNG images', async () => {
    const chart = await embedChart(container, bars, kilns);
    const svgUrl = await chart.view.toImageURL('svg');
    const svgText = await (await fetch(svgUrl)).text();
    expect(svgText).to.match(/^<svg/);
    expect(svgText).to.include('Noborigama');
    const png = await (await fetch(await chart.view.toImageURL('png'))).blob();
    expect(png.type).to.equal('image/png');
    const image = await createImageBitmap(png);
    expect(image.width).to.be.greaterThan(100);
    chart.finalize();
  });

  it('a spec with a selection is drawn in the page (its events are the page’s)', async () => {
    const brush = { ...bars, params: [{ name: 'pick', select: { type: 'point' } }] };
    const before = liveChartViews();
    const chart = await embedChart(container, brush, kilns);
    expect(container.querySelectorAll('svg .mark-rect path').length).to.equal(3);
    expect(drawnInPage(container.querySelector('svg .mark-rect path')), 'drawn in the page').to.equal(true);
    expect(liveChartViews() - before).to.equal(1);
    chart.finalize();
  });

  it('a spec whose data would load from the network fails, and its markup carries nothing that runs', async () => {
    const evil = {
      ...bars,
      title: '<img src=x onerror="window.__chartXss=1">',
      encoding: { ...bars.encoding, href: { field: 'link' } },
    };
    const chart = await embedChart(container, evil, [
      { kiln: '<script>window.__chartXss=2</script>', firings: 1, link: 'javascript:window.__chartXss=3' },
    ]);
    expect(container.querySelector('script, img, a, foreignObject')).to.equal(null);
    expect(
      [...container.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => /^on/i.test(a.name))),
    ).to.equal(false);
    expect((window as { __chartXss?: number }).__chartXss).to.equal(undefined);
    chart.finalize();
  });
});
