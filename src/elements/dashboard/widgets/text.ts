// TEXT widget: its markdown as safe HTML (raw HTML shows as text), rendered off the page's main thread where a worker
// can be used (shared/markdown-html.ts).

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { TypedWidget } from '../../../api/types.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';

const shown = new WeakMap<Element, string>();
/** The sources each dashboard has asked to render and not yet got (a render while one is on its way asks no more). */
const asked = new WeakMap<Map<string, string>, Set<string>>();

/** Whether text a dashboard drew is still being rendered (`markdown`: its host's rendered markdown). */
export const textPending = (markdown: Map<string, string>): boolean => (asked.get(markdown)?.size ?? 0) > 0;

export const TEXT: WidgetKind<'TEXT'> = {
  label: () => msg('Text'),
  sizing: 'grow',
  parts: [],
  render: (host, widget) => renderText(host, widget),
};

function renderText(host: WidgetHost, widget: TypedWidget<'TEXT'>): TemplateResult {
  const source = widget.config.markdown ?? '';
  const rendered = host.markdown.get(source);
  let pending = asked.get(host.markdown);
  if (!pending) asked.set(host.markdown, (pending = new Set()));
  if (rendered === undefined && !pending.has(source)) {
    pending.add(source);
    void import('../../shared/markdown-html.js')
      .then(({ markdownHtml }) => markdownHtml(source))
      // Its module could not load (the network failed): the widget stays empty, and counts as drawn.
      .catch(() => '')
      .then((html) => {
        host.markdown.set(source, html);
        pending.delete(source);
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
