// TEXT widget: its markdown, sanitised (the renderer loads with the first text widget).

import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { DashboardWidget } from '../../../api/types.js';
import { asRecord, text } from '../values.js';
import type { WidgetHost } from './host.js';

const shown = new WeakMap<Element, string>();

export function renderText(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const source = text(asRecord(widget.config).markdown);
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
        el.innerHTML = rendered; // sanitised by renderMarkdown
      }
    })}
  ></div>`;
}
