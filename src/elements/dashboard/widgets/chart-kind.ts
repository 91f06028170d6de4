// CHART widget: a report of the dashboard, by its config's `reportId`; the data controller loads its data once it is in
// view. Its renderer (./chart.ts, with its spec fitting, downloads, number formatting and the chart directive) loads
// with the first chart card: until it is there, the card shows its loading state, as it does while its data load; if
// it cannot be loaded, the card says so.

import { msg } from '@lit/localize';
import { loadFailure } from '../placeholder.js';
import { reportOf } from '../values.js';
import type { WidgetKind } from './kind.js';

const loadRenderer = () => import('./chart.js');

export const CHART: WidgetKind<'CHART'> = {
  label: () => msg('Chart'),
  sizing: 'rows',
  parts: ['title', 'chart', 'table', 'kpi', 'download', 'error'],
  title: (widget, reports) => {
    const report = reportOf(widget, reports);
    return report?.title ?? report?.name ?? '';
  },
  report: reportOf,
  render(host, widget, width) {
    const renderer = host.lazy(loadRenderer);
    const module = renderer.get();
    if (module) return module.renderChart(host, widget, width);
    if (renderer.error !== undefined) throw new Error(loadFailure(renderer.error));
    return undefined;
  },
};
