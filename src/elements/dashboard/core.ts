// <svc-dashboard>'s implementation, loaded after the element's first frame (./svc-dashboard.ts stays small, so the
// elements entry does too): where the dashboard comes from (./source), the viewport, the filters, the data
// controller, the grid drawn in slices (./slices) and one renderer per widget kind (./widgets); the element forwards
// its updates and public methods here.

import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { errorMessage } from '../../api/errors.js';
import type { Transport } from '../../transport/transport.js';
import { SvcDashboardLoadedEvent, SvcErrorEvent, SvcReadyEvent } from '../events.js';
import type { SvcContext } from '../shared/context.js';
import type { Changed } from '../shared/lazy-body.js';
import { LazyModule } from '../shared/lazy-module.js';
import { AppFrames } from './apps.js';
import { ChatDock } from './chat-dock.js';
import { themeStyle } from './css-values.js';
import { DashboardData, drawnAsChart, type ChartData } from './data.js';
import { DashboardFilters } from './filters.js';
import { renderGrid, shownWidgets, topWidgets } from './grid.js';
import { readable } from './placeholder.js';
import type { DashboardProperties } from './properties.js';
import { DrawSlices } from './slices.js';
import { readDashboard, type LoadedDashboard } from './source.js';
import { DashboardViewport } from './viewport.js';
import { SessionFollower } from './session-follower.js';
import { warmUpCharts, warmUpFormats } from './warm-up.js';
import { dashboardPrompts } from './widgets/ai.js';
import { renderApp } from './widgets/app.js';
import type { WidgetHost } from './widgets/host.js';
import { titleOf, widgetReport } from './widgets/kinds.js';
import { textPending } from './widgets/text.js';

/** What the implementation sees of the element: its public properties (declared once, ./properties.ts). */
export type DashboardElement = DashboardProperties;

/** The element's protected state, read through these. */
export interface ElementAccess {
  transport(): Transport | undefined;
  requireTransport(): Transport;
  context(): SvcContext | undefined;
  locale(): string | undefined;
}

export class DashboardCore {
  private loaded?: LoadedDashboard;
  private loadError?: string;
  private readonly viewport: DashboardViewport;
  readonly filters: DashboardFilters;
  private readonly slices: DrawSlices;
  private readonly data: DashboardData;
  /** Modules widget renderers load with their first widget (a CHART's renderer), by loader. */
  private readonly lazies = new Map<() => Promise<unknown>, LazyModule<unknown>>();
  private readonly apps = new AppFrames();
  private readonly chatDock: ChatDock;
  /** What the widget renderers see of the element. */
  private readonly widgetHost: WidgetHost;

  /**
   * Another viewer reloads every widget's data and the filter options, and svc-dashboard-loaded comes again once the
   * widgets in view show theirs; a renewal retries what failed.
   */
  private readonly sessions = new SessionFollower({
    otherViewer: () => {
      this.data.refresh();
      this.filters.resetOptions();
      this.announcedLoaded = false;
      this.loadStarted = performance.now();
    },
    renewed: () => this.data.newSession(),
  });
  /** The session the last dashboard read was made with. */
  private loadedWith?: unknown;
  private loadStarted = 0;
  private announcedLoaded = false;
  private readyEmitted = false;

  constructor(
    private readonly el: DashboardElement,
    private readonly access: ElementAccess,
    /** Filters the host set before the implementation was there. */
    filters: ReadonlyMap<string, string[]>,
  ) {
    this.viewport = new DashboardViewport(el);
    this.filters = new DashboardFilters(el, {
      transport: () => access.transport(),
      widgets: () => this.loaded?.config.widgets ?? [],
    });
    for (const [member, values] of filters) this.filters.set(member, values, false);
    this.slices = new DrawSlices(
      el,
      // Near the view, or just drawn and not reported on yet (like the tab that shows it).
      (id) => this.viewport.visible.has(id) || !this.viewport.reported.has(id),
      () => this.viewport.checked,
    );
    this.data = new DashboardData(el, {
      transport: () => access.requireTransport(),
      timezone: () => access.context()?.timezone,
      filters: this.filters,
      wanted: () => this.wanted(),
      commit: (id, apply) => this.slices.commit(id, apply),
    });
    this.chatDock = new ChatDock(() => el.requestUpdate());
    this.widgetHost = this.makeWidgetHost();
  }

  /** The widgets that should have their report's data: shown (top grid, selected tabs) and in view. */
  private wanted() {
    if (!this.loaded || this.loaded.config.kind === 'APP' || !this.viewport.width) return [];
    const reports = this.loaded.reports;
    return shownWidgets(this.loaded.config, this.widgetHost.activeTabs).flatMap((widget) => {
      const report = this.viewport.visible.has(widget.id) && widgetReport(widget, reports);
      return report ? [{ widget, report }] : [];
    });
  }

  disconnect(): void {
    this.apps.disconnect();
  }

  // ─── Loading ───────────────────────────────────────────────────────────────────────────────────────────────

  willUpdate(changed: Changed): void {
    const el = this.el;
    if (changed.has('dashboard') || changed.has('config') || changed.has('reports')) {
      const config = el.dashboard?.config ?? el.config;
      if (config) {
        const reports = el.dashboard?.reportSnapshots ?? el.reports;
        this.setLoaded({ config, reports, restrictDownload: !!el.dashboard?.restrictDataDownload });
      }
    }
    const source =
      changed.has('publicId') || changed.has('deploymentId') || changed.has('workbookId') || changed.has('slug');
    const transportArrived = changed.has('transport') || changed.has('context');
    const context = this.access.context();
    this.sessions.follow(context);
    // A new session (the first, or another viewer) retries a read that failed without one.
    const sessionChanged = transportArrived && context?.session !== this.loadedWith;
    if (
      (source || (transportArrived && !this.loaded && (!this.loadError || sessionChanged))) &&
      !el.dashboard &&
      !el.config
    ) {
      this.loadedWith = context?.session;
      void this.fetchDashboard();
    }
  }

