// <svc-dashboard> when the provider's viewer changes while cards load or after they failed: every card ends with the
// new viewer's data (the engine's row-level security decides which), none keeps "Loading…" or the error of the viewer
// before — also when the new viewer has the same external id and only other groups. A failure the transport reports
// as an abort is shown, not left loading; a new session of the same viewer loads again what failed.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/dashboard/svc-dashboard.js';
import '../../../src/elements/provider/svc-provider.js';
import type { DashboardConfig, ReportSnapshot } from '../../../src/api/types.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import { demoSeed } from '../../../src/engine/index.js';
import { DEMO } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';

const reports: ReportSnapshot[] = [
  {
    id: 1,
    reportId: 1,
    versionNumber: 1,
    kind: 'table',
    title: 'Orders by region',
    meta: { query: { measures: ['sales.count'], dimensions: ['sales.customers_region'] } },
  },
  {
    id: 2,
    reportId: 2,
    versionNumber: 1,
    kind: 'table',
    title: 'By status',
    sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 1',
  },
  {
    id: 3,
    reportId: 3,
    versionNumber: 1,
    kind: 'kpi',
    title: 'Revenue',
    meta: { query: { measures: ['sales.total_amount'] } },
  },
];
const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const config: DashboardConfig = {
  title: 'Switching viewers',
  widgets: [
    { id: 'regions', type: 'CHART', position: at(0, 0, 4, 2), config: { reportId: 1 } },
    { id: 'status', type: 'CHART', position: at(4, 0, 4, 2), config: { reportId: 2 } },
    { id: 'revenue', type: 'CHART', position: at(8, 0, 4, 1), config: { reportId: 3 } },
  ],
};
const cards = config.widgets!.map((w) => w.id);

type Viewer = { groups: string[]; userAttributes?: { name: string; value: string }[] };
const refused: Viewer = { groups: [] };
const eu: Viewer = { groups: ['sales-eu'], userAttributes: [{ name: 'region', value: 'EU' }] };
const executive: Viewer = { groups: ['executives'] };

const DATA_PATH = /\/cubejs-api\/v1\/(load|cubesql)$/;

