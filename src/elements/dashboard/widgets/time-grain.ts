// TIME_GRAIN widget: the granularity every report with a time dimension uses ("As designed": the reports' own).

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import type { TimeGranularity, TypedWidget } from '../../../api/types.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';

export const TIME_GRAIN: WidgetKind<'TIME_GRAIN'> = {
  label: () => msg('Time grain'),
  sizing: 'content',
  parts: ['filter'],
  render: (host, widget) => renderTimeGrain(host, widget),
};

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

const GRAINS: readonly TimeGranularity[] = ['day', 'week', 'month', 'quarter', 'year'];

function renderTimeGrain(host: WidgetHost, widget: TypedWidget<'TIME_GRAIN'>): TemplateResult {
  const c = widget.config;
  const grains = c.grains ?? GRAINS;
  const id = `grain-${widget.id}`;
  const current = host.filters.timeGrain;
  return html`<label class="label" for=${id}>${c.label ?? msg('Time grain')}</label>
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