  private async fetchDashboard(): Promise<void> {
    const transport = this.access.transport();
    if (!transport || !readable(this.el)) return;
    this.loadStarted = performance.now();
    try {
      this.setLoaded(await readDashboard(transport, this.el));
    } catch (error) {
      this.loadError = errorMessage(error);
      this.el.emit(new SvcErrorEvent(error));
    }
    this.el.requestUpdate();
  }

  private setLoaded(loaded: LoadedDashboard): void {
    this.loadStarted ||= performance.now();
    this.loaded = loaded;
    this.loadError = undefined;
    this.data.clear();
    this.slices.reset();
    this.announcedLoaded = false;
    this.filters.applyDefaults(loaded.config);
    // Charts: the chart worker sets Intl up first (off this thread); the page's own formatters follow.
    if (loaded.config.kind !== 'APP' && loaded.reports.some(drawnAsChart)) warmUpCharts(this.access.locale());
    warmUpFormats(this.access.locale());
  }

  // ─── What the element's public methods read ────────────────────────────────────────────────────────────────

  refresh(): void {
    this.data.refresh();
  }

  chartData(widgetId: string): ChartData | undefined {
    return this.data.get(widgetId)?.data;
  }

  get dataLoaded(): boolean {
    return this.announcedLoaded;
  }

  /** Whether a dashboard has been loaded (the chat launcher waits for one). */
  get hasDashboard(): boolean {
    return !!this.loaded;
  }

  // ─── Rendering ─────────────────────────────────────────────────────────────────────────────────────────────

  private makeWidgetHost(): WidgetHost {
    const el = this.el;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the renderers' view of the implementation
    const core = this;
    const reports = () => core.loaded?.reports ?? [];
    return {
      get dashboard() {
        return core.loaded!;
      },
      data: core.data,
      filters: core.filters,
      lazy: <M>(load: () => Promise<M>) => {
        let module = core.lazies.get(load) as LazyModule<M> | undefined;
        if (!module) core.lazies.set(load, (module = new LazyModule(el, load)));
        return module;
      },
      slices: core.slices,
      apps: core.apps,
      get locale() {
        return core.access.locale();
      },
      get ownLocale() {
        return el.locale;
      },
      get themeKey() {
        const scheme = el.colorScheme ?? core.access.context()?.colorScheme ?? '';
        return `${scheme} ${JSON.stringify(core.loaded?.config.theme ?? {})}`;
      },
      activeTabs: new Map(),
      markdown: new Map(),
      get renderRoot() {
        return el.renderRoot;
      },
      get updateComplete() {
        return el.updateComplete;
      },
      transport: () => core.access.transport(),
      renderGrid: (widgets, width) => renderGrid(core.widgetHost, core.viewport, widgets, width),
      titleOf: (widget) => titleOf(widget, reports()),
      requestUpdate: () => el.requestUpdate(),
      emit: (event) => el.emit(event),
    };
  }

  /** Resolves once the renderers' modules have loaded (those loading) and every slice waiting now is drawn. */
  async settled(): Promise<void> {
    await Promise.all([...this.lazies.values()].map((module) => module.settled()));
    await this.slices.idle();
  }

  /** The dashboard, or undefined before there is one (the element shows its first frame meanwhile). */
  render(chatAvailable: boolean): TemplateResult | undefined {
    if (this.loadError) return html`<p part="error" class="error" role="alert">${this.loadError}</p>`;
    if (!this.loaded) return undefined;
    const config = this.loaded.config;
    const width = this.viewport.width;
    const top = topWidgets(config);
    const body =
      config.kind === 'APP'
        ? renderApp(this.widgetHost, config)
        : top.length === 0
          ? html`<p class="muted" role="status">${msg('This dashboard has no widgets yet')}</p>`
          : width
            ? renderGrid(this.widgetHost, this.viewport, top, width)
            : html`<div class="measure"></div>`;
    return html`<div class="dashboard" style=${styleMap(themeStyle(config.theme))}>
      ${chatAvailable ? this.chatDock.render(dashboardPrompts(config), this.el.locale) : nothing}${body}
    </div>`;
  }

  updated(): void {
    if (this.loaded && this.viewport.width && !this.readyEmitted) {
      this.readyEmitted = true;
      this.el.emit(new SvcReadyEvent());
    }
    this.maybeLoaded();
  }

  /**
   * svc-dashboard-loaded once the grid is drawn, has been checked for what is in view, its data settled and its text
   * drawn.
   */
  private maybeLoaded(): void {
    if (this.announcedLoaded || !this.loaded) return;
    const { config, reports } = this.loaded;
    const widgets = config.widgets ?? [];
    // A grid with no frame has nothing for the view observer to report on: it is loaded as soon as it is drawn.
    if (!this.viewport.checked && (config.kind === 'APP' || topWidgets(config).length > 0)) return;
    // Those in view that show a report's data: one whose report is missing, or whose config is not valid, shows why.
    const charts = widgets.filter((w) => this.viewport.visible.has(w.id) && widgetReport(w, reports));
    if (charts.some((w) => this.data.get(w.id)?.loading !== false)) return;
    // And the text drawn (its markdown is rendered off the main thread, a moment after the grid).
    if (textPending(this.widgetHost.markdown)) return;
    this.announcedLoaded = true;
    this.el.emit(new SvcDashboardLoadedEvent(widgets.length, performance.now() - this.loadStarted));
  }
}
