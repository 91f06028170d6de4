// The dashboard's widget data: which CHART widgets should have data (on screen and in view), what each loads (its
// report under the filters and the time grain), and the loading itself — one request per widget at a time (a newer
// one aborts it), results kept until what the widget shows changes, refresh() loads all again, and disconnecting
// aborts what is in flight (it loads again on reconnect). A result is applied through `commit` (the element draws
// one widget's new data per slice). A new session of the same viewer loads again what failed, and what was on its
// way when it came loads again if it fails. What describes the data (their columns) and draws them (the chart spec)
// loads with the first request, beside it, not with the element.

import { msg } from '@lit/localize';
import type { ReactiveController } from 'lit';
import type { DashboardWidget, ReportSnapshot, SchemaColumn, TimeGranularity } from '../../api/types.js';
import { errorMessage } from '../../api/errors.js';
import type { Transport } from '../../transport/transport.js';
import { SvcErrorEvent } from '../events.js';
import type { ChartData } from './chart-data.js';
import type { DataColumn } from './columns.js';
import type { DashboardFilters, DashboardHost } from './filters.js';
import { reportRequest, type ReportRequest } from './reports.js';

export type { ChartData } from './chart-data.js';

export interface WidgetData {
  /** What was (or is being) loaded: the request under the filters and grain, and the refresh count. */
  key: string;
  data?: ChartData;
  /** How `data`'s columns read: titles and formatting hints. */
  columns?: DataColumn[];
  /** The Vega-Lite spec for `data` (reports drawn as charts: vega, map). */
  spec?: Record<string, unknown>;
  error?: string;
  loading: boolean;
}

/** What the data controller reads from the element. */
export interface DataSources {
  transport(): Transport;
  timezone(): string | undefined;
  /** The CHART widgets that should have data now (rendered and in view), with their reports. */
  wanted(): { widget: DashboardWidget; report: ReportSnapshot }[];
  readonly filters: DashboardFilters;
  /** Applies a widget's loaded data (`apply`) when the element draws them; the element updates after. */
  commit(widgetId: string, apply: () => void): void;
}

export class DashboardData implements ReactiveController {
  private readonly states = new Map<string, WidgetData>();
  private readonly inFlight = new Map<string, AbortController>();
  private refreshCount = 0;
  /** Bumped by each new session of the same viewer. */
  private sessions = 0;

  constructor(
    private readonly host: DashboardHost,
    private readonly sources: DataSources,
  ) {
    host.addController(this);
  }

  /** A widget's data state (undefined until it is wanted). */
  get(widgetId: string): WidgetData | undefined {
    return this.states.get(widgetId);
  }

  /** Loads every wanted widget again on the next update. */
  refresh(): void {
    this.refreshCount++;
    this.host.requestUpdate();
  }

  /**
   * A new session of the same viewer (a renewal, or the first session): what failed loads again on the next update,
   * and what is on its way loads again if it fails (its failure may be the session's before).
   */
  newSession(): void {
    this.sessions++;
    let failed = false;
    for (const state of this.states.values()) {
      if (state.error === undefined || state.loading) continue;
      state.key = '';
      failed = true;
    }
    if (failed) this.host.requestUpdate();
  }

  /** Forgets every widget's data (another dashboard was loaded). */
  clear(): void {
    this.abortAll();
    this.states.clear();
  }

  /** A chart could not be drawn from `data`: it shows why, like a query that failed. */
  failed(widgetId: string, data: ChartData, error: unknown): void {
    const state = this.states.get(widgetId);
    if (state?.data === data) {
      state.error = errorMessage(error);
      this.host.requestUpdate();
    }
    this.host.emit(new SvcErrorEvent(error));
  }

  /** Starts loading each wanted widget whose request (or the refresh count) changed, before the element renders. */
  hostUpdate(): void {
    const { current, timeGrain } = this.sources.filters;
    for (const { widget, report } of this.sources.wanted()) this.ensure(widget.id, report, current, timeGrain);
  }

  hostDisconnected(): void {
    // What was loading loads again when the element comes back; what had loaded stays.
    for (const id of this.inFlight.keys()) {
      const state = this.states.get(id);
      if (state) state.key = '';
    }
    this.abortAll();
  }

  hostConnected(): void {
    if (this.states.size) this.host.requestUpdate();
  }

