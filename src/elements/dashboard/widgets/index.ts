// A widget's content by its type; a widget that fails to render shows its error and the others go on. Until its
// slice comes (./slices), a widget shows its title and its loading state. The CHART renderer (with its spec fitting,
// downloads, number formatting and the chart directive) loads with the first chart card: until it is there, the card
// shows its loading state too, as it does while its data load; if it cannot be loaded, the card says so.

import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { DashboardWidget } from '../../../api/types.js';
import { errorMessage } from '../../../api/errors.js';
import { loadFailure } from '../placeholder.js';
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
  if (!host.slices.isDrawn(widget.id)) return renderPending(host, widget);
  try {
    switch (widget.type) {
      case 'CHART': {
        const charts = host.charts.get();
        if (charts) return charts.renderChart(host, widget, width);
        if (host.charts.error !== undefined) throw new Error(loadFailure(host.charts.error));
        return renderPending(host, widget);
      }
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
      default: {
        const type = text(widget.type);
        return html`<p part="error" class="error" role="alert">${msg(str`Unknown widget type ${type}`)}</p>`;
      }
    }
  } catch (error) {
    return html`<p part="error" class="error" role="alert">${errorMessage(error)}</p>`;
  }
}

/** A widget before its slice, or a CHART card before its renderer is there: its title and its loading state. */
function renderPending(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const title = host.titleOf(widget);
  return html`${title ? html`<div class="head"><h3 part="title" class="title">${title}</h3></div>` : nothing}
    <div class="body" aria-busy="true"><p class="muted">${msg('Loading…')}</p></div>`;
}
