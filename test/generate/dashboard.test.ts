// generateDashboard in <svc-dashboard> (Chromium): a YAML model written here over rows given to the engine, its meta
// as a viewer's provider reads it, the generated dashboard drawn with live data — KPIs equal to direct loads, a line
// per measure over time, a bar per value of each breakdown, and filters that narrow the KPIs.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/dashboard/svc-dashboard.js';
import '../../src/elements/provider/svc-provider.js';
import type { SvcDashboard } from '../../src/elements/dashboard/svc-dashboard.js';
import type { SvcProvider } from '../../src/elements/provider/svc-provider.js';
import { DEMO, createLocalEngine, type LocalEngine } from '../../src/engine/index.js';
import { generateDashboard } from '../../src/generate/index.js';
import { HttpTransport } from '../../src/transport/http-transport.js';

const MODEL = `cubes:
  - name: tickets
    sql_table: tickets
    title: Support tickets
    description: One row per ticket
    measures:
      - name: count
        type: count
        title: Tickets
      - name: minutes
        type: sum
        sql: minutes
        title: Minutes spent
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: opened_at
        sql: opened_at
        type: time
      - name: priority
        sql: priority
        type: string
      - name: team
        sql: team
        type: string
      - name: reporter_email
        sql: reporter_email
        type: string
`;
const PRIORITIES = ['low', 'normal', 'high'];
const TEAMS = ['billing', 'platform'];
const ROWS = Array.from({ length: 90 }, (_, i) => ({
  id: i + 1,
  opened_at: new Date(Date.UTC(2025, i % 6, 1 + (i % 27), 9)).toISOString(),
  priority: PRIORITIES[i % 3],
  team: TEAMS[i % 2],
  reporter_email: `person${i}@example.com`,
  minutes: 10 + (i % 7) * 5,
}));

const frame = (el: SvcDashboard, id: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[part="widget"][data-widget-id="${id}"]`)!;
const kpi = (el: SvcDashboard, id: string) => frame(el, id)?.querySelector('[part="kpi"]')?.textContent?.trim() ?? '';

describe('generateDashboard in <svc-dashboard>', function () {
  this.timeout(120_000);
  const name = `generate-${Date.now()}`;
  let engine: LocalEngine;

  before(async () => {
    engine = await createLocalEngine({ name, model: { 'cubes/tickets.yml': MODEL }, data: { tickets: ROWS } });
  });
  after(async () => {
    await engine.close();
    indexedDB.deleteDatabase(name);
  });

  it('draws every generated widget with the numbers of direct loads', async () => {
    const admin = new HttpTransport({
      baseUrl: 'https://local.svc',
      fetch: engine.fetch,
      auth: { apiKey: DEMO.adminKey },
    });
    const { sessionId } = await admin.generateSession({
      deploymentId: DEMO.deploymentId,
      externalId: 'generated-viewer',
      groups: ['executives'],
    });
    const root = await fixture<HTMLDivElement>(
      html`<div style="width: 1200px">
        <svc-provider
          base-url="https://local.svc"
          account-name=${DEMO.accountName}
          agent-id=${DEMO.agentId}
          .fetch=${engine.fetch}
          session-id=${sessionId}
        >
          <svc-dashboard></svc-dashboard>
        </svc-provider>
      </div>`,
    );
    const provider = root.querySelector<SvcProvider>('svc-provider')!;
    const el = root.querySelector<SvcDashboard>('svc-dashboard')!;
    await provider.credentials();
    const meta = await provider.activeTransport!.loadMeta();
    const generated = generateDashboard(meta);
    expect(generated.reportSnapshots.map((r) => r.title)).to.deep.equal([
      'Tickets',
      'Minutes spent',
      'Tickets over time',
      'Minutes spent over time',
      'Minutes spent by Priority',
      'Minutes spent by Team',
    ]);
    el.dashboard = generated;
    await waitUntil(() => el.dataLoaded, 'svc-dashboard-loaded', { timeout: 30_000 });

    await waitUntil(() => kpi(el, 'kpi-tickets-count') === '90', 'the Tickets KPI', { timeout: 30_000 });
    const minutes = ROWS.reduce((s, r) => s + r.minutes, 0);
    // Written in the page's default locale (no provider locale given): WebKitGTK's may not be en-US.
    const written = [minutes.toLocaleString('en-US'), new Intl.NumberFormat().format(minutes)];
    await waitUntil(() => written.includes(kpi(el, 'kpi-tickets-minutes')), 'the minutes KPI', { timeout: 30_000 });
    // Six months of tickets: a line with a point per month; a bar per priority and per team.
    await waitUntil(
      () => frame(el, 'time-tickets-count').querySelectorAll('[part="chart"] svg .mark-symbol path').length === 6,
      'six monthly points',
      { timeout: 30_000 },
    );
    // Widgets load when they come into view.
    frame(el, 'by-tickets-team').scrollIntoView();
    await waitUntil(
      () => frame(el, 'by-tickets-priority').querySelectorAll('[part="chart"] svg .mark-rect path').length === 3,
      'three priority bars',
      { timeout: 30_000 },
    );
    await waitUntil(
      () => frame(el, 'by-tickets-team').querySelectorAll('[part="chart"] svg .mark-rect path').length === 2,
      'two team bars',
      { timeout: 30_000 },
    );
    // The e-mail (one value per ticket) is no breakdown; the controls are the two filters and the time grain.
    expect(frame(el, 'by-tickets-reporter_email')).to.equal(null);
    for (const id of ['filter-tickets-priority', 'filter-tickets-team', 'grain'])
      expect(frame(el, id), id).to.not.equal(null);
  });
});
