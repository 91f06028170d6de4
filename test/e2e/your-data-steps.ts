// Steps of the demo's "Your data" panel shared by the e2e tests (your-data.node.test.ts, a11y.node.test.ts): the
// example files of examples/, and a viewer the example model's access policy lets in.
import type { Page } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;

/** The example data files, one per format. */
export const EXAMPLE_DATA = ['screenings.csv', 'films.parquet', 'cinemas.json', 'ratings.ndjson', 'staff.arrow'].map(
  (f) => `${root}examples/data/${f}`,
);
/** The example model folder's files. */
export const EXAMPLE_MODEL = ['cubes/screenings.yml', 'cubes/catalog.yml', 'views/box_office.yml'].map(
  (f) => `${root}examples/model/${f}`,
);

/** Waits until the panel's status line starts with `prefix`. */
export const yourStatus = (page: Page, prefix: string) =>
  page.waitForFunction((p) => document.querySelector('#your-status')?.textContent?.startsWith(p), prefix, {
    timeout: 60_000,
  });

/**
 * Switches the viewer to the group `programmers` (who sees every screening) with the dashboard out of view (a viewer
 * switched while its cards load leaves some as they were), then scrolls the box-office count KPI into view and waits
 * for its value (60 screenings in examples/data).
 */
export async function viewAsProgrammers(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
    document.querySelector<HTMLInputElement>('#groups')!.value = 'programmers';
    document.querySelector<HTMLFormElement>('#viewer-form')!.requestSubmit(); // without scrolling to the form
  });
  await page.waitForFunction(() => document.querySelector('#viewer-summary')?.textContent?.includes('programmers'));
  // Cards load their data when they come into view.
  await page.locator('svc-dashboard [data-widget-id="kpi-box_office-count"]').scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () =>
      document
        .querySelector('svc-dashboard')
        ?.shadowRoot?.querySelector('[data-widget-id="kpi-box_office-count"] [part="kpi"]')
        ?.textContent?.trim() === '60',
    null,
    { timeout: 60_000 },
  );
}
