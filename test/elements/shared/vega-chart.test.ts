// embedChart in the page draws a chart in stages, giving the main thread back between them: Vega-Lite's compilation,
// Vega's parse, the view's dataflow and SVG element, and the run that draws the marks are never one task. Each yield
// is seen through the `scheduler.yield()` that src/util/next-task.ts uses (a stand-in installed here, so every browser
// has one), with what the container held at that moment. (The chart worker's drawing: chart-worker-client.test.ts.)
import { expect } from '@open-wc/testing';
import { embedChart, liveChartViews } from '../../../src/elements/shared/vega-chart.js';

/** A sensor reading per greenhouse: nothing like the demo's sales. */
const spec = {
  mark: 'line',
  encoding: {
    x: { field: 'hour', type: 'quantitative' },
    y: { field: 'humidity', type: 'quantitative' },
    color: { field: 'house', type: 'nominal' },
  },
};
const values = ['north', 'south'].flatMap((house, h) =>
  Array.from({ length: 24 }, (_, hour) => ({ house, hour, humidity: 40 + h * 10 + (hour % 6) })),
);

describe('embedChart', function () {
  this.timeout(60_000);
  const own = Object.getOwnPropertyDescriptor(globalThis, 'scheduler');
  let seen: string[] = [];
  let container: HTMLDivElement;

  beforeEach(() => {
    container = document.createElement('div');
    container.style.cssText = 'width: 400px; height: 240px';
    document.body.append(container);
    seen = [];
    const state = () =>
      container.querySelector('svg .mark-line path') ? 'marks' : container.querySelector('svg') ? 'svg' : 'empty';
    const yieldNow = () =>
      new Promise<void>((resolve) => {
        seen.push(state());
        setTimeout(resolve, 0);
      });
    Object.defineProperty(globalThis, 'scheduler', { value: { yield: yieldNow }, configurable: true, writable: true });
  });

  afterEach(() => {
    if (own) Object.defineProperty(globalThis, 'scheduler', own);
    else delete (globalThis as { scheduler?: unknown }).scheduler;
    container.remove();
  });

  it('yields between compiling, parsing, building the view and drawing its marks', async () => {
    const before = liveChartViews();
    const chart = await embedChart(container, spec, values, { where: 'page' });
    // The marks are there at the end, and came after four yields: modules | compile | parse | view | run; the SVG
    // element comes with its marks (no empty chart in between).
    expect(container.querySelectorAll('svg .mark-line path').length).to.equal(2);
    expect(seen).to.deep.equal(['empty', 'empty', 'empty', 'empty']);
    expect(liveChartViews() - before).to.equal(1);
    chart.finalize();
    expect(liveChartViews()).to.equal(before);
  });

  it('draws two measures by one breakdown as layers: bars side by side, told apart by their titles, inside the box', async () => {
    // The local analyst's shape for "passengers vs vehicles by route" (answer.ts): a layer each, the colour and the
    // offset a datum (the title as data), titles with markup kept as text.
    const layer = (field: string, title: string) => ({
      mark: 'bar',
      encoding: {
        x: { field: 'route', type: 'nominal', sort: null },
        y: { field, type: 'quantitative', title: 'Passengers, <b>Vehicles</b>' },
        color: { datum: title, type: 'nominal', title: null },
        xOffset: { datum: title },
      },
    });
    const rows = [
      { route: 'Harbour - Isle', passengers: 410, vehicles: 96 },
      { route: 'Isle - Point', passengers: 265, vehicles: 71 },
    ];
    const chart = await embedChart(
      container,
      { layer: [layer('passengers', 'Passengers'), layer('vehicles', '<b>Vehicles</b>')] },
      rows,
      { where: 'page' },
    );
    const bars = [...container.querySelectorAll('svg .mark-rect path')];
    expect(bars.length).to.equal(4);
    // Side by side: four distinct left edges.
    expect(new Set(bars.map((b) => Math.round(b.getBoundingClientRect().left))).size).to.equal(4);
    const labels = [...container.querySelectorAll('svg .role-legend-label text')].map((t) => t.textContent);
    expect(labels).to.deep.equal(['Passengers', '<b>Vehicles</b>']);
    expect(container.querySelector('svg b')).to.equal(null);
    expect(container.querySelector('svg')!.getBoundingClientRect().width).to.be.at.most(401);
    chart.finalize();
  });
});
