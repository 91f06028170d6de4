// <svc-dashboard>: a card in a tab that is not selected when the dashboard is drawn loads its data once its tab is
// selected — also when it takes the place (same position in the tab's grid) of the card of the tab before, and when
// it is switched to again after the other tab. Cards never stay "Loading…".
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/elements/dashboard/svc-dashboard.js';
import type { DashboardConfig, ReportSnapshot } from '../../../src/api/types.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import { demoSeed } from '../../../src/engine/index.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';

const reports: ReportSnapshot[] = [
  {
    id: 11,
    reportId: 11,
    versionNumber: 1,
    kind: 'kpi',
    title: 'Shipments',
    meta: { query: { measures: ['sales.count'] } },
  },
  {
    id: 12,
    reportId: 12,
    versionNumber: 1,
    kind: 'table',
    title: 'Shipments per lane',
    sqlQuery: 'SELECT status AS lane, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 1',
  },
  {
    id: 13,
    reportId: 13,
    versionNumber: 1,
    kind: 'table',
    title: 'Depots',
    meta: { query: { measures: ['sales.count'], dimensions: ['sales.customers_region'] } },
  },
];
const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const config: DashboardConfig = {
  title: 'Freight',
  widgets: [
    { id: 'intro', type: 'TEXT', position: at(0, 0, 12, 1), config: { markdown: 'Freight this week' } },
    {
      id: 'views',
      type: 'TABS_CONTAINER',
      position: at(0, 1, 12, 4),
      config: {
        tabs: [
          { id: 'overview', title: 'Overview', widgetIds: ['shipments'] },
          { id: 'lanes', title: 'Lanes', widgetIds: ['per-lane', 'depots'] },
        ],
      },
    },
    // The first card of each tab sits at the same place in its tab's grid.
    { id: 'shipments', type: 'CHART', position: at(0, 0, 6, 3), config: { reportId: 11 } },
    { id: 'per-lane', type: 'CHART', position: at(0, 0, 6, 3), config: { reportId: 12 } },
    { id: 'depots', type: 'CHART', position: at(6, 0, 6, 3), config: { reportId: 13 } },
  ],
};

describe('<svc-dashboard> cards in a tab selected later', function () {
  this.timeout(120_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(undefined, undefined, { seed: { ...demoSeed, data: { rows: 2000 } } });
    await setup.transport.load({ query: { measures: ['sales.count'] } }); // the data are ingested
  });
  after(async () => setup.dispose());

  const card = (el: SvcDashboard, id: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`);
  const shows = (el: SvcDashboard, id: string) => !!card(el, id)?.querySelector('[part="table"], [part="kpi"]');
  const tab = (el: SvcDashboard, title: string) =>
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent.includes(title))!;

  async function expectDrawn(el: SvcDashboard, ids: string[]) {
    await waitUntil(() => ids.every((id) => shows(el, id)), `${ids.join(', ')} drawn`, { timeout: 30_000 });
    await el.updateComplete;
    for (const id of ids) expect(card(el, id)!.textContent, `${id}: not loading`).to.not.include('Loading');
  }

  it('load their data when their tab is selected, and again after switching back and forth', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div style="width: 1100px">
        <svc-dashboard .transport=${setup.transport} .dashboard=${{ config, reportSnapshots: reports }}></svc-dashboard>
      </div>`,
    );
    const el = root.querySelector('svc-dashboard')!;
    await expectDrawn(el, ['shipments']);
    expect(card(el, 'per-lane'), 'another tab’s card is not drawn').to.equal(null);

    tab(el, 'Lanes').click();
    await expectDrawn(el, ['per-lane', 'depots']);
    const lanes = el.getChartData('per-lane')!.rows.map((r) => r.lane);
    expect(lanes.length).to.be.greaterThan(1);
    expect(el.getChartData('depots')!.rows.length).to.equal(4);

    tab(el, 'Overview').click();
    await expectDrawn(el, ['shipments']);
    tab(el, 'Lanes').click();
    await expectDrawn(el, ['per-lane', 'depots']);
  });
});
