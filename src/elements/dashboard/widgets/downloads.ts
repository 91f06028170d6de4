// A chart's downloads: CSV of its data, PNG or SVG of its drawing; each asks first with the cancelable svc-download.

import { html, type TemplateResult } from 'lit';
import { SvcDownloadEvent } from '../../events.js';
import { chartViewOf } from '../../shared/chart.js';
import type { ChartData } from '../chart-data.js';
import type { WidgetHost } from './host.js';

type Format = 'csv' | 'png' | 'svg';

export function renderDownloads(host: WidgetHost, id: string, image: boolean): TemplateResult {
  const formats: Format[] = image ? ['csv', 'png', 'svg'] : ['csv'];
  return html`<div class="downloads">
    ${formats.map(
      (f) =>
        html`<button type="button" part="download" @click=${() => void download(host, id, f)}>
          ${f.toUpperCase()}
        </button>`,
    )}
  </div>`;
}

async function download(host: WidgetHost, id: string, format: Format): Promise<void> {
  const data = host.data.get(id)?.data;
  if (!data || host.emit(new SvcDownloadEvent(id, format, data.rows)).defaultPrevented) return;
  let url: string;
  if (format === 'csv') {
    url = URL.createObjectURL(new Blob([await csvOf(data)], { type: 'text/csv;charset=utf-8' }));
  } else {
    const chart = host.renderRoot.querySelector(`[data-widget-id="${CSS.escape(id)}"] [part="chart"]`);
    const view = chartViewOf(chart);
    if (!view) return;
    url = await view.toImageURL(format);
  }
  const a = document.createElement('a');
  a.href = url;
  a.download = `${id}.${format}`;
  a.click();
  if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function csvOf(data: ChartData): Promise<string> {
  const { toCsv } = await import('../../shared/csv.js');
  return toCsv(
    data.columns.map((name) => ({ name, column_type: 'string' })),
    data.rows.map((r) => data.columns.map((c) => r[c])),
  );
}