describe('<svc-dashboard> when the viewer changes', function () {
  this.timeout(120_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(undefined, undefined, { seed: { ...demoSeed, data: { rows: 3000 } } });
    await setup.transport.load({ query: { measures: ['sales.count'] } }); // the data are ingested
  });
  after(async () => setup.dispose());

  /**
   * A dashboard in a provider whose sessions are `viewer()`'s, always under one external id, over the engine's fetch
   * through `gate` (which may hold or fail data requests).
   */
  async function mount(
    viewer: () => Viewer,
    gate: (request: Request, pass: () => Promise<Response>) => Promise<Response>,
  ) {
    const fetchSession = async () => ({
      sessionId: (
        await setup.transport.generateSession({
          deploymentId: DEMO.deploymentId,
          externalId: 'same-person',
          ...viewer(),
        })
      ).sessionId,
    });
    const fetch = (request: Request) =>
      DATA_PATH.test(new URL(request.url).pathname)
        ? gate(request, () => setup.engine.fetch(request))
        : setup.engine.fetch(request);
    const root = await fixture<HTMLDivElement>(
      html`<div style="width: 1200px">
        <svc-provider base-url="https://local.svc" .fetch=${fetch} .fetchSession=${fetchSession}>
          <svc-dashboard .dashboard=${{ config, reportSnapshots: reports }}></svc-dashboard>
        </svc-provider>
      </div>`,
    );
    return { el: root.querySelector('svc-dashboard')!, provider: root.querySelector<SvcProvider>('svc-provider')! };
  }

  const card = (el: SvcDashboard, id: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`)!;
  const shows = (el: SvcDashboard, id: string) => card(el, id)?.querySelector('[part="table"], [part="kpi"]');
  const errorOf = (el: SvcDashboard, id: string) => card(el, id)?.querySelector('[part="error"]')?.textContent;
  const direct = async (provider: SvcProvider, query: object) => (await provider.activeTransport!.load({ query })).data;

  /** Every card shows its data for the executive (every region), with no error and nothing loading. */
  async function expectExecutiveData(el: SvcDashboard, provider: SvcProvider) {
    await waitUntil(() => cards.every((id) => shows(el, id)), 'every card drawn', { timeout: 30_000 });
    await el.updateComplete;
    for (const id of cards) {
      expect(errorOf(el, id), `${id}: no error`).to.equal(undefined);
      expect(card(el, id).textContent, `${id}: not loading`).to.not.include('Loading');
    }
    const regions = el.getChartData('regions')!.rows.map((r) => r['sales.customers_region']);
    expect(regions.length, 'every region').to.equal(4);
    const total = (await direct(provider, { measures: ['sales.total_amount'] }))[0]['sales.total_amount'];
    expect(el.getChartData('revenue')!.rows[0]['sales.total_amount']).to.equal(total);
  }

  it('cards loading for a viewer when another takes over (same external id, other groups) show the new one’s data', async () => {
    let viewer = eu;
    const held: (() => void)[] = [];
    let holding = true;
    const { el, provider } = await mount(
      () => viewer,
      async (_request, pass) => {
        // Answered for the first viewer now, delivered once the other has taken over.
        // (Cube's "Continue wait" answers pass: the data API asks again, and that answer is held.)
        const response = await pass();
        const body = await response.text();
        if (holding && !body.includes('Continue wait')) await new Promise<void>((resolve) => held.push(resolve));
        return new Response(body, response);
      },
    );
    await waitUntil(() => held.length === cards.length, 'every card’s request on its way', { timeout: 30_000 });
    viewer = executive;
    await provider.newSession();
    // The first viewer's answers arrive after the switch.
    holding = false;
    for (const release of held.splice(0)) release();
    await expectExecutiveData(el, provider);
  });

  it('cards that failed for a viewer the model refuses load for the one after (same external id)', async () => {
    let viewer = refused;
    const { el, provider } = await mount(
      () => viewer,
      (_request, pass) => pass(),
    );
    await waitUntil(() => cards.every((id) => errorOf(el, id)), 'every card refused', { timeout: 30_000 });
    viewer = executive;
    await provider.newSession();
    await expectExecutiveData(el, provider);
  });

  it('a request the transport aborts shows an error; a new session of the same viewer loads it again', async () => {
    let failing = true;
    const { el, provider } = await mount(
      () => executive,
      (request, pass) =>
        failing && new URL(request.url).pathname.endsWith('/cubesql')
          ? Promise.reject(new DOMException('The connection was reset', 'AbortError'))
          : pass(),
    );
    await waitUntil(() => errorOf(el, 'status'), 'the aborted card’s error', { timeout: 30_000 });
    expect(errorOf(el, 'status')).to.include('The connection was reset');
    await waitUntil(() => el.dataLoaded, 'svc-dashboard-loaded', { timeout: 20_000 });
    failing = false;
    await provider.newSession(); // the same viewer
    await expectExecutiveData(el, provider);
  });

  it('svc-dashboard-loaded comes again once the cards are drawn for another viewer, also one the model refuses', async () => {
    let viewer = eu;
    const { el, provider } = await mount(
      () => viewer,
      (_request, pass) => pass(),
    );
    const loaded: number[] = [];
    el.addEventListener('svc-dashboard-loaded', () => loaded.push(performance.now()));
    await waitUntil(() => loaded.length === 1, 'loaded for the first viewer', { timeout: 30_000 });
    // Another viewer: the event comes again when every card shows the executive's data, not before.
    viewer = executive;
    let switched = performance.now();
    await provider.newSession();
    await waitUntil(() => loaded.length === 2, 'loaded again for the executive', { timeout: 10_000 });
    expect(loaded[1] - switched, 'within seconds of the switch').to.be.below(10_000);
    for (const id of cards) expect(shows(el, id), `${id} drawn when the event came`).to.not.equal(null);
    expect(el.dataLoaded).to.equal(true);
    // A viewer the model refuses: every card shows its error, and the event comes for that too.
    viewer = refused;
    switched = performance.now();
    await provider.newSession();
    await waitUntil(() => loaded.length === 3, 'loaded again for the refused viewer', { timeout: 10_000 });
    for (const id of cards) expect(errorOf(el, id), `${id} refused when the event came`).to.be.a('string');
  });
});
