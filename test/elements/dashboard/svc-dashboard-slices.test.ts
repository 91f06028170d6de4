// <svc-dashboard> keeps the page's main thread free: its first frame with a grid has every widget's frame (labelled,
// busy) and no content yet; then each update draws at most one widget — those near the view before those far below
// it — until all are drawn, and the keyboard reaches them. Its implementation loads after the element's own first
// frame; a chunk that cannot be downloaded is shown as an error (and svc-error), not as "Loading…" for ever.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SvcDashboard } from '../../../src/elements/dashboard/svc-dashboard.js';
import type { DashboardConfig } from '../../../src/api/types.js';
import type { SvcErrorEvent } from '../../../src/elements/events.js';

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
/** Twelve notes near the top, six far below the view, and a tab container (no data: no transport needed). */
const config: DashboardConfig = {
  title: 'Notes',
  settings: { compactType: 'none' },
  widgets: [
    ...Array.from({ length: 12 }, (_, i) => ({
      id: `near${i}`,
      type: 'TEXT' as const,
      position: at((i % 4) * 3, Math.floor(i / 4), 3, 1),
      config: { markdown: `### Note ${i}\n\nSomething to *read*.` },
    })),
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `far${i}`,
      type: 'TEXT' as const,
      position: at((i % 2) * 6, 40 + i, 6, 1),
      config: { markdown: `Far note ${i}` },
    })),
    {
      id: 'tabs',
      type: 'TABS_CONTAINER' as const,
      position: at(0, 3, 12, 2),
      config: { tabs: [{ id: 'a', title: 'First', widgetIds: ['inner'] }] },
    },
    { id: 'inner', type: 'TEXT' as const, position: at(0, 0, 12, 1), config: { markdown: 'Inside the tab' } },
  ],
};
const ids = config.widgets!.map((w) => w.id);

/** Widget ids whose content is drawn (a TEXT's text, a container's tab list), in the element `el`. */
const drawn = (el: SvcDashboard) =>
  ids.filter((id) =>
    el.shadowRoot!.querySelector(`[data-widget-id="${id}"] > .fit > .text, [data-widget-id="${id}"] > [part="tabs"]`),
  );