  private ensure(
    id: string,
    report: ReportSnapshot,
    filters: ReadonlyMap<string, readonly string[]>,
    timeGrain: TimeGranularity | undefined,
  ): void {
    const request = reportRequest(report, filters, timeGrain);
    const key = JSON.stringify([request, this.refreshCount]);
    const current = this.states.get(id);
    if (current?.key === key) return;
    this.inFlight.get(id)?.abort();
    this.inFlight.delete(id);
    const next: WidgetData = {
      key,
      loading: true,
      ...(current?.data && { data: current.data, columns: current.columns, spec: current.spec }),
    };
    this.states.set(id, next);
    if (request) void this.load(id, key, report, request);
    else Object.assign(next, { loading: false, error: msg('This report has no query') });
  }

  private async load(id: string, key: string, report: ReportSnapshot, request: ReportRequest): Promise<void> {
    const abort = new AbortController();
    this.inFlight.set(id, abort);
    const session = this.sessions;
    let apply: (state: WidgetData) => void;
    try {
      const { data, columns } = await this.fetch(request, abort.signal);
      // The chart spec is fitted to the data when they are drawn, in their slice.
      const fit = drawnAsChart(report)
        ? await import('./widgets/chart-spec.js').then(
            ({ chartSpec }) =>
              () =>
                chartSpec(report, data),
            (error: unknown) => () => {
              throw error;
            },
          )
        : undefined;
      apply = (state) => {
        Object.assign(state, { data, columns, loading: false, error: undefined, spec: undefined });
        try {
          if (fit) state.spec = fit();
        } catch (error) {
          // A chart that cannot be drawn shows why, like a query that failed; its data stay readable.
          state.error = errorMessage(error);
          this.host.emit(new SvcErrorEvent(error));
        }
      };
    } catch (error) {
      // Superseded or disconnected: our own abort. Any other failure (an abort by the transport too) is shown.
      if (abort.signal.aborted) return;
      if (session !== this.sessions) {
        const state = this.states.get(id);
        if (state?.key === key) state.key = ''; // started under the session before: loads again under this one
        this.host.requestUpdate();
        return;
      }
      apply = (state) => Object.assign(state, { loading: false, error: errorMessage(error) });
      this.host.emit(new SvcErrorEvent(error));
    } finally {
      if (this.inFlight.get(id) === abort) this.inFlight.delete(id);
    }
    this.sources.commit(id, () => {
      const state = this.states.get(id);
      if (state?.key === key) apply(state); // else superseded meanwhile
    });
  }

  private async fetch(
    request: ReportRequest,
    signal: AbortSignal,
  ): Promise<{ data: ChartData; columns: DataColumn[] }> {
    const transport = this.sources.transport();
    const extra = {
      ...(request.filters && { filters: request.filters }),
      ...(request.timeGrain && { timeGrain: request.timeGrain }),
    };
    // The columns' module loads beside the request (the first one; later ones find it there).
    if (request.kind === 'sql') {
      const [result, { sqlColumns }] = await Promise.all([
        transport.cubeSql({ query: request.query, ...extra }, { signal }),
        import('./columns.js'),
      ]);
      const data = toChartData(result.schema, result.data);
      return { data, columns: sqlColumns(result.schema, data.rows) };
    }
    const timezone = this.sources.timezone();
    const query = timezone && !request.query.timezone ? { ...request.query, timezone } : request.query;
    const [result, { loadColumns }, { metaOf, aggregationsOf }] = await Promise.all([
      transport.load({ query, ...extra }, { signal }),
      import('./columns.js'),
      import('../shared/meta-cache.js'),
    ]);
    const columns = result.data.length ? Object.keys(result.data[0]) : membersInOrder(request);
    // A load's annotation (as Cube's) names no aggregation: the meta does, for the charts' "Other" of what adds up.
    const unnamed = Object.values(result.annotation?.measures ?? {}).some((m) => m.aggType === undefined);
    const aggregations = unnamed ? aggregationsOf(await metaOf(transport, '')) : undefined;
    return {
      data: { columns, rows: result.data },
      columns: loadColumns(columns, result.annotation, result.data, aggregations),
    };
  }

  private abortAll(): void {
    for (const abort of this.inFlight.values()) abort.abort();
    this.inFlight.clear();
  }
}

/** Whether a report is drawn as a Vega-Lite chart (every kind but table, kpi and html). */
export const drawnAsChart = (report: ReportSnapshot): boolean =>
  !['table', 'kpi', 'html'].includes(report.kind ?? 'vega');

function membersInOrder(request: ReportRequest): string[] {
  if (request.kind !== 'load') return [];
  const q = request.query;
  return [...(q.dimensions ?? []), ...(q.timeDimensions ?? []).map((t) => t.dimension), ...(q.measures ?? [])];
}

function toChartData(schema: SchemaColumn[], data: unknown[][]): ChartData {
  const columns = schema.map((c) => c.name);
  return { columns, rows: data.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))) };
}
