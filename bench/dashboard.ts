// <svc-dashboard> with 50 widgets (40 charts) on the local engine in Chromium: time to the first paint of the grid
// and to every chart in view drawn, against mounting the same 40 specs with plain vega-embed in a loop after
// fetching their data through the same transport (the baseline), measured in the same run.
import '../src/elements/dashboard/svc-dashboard.js';
import type { DashboardConfig, ReportSnapshot } from '../src/api/types.js';
import { DEMO, createLocalEngine, demoSeed } from '../src/engine/index.js';
import { HttpTransport } from '../src/transport/http-transport.js';
import { median, type Row } from './util.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));
const dims = ['sales.customers_region', 'sales.status', 'sales.products_category', 'sales.customers_segment'];
const measures = ['sales.count', 'sales.total_amount', 'sales.average_amount', 'sales.total_quantity'];

function dashboard(): { config: DashboardConfig; reports: ReportSnapshot[] } {
  const reports: ReportSnapshot[] = Array.from({ length: 40 }, (_, i) => {
    const d = dims[i % dims.length];
    const m = measures[Math.floor(i / dims.length) % measures.length];
    return {
      id: i + 1,
      reportId: i + 1,
      versionNumber: 1,
      kind: 'vega',
      title: `Chart ${i + 1}`,
      meta: { query: { measures: [m], dimensions: [d] } },
      spec: {
        mark: i % 2 ? 'bar' : 'arc',
        encoding:
          i % 2
            ? {
                x: { field: d.replace('.', '\\.'), type: 'nominal' },
                y: { field: m.replace('.', '\\.'), type: 'quantitative' },
              }
            : {
                theta: { field: m.replace('.', '\\.'), type: 'quantitative' },
                color: { field: d.replace('.', '\\.'), type: 'nominal' },
              },
      },
    };
  });
  const widgets: DashboardConfig['widgets'] = [
    ...Array.from({ length: 5 }, (_, i) => ({
      id: `text${i}`,
      type: 'TEXT' as const,
      position: { x: (i % 3) * 4, y: 100 + i, w: 4, h: 1 },
      config: { markdown: `## Notes ${i}\n\nSome **context** for the charts.` },
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      id: `filter${i}`,
      type: 'FILTER' as const,
      position: { x: (i % 4) * 3, y: 0, w: 3, h: 1 },
      config: { member: dims[i % dims.length] },
    })),
    ...reports.map((r, i) => ({
      id: `chart${i}`,
      type: 'CHART' as const,
      position: { x: (i % 3) * 4, y: 1 + Math.floor(i / 3) * 2, w: 4, h: 2 },
      config: { reportId: r.reportId },
    })),
  ];
  return { config: { title: 'Bench', widgets }, reports };
}

export async function dashboardBench(runs = 5): Promise<Row[]> {
  const name = `bench-dash-${Date.now()}`;
  const engine = await createLocalEngine({ name, seed: { ...demoSeed, data: { rows: 20_000 } } });
  const admin = new HttpTransport({
    baseUrl: 'https://bench.svc',
    fetch: engine.fetch,
    auth: { apiKey: DEMO.adminKey },
  });
  const { sessionId } = await admin.generateSession({
    deploymentId: DEMO.deploymentId,
    externalId: 'bench',
    groups: ['executives'],
  });
  const { token } = await admin.exchangeSessionToken(sessionId);
  const transport = new HttpTransport({
    baseUrl: 'https://bench.svc',
    fetch: engine.fetch,
    auth: { bearerToken: token },
  });
  const { config, reports } = dashboard();
  // Warm: DuckDB's ingest and vega's first load are paid once, before either side is timed.
  await transport.load({ query: { measures: ['sales.count'] } });
  await import('vega-embed');

  const grid: number[] = [];
  const visible: number[] = [];
  const baseline: number[] = [];
  let visibleCharts = 0;
  for (let run = 0; run < runs; run++) {
    // svc-dashboard.
    const host = document.createElement('div');
    host.style.width = '1260px';
    document.body.append(host);
    const t0 = performance.now();
    const el = document.createElement('svc-dashboard');
    el.transport = transport;
    el.dashboard = { config, reportSnapshots: reports };
    host.append(el);
    for (;;) {
      await frame();
      const root = el.shadowRoot;
      if (root?.querySelector('[part="grid"]')) break;
    }
    grid.push(performance.now() - t0);
    for (;;) {
      await frame();
      const frames = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-widget-type="CHART"]')].filter((f) => {
        const r = f.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight;
      });
      if (frames.length && frames.every((f) => f.querySelector('[part="chart"] svg'))) {
        visibleCharts = frames.length;
        break;
      }
    }
    visible.push(performance.now() - t0);
    host.remove();

    // Baseline: the 40 specs with plain vega-embed in a loop, data fetched through the same transport.
    const { default: embed } = await import('vega-embed');
    const box = document.createElement('div');
    document.body.append(box);
    const b0 = performance.now();
    const data = await Promise.all(reports.map((r) => transport.load({ query: r.meta!.query! })));
    for (const [i, r] of reports.entries()) {
      const div = document.createElement('div');
      div.style.cssText = 'width: 400px; height: 300px';
      box.append(div);
      await embed(div, { ...(r.spec as object), data: { values: data[i].data }, width: 'container' } as never, {
        renderer: 'svg',
        actions: false,
      });
    }
    await frame();
    baseline.push(performance.now() - b0);
    box.remove();
  }
  await engine.close();
  indexedDB.deleteDatabase(name);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  return [
    {
      measure: '50 widgets (40 charts): first paint of the grid',
      value: ms(median(grid)),
      baseline: '',
      ratio: '',
      target: '',
    },
    {
      measure: `… every chart in view drawn (${visibleCharts} in a 1260 px × ${innerHeight} px view)`,
      value: ms(median(visible)),
      baseline: `${ms(median(baseline))} (40 × vega-embed)`,
      ratio: `${(median(visible) / median(baseline)).toFixed(2)}×`,
      target: '≤ 0.5×',
    },
  ];
}