describe('<svc-dashboard> drawn in slices', function () {
  this.timeout(60_000);

  it('draws one widget per update, near the view first, after a first frame of labelled, busy frames', async () => {
    const host = document.createElement('div');
    host.style.width = '1200px';
    document.body.append(host);
    const el = document.createElement('svc-dashboard');
    el.config = config;
    const order: string[] = [];
    const steps: number[] = [];
    let gridSeen = false;
    let firstGrid: { frames: number; drawn: number; busy: number } | undefined;
    let previous: string[] = [];
    const observer = new MutationObserver(() => {
      const grid = el.shadowRoot!.querySelector('[part="grid"]');
      if (!grid) return;
      const now = drawn(el);
      if (!gridSeen) {
        gridSeen = true;
        firstGrid = {
          frames: grid.querySelectorAll(':scope > [part="widget"]').length,
          drawn: now.length,
          busy: grid.querySelectorAll('[aria-busy="true"]').length,
        };
      }
      const added = now.filter((id) => !previous.includes(id));
      if (added.length) steps.push(added.length);
      order.push(...added);
      previous = now;
    });
    try {
      host.append(el);
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
      await waitUntil(() => drawn(el).length === ids.length, 'every widget drawn', { timeout: 30_000 });
      await el.updateComplete;
      observer.takeRecords();
      // The first frame of the grid: every top-level frame, labelled, busy, none drawn.
      expect(firstGrid).to.deep.equal({ frames: ids.length - 1, drawn: 0, busy: ids.length - 1 });
      // Then one widget per update.
      expect(Math.max(...steps), `widgets drawn per update: ${steps.join(' ')}`).to.equal(1);
      // Those near the view before any far below it.
      const lastNear = Math.max(...order.map((id, i) => (id.startsWith('far') ? -1 : i)));
      const firstFar = order.findIndex((id) => id.startsWith('far'));
      expect(firstFar, `order: ${order.join(' ')}`).to.be.greaterThan(lastNear);
      // Drawn in full: the markdown of a far note, and the keyboard reaches the tab.
      await waitUntil(() =>
        el.shadowRoot!.querySelector('[data-widget-id="far5"]')!.textContent.includes('Far note 5'),
      );
      const tab = el.shadowRoot!.querySelector<HTMLElement>('[role="tab"]')!;
      tab.focus();
      expect(el.shadowRoot!.activeElement).to.equal(tab);
      expect(el.shadowRoot!.querySelectorAll('[aria-busy="true"]').length).to.equal(0);
      await expect(el).to.be.accessible();
    } finally {
      observer.disconnect();
      host.remove();
    }
  });

  it('shows an error, not "Loading…", when its implementation cannot be downloaded', async () => {
    let download!: () => void;
    const asked = new Promise<void>((resolve) => (download = resolve));
    class UnreachableDashboard extends SvcDashboard {
      protected static override loadImplementation = () =>
        asked.then(() => import(/* @vite-ignore */ new URL(`./no-such-chunk-${Date.now()}.js`, import.meta.url).href));
    }
    customElements.define('unreachable-dashboard', UnreachableDashboard);
    const host = document.createElement('div');
    document.body.append(host);
    try {
      const el = document.createElement('unreachable-dashboard') as UnreachableDashboard;
      el.config = config;
      const failed = oneEvent(el, 'svc-error') as unknown as Promise<SvcErrorEvent>;
      host.append(el);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // Its first frame, while the implementation downloads.
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Loading dashboard…');
      download();
      const event = await failed;
      await el.updateComplete;
      const error = el.shadowRoot!.querySelector('[part="error"][role="alert"]');
      expect(error?.textContent).to.match(/^Could not load the dashboard: ./);
      expect(el.shadowRoot!.textContent).to.not.include('Loading');
      expect(String(event.error)).to.include('Could not load the dashboard');
      // Public methods still answer.
      el.setFilter('sales.status', ['completed']);
      expect(el.getFilters()).to.deep.equal({ 'sales.status': ['completed'] });
      expect(el.dataLoaded).to.equal(false);
    } finally {
      host.remove();
    }
  });

  it('loads its implementation again on Retry after a failed download, and draws the dashboard', async () => {
    let fail = true;
    class RetriedDashboard extends SvcDashboard {
      protected static override loadImplementation = () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: core.js'))
          : import('../../../src/elements/dashboard/core.js');
    }
    customElements.define('retried-dashboard', RetriedDashboard);
    const host = document.createElement('div');
    host.style.width = '900px';
    document.body.append(host);
    try {
      const el = document.createElement('retried-dashboard') as RetriedDashboard;
      el.config = config;
      host.append(el);
      await waitUntil(() => el.shadowRoot!.querySelector('[part="error"] button'), 'the failure, with Retry', {
        timeout: 20_000,
      });
      expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('Failed to fetch');
      el.setFilter('sales.status', ['completed']);
      fail = false;
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="error"] button')!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('[part="grid"]'), 'the dashboard after Retry', {
        timeout: 20_000,
      });
      expect(el.shadowRoot!.querySelector('[part="error"] button')).to.equal(null);
      expect(el.getFilters()).to.deep.equal({ 'sales.status': ['completed'] });
    } finally {
      host.remove();
    }
  });

  it('keeps the filters a host set before its implementation was there', async () => {
    const el = document.createElement('svc-dashboard');
    const changed = oneEvent(el, 'svc-filters-changed');
    el.setFilter('sales.status', ['completed', 7]);
    expect(((await changed) as unknown as { filters: object }).filters).to.deep.equal({
      'sales.status': ['completed', '7'],
    });
    el.config = config;
    const root = await fixture<HTMLDivElement>(html`<div style="width: 800px"></div>`);
    root.append(el);
    await waitUntil(() => el.shadowRoot!.querySelector('[part="grid"]'), 'the grid', { timeout: 20_000 });
    expect(el.getFilters()).to.deep.equal({ 'sales.status': ['completed', '7'] });
  });
});
