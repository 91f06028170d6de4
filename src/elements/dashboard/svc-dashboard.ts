// <svc-dashboard>: any DashboardConfig rendered in-page. The grid follows react-grid-layout's responsive rules
// through the layout core (src/layout) at the element's own width; widgets load their data when they come into
// view, through the transport, under the dashboard's filters and time grain; a failing widget shows its error and
// the others go on.

import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ref } from 'lit/directives/ref.js';
import { styleMap } from 'lit/directives/style-map.js';
import type {
  Dashboard,
  DashboardConfig,
  DashboardWidget,
  ReportSnapshot,
  SchemaColumn,
  TimeGranularity,
} from '../../api/types.js';
import { errorMessage } from '../../api/errors.js';
import { TIME_GRANULARITIES } from '../../api/types.js';
import { computeGrid, gridOptions, type GridResult } from '../../layout/index.js';
import {
  SvcDashboardLoadedEvent,
  SvcDownloadEvent,
  SvcDrilldownEvent,
  SvcErrorEvent,
  SvcFiltersChangedEvent,
  SvcReadyEvent,
} from '../events.js';
import { viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import { SvcConnectedElement } from '../shared/svc-element.js';
import { dashboardStyles } from './svc-dashboard.styles.js';
import { reportRequest, type ReportRequest } from './reports.js';
import '../chat/svc-chat.js';

/** A widget's data: columns in order and rows keyed by column. */
export interface ChartData {
  columns: string[];
  rows: Record<string, unknown>[];
}

interface WidgetState {
  /** What was (or is being) loaded: the request under the filters and grain, and the refresh count. */
  key: string;
  data?: ChartData;
  error?: string;
  loading: boolean;
}

const text = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
        ? String(v)
        : JSON.stringify(v);

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

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

  @state() private loaded?: { config: DashboardConfig; reports: ReportSnapshot[]; restrictDownload: boolean };
  @state() private loadError?: string;
  @state() private width = 0;
  @state() private filters = new Map<string, string[]>();
  @state() private timeGrain?: TimeGranularity;
  @state() private activeTabs = new Map<string, string>();
  @state() private filterOptions = new Map<string, string[]>();
  @state() private markdown = new Map<string, string>();

  private readonly widgetStates = new Map<string, WidgetState>();
  /** Who the data were loaded for (the session's subject). */
  private viewer?: string;
  /** The session the last dashboard read was made with. */
  private loadedWith?: unknown;
  private readonly visible = new Set<string>();
  private refreshCount = 0;
  private loadStarted = 0;
  private announcedLoaded = false;
  /** The view observer has reported at least once (so `visible` is known). */
  private viewChecked = false;
  private resizeObserver?: ResizeObserver;
  private viewObserver?: IntersectionObserver;

  override connectedCallback(): void {
    super.connectedCallback();
    // Width changes re-lay out on the next frame (updating inside the observer's callback would resize the host
    // within the same delivery: "ResizeObserver loop completed with undelivered notifications").
    let frame = 0;
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1].contentRect.width);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (width !== this.width) this.width = width;
      });
    });
    this.resizeObserver.observe(this);
    this.viewObserver = new IntersectionObserver(
      (entries) => {
        let changed = !this.viewChecked;
        this.viewChecked = true;
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.widgetId!;
          if (entry.isIntersecting && !this.visible.has(id)) {
            this.visible.add(id);
            changed = true;
          }
        }
        if (changed) this.requestUpdate();
      },
      { rootMargin: '200px' },
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.viewObserver?.disconnect();
    this.observed = new WeakSet();
    // Apps' message listeners live on window: they go with the element.
    for (const remove of this.appListeners.splice(0)) remove();
  }

  // ─── Loading ───────────────────────────────────────────────────────────────────────────────────────────────

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('dashboard') || changed.has('config') || changed.has('reports')) {
      const config = this.dashboard?.config ?? this.config;
      if (config)
        this.setLoaded(config, this.dashboard?.reportSnapshots ?? this.reports, !!this.dashboard?.restrictDataDownload);
    }
    const source =
      changed.has('publicId') || changed.has('deploymentId') || changed.has('workbookId') || changed.has('slug');
    const transportArrived = changed.has('transport') || changed.has('context' as keyof SvcDashboard);
    // Another viewer sees other rows: their data and filter options load again (the host's filters stay).
    const viewer = viewerOf(this.context?.session?.claims);
    if (viewer !== this.viewer) {
      if (this.viewer !== undefined && viewer !== undefined) {
        this.refreshCount++;
        this.filterOptions = new Map();
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
    if (!transport || (!this.publicId && !(this.deploymentId && (this.workbookId || this.slug)))) return;
    this.loadStarted = performance.now();
    try {
      if (this.publicId) {
        const { dashboard } = await transport.getEmbedDashboard(this.publicId);
        this.setLoaded(dashboard.config, dashboard.reportSnapshots, !!dashboard.restrictDataDownload);
      } else {
        const workbook = this.workbookId
          ? await transport.getWorkbook(this.deploymentId!, this.workbookId)
          : await transport.upsertWorkbookBySlug(this.deploymentId!, this.slug!, {});
        if (!workbook.dashboardDraft) throw new Error(`Workbook ${workbook.id} has no dashboard`);
        const reports = Array.isArray(workbook.meta.reports) ? (workbook.meta.reports as ReportSnapshot[]) : [];
        this.setLoaded(
          workbook.dashboardDraft,
          reports.map((r, i) => ({ ...r, id: r.id ?? i + 1, reportId: r.reportId ?? r.id, versionNumber: 0 })),
          false,
        );
      }
    } catch (error) {
      this.loadError = errorMessage(error);
      this.emit(new SvcErrorEvent(error));
    }
  }

  private setLoaded(config: DashboardConfig, reports: ReportSnapshot[], restrictDownload: boolean): void {
    this.loadStarted ||= performance.now();
    this.loaded = { config, reports, restrictDownload };
    this.loadError = undefined;
    this.widgetStates.clear();
    this.announcedLoaded = false;
    // Defaults of FILTER and TIME_GRAIN widgets, unless the host has set its own.
    for (const w of config.widgets ?? []) {
      const c = asRecord(w.config);
      if (w.type === 'FILTER' && typeof c.member === 'string' && !this.filters.has(c.member)) {
        const defaults = Array.isArray(c.defaultValues) ? c.defaultValues.map(text) : [];
        if (defaults.length) this.filters = new Map(this.filters).set(c.member, defaults);
      }
      if (
        w.type === 'TIME_GRAIN' &&
        !this.timeGrain &&
        TIME_GRANULARITIES.includes(c.defaultGrain as TimeGranularity)
      ) {
        this.timeGrain = c.defaultGrain as TimeGranularity;
      }
    }
  }

  // ─── Public methods ────────────────────────────────────────────────────────────────────────────────────────

  /** Sets (or, with no values, clears) the filter on `member`; every report that reads its cube reloads. */
  setFilter(member: string, values: readonly unknown[] | undefined): void {
    const next = new Map(this.filters);
    const list = (values ?? []).map(text);
    if (list.length) next.set(member, list);
    else next.delete(member);
    this.filters = next;
    this.emit(new SvcFiltersChangedEvent(Object.fromEntries(next)));
  }

  /** The current filters (member → values). */
  getFilters(): Record<string, string[]> {
    return Object.fromEntries(this.filters);
  }

  /** Loads every widget's data again (filters stay). */
  refresh(): void {
    this.refreshCount++;
    this.requestUpdate();
  }

  /** The data a widget shows (undefined until loaded). */
  getChartData(widgetId: string): ChartData | undefined {
    return this.widgetStates.get(widgetId)?.data;
  }

  // ─── Data ──────────────────────────────────────────────────────────────────────────────────────────────────

  private reportOf(widget: DashboardWidget): ReportSnapshot | undefined {
    const id = asRecord(widget.config).reportId;
    return this.loaded?.reports.find((r) => r.reportId === id || r.id === id);
  }

  /** Starts loading a visible CHART's data when what it should show changed. */
  private ensureData(widget: DashboardWidget): WidgetState | undefined {
    const report = this.reportOf(widget);
    if (!report) return undefined;
    const request = reportRequest(report, this.filters, this.timeGrain);
    const key = JSON.stringify([request, this.refreshCount]);
    const current = this.widgetStates.get(widget.id);
    if (current?.key === key) return current;
    const next: WidgetState = { key, loading: true, ...(current?.data && { data: current.data }) };
    this.widgetStates.set(widget.id, next);
    if (request) void this.run(widget.id, key, request);
    else Object.assign(next, { loading: false, error: 'This report has no query' });
    return next;
  }

  private async run(id: string, key: string, request: ReportRequest): Promise<void> {
    let patch: Partial<WidgetState>;
    try {
      const transport = this.requireTransport();
      const extra = {
        ...(request.filters && { filters: request.filters }),
        ...(request.timeGrain && { timeGrain: request.timeGrain }),
      };
      if (request.kind === 'load') {
        const timezone = this.context?.timezone;
        const query = timezone && !request.query.timezone ? { ...request.query, timezone } : request.query;
        const result = await transport.load({ query, ...extra });
        const columns = result.data.length ? Object.keys(result.data[0]) : membersInOrder(request);
        patch = { data: { columns, rows: result.data }, loading: false, error: undefined };
      } else {
        const result = await transport.cubeSql({ query: request.query, ...extra });
        patch = { data: toChartData(result.schema, result.data), loading: false, error: undefined };
      }
    } catch (error) {
      patch = { loading: false, error: errorMessage(error) };
      this.emit(new SvcErrorEvent(error));
    }
    const state = this.widgetStates.get(id);
    if (state?.key !== key) return; // superseded
    Object.assign(state, patch);
    this.requestUpdate();
    this.maybeLoaded();
  }

  /** Whether the dashboard and the data of the widgets in view have loaded (svc-dashboard-loaded was sent). */
  get dataLoaded(): boolean {
    return this.announcedLoaded;
  }

  /** svc-dashboard-loaded once the grid is drawn, has been checked for what is in view, and those charts settled. */
  private maybeLoaded(): void {
    if (this.announcedLoaded || !this.loaded || !this.viewChecked) return;
    const charts = this.allWidgets().filter((w) => w.type === 'CHART' && this.visible.has(w.id));
    if (charts.some((w) => this.widgetStates.get(w.id)?.loading !== false)) return;
    this.announcedLoaded = true;
    this.emit(new SvcDashboardLoadedEvent(this.allWidgets().length, performance.now() - this.loadStarted));
  }

  private async loadFilterOptions(member: string): Promise<void> {
    if (this.filterOptions.has(member)) return;
    this.filterOptions = new Map(this.filterOptions).set(member, []);
    try {
      const result = await this.activeTransport!.load({
        query: { dimensions: [member], order: { [member]: 'asc' }, limit: 1000 },
      });
      this.filterOptions = new Map(this.filterOptions).set(
        member,
        result.data.map((row) => text(row[member])),
      );
    } catch (error) {
      this.emit(new SvcErrorEvent(error));
    }
  }

  // ─── Rendering ─────────────────────────────────────────────────────────────────────────────────────────────

  private allWidgets(): DashboardWidget[] {
    return this.loaded?.config.widgets ?? [];
  }

  /** Widgets of the top grid: those not inside a tab. */
  private topWidgets(): DashboardWidget[] {
    const inTabs = new Set(
      this.allWidgets()
        .filter((w) => w.type === 'TABS_CONTAINER')
        .flatMap((w) => tabsOf(w).flatMap((t) => t.widgetIds)),
    );
    return this.allWidgets().filter((w) => !inTabs.has(w.id));
  }

  /** Frames the current view observer watches (a new observer, after reconnecting, starts empty). */
  private observed = new WeakSet<Element>();

  /** Watches a widget frame for coming into view (its data load then). */
  private observe() {
    return ref((el) => {
      if (el instanceof HTMLElement && !this.observed.has(el)) {
        this.observed.add(el);
        this.viewObserver?.observe(el);
      }
    });
  }

  private renderGrid(widgets: DashboardWidget[], width: number): TemplateResult {
    const settings = asRecord(this.loaded!.config.settings);
    const compact = settings.compactType === 'none' ? 'none' : 'vertical';
    const grid: GridResult = computeGrid(widgets, width, gridOptions(this.loaded!.config.layout, compact));
    const byId = new Map(widgets.map((w) => [w.id, w]));
    return html`<div part="grid" class="grid" style=${styleMap({ height: `${grid.height}px` })}>
      ${grid.items.map((item) => {
        const widget = byId.get(item.id)!;
        return html`<div
          part="widget"
          class="widget"
          role="group"
          data-widget-id=${widget.id}
          data-widget-type=${widget.type}
          aria-label=${this.titleOf(widget) || widget.type.toLowerCase()}
          style=${styleMap({
            left: `${item.left}px`,
            top: `${item.top}px`,
            width: `${item.width}px`,
            height: `${item.height}px`,
            ...widgetStyle(widget),
          })}
          ${this.observe()}
        >
          ${this.renderWidget(widget, item.width)}
        </div>`;
      })}
    </div>`;
  }

  private titleOf(widget: DashboardWidget): string {
    const c = asRecord(widget.config);
    if (typeof c.title === 'string') return c.title;
    if (widget.type === 'CHART') {
      const r = this.reportOf(widget);
      return r?.title ?? r?.name ?? '';
    }
    if (widget.type === 'FILTER') return typeof c.label === 'string' ? c.label : '';
    return '';
  }

  private renderWidget(widget: DashboardWidget, width: number): TemplateResult | typeof nothing {
    try {
      switch (widget.type) {
        case 'CHART':
          return this.renderChart(widget);
        case 'TEXT':
          return this.renderText(widget);
        case 'FILTER':
          return this.renderFilter(widget);
        case 'TIME_GRAIN':
          return this.renderTimeGrain(widget);
        case 'TABS_CONTAINER':
          return this.renderTabs(widget, width);
        case 'AI':
          return this.renderAi(widget);
        default:
          return html`<p part="error" class="error" role="alert">Unknown widget type ${text(widget.type)}</p>`;
      }
    } catch (error) {
      return html`<p part="error" class="error" role="alert">${errorMessage(error)}</p>`;
    }
  }

  private renderChart(widget: DashboardWidget): TemplateResult {
    const report = this.reportOf(widget);
    const title = this.titleOf(widget);
    if (!report) {
      return html`<p part="error" class="error" role="alert">
        Report ${text(asRecord(widget.config).reportId)} not found
      </p>`;
    }
    const state = this.visible.has(widget.id) ? this.ensureData(widget) : undefined;
    const kind = report.kind ?? 'vega';
    const data = state?.data;
    return html`${title ? html`<h3 part="title" class="title">${title}</h3>` : nothing}
      <div class="body" aria-busy=${state?.loading ? 'true' : 'false'}>
        ${
          state?.error
            ? html`<p part="error" class="error" role="alert">${state.error}</p>`
            : !data
              ? html`<p class="muted">Loading…</p>`
              : kind === 'table'
                ? renderTable(data, title)
                : kind === 'kpi'
                  ? html`<p part="kpi" class="kpi">
                      ${this.formatNumber(data.rows[0]?.[data.columns.find((c) => typeof data.rows[0]?.[c] === 'number') ?? data.columns[0]])}
                    </p>`
                  : kind === 'html'
                    ? this.renderHtmlReport(widget, report, data)
                    : html`<div
                        part="chart"
                        class="chart"
                        role="img"
                        aria-label=${`Chart: ${title || 'report'}`}
                        ${this.vega(widget.id, report, data)}
                      ></div>`
        }
      </div>
      ${data && !this.loaded!.restrictDownload ? this.renderDownloads(widget.id, kind === 'vega' || kind === 'map') : nothing}`;
  }

  /** A KPI's number in the active locale; millions and more in compact notation ("52.6M"), so it fits its frame. */
  private formatNumber(v: unknown): string {
    if (typeof v !== 'number') return text(v);
    const compact = Math.abs(v) >= 1e6;
    return new Intl.NumberFormat(this.activeLocale, {
      maximumFractionDigits: compact ? 1 : 2,
      ...(compact && { notation: 'compact' }),
    }).format(v);
  }

  private readonly views = new Map<string, { toImageURL(type: string): Promise<string> }>();

  /** Draws a Vega-Lite chart once per data (vega-embed loads on the first chart). */
  private vega(id: string, report: ReportSnapshot, data: ChartData) {
    return ref((el) => {
      if (!(el instanceof HTMLElement)) return;
      const drawn = el as HTMLElement & { __data?: ChartData };
      if (drawn.__data === data) return;
      drawn.__data = data;
      void import('../shared/vega-chart.js')
        .then(({ renderVegaChart }) => renderVegaChart(el, chartSpec(report, data), data.rows))
        .then((view) => {
          this.views.set(id, view);
          view.addEventListener('click', (_event: unknown, item: { datum?: unknown } | null | undefined) => {
            const datum = asRecord(item?.datum);
            if (Object.keys(datum).length) this.drilldown(id, datum);
          });
        })
        .catch((error: unknown) => {
          // A chart that cannot be drawn shows why, like a query that failed.
          const state = this.widgetStates.get(id);
          if (state?.data === data) {
            state.error = errorMessage(error);
            this.requestUpdate();
          }
          this.emit(new SvcErrorEvent(error));
        });
    });
  }

  private drilldown(widgetId: string, datum: Record<string, unknown>): void {
    if (!this.emit(new SvcDrilldownEvent(widgetId, datum)).defaultPrevented) {
      // Default: filter the dashboard by the clicked values of members that a FILTER widget offers.
      const members = this.allWidgets()
        .filter((w) => w.type === 'FILTER')
        .map((w) => asRecord(w.config).member)
        .filter((m): m is string => typeof m === 'string' && m in datum);
      for (const member of members) this.setFilter(member, [datum[member]]);
    }
  }

  private renderDownloads(id: string, image: boolean): TemplateResult {
    const formats: ('csv' | 'png' | 'svg')[] = image ? ['csv', 'png', 'svg'] : ['csv'];
    return html`<div class="downloads">
      ${formats.map(
        (f) =>
          html`<button type="button" part="download" @click=${() => void this.download(id, f)}>
            ${f.toUpperCase()}
          </button>`,
      )}
    </div>`;
  }

  private async download(id: string, format: 'csv' | 'png' | 'svg'): Promise<void> {
    const data = this.widgetStates.get(id)?.data;
    if (!data || this.emit(new SvcDownloadEvent(id, format, data.rows)).defaultPrevented) return;
    let url: string;
    if (format === 'csv') {
      const { toCsv } = await import('../shared/csv.js');
      const csv = toCsv(
        data.columns.map((name) => ({ name, column_type: 'string' })),
        data.rows.map((r) => data.columns.map((c) => r[c])),
      );
      url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    } else {
      const view = this.views.get(id);
      if (!view) return;
      url = await view.toImageURL(format);
    }
    const a = document.createElement('a');
    a.href = url;
    a.download = `${id}.${format}`;
    a.click();
    if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /** An html report runs in a sandboxed frame without same-origin; its data arrive by postMessage. */
  private renderHtmlReport(widget: DashboardWidget, report: ReportSnapshot, data: ChartData): TemplateResult {
    const source = typeof report.spec === 'string' ? report.spec : text(asRecord(report.spec).html);
    return html`<iframe
      class="frame"
      title=${this.titleOf(widget) || 'Report'}
      sandbox="allow-scripts"
      srcdoc=${source}
      @load=${(e: Event) =>
        (e.target as HTMLIFrameElement).contentWindow?.postMessage({ type: 'svc-data', ...data }, '*')}
    ></iframe>`;
  }

  private renderText(widget: DashboardWidget): TemplateResult {
    const source = text(asRecord(widget.config).markdown);
    const rendered = this.markdown.get(source);
    if (rendered === undefined) {
      void import('../shared/markdown.js').then(({ renderMarkdown }) => {
        this.markdown = new Map(this.markdown).set(source, renderMarkdown(source));
      });
    }
    return html`<div
      class="text"
      ${ref((el) => {
        if (
          el instanceof HTMLElement &&
          rendered !== undefined &&
          (el as HTMLElement & { __md?: string }).__md !== rendered
        ) {
          (el as HTMLElement & { __md?: string }).__md = rendered;
          el.innerHTML = rendered; // sanitised by renderMarkdown
        }
      })}
    ></div>`;
  }

  private renderFilter(widget: DashboardWidget): TemplateResult {
    const c = asRecord(widget.config);
    const member = typeof c.member === 'string' ? c.member : undefined;
    if (!member) return html`<p part="error" class="error" role="alert">This filter has no member</p>`;
    if (this.activeTransport) void this.loadFilterOptions(member);
    const options = this.filterOptions.get(member) ?? [];
    const selected = new Set(this.filters.get(member) ?? []);
    const label = typeof c.label === 'string' ? c.label : member;
    const id = `filter-${widget.id}`;
    const multiple = c.multiple === true;
    return html`<label class="label" for=${id}>${label}</label>
      <select
        part="filter"
        id=${id}
        ?multiple=${multiple}
        @change=${(e: Event) => {
          const select = e.target as HTMLSelectElement;
          this.setFilter(member, [...select.selectedOptions].map((o) => o.value).filter(Boolean));
        }}
      >
        ${multiple ? nothing : html`<option value="" ?selected=${selected.size === 0}>All</option>`}
        ${options.map((o) => html`<option value=${o} ?selected=${selected.has(o)}>${o}</option>`)}
      </select>`;
  }

  private renderTimeGrain(widget: DashboardWidget): TemplateResult {
    const c = asRecord(widget.config);
    const grains = (Array.isArray(c.grains) ? c.grains : ['day', 'week', 'month', 'quarter', 'year']).filter(
      (g): g is TimeGranularity => TIME_GRANULARITIES.includes(g as TimeGranularity),
    );
    const id = `grain-${widget.id}`;
    return html`<label class="label" for=${id}>${typeof c.label === 'string' ? c.label : 'Time grain'}</label>
      <select
        part="filter"
        id=${id}
        @change=${(e: Event) => {
          const value = (e.target as HTMLSelectElement).value;
          this.timeGrain = value ? (value as TimeGranularity) : undefined;
        }}
      >
        <option value="" ?selected=${!this.timeGrain}>As designed</option>
        ${grains.map((g) => html`<option value=${g} ?selected=${this.timeGrain === g}>${g}</option>`)}
      </select>`;
  }

  private renderTabs(widget: DashboardWidget, width: number): TemplateResult {
    const tabs = tabsOf(widget);
    if (!tabs.length) return html`<p class="muted">No tabs</p>`;
    const active = this.activeTabs.get(widget.id) ?? tabs[0].id;
    const current = tabs.find((t) => t.id === active) ?? tabs[0];
    const select = (id: string, focus: boolean) => {
      this.activeTabs = new Map(this.activeTabs).set(widget.id, id);
      if (focus) {
        void this.updateComplete.then(() =>
          this.renderRoot.querySelector<HTMLElement>(`#tab-${CSS.escape(widget.id)}-${CSS.escape(id)}`)?.focus(),
        );
      }
    };
    const keydown = (e: KeyboardEvent) => {
      const i = tabs.findIndex((t) => t.id === current.id);
      const to =
        e.key === 'ArrowRight'
          ? (i + 1) % tabs.length
          : e.key === 'ArrowLeft'
            ? (i - 1 + tabs.length) % tabs.length
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? tabs.length - 1
                : -1;
      if (to < 0) return;
      e.preventDefault();
      select(tabs[to].id, true);
    };
    const members = this.allWidgets().filter((w) => current.widgetIds.includes(w.id));
    return html`<div part="tabs" class="tabs" role="tablist" @keydown=${keydown}>
        ${tabs.map(
          (t) =>
            html`<button
              part="tab"
              role="tab"
              type="button"
              id=${`tab-${widget.id}-${t.id}`}
              aria-selected=${t.id === current.id ? 'true' : 'false'}
              aria-controls=${`panel-${widget.id}`}
              tabindex=${t.id === current.id ? '0' : '-1'}
              @click=${() => select(t.id, false)}
            >
              ${t.title}
            </button>`,
        )}
      </div>
      <div
        class="panel"
        role="tabpanel"
        id=${`panel-${widget.id}`}
        aria-labelledby=${`tab-${widget.id}-${current.id}`}
        tabindex="0"
      >
        ${members.length ? this.renderGrid(members, Math.max(0, width - 2)) : nothing}
      </div>`;
  }

  private renderAi(widget: DashboardWidget): TemplateResult {
    const prompt = asRecord(widget.config).prompt;
    return html`<svc-chat
      class="ai"
      .starterPrompts=${typeof prompt === 'string' && prompt ? [prompt] : []}
      placeholder="Ask about this dashboard"
    ></svc-chat>`;
  }

  private renderApp(config: DashboardConfig): TemplateResult {
    const app = config.app;
    const source = app?.html ?? (app?.entry && app.files ? app.files[app.entry] : undefined) ?? '';
    return html`<iframe
      part="app"
      class="app"
      title=${config.title ?? 'Dashboard'}
      sandbox="allow-scripts"
      srcdoc=${source}
      @load=${(e: Event) => this.connectApp(e.target as HTMLIFrameElement)}
    ></iframe>`;
  }

  /** An app asks `{type: 'svc-load', id, query}` and gets `{type: 'svc-result', id, data | error}`. */
  private connectApp(frame: HTMLIFrameElement): void {
    const target = frame.contentWindow;
    if (!target) return;
    target.postMessage({ type: 'svc-init', reports: this.loaded?.reports ?? [], filters: this.getFilters() }, '*');
    const listener = (event: MessageEvent) => {
      if (event.source !== target) return;
      const message = asRecord(event.data);
      if (message.type !== 'svc-load') return;
      const transport = this.activeTransport;
      if (!transport) return;
      transport
        .load({ query: asRecord(message.query) })
        .then((result) => target.postMessage({ type: 'svc-result', id: message.id, data: result.data }, '*'))
        .catch((error: unknown) =>
          target.postMessage({ type: 'svc-result', id: message.id, error: errorMessage(error) }, '*'),
        );
    };
    window.addEventListener('message', listener);
    this.appListeners.push(() => window.removeEventListener('message', listener));
  }

  private readonly appListeners: (() => void)[] = [];

  /**
   * The session's `settings.showDashboardChat` decides whether a published, embedded dashboard offers the chat
   * launcher; unset, the account default (shown) applies. Dashboards given directly or read as drafts do not.
   */
  get chatAvailable(): boolean {
    if (!this.publicId || !this.loaded) return false;
    return this.context?.session?.claims?.settings?.showDashboardChat !== false;
  }

  @state() private chatOpen = false;

  private renderChatLauncher(): TemplateResult | typeof nothing {
    if (!this.chatAvailable) return nothing;
    return html`<div class="chat-dock">
      <button
        part="chat-launcher"
        class="launcher"
        type="button"
        aria-expanded=${this.chatOpen ? 'true' : 'false'}
        aria-controls="dashboard-chat"
        @click=${() => (this.chatOpen = !this.chatOpen)}
      >
        ${this.chatOpen ? 'Close chat' : 'Ask AI'}
      </button>
      ${
        this.chatOpen
          ? html`<div part="chat-panel" class="chat-panel" id="dashboard-chat" role="dialog" aria-label="Ask AI">
              <svc-chat placeholder="Ask about this dashboard"></svc-chat>
            </div>`
          : nothing
      }
    </div>`;
  }

  override render(): TemplateResult {
    if (this.loadError) return html`<p part="error" class="error" role="alert">${this.loadError}</p>`;
    if (!this.loaded) return html`<p class="muted" role="status">Loading dashboard…</p>`;
    const config = this.loaded.config;
    const body =
      config.kind === 'APP'
        ? this.renderApp(config)
        : this.width
          ? this.renderGrid(this.topWidgets(), this.width)
          : html`<div class="measure"></div>`;
    return html`<div class="dashboard" style=${styleMap(themeStyle(config.theme))}>
      ${body}${this.renderChatLauncher()}
    </div>`;
  }

  private readyEmitted = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.loaded && this.width && !this.readyEmitted) {
      this.readyEmitted = true;
      this.emit(new SvcReadyEvent());
    }
    this.maybeLoaded();
  }
}

