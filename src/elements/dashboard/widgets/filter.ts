// FILTER widget: a select of the values the viewer can pick — the member's values as the data API gives them to this
// viewer (row-level security applies), so a viewer who sees only EU is offered EU, not "All". With several values,
// "All" clears the filter (or, when `multiple`, several can be chosen). A blank value (NULL or empty text) is offered
// as "(none)": choosing it keeps the rows without a value (the filter's value is '').

import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { TypedWidget } from '../../../api/types.js';
import { noneLabel } from '../../shared/blank.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';

export const FILTER: WidgetKind<'FILTER'> = {
  label: () => msg('Filter'),
  sizing: 'content',
  parts: ['filter', 'error'],
  title: (widget) => widget.config.label ?? '',
  render: (host, widget) => renderFilter(host, widget),
};

function renderFilter(host: WidgetHost, widget: TypedWidget<'FILTER'>): TemplateResult {
  const c = widget.config;
  const member = c.member;
  if (!member) return html`<p part="error" class="error" role="alert">${msg('This filter has no member')}</p>`;
  const loaded = host.filters.optionsOf(member);
  const selected = new Set(host.filters.selected(member));
  // Values set by the host or a default stay visible even when the viewer's data do not have them.
  const options = [...new Set([...(loaded ?? []), ...selected])];
  const label = c.label ?? member;
  const id = `filter-${widget.id}`;
  const multiple = c.multiple === true;
  const all = !multiple && options.length !== 1;
  return html`<label class="label" for=${id}>${label}</label>
    <select
      part="filter"
      id=${id}
      ?multiple=${multiple}
      aria-busy=${loaded ? 'false' : 'true'}
      @change=${(e: Event) => {
        const select = e.target as HTMLSelectElement;
        // The blank option's value is '' like "All"'s: it is told apart by its mark.
        const chosen = [...select.selectedOptions].filter((o) => o.value !== '' || o.dataset.blank !== undefined);
        host.filters.set(
          member,
          chosen.map((o) => o.value),
        );
      }}
    >
      ${
        all
          ? html`<option value="" ?selected=${selected.size === 0}>
              ${!loaded ? msg('Loading…') : options.length ? msg('All') : msg('No values')}
            </option>`
          : nothing
      }
      ${options.map(
        (o) =>
          html`<option
            value=${o}
            data-blank=${o === '' ? '' : nothing}
            ?selected=${selected.has(o) || (!all && !multiple)}
          >
            ${o === '' ? noneLabel() : o}
          </option>`,
      )}
    </select>`;
}
