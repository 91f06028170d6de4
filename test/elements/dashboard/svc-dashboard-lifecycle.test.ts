// <svc-dashboard> in a long-lived page: twenty refreshes and twenty trips out of and back into the DOM leave no
// window listeners, no Vega views and no heap behind.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/elements/dashboard/svc-dashboard.js';
import '../../../src/elements/provider/svc-provider.js';
import type { DashboardConfig, ReportSnapshot } from '../../../src/api/types.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import { chartViewOf } from '../../../src/elements/shared/chart.js';
import { liveChartViews } from '../../../src/elements/shared/vega-chart.js';
import { demoSeed } from '../../../src/engine/index.js';
import { DEMO } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';
import { frames, gc, heapAfterGc, trackWindowListeners, until } from '../lifecycle-helpers.js';

const bars = (id: number, measure: string, dimension: string): ReportSnapshot => ({
  id,
  reportId: id,
  versionNumber: 1,
  kind: 'vega',
  meta: { query: { measures: [measure], dimensions: [dimension] } },
  spec: {
    mark: 'bar',
    encoding: {
      x: { field: dimension.replace('.', '\\.'), type: 'nominal' },
      y: { field: measure.replace('.', '\\.'), type: 'quantitative' },
    },
  },
});

const reports: ReportSnapshot[] = [
  bars(1, 'sales.count', 'sales.customers_region'),
  bars(2, 'sales.total_amount', 'sales.customers_region'),
  bars(3, 'sales.count', 'sales.status'),
  { id: 4, reportId: 4, versionNumber: 1, kind: 'table', meta: { query: { measures: ['sales.count'] } } },
];

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const config: DashboardConfig = {
  title: 'Lifecycle',
  widgets: [
    { id: 'c1', type: 'CHART', position: at(0, 0, 4, 2), config: { reportId: 1 } },
    { id: 'c2', type: 'CHART', position: at(4, 0, 4, 2), config: { reportId: 2 } },
    { id: 'c3', type: 'CHART', position: at(8, 0, 4, 2), config: { reportId: 3 } },
    { id: 't1', type: 'CHART', position: at(0, 2, 6, 1), config: { reportId: 4 } },
    { id: 'x1', type: 'TEXT', position: at(6, 2, 6, 1), config: { markdown: 'Notes' } },
  ],
};
const charts = ['c1', 'c2', 'c3'];
const dataWidgets = [...charts, 't1'];

const shadow = (el: SvcDashboard) => el.shadowRoot!;
const chartViews = (el: SvcDashboard) =>
  charts.map((id) => chartViewOf(shadow(el).querySelector(`[data-widget-id="${id}"] [part="chart"]`)));
const sameViews = (a: unknown[], b: unknown[]) => a.every((view, i) => view && view === b[i]);
const drawnCharts = (el: SvcDashboard) =>
  charts.filter((id) => shadow(el).querySelector(`[data-widget-id="${id}"] [part="chart"] svg .mark-rect path`));

describe('<svc-dashboard> lifecycle', function () {
  this.timeout(180_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(undefined, undefined, { seed: { ...demoSeed, data: { rows: 2000 } } });
  });
  after(async () => setup.dispose());

  it('20 refreshes and 20 moves out of and back into the DOM leave no listeners, views or heap behind', async function () {
    if (!gc) {
      console.warn('Skipped: window.gc is missing; run Chromium with --js-flags=--expose-gc (web-test-runner.config)');
      this.skip();
    }
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: 'lifecycle',
      groups: ['executives'],
    });
    const { token } = await setup.transport.exchangeSessionToken(sessionId);
    const listeners = trackWindowListeners();
    try {
      const root = await fixture<HTMLDivElement>(
        html`<div style="width: 1300px">
          <svc-provider base-url="https://local.svc" .fetch=${setup.engine.fetch} token=${token}>
            <svc-dashboard .dashboard=${{ config, reportSnapshots: reports }}></svc-dashboard>
          </svc-provider>
        </div>`,
      );
      const provider = root.querySelector('svc-provider')!;
      const el = root.querySelector('svc-dashboard')!;
      await until(() => el.dataLoaded, 'svc-dashboard-loaded');
      await until(() => drawnCharts(el).length === charts.length, 'the charts');
      await frames(3);
      const afterFirstRender = listeners.count();

      const heap: number[] = [];
      for (let cycle = 0; cycle < 20; cycle++) {
        const before = new Map(dataWidgets.map((id) => [id, el.getChartData(id)]));
        const views = chartViews(el);
        el.refresh();
        await until(() => dataWidgets.every((id) => el.getChartData(id) !== before.get(id)), 'refreshed data');
        await frames(3);
        // Same specs, new rows: the rows went into the views there were.
        expect(sameViews(views, chartViews(el)), 'the same views').to.equal(true);
        provider.removeChild(el);
        await frames(2);
        provider.appendChild(el);
        await until(
          () => drawnCharts(el).length === charts.length && liveChartViews() === charts.length,
          'the charts again',
        );
        await frames(3);
        heap.push(await heapAfterGc());
      }

      console.log(`heap after gc per cycle (KiB): ${heap.map((h) => Math.round(h / 1024)).join(' ')}`);
      const onScreen = shadow(el).querySelectorAll('[part="chart"]').length;
      const growth = (heap[19] - heap[1]) / heap[1];
      console.log(
        `heap after gc: cycle 2 ${(heap[1] / 1024).toFixed(0)} KiB, cycle 20 ${(heap[19] / 1024).toFixed(0)} KiB ` +
          `(${(growth * 100).toFixed(2)}%, ${((heap[19] - heap[1]) / 18 / 1024).toFixed(1)} KiB per cycle); ` +
          `window listeners ${afterFirstRender} → ${listeners.count()}; Vega views alive ${liveChartViews()}`,
      );
      expect(onScreen).to.equal(charts.length);
      expect(liveChartViews(), 'Vega views alive').to.equal(onScreen);
      expect(listeners.count(), 'window listeners').to.equal(afterFirstRender);
      // Growth is what a leak shows; the heap may shrink after the second cycle (code compiled for the first draws is
      // flushed once it goes unused), which is no leak.
      expect(growth, 'heap growth from cycle 2 to cycle 20').to.be.below(0.05);
    } finally {
      listeners.restore();
    }
  });
});
