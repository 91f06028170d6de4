// Intl's first use on a page sets up ICU's number and date formatting: tens of ms at once. A dashboard does it while
// the page is idle, before its data arrive, so its first KPI, table or chart does not pay for it in its own slice.
// Each service is an idle task of its own; the formatters made are the locale's plain ones, kept by ../shared/format.
// A dashboard with charts also starts the chart worker then, which loads Vega while the data are on their way.

import { dateFormat, numberFormat } from '../shared/format.js';

const idle = (work: () => void): unknown =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 1000 }) : setTimeout(work, 50);

let started = false;

/** Sets up number, then date formatting for `locale` in idle time (once per page; later calls do nothing). */
export function warmUpFormats(locale: string | undefined): void {
  if (started) return;
  started = true;
  idle(() => {
    numberFormat(locale).format(1234.5);
    idle(() => dateFormat(locale, { month: 'short', day: 'numeric' }).format(0));
  });
}

let charts = false;

/** Starts the chart worker and its Vega in idle time (once per page; later calls do nothing). */
export function warmUpCharts(): void {
  if (charts) return;
  charts = true;
  idle(() => void import('../shared/chart-worker-client.js').then((m) => m.warmChartWorker()));
}
