// Intl's first use on a page sets up ICU's number and date formatting: tens of ms at once, up to 80 ms on a busy
// start. A dashboard with charts has its chart worker do that (ICU's data are the browser process's, so the page's own
// first formatter is then cheap) and starts the worker in idle time, which loads Vega while the data are on their way.
// A dashboard without charts, or one whose worker cannot start, sets formatting up on the page in an idle task, before
// its data arrive, so that its first KPI, table or chart does not pay for it in its own slice.

import { warmUpIntl } from '../shared/format.js';

const idle = (work: () => void): unknown =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 1000 }) : setTimeout(work, 50);

let started = false;
/** The chart worker's warm-up, once a dashboard with charts asked for it. */
let inWorker: Promise<void> | undefined;

/**
 * Sets up number and date formatting for `locale` in idle time (once per page; later calls do nothing): after the
 * chart worker did, if a dashboard started it by then.
 */
export function warmUpFormats(locale: string | undefined): void {
  if (started) return;
  started = true;
  idle(() => {
    if (inWorker) void inWorker.then(() => idle(() => warmUpIntl(locale)));
    else warmUpIntl(locale);
  });
}

/** Starts the chart worker, its Intl and its Vega in idle time (once per page; later calls do nothing). */
export function warmUpCharts(locale: string | undefined): void {
  if (inWorker) return;
  inWorker = new Promise<void>((resolve) =>
    idle(
      () =>
        void import('../shared/chart-worker-client.js').then((m) => m.warmChartWorker(locale)).then(resolve, resolve),
    ),
  );
}
