// A <svc-dashboard> in a provider on a local engine, as an executive of the demo seed sees it, in English: the widget
// tests' page. One session per dashboard (a session id is exchanged once); resolves when svc-dashboard-loaded came.
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../../src/elements/dashboard/svc-dashboard.js';
import '../../../../src/elements/provider/svc-provider.js';
import type { DashboardWidget, ReportSnapshot } from '../../../../src/api/types.js';
import type { SvcDashboard } from '../../../../src/elements/dashboard/svc-dashboard.js';
import type { SvcProvider } from '../../../../src/elements/provider/svc-provider.js';
import { DEMO, type LocalEngine } from '../../../../src/engine/index.js';
import type { HttpTransport } from '../../../../src/transport/http-transport.js';

export interface MountOptions {
  engine: LocalEngine;
  /** The backend that mints the viewer's session (the demo's admin key). */
  admin: HttpTransport;
  externalId: string;
  title: string;
  widgets: DashboardWidget[];
  reports: ReportSnapshot[];
}

export async function mountDashboard(o: MountOptions): Promise<SvcDashboard> {
  const { sessionId } = await o.admin.generateSession({
    deploymentId: DEMO.deploymentId,
    externalId: o.externalId,
    groups: ['executives'],
  });
  const root = await fixture<HTMLDivElement>(
    html`<div style="width: 1000px">
      <svc-provider
        base-url="https://local.svc"
        account-name=${DEMO.accountName}
        agent-id=${DEMO.agentId}
        locale="en-US"
        .fetch=${o.engine.fetch}
        session-id=${sessionId}
      >
        <svc-dashboard></svc-dashboard>
      </svc-provider>
    </div>`,
  );
  await root.querySelector<SvcProvider>('svc-provider')!.credentials();
  const el = root.querySelector<SvcDashboard>('svc-dashboard')!;
  el.dashboard = { config: { title: o.title, widgets: o.widgets }, reportSnapshots: o.reports };
  await waitUntil(() => el.dataLoaded, 'svc-dashboard-loaded', { timeout: 60_000 });
  return el;
}
