// The dashboards the stories show: the demo's reports over the demo model's `sales` view (demo/dashboard.ts), laid
// out per story, and the story frame that puts one in a provider on the story's engine.
import type { Args } from '@storybook/web-components-vite';
import { demoReports, demoWorkbook } from '../../demo/dashboard.js';
import type { DashboardWidget, ReportSnapshot } from '../../src/api/types.js';
import type { LocalEngine } from '../../src/engine/index.js';
import type { SvcDashboard } from '../../src/index.js';
import type { FetchLike } from '../../src/transport/index.js';
import { element, provided } from './render.js';
import { until } from './wait.js';

/** The demo's reports as the snapshots a published dashboard carries. */
export const REPORTS: ReportSnapshot[] = demoReports.map((r) => ({ versionNumber: 1, ...r }));

/** The demo's whole dashboard: every widget kind over the `sales` view. */
export const OVERVIEW = demoWorkbook.meta!.dashboardDraft!.widgets!;

export const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
export const chart = (id: string, reportId: number, position = at(0, 0, 12, 2)): DashboardWidget => ({
  id,
  type: 'CHART',
  position,
  config: { reportId },
});

/** The `dashboard` property of a dashboard with these widgets (and the demo's reports). */
export const dashboardOf = (title: string, widgets: DashboardWidget[]) => ({
  config: { title, widgets },
  reportSnapshots: REPORTS,
});

/** The story's args split: theme tokens (`--*`) for the provider, the rest for the element. */
export function split(args: Args): { tokens: Args; own: Args } {
  const tokens: Args = {};
  const own: Args = {};
  for (const [key, value] of Object.entries(args) as [string, unknown][]) {
    (key.startsWith('--') ? tokens : own)[key] = value;
  }
  return { tokens, own };
}

export interface FrameOptions {
  /** The fetch instead of the engine's (slow, failing). */
  fetch?: (engineFetch: FetchLike) => FetchLike;
  /** The provider's attributes (locale, color-scheme). */
  provider?: Args;
  viewer?: string;
}

/** A `<svc-dashboard>` with the story's args, in a provider on the story's engine. */
export function dashboardStory(args: Args, engine: LocalEngine, options: FrameOptions = {}): HTMLElement {
  const { tokens, own } = split(args);
  const dashboard = element<SvcDashboard>('svc-dashboard', own);
  return provided(
    [dashboard],
    { engine, fetch: options.fetch?.(engine.fetch), viewer: options.viewer ?? 'storybook-dashboard' },
    { ...tokens, ...options.provider },
  );
}

/** The dashboard in a story's canvas. */
export const dashboardIn = (canvas: HTMLElement): SvcDashboard => canvas.querySelector('svc-dashboard')!;

/** A play function's wait: the dashboard and the data of the widgets in view loaded (or failed, and said so). */
export async function loaded({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> {
  const dashboard = dashboardIn(canvasElement);
  await until('the dashboard to load its data', () => dashboard.dataLoaded);
  await dashboard.updateComplete;
}
