// <svc-dashboard>, one story per widget kind (WIDGET_KINDS in src/elements/dashboard/widgets/kinds.ts; the smoke
// test checks every kind has its story here, named as the kind), on the local engine.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { LocalEngine } from '../src/engine/index.js';
import { storyEngine } from './support/engine.js';
import { at, chart, dashboardOf, dashboardStory, loaded } from './support/dashboards.js';

const meta: Meta = {
  title: 'Elements/svc-dashboard/Widget kinds',
  component: 'svc-dashboard',
  loaders: [async () => ({ engine: await storyEngine() })],
  render: (args, { loaded: { engine } }) => dashboardStory(args, engine as LocalEngine),
  play: loaded,
};
export default meta;
type Story = StoryObj;

/** A report's chart: here the revenue KPI and the bars of revenue by region. */
export const CHART: Story = {
  args: {
    dashboard: dashboardOf('Charts', [
      chart('revenue', 2, at(0, 0, 4, 1)),
      chart('orders', 3, at(4, 0, 4, 1)),
      chart('by-region', 1, at(0, 1, 12, 2)),
    ]),
  },
};

/** Markdown. */
export const TEXT: Story = {
  args: {
    dashboard: dashboardOf('Text', [
      {
        id: 'note',
        type: 'TEXT',
        position: at(0, 0, 12, 2),
        config: {
          markdown:
            '## Quarterly review\n\nNumbers below come from the **local engine**. See the [glossary](#glossary).\n\n' +
            '- Revenue is net of returns\n- Orders count every status',
        },
      },
    ]),
  },
};

/** A filter on a dimension, with the chart it filters. */
export const FILTER: Story = {
  args: {
    dashboard: dashboardOf('Filter', [
      { id: 'region', type: 'FILTER', position: at(0, 0, 4, 1), config: { member: 'sales.customers_region' } },
      chart('by-category', 6, at(0, 1, 12, 2)),
    ]),
  },
};

/** The time grain of the dashboard's time charts. */
export const TIME_GRAIN: Story = {
  args: {
    dashboard: dashboardOf('Time grain', [
      { id: 'grain', type: 'TIME_GRAIN', position: at(0, 0, 4, 1), config: { grains: ['week', 'month', 'year'] } },
      chart('over-time', 4, at(0, 1, 12, 2)),
    ]),
  },
};

/** Tabs, each showing its own widgets. */
export const TABS_CONTAINER: Story = {
  args: {
    dashboard: dashboardOf('Tabs', [
      {
        id: 'tabs',
        type: 'TABS_CONTAINER',
        position: at(0, 0, 12, 3),
        config: {
          tabs: [
            { id: 'category', title: 'By category', widgetIds: ['by-category'] },
            { id: 'status', title: 'By status', widgetIds: ['by-status'] },
          ],
        },
      },
      chart('by-category', 6),
      chart('by-status', 7),
    ]),
  },
};

/** An ask box: its prompts offered as starter questions (one click asks the analyst). */
export const AI: Story = {
  args: {
    dashboard: dashboardOf('Ask', [
      { id: 'ask', type: 'AI', position: at(0, 0, 12, 3), config: { prompt: 'Which region had the most revenue?' } },
    ]),
  },
};
