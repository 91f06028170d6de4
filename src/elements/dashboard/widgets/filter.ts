// FILTER widget: a select of the member's values (from the data API); "All" clears it, or several when `multiple`.

import { html, nothing, type TemplateResult } from 'lit';
import type { DashboardWidget } from '../../../api/types.js';
import { memberOf } from '../filters.js';
import { asRecord } from '../values.js';
import type { WidgetHost } from './host.js';

export function renderFilter(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const c = asRecord(widget.config);
  const member = memberOf(widget);
  if (!member) return html`<p part="error" class="error" role="alert">This filter has no member</p>`;
  const options = host.filters.optionsOf(member);
  const selected = new Set(host.filters.selected(member));
  const label = typeof c.label === 'string' ? c.label : member;
  const id = `filter-${widget.id}`;
  const multiple = c.multiple === true;
  return html`<label class="label" for=${id}>${label}</label>
    <select
      part="filter"
      id=${id}
      ?multiple=${multiple}
      @change=${(e: Event) => {
        const select = e.target as HTMLSelectElement;
        host.filters.set(member, [...select.selectedOptions].map((o) => o.value).filter(Boolean));
      }}
    >
      ${multiple ? nothing : html`<option value="" ?selected=${selected.size === 0}>All</option>`}
      ${options.map((o) => html`<option value=${o} ?selected=${selected.has(o)}>${o}</option>`)}
    </select>`;
}
