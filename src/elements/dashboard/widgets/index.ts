// A widget's content, drawn by its kind's descriptor (./kinds.ts) with its config checked and typed; a widget whose
// config is not valid, or that fails to render, shows its error and the others go on. Until its slice comes
// (./slices), a widget shows its title and its loading state, as it does while the module its kind draws with loads.

import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { checkWidget } from '../../../api/schemas/widgets.js';
import type { DashboardWidget, TypedWidget } from '../../../api/types.js';
import { errorMessage } from '../../../api/errors.js';
import { text } from '../values.js';
import type { WidgetHost } from './host.js';
import { kindOf } from './kinds.js';

export function renderWidget(
  host: WidgetHost,
  widget: DashboardWidget,
  width: number,
): TemplateResult | typeof nothing {
  const kind = kindOf(widget.type);
  if (!kind) {
    const type = text(widget.type);
    return renderError(msg(str`Unknown widget type ${type}`));
  }
  const { widget: typed, error } = checkWidget(widget);
  if (!typed) return renderError(error);
  if (!host.slices.isDrawn(widget.id)) return renderPending(host, typed);
  try {
    return kind.render(host, typed, width) ?? renderPending(host, typed);
  } catch (error) {
    return renderError(errorMessage(error));
  }
}

const renderError = (message: string): TemplateResult =>
  html`<p part="error" class="error" role="alert">${message}</p>`;

/** A widget before its slice, or before the module its kind draws with is there: its title and its loading state. */
function renderPending(host: WidgetHost, widget: TypedWidget): TemplateResult {
  const title = host.titleOf(widget);
  return html`${title ? html`<div class="head"><h3 part="title" class="title">${title}</h3></div>` : nothing}
    <div class="body" aria-busy="true"><p class="muted">${msg('Loading…')}</p></div>`;
}
