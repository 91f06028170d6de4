// A widget's content by its type; a widget that fails to render shows its error and the others go on. The CHART
// renderer (with its spec fitting, downloads, number formatting and the chart directive) loads with the first chart
// card: until it is there, the card shows its title and its loading state, as it does while its data load.

import { html, nothing, type TemplateResult } from 'lit';
import type { DashboardWidget } from '../../../api/types.js';
import { errorMessage } from '../../../api/errors.js';
import { text } from '../values.js';
import { renderAi } from './ai.js';
import { renderFilter } from './filter.js';
import type { WidgetHost } from './host.js';
import { renderTabs } from './tabs.js';
import { renderText } from './text.js';
import { renderTimeGrain } from './time-grain.js';

export function renderWidget(
  host: WidgetHost,
  widget: DashboardWidget,
  width: number,
): TemplateResult | typeof nothing {
  try {
    switch (widget.type) {
      case 'CHART':
        return host.charts.get()?.renderChart(host, widget, width) ?? renderChartLoading(host, widget);
      case 'TEXT':
        return renderText(host, widget);
      case 'FILTER':
        return renderFilter(host, widget);
      case 'TIME_GRAIN':
        return renderTimeGrain(host, widget);
      case 'TABS_CONTAINER':
        return renderTabs(host, widget, width);
      case 'AI':
        return renderAi(host, widget);
      default:
        return html`<p part="error" class="error" role="alert">Unknown widget type ${text(widget.type)}</p>`;
    }
  } catch (error) {
    return html`<p part="error" class="error" role="alert">${errorMessage(error)}</p>`;
  }
}

/** A CHART card before its renderer is there: its title and its loading state. */
function renderChartLoading(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const title = host.titleOf(widget);
  return html`${title ? html`<div class="head"><h3 part="title" class="title">${title}</h3></div>` : nothing}
    <div class="body" aria-busy="true"><p class="muted">Loading…</p></div>`;
}
