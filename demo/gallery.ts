// The gallery: each element's states side by side in light and dark, on a small local engine of its own.
import '../src/index.js';
import type { SvcChat, SvcDashboard, SvcProvider } from '../src/index.js';
import { DEMO, createLocalEngine, demoSeed } from '../src/engine/index.js';
import { HttpTransport } from '../src/transport/index.js';
import { demoReports, demoWorkbook } from './dashboard.js';

const status = document.querySelector<HTMLParagraphElement>('#gallery-status')!;

/** The same states in dark: a copy of the light provider's content with the other scheme. */
function addDarkTwin(): void {
  const light = document.querySelector<SvcProvider>('#light')!;
  const dark = light.cloneNode(true) as SvcProvider;
  dark.id = 'dark';
  dark.setAttribute('color-scheme', 'dark');
  const section = dark.querySelector('section')!;
  section.classList.replace('light', 'dark');
  section.setAttribute('aria-labelledby', 'dark-title');
  Object.assign(section.querySelector('h2')!, { id: 'dark-title', textContent: 'Dark' });
  light.after(dark);
}

async function main(): Promise<void> {
  addDarkTwin();
  const engine = await createLocalEngine({ name: 'svc-gallery', seed: { ...demoSeed, data: { rows: 5000 } } });
  const admin = new HttpTransport({
    baseUrl: 'https://local.svc',
    fetch: engine.fetch,
    auth: { apiKey: DEMO.adminKey },
  });
  for (const provider of document.querySelectorAll<SvcProvider>('svc-provider')) {
    provider.fetch = engine.fetch;
    provider.fetchSession = async () => ({
      sessionId: (
        await admin.generateSession({
          deploymentId: DEMO.deploymentId,
          externalId: `gallery-${provider.id}`,
          groups: ['executives'],
        })
      ).sessionId,
    });
  }
  for (const chat of document.querySelectorAll<SvcChat>('svc-chat')) {
    chat.starterPrompts = ['Revenue by region last year', 'Top 5 products by revenue'];
  }
  const widgets = demoWorkbook.meta!.dashboardDraft!.widgets!;
  const config = {
    title: 'States',
    widgets: [
      ...widgets.filter((w) => ['intro', 'revenue', 'orders', 'by-region'].includes(w.id)),
      { id: 'broken', type: 'CHART' as const, position: { x: 0, y: 2, w: 6, h: 1 }, config: { reportId: 99 } },
    ],
  };
  for (const dashboard of document.querySelectorAll<SvcDashboard>('.small-dashboard')) {
    dashboard.dashboard = { config, reportSnapshots: demoReports.map((r) => ({ versionNumber: 1, ...r })) };
  }
  status.textContent = 'Asking the analyst…';
  await Promise.all(
    [...document.querySelectorAll<SvcChat>('.answered-chat')].map((c) => c.send('Revenue by region last year')),
  );
  status.textContent = 'Ready.';
}

main().catch((error: unknown) => {
  status.textContent = `The engine could not start: ${error instanceof Error ? error.message : String(error)}`;
});
