// A chart whose rows are on the way has Vega and Vega-Lite loaded meanwhile (in idle time), so it is drawn when they
// come, not after the libraries load; a table's rows do not load them. Its own file: a page that has loaded Vega once
// keeps it.
import { expect, waitUntil } from '@open-wc/testing';
import type { ReportSnapshot } from '../../../../src/api/types.js';
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../../../src/engine/index.js';
import { HttpTransport } from '../../../../src/transport/http-transport.js';
import { mountDashboard } from './mount.js';

performance.setResourceTimingBufferSize(100_000); // the test page loads hundreds of modules
const vegaLoaded = () =>
  performance.getEntriesByType('resource').some((e) => /\/vega-lite\/|\/vega\/build\//.test(e.name));

const report = (id: number, kind: ReportSnapshot['kind']): ReportSnapshot => ({
  id,
  reportId: id,
  versionNumber: 1,
  title: `Report ${id}`,
  kind,
  meta: { query: { measures: ['sales.count'], dimensions: ['sales.status'] } },
  ...(kind === 'vega' && {
    spec: {
      mark: 'bar',
      encoding: {
        y: { field: 'sales\\.status', type: 'nominal' },
        x: { field: 'sales\\.count', type: 'quantitative' },
      },
    },
  }),
});
const widget = (id: string, reportId: number, y: number) => ({
  id,
  type: 'CHART' as const,
  position: { x: 0, y, w: 12, h: 3 },
  config: { reportId },
});

describe('<svc-dashboard>: Vega loads while a chart waits for its rows', function () {
  this.timeout(180_000);
  let engine: LocalEngine;
  /** The engine's fetch, holding every /load until released. */
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetching: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/cubejs-api/v1/load')) await held;
    return engine.fetch(input, init);
  };

  before(async () => {
    engine = await createLocalEngine({
      name: `chart-preload-${Math.random()}`,
      seed: { ...demoSeed, data: { rows: 500 } },
    });
  });
  after(() => engine.close());

  it('a table waiting for rows loads nothing; a chart waiting for rows has Vega loaded before they come', async () => {
    const admin = new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth: { apiKey: DEMO.adminKey },
    });
    const mounting = mountDashboard({
      engine: { ...engine, fetch: fetching },
      admin,
      externalId: 'preload',
      title: 'Preload',
      widgets: [widget('t', 1, 0)],
      reports: [report(1, 'table')],
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // idle time enough to have loaded it
    expect(vegaLoaded(), 'a table does not load Vega').to.equal(false);
    // The same page, a chart now.
    const dashboard = document.querySelector('svc-dashboard')!;
    dashboard.dashboard = {
      config: { title: 'Preload', widgets: [widget('c', 2, 0)] },
      reportSnapshots: [report(2, 'vega')],
    };
    await waitUntil(vegaLoaded, 'Vega loaded while the rows are held', { timeout: 30_000 });
    release();
    const shown = await mounting;
    await waitUntil(
      () => shown.shadowRoot!.querySelectorAll('[part="chart"] svg .mark-rect path').length > 0,
      'the chart drawn once its rows came',
      { timeout: 60_000 },
    );
  });
});
