// <svc-dashboard> on the local engine, through <svc-provider> sessions of external viewers: every widget type
// renders, filters and the time grain reach exactly the reports they concern (numbers equal direct data queries),
// row-level security per provider, pixel positions equal the layout core's, tabs from the keyboard, axe.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/elements/dashboard/svc-dashboard.js';
import '../../../src/elements/provider/svc-provider.js';
import type { DashboardConfig, ReportSnapshot } from '../../../src/api/types.js';
import type { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import type { SvcProvider } from '../../../src/elements/provider/svc-provider.js';
import { demoSeed } from '../../../src/engine/index.js';
import { layoutGrid } from '../../../src/elements/dashboard/grid.js';
import type { HttpTransport } from '../../../src/transport/http-transport.js';
import { DEMO } from '../../engine/helpers.js';
import { engineAndTransport, type TestSetup } from '../helpers.js';

const report = (id: number, kind: ReportSnapshot['kind'], rest: Partial<ReportSnapshot>): ReportSnapshot => ({
  id,
  reportId: id,
  versionNumber: 1,
  kind,
  ...rest,
});

const byRegion = { measures: ['sales.count'], dimensions: ['sales.customers_region'] };
const reports: ReportSnapshot[] = [
  report(1, 'vega', {
    title: 'Orders by region',
    meta: { query: byRegion },
    spec: {
      mark: 'bar',
      encoding: {
        x: { field: 'sales\\.customers_region', type: 'nominal' },
        y: { field: 'sales\\.count', type: 'quantitative' },
      },
    },
  }),
  report(2, 'table', {
    title: 'By status',
    sqlQuery: 'SELECT status, MEASURE(count) AS n FROM sales GROUP BY 1 ORDER BY 1',
  }),
  report(3, 'kpi', { title: 'Revenue', meta: { query: { measures: ['sales.total_amount'] } } }),
  report(4, 'table', {
    title: 'Orders over time',
    meta: {
      query: { measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }] },
    },
  }),
  report(5, 'table', {
    title: 'Catalog',
    meta: { query: { measures: ['catalog.count'], dimensions: ['catalog.category'] } },
  }),
  report(6, 'kpi', { title: 'Orders', meta: { query: { measures: ['sales.count'] } } }),
  report(7, 'table', { title: 'Broken', sqlQuery: 'SELECT nothing FROM nowhere' }),
  report(8, 'html', {
    title: 'Custom',
    meta: { query: { measures: ['sales.count'] } },
    spec: '<p>Custom report</p><script>parent.postMessage({ type: "html-report", top: (() => { try { return parent.document.title; } catch { return "blocked"; } })() }, "*")</script>',
  }),
];

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const config: DashboardConfig = {
  title: 'Sales',
  widgets: [
    {
      id: 'f1',
      type: 'FILTER',
      position: at(0, 0, 3, 1),
      config: { member: 'sales.customers_region', label: 'Region' },
    },
    { id: 'g1', type: 'TIME_GRAIN', position: at(3, 0, 3, 1), config: { grains: ['month', 'quarter', 'year'] } },
    { id: 't1', type: 'TEXT', position: at(6, 0, 6, 1), config: { markdown: '## Sales\n\nRevenue **by region**.' } },
    { id: 'c1', type: 'CHART', position: at(0, 1, 6, 2), config: { reportId: 1 } },
    { id: 'c2', type: 'CHART', position: at(6, 1, 6, 2), config: { reportId: 2 } },
    { id: 'c3', type: 'CHART', position: at(0, 3, 4, 1), config: { reportId: 3 } },
    { id: 'c4', type: 'CHART', position: at(4, 3, 8, 2), config: { reportId: 4 } },
    { id: 'c5', type: 'CHART', position: at(0, 5, 6, 2), config: { reportId: 5 } },
    { id: 'c7', type: 'CHART', position: at(6, 5, 6, 1), config: { reportId: 7 } },
    {
      id: 'tabs',
      type: 'TABS_CONTAINER',
      position: at(0, 7, 12, 2),
      config: {
        tabs: [
          { id: 'a', title: 'Overview', widgetIds: ['c6'] },
          { id: 'b', title: 'Notes', widgetIds: ['t2'] },
        ],
      },
    },
    { id: 'c6', type: 'CHART', position: at(0, 0, 6, 1), config: { reportId: 6 } },
    { id: 't2', type: 'TEXT', position: at(0, 0, 12, 1), config: { markdown: 'Notes in the second tab.' } },
    { id: 'ai', type: 'AI', position: at(0, 9, 12, 3), config: { prompt: 'Summarise revenue by region' } },
    { id: 'c8', type: 'CHART', position: at(0, 12, 6, 2), config: { reportId: 8 } },
  ],
};

