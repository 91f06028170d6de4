// TEXT widget: its markdown as safe HTML (raw HTML shows as text; the renderer loads with the first text widget).

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { TypedWidget } from '../../../api/types.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';

const shown = new WeakMap<Element, string>();

export const TEXT: WidgetKind<'TEXT'> = {
  label: () => msg('Text'),
  sizing: 'grow',
  parts: [],
  render: (host, widget) => renderText(host, widget),
};

function renderText(host: WidgetHost, widget: TypedWidget<'TEXT'>): TemplateResult {
  const source = widget.config.markdown ?? '';
  const rendered = host.markdown.get(source);
  if (rendered === undefined) {
    void import('../../shared/markdown.js').then(({ renderMarkdown }) => {
      host.markdown.set(source, renderMarkdown(source));
      host.requestUpdate();
    });
  }
  return html`<div
    class="text"
    ${ref((el) => {
      if (el instanceof HTMLElement && rendered !== undefined && shown.get(el) !== rendered) {
        shown.set(el, rendered);
        el.innerHTML = rendered; // safe by construction (renderMarkdown)
      }
    })}
  ></div>`;
}
