// CHART widget: its report's data (loaded by the data controller once in view) as the report's kind shows them —
// a Vega-Lite chart (vega, map), a table, a KPI, or an html report in a sandboxed frame — with its downloads.

import { html, nothing, type TemplateResult } from 'lit';
import type { DashboardWidget, ReportSnapshot } from '../../../api/types.js';
import { vegaChart } from '../../shared/chart.js';
import type { ChartData, WidgetData } from '../data.js';
import { asRecord, reportOf, text } from '../values.js';
import { renderDownloads } from './downloads.js';
import type { WidgetHost } from './host.js';

export function renderChart(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const report = reportOf(widget, host.dashboard.reports);
  const title = host.titleOf(widget);
  if (!report) {
    return html`<p part="error" class="error" role="alert">
      Report ${text(asRecord(widget.config).reportId)} not found
    </p>`;
  }
  const state = host.data.get(widget.id);
  const kind = report.kind ?? 'vega';
  const data = state?.data;
  return html`${title ? html`<h3 part="title" class="title">${title}</h3>` : nothing}
    <div class="body" aria-busy=${state?.loading ? 'true' : 'false'}>
      ${
        state?.error
          ? html`<p part="error" class="error" role="alert">${state.error}</p>`
          : !data
            ? html`<p class="muted">Loading…</p>`
            : renderKind(host, widget, report, state, title)
      }
    </div>
    ${data && !host.dashboard.restrictDownload ? renderDownloads(host, widget.id, kind === 'vega' || kind === 'map') : nothing}`;
}

function renderKind(
  host: WidgetHost,
  widget: DashboardWidget,
  report: ReportSnapshot,
  state: WidgetData,
  title: string,
): TemplateResult {
  const data = state.data!;
  switch (report.kind ?? 'vega') {
    case 'table':
      return renderTable(data, title);
    case 'kpi':
      return html`<p part="kpi" class="kpi">${formatNumber(firstNumber(data), host.locale)}</p>`;
    case 'html':
      return renderHtmlReport(widget, report, data, title);
    default:
      return html`<div
        part="chart"
        class="chart"
        role="img"
        aria-label=${`Chart: ${title || 'report'}`}
        ${vegaChart({
          spec: state.spec!,
          values: data.rows,
          themeKey: host.themeKey,
          onView: (view) =>
            view.addEventListener('click', (_event, item) => {
              const datum = asRecord(item?.datum);
              if (Object.keys(datum).length) host.filters.drilldown(widget.id, datum);
            }),
          onError: (error) => host.data.failed(widget.id, data, error),
        })}
      ></div>`;
  }
}

/** A KPI's value: the first row's first number, else its first column. */
function firstNumber(data: ChartData): unknown {
  const row = data.rows[0];
  return row?.[data.columns.find((c) => typeof row?.[c] === 'number') ?? data.columns[0]];
}

/** A KPI's number in the active locale; millions and more in compact notation ("52.6M"), so it fits its frame. */
function formatNumber(v: unknown, locale: string | undefined): string {
  if (typeof v !== 'number') return text(v);
  const compact = Math.abs(v) >= 1e6;
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: compact ? 1 : 2,
    ...(compact && { notation: 'compact' }),
  }).format(v);
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

/** An html report runs in a sandboxed frame without same-origin; its data arrive by postMessage. */
function renderHtmlReport(widget: DashboardWidget, report: ReportSnapshot, data: ChartData, title: string) {
  const source = typeof report.spec === 'string' ? report.spec : text(asRecord(report.spec).html);
  return html`<iframe
    class="frame"
    title=${title || 'Report'}
    sandbox="allow-scripts"
    srcdoc=${source}
    @load=${(e: Event) =>
      (e.target as HTMLIFrameElement).contentWindow?.postMessage({ type: 'svc-data', ...data }, '*')}
  ></iframe>`;
}
