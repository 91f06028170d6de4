// A widget's content by its type; a widget that fails to render shows its error and the others go on.

import { html, type nothing, type TemplateResult } from 'lit';
import type { DashboardWidget } from '../../../api/types.js';
import { errorMessage } from '../../../api/errors.js';
import { text } from '../values.js';
import { renderAi } from './ai.js';
import { renderChart } from './chart.js';
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
        return renderChart(host, widget, width);
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