/** The Vega-Lite spec of a chart: the report's; for a map without one, points at latitude/longitude columns. */
function chartSpec(report: ReportSnapshot, data: ChartData): Record<string, unknown> {
  const spec = typeof report.spec === 'string' ? (JSON.parse(report.spec) as unknown) : report.spec;
  if (spec && typeof spec === 'object' && Object.keys(spec).length) return spec as Record<string, unknown>;
  const lat = data.columns.find((c) => /(^|[._])lat(itude)?$/i.test(c));
  const lon = data.columns.find((c) => /(^|[._])(lon|lng|longitude)$/i.test(c));
  if (report.kind === 'map' && lat && lon) {
    const field = (c: string) => c.replace(/\./g, '\\.');
    return {
      mark: 'circle',
      projection: { type: 'mercator' },
      encoding: {
        latitude: { field: field(lat), type: 'quantitative' },
        longitude: { field: field(lon), type: 'quantitative' },
      },
    };
  }
  throw new Error(`Report ${report.reportId} has no chart spec`);
}

function tabsOf(widget: DashboardWidget): { id: string; title: string; widgetIds: string[] }[] {
  const tabs = asRecord(widget.config).tabs;
  if (!Array.isArray(tabs)) return [];
  return tabs.map((t, i) => {
    const tab = asRecord(t);
    return {
      id: text(tab.id) || String(i),
      title: text(tab.title) || `Tab ${i + 1}`,
      widgetIds: Array.isArray(tab.widgetIds) ? tab.widgetIds.map(text) : [],
    };
  });
}

