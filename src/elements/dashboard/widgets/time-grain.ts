// TIME_GRAIN widget: the granularity every report with a time dimension uses ("As designed": the reports' own).

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import type { DashboardWidget, TimeGranularity } from '../../../api/types.js';
import { TIME_GRANULARITIES } from '../../../api/types.js';
import { asRecord } from '../values.js';
import type { WidgetHost } from './host.js';

/** A granularity's name in the UI language. */
function grainName(grain: TimeGranularity): string {
  switch (grain) {
    case 'second':
      return msg('Second');
    case 'minute':
      return msg('Minute');
    case 'hour':
      return msg('Hour');
    case 'day':
      return msg('Day');
    case 'week':
      return msg('Week');
    case 'month':
      return msg('Month');
    case 'quarter':
      return msg('Quarter');
    case 'year':
      return msg('Year');
    default:
      return grain;
  }
}

export function renderTimeGrain(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const c = asRecord(widget.config);
  const grains = (Array.isArray(c.grains) ? c.grains : ['day', 'week', 'month', 'quarter', 'year']).filter(
    (g): g is TimeGranularity => TIME_GRANULARITIES.includes(g as TimeGranularity),
  );
  const id = `grain-${widget.id}`;
  const current = host.filters.timeGrain;
  return html`<label class="label" for=${id}>${typeof c.label === 'string' ? c.label : msg('Time grain')}</label>
    <select
      part="filter"
      id=${id}
      @change=${(e: Event) => {
        const value = (e.target as HTMLSelectElement).value;
        host.filters.timeGrain = value ? (value as TimeGranularity) : undefined;
      }}
    >
      <option value="" ?selected=${!current}>${msg('As designed')}</option>
      ${grains.map((g) => html`<option value=${g} ?selected=${current === g}>${grainName(g)}</option>`)}
    </select>`;
}
