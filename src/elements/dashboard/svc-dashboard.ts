// <svc-dashboard>: any DashboardConfig rendered in-page. The grid follows react-grid-layout's responsive rules
// through the layout core (src/layout) at the element's own width; widgets load their data when they come into
// view, through the transport, under the dashboard's filters and time grain; a failing widget shows its error and
// the others go on. The element composes: the source (./source), the viewport, the filters, the data controller,
// the grid and one renderer per widget kind (./widgets); here are its public API and its events.

import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { Dashboard, DashboardConfig, ReportSnapshot } from '../../api/types.js';
import { errorMessage } from '../../api/errors.js';
import { SvcDashboardLoadedEvent, SvcErrorEvent, SvcReadyEvent } from '../events.js';
import { viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import { LazyModule } from '../shared/lazy-module.js';
import { SvcConnectedElement } from '../shared/svc-element.js';
import { AppFrames } from './apps.js';
import { ChatDock } from './chat-dock.js';
import { themeStyle } from './css-values.js';
import { DashboardData, type ChartData } from './data.js';
import { DashboardFilters } from './filters.js';
import { renderGrid, shownWidgets, topWidgets } from './grid.js';
import { readable, readDashboard, unloaded, type LoadedDashboard } from './source.js';
import { dashboardStyles } from './svc-dashboard.styles.js';
import { reportOf, titleOf } from './values.js';
import { DashboardViewport } from './viewport.js';
import { dashboardPrompts } from './widgets/ai.js';
import { renderApp } from './widgets/app.js';
import type { WidgetHost } from './widgets/host.js';

export type { ChartData } from './data.js';

const loadChartRenderer = () => import('./widgets/chart.js');

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
 * @fires svc-dashboard-loaded - The dashboard and the data of the widgets in view are loaded.
 * @fires svc-filters-changed - The filters changed.
 * @fires svc-drilldown - A chart mark was activated (cancelable).
 * @fires svc-download - A download was asked for (cancelable).
 * @fires svc-error - Something failed.
 */
export class SvcDashboard extends SvcConnectedElement {
  static override styles = [SvcConnectedElement.styles, dashboardStyles];

  /** Embed read: a published dashboard's public id. */
  @property({ attribute: 'public-id' }) publicId?: string;
  /** Management read (draft): deployment and workbook. */
  @property({ attribute: 'deployment-id', type: Number }) deploymentId?: number;
  @property({ attribute: 'workbook-id', type: Number }) workbookId?: number;
  /**
   * Management read by slug (the draft). The API reads by slug only through its idempotent upsert, sent with an
   * empty body: it changes nothing on an existing workbook, but creates an empty one when none holds the slug.
   */
  @property() slug?: string;
  /** A dashboard given directly (its config and report snapshots). */
  @property({ attribute: false }) dashboard?: Pick<Dashboard, 'config' | 'reportSnapshots'> &
    Partial<Pick<Dashboard, 'restrictDataDownload'>>;
  /** A configuration given directly (with `reports` for its CHART widgets). */
  @property({ attribute: false }) config?: DashboardConfig;
  @property({ attribute: false }) reports: ReportSnapshot[] = [];

  @state() private loaded?: LoadedDashboard;
  @state() private loadError?: string;

  private readonly viewport = new DashboardViewport(this);
  private readonly filters = new DashboardFilters(this, {
    transport: () => this.activeTransport,
    widgets: () => this.loaded?.config.widgets ?? [],
  });
  private readonly data = new DashboardData(this, {
    transport: () => this.requireTransport(),
    timezone: () => this.context?.timezone,
    filters: this.filters,
    wanted: () => {
      if (!this.loaded || this.loaded.config.kind === 'APP' || !this.viewport.width) return [];
      const reports = this.loaded.reports;
      return shownWidgets(this.loaded.config, this.widgetHost.activeTabs).flatMap((widget) => {
        const report = widget.type === 'CHART' && this.viewport.visible.has(widget.id) && reportOf(widget, reports);
        return report ? [{ widget, report }] : [];
      });
    },
  });
  /** The CHART renderer: loaded with the first chart card (which shows its loading state until then). */
  private readonly charts = new LazyModule(this, loadChartRenderer);
  private readonly apps = new AppFrames();
  private readonly chatDock = new ChatDock(() => this.requestUpdate());
  /** What the widget renderers see of the element. */
  private readonly widgetHost = this.makeWidgetHost();

  /** Who the data were loaded for (the session's subject). */
  private viewer?: string;
  /** The session the last dashboard read was made with. */
  private loadedWith?: unknown;
  private loadStarted = 0;
  private announcedLoaded = false;
  private readyEmitted = false;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.apps.disconnect();
  }

  // ─── Loading ───────────────────────────────────────────────────────────────────────────────────────────────

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('dashboard') || changed.has('config') || changed.has('reports')) {
      const config = this.dashboard?.config ?? this.config;
      if (config) {
        const reports = this.dashboard?.reportSnapshots ?? this.reports;
        this.setLoaded({ config, reports, restrictDownload: !!this.dashboard?.restrictDataDownload });
      }
    }
    const source =
      changed.has('publicId') || changed.has('deploymentId') || changed.has('workbookId') || changed.has('slug');
    const transportArrived = changed.has('transport') || changed.has('context' as keyof SvcDashboard);
    // Another viewer sees other rows: their data and filter options load again (the host's filters stay).
    const viewer = viewerOf(this.context?.session?.claims);
    if (viewer !== this.viewer) {
      if (this.viewer !== undefined && viewer !== undefined) {
        this.data.refresh();
        this.filters.resetOptions();
      }
      if (viewer !== undefined) this.viewer = viewer;
    }
    // A new session (the first, or another viewer) retries a read that failed without one.
    const sessionChanged = transportArrived && this.context?.session !== this.loadedWith;
    if (
      (source || (transportArrived && !this.loaded && (!this.loadError || sessionChanged))) &&
      !this.dashboard &&
      !this.config
    ) {
      this.loadedWith = this.context?.session;
      void this.fetchDashboard();
    }
  }

  private async fetchDashboard(): Promise<void> {
    const transport = this.activeTransport;
    if (!transport || !readable(this)) return;
    this.loadStarted = performance.now();
    try {
      this.setLoaded(await readDashboard(transport, this));
    } catch (error) {
      this.loadError = errorMessage(error);
      this.emit(new SvcErrorEvent(error));
    }
  }

  private setLoaded(loaded: LoadedDashboard): void {
    this.loadStarted ||= performance.now();
    this.loaded = loaded;
    this.loadError = undefined;
    this.data.clear();
    this.announcedLoaded = false;
    this.filters.applyDefaults(loaded.config);
  }

  // ─── Public methods ────────────────────────────────────────────────────────────────────────────────────────

  /** Sets (or, with no values, clears) the filter on `member`; every report that reads its cube reloads. */
  setFilter(member: string, values: readonly unknown[] | undefined): void {
    this.filters.set(member, values);
  }

  /** The current filters (member → values). */
  getFilters(): Record<string, string[]> {
    return this.filters.snapshot();
  }

  /** Loads every widget's data again (filters stay). */
  refresh(): void {
    this.data.refresh();
  }

  /** The data a widget shows (undefined until loaded). */
  getChartData(widgetId: string): ChartData | undefined {
    return this.data.get(widgetId)?.data;
  }

  /** Whether the dashboard and the data of the widgets in view have loaded (svc-dashboard-loaded was sent). */
  get dataLoaded(): boolean {
    return this.announcedLoaded;
  }

  /**
   * The session's `settings.showDashboardChat` decides whether a published, embedded dashboard offers the chat
   * launcher; unset, the account default (shown) applies. Dashboards given directly or read as drafts do not.
   */
  get chatAvailable(): boolean {
    if (!this.publicId || !this.loaded) return false;
    return this.context?.session?.claims?.settings?.showDashboardChat !== false;
  }

  // ─── Rendering ─────────────────────────────────────────────────────────────────────────────────────────────

  private makeWidgetHost(): WidgetHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the renderers' view of this element
    const el = this;
    const reports = () => el.loaded?.reports ?? [];
    return {
      get dashboard() {
        return el.loaded!;
      },
      data: el.data,
      filters: el.filters,
      charts: el.charts,
      apps: el.apps,
      get locale() {
        return el.activeLocale;
      },
      get themeKey() {
        return `${el.colorScheme ?? el.context?.colorScheme ?? ''} ${JSON.stringify(el.loaded?.config.theme ?? {})}`;
      },
      activeTabs: new Map(),
      markdown: new Map(),
      get renderRoot() {
        return el.renderRoot;
      },
      get updateComplete() {
        return el.updateComplete;
      },
      transport: () => el.activeTransport,
      renderGrid: (widgets, width) => renderGrid(el.widgetHost, el.viewport, widgets, width),
      titleOf: (widget) => titleOf(widget, reports()),
      requestUpdate: () => el.requestUpdate(),
      emit: (event) => el.emit(event),
    };
  }

  /** A frame that started loading the chart renderer is complete once it is there and drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.charts.settled();
    return super.getUpdateComplete();
  }

  override render(): TemplateResult {
    if (this.loadError) return html`<p part="error" class="error" role="alert">${this.loadError}</p>`;
    if (!this.loaded) return unloaded(!!(this.dashboard || this.config || readable(this)));
    const config = this.loaded.config;
    const width = this.viewport.width;
    const body =
      config.kind === 'APP'
        ? renderApp(this.widgetHost, config)
        : width
          ? renderGrid(this.widgetHost, this.viewport, topWidgets(config), width)
          : html`<div class="measure"></div>`;
    return html`<div class="dashboard" style=${styleMap(themeStyle(config.theme))}>
      ${this.chatAvailable ? this.chatDock.render(dashboardPrompts(config)) : nothing}${body}
    </div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.loaded && this.viewport.width && !this.readyEmitted) {
      this.readyEmitted = true;
      this.emit(new SvcReadyEvent());
    }
    this.maybeLoaded();
  }

  /** svc-dashboard-loaded once the grid is drawn, has been checked for what is in view, and those charts settled. */
  private maybeLoaded(): void {
    if (this.announcedLoaded || !this.loaded || !this.viewport.checked) return;
    const widgets = this.loaded.config.widgets ?? [];
    const charts = widgets.filter((w) => w.type === 'CHART' && this.viewport.visible.has(w.id));
    if (charts.some((w) => this.data.get(w.id)?.loading !== false)) return;
    this.announcedLoaded = true;
    this.emit(new SvcDashboardLoadedEvent(widgets.length, performance.now() - this.loadStarted));
  }
}

defineElement('svc-dashboard', SvcDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'svc-dashboard': SvcDashboard;
  }
}
