// <svc-dashboard> in the states a design system shows: the whole demo dashboard, the chart kinds, filtered, tabs,
// empty, failing, loading, dark, 390 px wide and right to left — all on the local engine (slow and failing servers are
// the engine's fetch with a delay or an error: stories/support/engine.ts).
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { LocalEngine } from '../src/engine/index.js';
import { failingFetch, slowFetch, storyEngine } from './support/engine.js';
import {
  OVERVIEW,
  at,
  chart,
  dashboardIn,
  dashboardOf,
  dashboardStory,
  loaded,
  type FrameOptions,
} from './support/dashboards.js';
import { until } from './support/wait.js';
import { framed } from './support/render.js';

const meta: Meta = {
  title: 'Elements/svc-dashboard',
  component: 'svc-dashboard',
  args: { dashboard: dashboardOf('Sales overview', OVERVIEW) },
  loaders: [async () => ({ engine: await storyEngine() })],
  render: (args, { loaded: { engine } }) => dashboardStory(args, engine as LocalEngine),
  play: loaded,
};
export default meta;
type Story = StoryObj;

/** A story on a differently set up frame (a slow or failing server, the provider's locale or scheme). */
const framedBy = (options: FrameOptions): Pick<Story, 'render'> => ({
  render: (args, { loaded: { engine } }) => dashboardStory(args, engine as LocalEngine, options),
});

/** The demo's published dashboard: every widget kind together. */
export const Overview: Story = {};

/** Each chart kind a report draws: KPI, bars, line, arc, and tables from a query and from SQL. */
export const ChartKinds: Story = {
  args: {
    dashboard: dashboardOf('Chart kinds', [
      chart('revenue', 2, at(0, 0, 6, 1)),
      chart('orders', 3, at(6, 0, 6, 1)),
      chart('by-region', 1, at(0, 1, 6, 2)),
      chart('over-time', 4, at(6, 1, 6, 2)),
      chart('by-category', 6, at(0, 3, 6, 2)),
      chart('by-status', 7, at(6, 3, 6, 2)),
      chart('top-products', 5, at(0, 5, 12, 2)),
    ]),
  },
};

/** A filter applied (setFilter): every report on its cube reloads with it. */
export const Filtered: Story = {
  play: async (context) => {
    await loaded(context);
    const dashboard = dashboardIn(context.canvasElement);
    dashboard.setFilter('sales.customers_region', ['EU']);
    await until('the filtered data', () => dashboard.getChartData('by-region')?.rows.length === 1);
    await dashboard.updateComplete;
  },
};

/** Tabs: the second tab chosen. */
export const SecondTab: Story = {
  play: async (context) => {
    await loaded(context);
    const tabs = [...dashboardIn(context.canvasElement).shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')];
    await until('the tabs', () => tabs.length > 1);
    tabs[1].click();
    await dashboardIn(context.canvasElement).updateComplete;
  },
};

/** A dashboard without widgets. */
export const Empty: Story = {
  args: { dashboard: dashboardOf('Nothing here yet', []) },
  play: loaded, // says it has no widgets, and is loaded (svc-dashboard-loaded with 0 widgets)
};

/** Nothing set to show: what the element says to the developer. */
export const NoDashboard: Story = {
  args: { dashboard: undefined },
  play: async ({ canvasElement }) => dashboardIn(canvasElement).updateComplete.then(() => undefined),
};

/** A server that answers every query with 503: each widget says why, with the rest of the dashboard intact. */
export const ServerError: Story = {
  ...framedBy({ fetch: (f) => failingFetch(f, 503, 'The warehouse is not reachable') }),
};

/** A widget whose report is missing, next to working ones. */
export const MissingReport: Story = {
  args: {
    dashboard: dashboardOf('A broken widget', [
      chart('revenue', 2, at(0, 0, 6, 1)),
      { id: 'broken', type: 'CHART', position: at(6, 0, 6, 1), config: { reportId: 99 } },
      chart('by-region', 1, at(0, 1, 12, 2)),
    ]),
  },
};

/** A slow server: the widgets while their data loads (each query answers after a minute). */
export const Loading: Story = {
  ...framedBy({ fetch: (f) => slowFetch(f, 60_000) }),
  play: async ({ canvasElement }) => {
    const dashboard = dashboardIn(canvasElement);
    await until('the grid', () => !!dashboard.shadowRoot?.querySelector('[aria-busy="true"]'));
  },
};

export const Dark: Story = {
  ...framedBy({ provider: { 'color-scheme': 'dark' } }),
  globals: { backgrounds: { value: 'dark' } },
};

/** 390 px wide: one column. */
export const Phone: Story = {
  render: (args, { loaded: { engine } }) => framed(dashboardStory(args, engine as LocalEngine), 390),
  globals: { viewport: { value: 'phone' } },
};

/** Arabic: right to left, Arabic numbers and labels. */
export const RightToLeft: Story = { ...framedBy({ provider: { locale: 'ar' } }) };

/** German, with its own number format. */
export const German: Story = { ...framedBy({ provider: { locale: 'de' } }) };
