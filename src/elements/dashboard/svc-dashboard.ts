// <svc-dashboard>: any DashboardConfig rendered in-page. The grid follows react-grid-layout's responsive rules
// through the layout core (src/layout) at the element's own width; widgets are drawn one per slice with a yield to
// the page between them, and load their data when they come into view, through the transport, under the dashboard's
// filters and time grain; a failing widget shows its error and the others go on. This module is the element as the
// page first loads it — its public API, its events and its first frame; the rest (./core: the source, viewport,
// filters, data, grid and widget renderers) loads right after, and a chunk that cannot be loaded shows its error.

import type { nothing, PropertyValues, TemplateResult } from 'lit';
import { SvcErrorEvent, SvcFiltersChangedEvent } from '../events.js';
import { defineElement } from '../shared/define.js';
import { LazyBody } from '../shared/lazy-body.js';
import { SvcConnectedElement } from '../shared/svc-element.js';
import type { ChartData } from './chart-data.js';
import { loadFailure, notLoaded, readable, unloaded } from './placeholder.js';
import { DashboardProperties } from './properties.js';
import { dashboardStyles } from './svc-dashboard.styles.js';
import { withFilter } from './values.js';

export type { ChartData } from './chart-data.js';

const loadCore = () => import('./core.js');
type Core = Awaited<ReturnType<typeof loadCore>>;

/**
 * A dashboard, rendered in-page.
 *
 * @tagname svc-dashboard
 * @summary A responsive grid of charts, text, filters, tabs and AI widgets from a DashboardConfig.
 * @csspart grid - The grid container.
 * @csspart widget - Each widget's frame (with `data-widget-id` and `data-widget-type`).
 * @csspart title - A widget's title.
 * @csspart chart - A chart's drawing area.
 * @csspart table - A table report.
 * @csspart kpi - A KPI's number.
 * @csspart filter - A FILTER widget's control.
 * @csspart tabs - A TABS_CONTAINER's tab list.
 * @csspart tab - A tab.
 * @csspart error - A widget's error.
 * @csspart chat-launcher - The "Ask AI" button (when the session allows the dashboard chat).
 * @csspart chat-panel - The chat panel it opens.
 * @cssproperty [--svc-dashboard-widget-background] - Background of widget frames.
 * @fires svc-ready - The grid is laid out.
 * @fires svc-dashboard-loaded - The dashboard and the data of the widgets in view are loaded, and its text drawn (again
 *   after a viewer change).
 * @fires svc-filters-changed - The filters changed.
 * @fires svc-drilldown - A chart mark was activated (cancelable).
 * @fires svc-download - A download was asked for (cancelable).
 * @fires svc-error - Something failed.
 */
export class SvcDashboard extends DashboardProperties {
  static override styles = [SvcConnectedElement.styles, dashboardStyles];

  /**
   * Loads the implementation (after the first frame); a subclass may load it otherwise.
   * @internal
   */
  protected static loadImplementation: () => Promise<Core> = loadCore;

  /** The implementation: loaded after the first frame, built with the filters the host set meanwhile. */
  private readonly body = new LazyBody(
    this,
    (this.constructor as typeof SvcDashboard).loadImplementation,
    (module) => new module.DashboardCore(this, this.access, this.early),
  );
  private readonly access = {
    transport: () => this.activeTransport,
    requireTransport: () => this.requireTransport(),
    context: () => this.context,
    locale: () => this.activeLocale,
  };
  /** Filters set before the implementation was there (it starts with them). */
  private early = new Map<string, string[]>();
  /** The failure last announced (svc-error once per failed load). */
  private announced?: unknown;

  private get core() {
    return this.body.value;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.core?.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const next = this.body.update(changed);
    next?.body.willUpdate(next.changed);
    const error = this.body.error;
    if (error !== undefined && error !== this.announced) {
      this.announced = error;
      this.emit(new SvcErrorEvent(new Error(loadFailure(error), { cause: error })));
    }
  }

  // ─── Public methods ────────────────────────────────────────────────────────────────────────────────────────

  /** Sets (or, with no values, clears) the filter on `member`; every report that reads its cube reloads. */
  setFilter(member: string, values: readonly unknown[] | undefined): void {
    if (this.core) return this.core.filters.set(member, values);
    this.early = withFilter(this.early, member, values);
    this.emit(new SvcFiltersChangedEvent(Object.fromEntries(this.early)));
  }

  /** The current filters (member → values). */
  getFilters(): Record<string, string[]> {
    return this.core ? this.core.filters.snapshot() : Object.fromEntries(this.early);
  }

  /** Loads every widget's data again (filters stay). */
  refresh(): void {
    this.core?.refresh();
  }

  /** The data a widget shows (undefined until loaded). */
  getChartData(widgetId: string): ChartData | undefined {
    return this.core?.chartData(widgetId);
  }

  /** Whether the dashboard and the data of the widgets in view have loaded (svc-dashboard-loaded was sent). */
  get dataLoaded(): boolean {
    return !!this.core?.dataLoaded;
  }

  /**
   * The session's `settings.showDashboardChat` decides whether a published, embedded dashboard offers the chat
   * launcher; unset, the account default (shown) applies. Dashboards given directly or read as drafts do not.
   */
  get chatAvailable(): boolean {
    if (!this.publicId || !this.core?.hasDashboard) return false;
    return this.context?.session?.claims?.settings?.showDashboardChat !== false;
  }

  // ─── Rendering ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Complete once the implementation is there (when it was loading), and what it started drawing is drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    if (!this.core) {
      await this.body.settled();
      await super.getUpdateComplete();
    }
    await this.core?.settled();
    return super.getUpdateComplete();
  }

  override render(): TemplateResult | typeof nothing {
    const waiting = () => unloaded(!!(this.dashboard || this.config || readable(this)));
    return this.body.render({
      pending: waiting,
      ready: (core) => core.render(this.chatAvailable) ?? waiting(),
      error: notLoaded,
    });
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.core?.updated();
  }
}

defineElement('svc-dashboard', SvcDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'svc-dashboard': SvcDashboard;
  }
}