/** The demo model plus a `catalog` view over products, which no sales filter concerns. */
const dataModel = {
  ...demoSeed.dataModel!,
  views: [
    ...(demoSeed.dataModel!.views ?? []),
    { name: 'catalog', cubes: [{ join_path: 'products', includes: '*' }], access_policy: [{ group: '*' }] },
  ],
} as typeof demoSeed.dataModel;

async function sessionFor(admin: HttpTransport, externalId: string, region: string) {
  const { sessionId } = await admin.generateSession({
    deploymentId: DEMO.deploymentId,
    externalId,
    groups: [region === 'EU' ? 'sales-eu' : 'sales-us'],
    userAttributes: [{ name: 'region', value: region }],
  });
  return sessionId;
}

/** A provider on the engine with the session `sessionId`, around `inner`, in a box `width` px wide. */
function provided(setup: TestSetup, sessionId: string, inner: unknown, width = 1300) {
  return fixture<HTMLDivElement>(
    html`<div style=${`width: ${width}px`}>
      <svc-provider
        base-url="https://local.svc"
        account-name=${DEMO.accountName}
        agent-id=${DEMO.agentId}
        .fetch=${setup.engine.fetch}
        session-id=${sessionId}
      >
        ${inner}
      </svc-provider>
    </div>`,
  );
}

/** Resolves once svc-dashboard-loaded has been sent (before or after this call). */
const loaded = (el: SvcDashboard) =>
  el.dataLoaded ? Promise.resolve() : waitUntil(() => el.dataLoaded, 'svc-dashboard-loaded', { timeout: 30_000 });

