// TIME_GRAIN widget: the granularity every report with a time dimension uses ("As designed": the reports' own).

import { html, type TemplateResult } from 'lit';
import type { DashboardWidget, TimeGranularity } from '../../../api/types.js';
import { TIME_GRANULARITIES } from '../../../api/types.js';
import { asRecord } from '../values.js';
import type { WidgetHost } from './host.js';

export function renderTimeGrain(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const c = asRecord(widget.config);
  const grains = (Array.isArray(c.grains) ? c.grains : ['day', 'week', 'month', 'quarter', 'year']).filter(
    (g): g is TimeGranularity => TIME_GRANULARITIES.includes(g as TimeGranularity),
  );
  const id = `grain-${widget.id}`;
  const current = host.filters.timeGrain;
  return html`<label class="label" for=${id}>${typeof c.label === 'string' ? c.label : 'Time grain'}</label>
    <select
      part="filter"
      id=${id}
      @change=${(e: Event) => {
        const value = (e.target as HTMLSelectElement).value;
        host.filters.timeGrain = value ? (value as TimeGranularity) : undefined;
      }}
    >
      <option value="" ?selected=${!current}>As designed</option>
      ${grains.map((g) => html`<option value=${g} ?selected=${current === g}>${g}</option>`)}
    </select>`;
}
