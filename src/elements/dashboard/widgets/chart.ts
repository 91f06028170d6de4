// CHART widget: its report's data (loaded by the data controller once in view) as the report's kind shows them —
// a Vega-Lite chart (vega, map), a table, a KPI, or an html report in a sandboxed frame — with its downloads. Charts
// take their turns with the page's other charts (one Vega drawing per slice).

import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { ReportSnapshot, TypedWidget } from '../../../api/types.js';
import { vegaChart } from '../../shared/chart.js';
import { formatNumber, formatValue, numberStyleOf } from '../../shared/format.js';
import type { DataColumn } from '../columns.js';
import type { ChartData } from '../chart-data.js';
import type { WidgetData } from '../data.js';
import { FRAME_INSET } from '../frame.js';
import { DrawSlices } from '../slices.js';
import { asRecord, reportOf, text } from '../values.js';
import { rowOf } from '../../shared/chart-fit.js';
import { cardChart, isNarrow } from './chart-spec.js';
import { renderDownloads } from './downloads.js';
import type { WidgetHost } from './host.js';

export function renderChart(host: WidgetHost, widget: TypedWidget<'CHART'>, width: number): TemplateResult {
  const report = reportOf(widget, host.dashboard.reports);
  const title = host.titleOf(widget);
  if (!report) {
    const id = widget.config.reportId;
    return html`<p part="error" class="error" role="alert">${msg(str`Report ${id} not found`)}</p>`;
  }
  const state = host.data.get(widget.id);
  const kind = report.kind ?? 'vega';
  const data = state?.data;
  const downloads = data && !host.dashboard.restrictDownload;
  return html`${
      title || downloads
        ? html`<div class="head">
            ${title ? html`<h3 part="title" class="title">${title}</h3>` : nothing}
            ${downloads ? renderDownloads(host, widget.id, kind === 'vega' || kind === 'map') : nothing}
          </div>`
        : nothing
    }
    <div class="body" aria-busy=${state?.loading ? 'true' : 'false'}>
      ${
        state?.error
          ? html`<p part="error" class="error" role="alert">${state.error}</p>`
          : !data
            ? html`<p class="muted">${msg('Loading…')}</p>`
            : renderKind(host, widget, report, state, title, width)
      }
    </div>`;
}

function renderKind(
  host: WidgetHost,
  widget: TypedWidget<'CHART'>,
  report: ReportSnapshot,
  state: WidgetData,
  title: string,
  width: number,
): TemplateResult {
  const data = state.data!;
  switch (report.kind ?? 'vega') {
    case 'table':
      return renderTable(data, state.columns, title, host.locale);
    case 'kpi':
      return renderKpi(data, state.columns, host.locale);
    case 'html':
      return renderHtmlReport(widget, report, data, title);
    default: {
      const chart = cardChart(state.spec!, data, state.columns, host.locale, isNarrow(width - FRAME_INSET));
      return html`<div
        part="chart"
        class="chart"
        role="img"
        aria-label=${title ? msg(str`Chart: ${title}`) : msg('Chart')}
        ${vegaChart({
          spec: chart.spec,
          values: chart.values,
          fitHeight: true,
          themeKey: host.themeKey,
          queued: DrawSlices.sliced,
          locale: host.locale,
          onView: (view) =>
            view.addEventListener('click', (_event, item) => {
              const datum = rowOf(asRecord(item?.datum));
              if (Object.keys(datum).length) host.filters.drilldown(widget.id, datum);
            }),
          onError: (error) => host.data.failed(widget.id, data, error),
        })}
      ></div>`;
    }
  }
}

/** A KPI: the first row's first number (else its first column), millions and more written short ("52.6M"). */
function renderKpi(data: ChartData, columns: DataColumn[] | undefined, locale: string | undefined): TemplateResult {
  const row = data.rows[0];
  const name = data.columns.find((c) => typeof row?.[c] === 'number') ?? data.columns[0];
  const value = row?.[name];
  const hints = columns?.find((c) => c.name === name)?.hints;
  const shown =
    typeof value === 'number'
      ? formatNumber(value, locale, numberStyleOf(hints), Math.abs(value) >= 1e6)
      : formatValue(value, locale, hints);
  return html`<p part="kpi" class="kpi">${shown}</p>`;
}

function renderTable(
  data: ChartData,
  columns: DataColumn[] | undefined,
  title: string,
  locale: string | undefined,
): TemplateResult {
  const described = columns ?? data.columns.map((name) => ({ name, title: name, hints: {}, numeric: false }));
  return html`<div class="scroll" tabindex="0" role="group" aria-label=${title || msg('Table')}>
    <table part="table">
      <thead>
        <tr>
          ${described.map((c) => html`<th scope="col" class=${c.numeric ? 'num' : ''}>${c.title}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${data.rows.slice(0, 500).map(
          (r) =>
            html`<tr>
              ${described.map(
                (c) => html`<td class=${c.numeric ? 'num' : ''}>${formatValue(r[c.name], locale, c.hints)}</td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** An html report runs in a sandboxed frame without same-origin; its data arrive by postMessage. */
function renderHtmlReport(widget: TypedWidget<'CHART'>, report: ReportSnapshot, data: ChartData, title: string) {
  const source = typeof report.spec === 'string' ? report.spec : text(asRecord(report.spec).html);
  return html`<iframe
    class="frame"
    title=${title || msg('Report')}
    sandbox="allow-scripts"
    srcdoc=${source}
    @load=${(e: Event) =>
      (e.target as HTMLIFrameElement).contentWindow?.postMessage({ type: 'svc-data', ...data }, '*')}
  ></iframe>`;
}