function membersInOrder(request: ReportRequest): string[] {
  if (request.kind !== 'load') return [];
  const q = request.query;
  return [...(q.dimensions ?? []), ...(q.timeDimensions ?? []).map((t) => t.dimension), ...(q.measures ?? [])];
}

function toChartData(schema: SchemaColumn[], data: unknown[][]): ChartData {
  const columns = schema.map((c) => c.name);
  return { columns, rows: data.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))) };
}

function renderTable(data: ChartData, title: string): TemplateResult {
  return html`<div class="scroll" tabindex="0" role="group" aria-label=${title || 'Table'}>
    <table part="table">
      <thead>
        <tr>
          ${data.columns.map((c) => html`<th scope="col">${c}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${data.rows.slice(0, 500).map(
          (r) =>
            html`<tr>
              ${data.columns.map((c) => html`<td>${text(r[c])}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** A CSS value from configuration, or undefined when it could do more than style (url(), expressions, breaking out). */
function safeCss(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const value = String(v);
  return /url\(|expression|image-set|[;{}<>\\]/i.test(value) ? undefined : value;
}

/** The dashboard's `theme` as --svc-* tokens (known keys only). */
function themeStyle(theme: Record<string, unknown> | null | undefined): Record<string, string> {
  const map: Record<string, string> = {
    primaryColor: '--svc-color-accent',
    accentColor: '--svc-color-accent',
    backgroundColor: '--svc-color-surface',
    textColor: '--svc-color-text',
    borderColor: '--svc-color-border',
    fontFamily: '--svc-font-family',
    borderRadius: '--svc-radius',
    widgetBackground: '--svc-dashboard-widget-background',
  };
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(asRecord(theme))) {
    const value = safeCss(v);
    if (map[key] && value !== undefined) out[map[key]] = value;
  }
  return out;
}

/** A widget's `style`: only plain CSS values of a few safe properties (no url(), no expressions). */
function widgetStyle(widget: DashboardWidget): Record<string, string> {
  const allowed = ['background', 'backgroundColor', 'color', 'borderColor', 'borderRadius', 'padding'];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(asRecord(widget.style))) {
    const value = safeCss(v);
    if (!allowed.includes(k) || value === undefined) continue;
    out[k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = value;
  }
  return out;
}

defineElement('svc-dashboard', SvcDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'svc-dashboard': SvcDashboard;
  }
}