const frame = (el: SvcDashboard, id: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`)!;

describe('<svc-dashboard>', function () {
  this.timeout(120_000);
  let setup: TestSetup;
  before(async () => {
    setup = await engineAndTransport(undefined, undefined, { seed: { ...demoSeed, dataModel, data: { rows: 5000 } } });
  });
  after(async () => setup.dispose());

  async function mount(region = 'EU', width = 1300) {
    const sessionId = await sessionFor(setup.transport, `viewer-${region}-${Math.random()}`, region);
    const root = await provided(
      setup,
      sessionId,
      html`<svc-dashboard .dashboard=${{ config, reportSnapshots: reports }}></svc-dashboard>`,
      width,
    );
    const el = root.querySelector('svc-dashboard')!;
    const provider = root.querySelector('svc-provider')!;
    return { root, el, provider };
  }

  const direct = async (provider: SvcProvider, query: object, extra: object = {}) =>
    (await provider.activeTransport!.load({ query, ...extra })).data;

  it('renders every widget type with live data; a failing widget shows its error and the rest still render', async () => {
    const { el, provider } = await mount();
    await loaded(el);
    await waitUntil(() => frame(el, 'c1').querySelector('[part="chart"] svg path'), 'the bar chart', {
      timeout: 30_000,
    });
    expect(frame(el, 'c1').dataset.widgetType).to.equal('CHART');
    const table = frame(el, 'c2').querySelector('[part="table"]')!;
    expect(table.querySelectorAll('tbody tr').length).to.equal(5);
    const revenue = (await direct(provider, { measures: ['sales.total_amount'] }))[0]['sales.total_amount'] as number;
    expect(frame(el, 'c3').querySelector('[part="kpi"]')!.textContent.trim()).to.equal(
      Math.abs(revenue) >= 1e6
        ? new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, notation: 'compact' }).format(revenue)
        : new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(revenue),
    );
    await waitUntil(() => frame(el, 't1').querySelector('h2'), 'the text widget', { timeout: 20_000 });
    expect(frame(el, 't1').querySelector('strong')!.textContent).to.equal('by region');
    frame(el, 'c7').scrollIntoView();
    await waitUntil(() => frame(el, 'c7').querySelector('[part="error"]'), 'the failing widget’s error', {
      timeout: 20_000,
    });
    expect(frame(el, 'c7').querySelector('[part="error"]')!.textContent).to.match(/nowhere|not found|unknown/i);
    await waitUntil(() => frame(el, 'c5').querySelectorAll('tbody tr').length === 8, 'its neighbour still renders', {
      timeout: 20_000,
    });
    // The viewer sees one region: the filter offers it, not "All".
    expect([...frame(el, 'f1').querySelectorAll('option')].map((o) => o.textContent.trim())).to.deep.equal(['EU']);
    expect(frame(el, 'ai').querySelector('svc-chat')).to.not.equal(null);
    expect(frame(el, 'tabs').querySelector('[role="tablist"]')).to.not.equal(null);
    expect(el.getChartData('c1')!.rows.map((r) => r['sales.customers_region'])).to.deep.equal(['EU']);
    // An html report runs in a frame without same-origin: it cannot reach the page.
    const message = new Promise<{ top: string }>((resolve) =>
      addEventListener('message', (e: MessageEvent) => {
        if ((e.data as { type?: string }).type === 'html-report') resolve(e.data as { top: string });
      }),
    );
    frame(el, 'c8').scrollIntoView();
    await waitUntil(() => frame(el, 'c8').querySelector('iframe'), 'the html report', { timeout: 20_000 });
    expect(frame(el, 'c8').querySelector('iframe')!.getAttribute('sandbox')).to.equal('allow-scripts');
    expect((await message).top).to.equal('blocked');
    await expect(el).to.be.accessible();
  });

  it('a FILTER change reloads exactly the reports that read its member, with the numbers of a direct query', async () => {
    const { el, provider } = await mount('EU');
    await loaded(el);
    const before = new Map(['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => [id, el.getChartData(id)]));
    const select = frame(el, 'f1').querySelector('select')!;
    await waitUntil(() => select.options.length === 1, 'the filter options', { timeout: 20_000 });
    const changed = oneEvent(el, 'svc-filters-changed');
    select.value = 'EU';
    select.dispatchEvent(new Event('change'));
    expect(((await changed) as unknown as { filters: Record<string, string[]> }).filters).to.deep.equal({
      'sales.customers_region': ['EU'],
    });
    await waitUntil(() => ['c1', 'c2', 'c3', 'c4'].every((id) => el.getChartData(id) !== before.get(id)), 'reloads', {
      timeout: 20_000,
    });
    expect(el.getChartData('c5')).to.equal(before.get('c5'));
    const filters = [{ member: 'sales.customers_region', operator: 'equals', values: ['EU'] }];
    const expected = await direct(provider, { measures: ['sales.total_amount'] }, { filters });
    expect(el.getChartData('c3')!.rows).to.deep.equal(expected);
  });

  it('TIME_GRAIN changes the granularity of the reports with a time dimension', async () => {
    const { el, provider } = await mount('US');
    await loaded(el);
    const monthly = el.getChartData('c4')!.rows.length;
    const select = frame(el, 'g1').querySelector('select')!;
    select.value = 'year';
    select.dispatchEvent(new Event('change'));
    await waitUntil(() => el.getChartData('c4')!.rows.length !== monthly, 'yearly rows', { timeout: 20_000 });
    const query = {
      measures: ['sales.count'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'year' }],
    };
    expect(el.getChartData('c4')!.rows).to.deep.equal(await direct(provider, query));
    expect(el.getChartData('c4')!.rows.length).to.be.lessThan(monthly);
  });

  it('two providers with two viewers show their own totals (row-level security)', async () => {
    const eu = await mount('EU');
    const us = await mount('US');
    await Promise.all([loaded(eu.el), loaded(us.el)]);
    // Charts load when they come into view: bring each KPI there.
    for (const el of [eu.el, us.el]) {
      frame(el, 'c3').scrollIntoView();
      await waitUntil(() => el.getChartData('c3'), 'the KPI in view', { timeout: 20_000 });
    }
    const total = (el: SvcDashboard) => el.getChartData('c3')!.rows[0]['sales.total_amount'];
    expect(total(eu.el)).to.not.equal(total(us.el));
    expect(total(eu.el)).to.equal(
      (await direct(eu.provider, { measures: ['sales.total_amount'] }))[0]['sales.total_amount'],
    );
    expect(total(us.el)).to.equal(
      (await direct(us.provider, { measures: ['sales.total_amount'] }))[0]['sales.total_amount'],
    );
  });

  it('places widgets at the layout core’s pixels (within 1 px) at four widths, filters and text at their content’s height', async () => {
    for (const width of [1300, 1100, 800, 400]) {
      const { el } = await mount('EU', width);
      await waitUntil(() => el.shadowRoot!.querySelector('[part="grid"]'), 'the grid', { timeout: 20_000 });
      await waitUntil(() => frame(el, 't1').querySelector('h2'), 'the text', { timeout: 20_000 });
      await el.updateComplete; // every widget drawn (one per slice)
      const top = config.widgets!.filter((w) => !['c6', 't2'].includes(w.id));
      const heights = () =>
        new Map(['f1', 'g1', 't1'].map((id) => [id, frame(el, id).querySelector<HTMLElement>('.fit')!.offsetHeight]));
      // Content-sized frames take their content's height a frame after it was drawn and measured.
      await waitUntil(
        () =>
          layoutGrid(config, top, el.clientWidth, heights()).items.every(
            (item) => Math.abs(frame(el, item.id).offsetHeight - item.height) <= 1,
          ),
        'the content-sized frames at their content’s height',
      );
      await el.updateComplete;
      const grid = el.shadowRoot!.querySelector('[part="grid"]')!.getBoundingClientRect();
      const expected = layoutGrid(config, top, el.clientWidth, heights());
      // Filters are compact (less than the 150 px row); text is never clipped.
      for (const id of ['f1', 'g1']) expect(frame(el, id).offsetHeight, `${width}: ${id}`).to.be.below(100);
      const text = frame(el, 't1');
      expect(text.scrollHeight, `${width}: text`).to.be.at.most(text.clientHeight);
      // Whole-row widgets keep react-grid-layout's heights.
      expect(frame(el, 'c1').offsetHeight).to.equal(310);
      for (const item of expected.items) {
        const r = frame(el, item.id).getBoundingClientRect();
        expect(Math.abs(r.left - grid.left - item.left), `${width}: ${item.id} left`).to.be.at.most(1);
        expect(Math.abs(r.top - grid.top - item.top), `${width}: ${item.id} top`).to.be.at.most(1);
        expect(Math.abs(r.width - item.width), `${width}: ${item.id} width`).to.be.at.most(1);
        expect(Math.abs(r.height - item.height), `${width}: ${item.id} height`).to.be.at.most(1);
      }
      expect(Math.abs(grid.height - expected.height)).to.be.at.most(1);
    }
  });

  it('tabs work from the keyboard', async () => {
    const { el } = await mount();
    await waitUntil(() => el.shadowRoot!.querySelector('[part="grid"]'), 'the grid', { timeout: 20_000 });
    const tabs = () => [...frame(el, 'tabs').querySelectorAll<HTMLElement>('[role="tab"]')];
    await waitUntil(() => tabs().length, 'the tabs drawn (widgets are drawn one per slice)', { timeout: 20_000 });
    tabs()[0].focus();
    tabs()[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
    await el.updateComplete;
    await waitUntil(() => el.shadowRoot!.activeElement === tabs()[1], 'focus on the second tab', { timeout: 20_000 });
    expect(tabs()[1].getAttribute('aria-selected')).to.equal('true');
    await waitUntil(() => frame(el, 't2')?.textContent?.includes('Notes in the second tab'), 'the second panel', {
      timeout: 20_000,
    });
    expect(frame(el, 'c6')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('<svc-dashboard> published, events and apps', function () {
  this.timeout(120_000);
  let setup: TestSetup;
  let publicId: string;
  let workbookId: number;
  before(async () => {
    setup = await engineAndTransport(undefined, undefined, { seed: { ...demoSeed, dataModel, data: { rows: 5000 } } });
    const workbook = await setup.transport.upsertWorkbookBySlug(DEMO.deploymentId, 'dashboard-element-test', {
      name: 'Sales',
      meta: { dashboardDraft: config, reports },
    });
    workbookId = workbook.id;
    publicId = (await setup.transport.publishDashboard(DEMO.deploymentId, workbook.id, { allowEmbed: true })).publicId;
  });
  after(async () => setup.dispose());

  async function embed(settings?: { showDashboardChat?: boolean }, body = html``) {
    const { sessionId } = await setup.transport.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: `embed-${Math.random()}`,
      groups: ['executives'],
      ...(settings && { settings }),
    });
    const root = await provided(setup, sessionId, html`<svc-dashboard public-id=${publicId}></svc-dashboard>${body}`);
    const el = root.querySelector('svc-dashboard')!;
    await loaded(el);
    return el;
  }

  it('loads a published dashboard by public id; the chat launcher follows the session (shown by default)', async () => {
    const shown = await embed();
    expect(frame(shown, 'c1')).to.not.equal(null);
    const launcher = shown.shadowRoot!.querySelector<HTMLButtonElement>('[part="chat-launcher"]')!;
    expect(launcher.textContent.trim()).to.equal('Ask AI');
    launcher.focus();
    launcher.click();
    await shown.updateComplete;
    const panel = shown.shadowRoot!.querySelector<HTMLDialogElement>('[part="chat-panel"]')!;
    const chat = panel.querySelector('svc-chat')!;
    expect(panel.open).to.equal(true);
    expect(panel.getAttribute('aria-modal')).to.equal('true');
    expect(launcher.getAttribute('aria-expanded')).to.equal('true');
    // The panel's chat offers the AI widget's prompt, and the focus is in its message box.
    expect(chat.starterPrompts).to.deep.equal(['Summarise revenue by region']);
    await waitUntil(() => chat.shadowRoot!.activeElement?.matches('[part~="input"]'), 'focus in the message box', {
      timeout: 20_000,
    });
    await expect(shown).to.be.accessible();
    // Escape closes it, and the focus goes back to the launcher.
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !shown.shadowRoot!.querySelector('[part="chat-panel"]'), 'the panel closed', {
      timeout: 20_000,
    });
    expect(shown.shadowRoot!.activeElement).to.equal(launcher);
    expect(launcher.getAttribute('aria-expanded')).to.equal('false');
    expect((await embed({ showDashboardChat: true })).shadowRoot!.querySelector('[part="chat-launcher"]')).to.not.equal(
      null,
    );
    expect((await embed({ showDashboardChat: false })).shadowRoot!.querySelector('[part="chat-launcher"]')).to.equal(
      null,
    );
  });

  it('says what is missing when it has no dashboard to show', async () => {
    const el = await fixture<SvcDashboard>(html`<svc-dashboard .transport=${setup.transport}></svc-dashboard>`);
    expect(el.shadowRoot!.textContent).to.match(/No dashboard to show yet: set public-id/);
    el.publicId = publicId;
    await waitUntil(() => !/No dashboard/.test(el.shadowRoot!.textContent), 'loading once it has a source', {
      timeout: 20_000,
    });
  });

  it('reads the draft by deployment and workbook id, or by slug', async () => {
    const byId = await fixture<SvcDashboard>(
      html`<svc-dashboard
        .transport=${setup.transport}
        deployment-id=${DEMO.deploymentId}
        workbook-id=${workbookId}
      ></svc-dashboard>`,
    );
    const bySlug = await fixture<SvcDashboard>(
      html`<svc-dashboard
        .transport=${setup.transport}
        deployment-id=${DEMO.deploymentId}
        slug="Dashboard-Element-Test"
      ></svc-dashboard>`,
    );
    for (const el of [byId, bySlug]) {
      await waitUntil(() => el.shadowRoot!.querySelector('[part="grid"]'), 'the draft', { timeout: 20_000 });
      expect(frame(el, 'c1')).to.not.equal(null);
      expect(el.shadowRoot!.querySelector('[part="chat-launcher"]')).to.equal(null);
    }
  });

  it('filters work from the keyboard', async () => {
    const el = await embed();
    const select = frame(el, 'f1').querySelector('select')!;
    await waitUntil(() => select.options.length === 5, 'the four regions', { timeout: 20_000 });
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => el.getFilters()['sales.customers_region']?.length === 1, 'a region chosen by key', {
      timeout: 20_000,
    });
    expect(el.getFilters()['sales.customers_region']).to.deep.equal([select.value]);
  });

  it('host filters survive refresh; drilldown and download are cancelable events', async () => {
    const el = await embed();
    el.setFilter('sales.customers_region', ['US']);
    await waitUntil(() => el.getChartData('c1')?.rows.length === 1, 'the filtered chart', { timeout: 20_000 });
    const filtered = el.getChartData('c1');
    el.refresh();
    await waitUntil(() => el.getChartData('c1') !== filtered, 'the refreshed chart', { timeout: 20_000 });
    expect(el.getFilters()).to.deep.equal({ 'sales.customers_region': ['US'] });
    expect(el.getChartData('c1')!.rows.map((r) => r['sales.customers_region'])).to.deep.equal(['US']);

    const downloads: string[] = [];
    el.addEventListener('svc-download', (e) => {
      downloads.push(`${e.widgetId}:${e.format}:${e.rows.length}`);
      e.preventDefault();
    });
    frame(el, 'c2').querySelector<HTMLButtonElement>('[part="download"]')!.click();
    expect(downloads).to.deep.equal(['c2:csv:5']);

    el.setFilter('sales.customers_region', []);
    await waitUntil(() => el.getChartData('c1')?.rows.length === 4, 'all regions again', { timeout: 20_000 });
    // The chart drawn for all four regions (a click on the drawing it replaces gives no row).
    await waitUntil(
      () => frame(el, 'c1').querySelectorAll('[part="chart"] svg g.mark-rect path').length === 4,
      'bars',
      {
        timeout: 30_000,
      },
    );
    const drill = oneEvent(el, 'svc-drilldown');
    const bar = frame(el, 'c1').querySelector('[part="chart"] svg g.mark-rect path')!;
    const box = bar.getBoundingClientRect();
    bar.dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 }),
    );
    const event = (await drill) as unknown as { widgetId: string; datum: Record<string, unknown> };
    expect(event.widgetId).to.equal('c1');
    expect(['EU', 'US', 'APAC', 'LATAM']).to.include(event.datum['sales.customers_region']);
    // Not cancelled: the dashboard filtered by the clicked region.
    await waitUntil(() => el.getFilters()['sales.customers_region']?.length === 1, 'the drilldown filter', {
      timeout: 20_000,
    });
  });

  it('kind APP runs sandboxed (no same-origin) and gets data through postMessage', async () => {
    const app = `<script>
      parent.postMessage({ type: 'svc-load', id: 1, query: { measures: ['sales.count'] } }, '*');
      addEventListener('message', (e) => {
        if (e.data.type === 'svc-result') parent.postMessage({ type: 'app-done', data: e.data.data, origin: String(origin) }, '*');
      });
    </script>`;
    const got = new Promise<{ data: Record<string, unknown>[]; origin: string }>((resolve) =>
      addEventListener('message', (e: MessageEvent) => {
        const d = e.data as { type?: string; data: Record<string, unknown>[]; origin: string };
        if (d.type === 'app-done') resolve(d);
      }),
    );
    const root = await fixture<HTMLDivElement>(
      html`<div>
        <svc-provider
          base-url="https://local.svc"
          .fetch=${setup.engine.fetch}
          token=${
            (
              await setup.transport.exchangeSessionToken(
                (
                  await setup.transport.generateSession({
                    deploymentId: DEMO.deploymentId,
                    externalId: 'app',
                    groups: ['executives'],
                  })
                ).sessionId,
              )
            ).token
          }
        >
          <svc-dashboard .config=${{ kind: 'APP', title: 'App', app: { html: app } }}></svc-dashboard>
        </svc-provider>
      </div>`,
    );
    const frameEl = root.querySelector('svc-dashboard')!.shadowRoot!.querySelector('iframe')!;
    expect(frameEl.getAttribute('sandbox')).to.equal('allow-scripts');
    const result = await got;
    expect(result.origin).to.equal('null');
    expect(result.data[0]['sales.count']).to.equal(5000);
  });
});

describe('<svc-dashboard> across a token renewal', function () {
  this.timeout(60_000);

  it('keeps the host’s filters and its data when the provider renews the token', async () => {
    // Tokens last 24 h on the engine's clock: set it so that they expire 4 s from now.
    const setup = await engineAndTransport(undefined, undefined, {
      seed: { ...demoSeed, dataModel, data: { rows: 5000 } },
      now: () => Date.now() - (24 * 3600 - 4) * 1000,
    });
    try {
      const fetchSession = async () => ({
        sessionId: (
          await setup.transport.generateSession({
            deploymentId: DEMO.deploymentId,
            externalId: 'renewing-viewer',
            groups: ['executives'],
          })
        ).sessionId,
      });
      const root = await fixture<HTMLDivElement>(
        html`<div style="width: 1300px">
          <svc-provider
            base-url="https://local.svc"
            .fetch=${setup.engine.fetch}
            .fetchSession=${fetchSession}
            renew-before="3"
          >
            <svc-dashboard .dashboard=${{ config, reportSnapshots: reports }}></svc-dashboard>
          </svc-provider>
        </div>`,
      );
      const provider = root.querySelector('svc-provider')!;
      const el = root.querySelector('svc-dashboard')!;
      await loaded(el);
      el.setFilter('sales.customers_region', ['APAC']);
      await waitUntil(() => el.getChartData('c1')?.rows.length === 1, 'the filtered chart', { timeout: 20_000 });
      const token = provider.sessionInfo!.token;
      await waitUntil(() => provider.sessionInfo!.token !== token, 'a renewed token', { timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 1500)); // the first token has now expired
      const before = el.getChartData('c1');
      el.refresh();
      await waitUntil(() => el.getChartData('c1') !== before, 'reloaded with the new token', { timeout: 20_000 });
      expect(el.getFilters()).to.deep.equal({ 'sales.customers_region': ['APAC'] });
      expect(el.getChartData('c1')!.rows.map((r) => r['sales.customers_region'])).to.deep.equal(['APAC']);
      expect(frame(el, 'c1').querySelector('[part="error"]')).to.equal(null);
    } finally {
      await setup.dispose();
    }
  });
});
