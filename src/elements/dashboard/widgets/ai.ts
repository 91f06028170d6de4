// AI widget: an ask box about the dashboard — a heading, its config's prompts as starter questions (one click asks),
// the message box at the bottom of the card and the answers above it.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import { checkWidget } from '../../../api/schemas/widgets.js';
import type { DashboardConfig, TypedWidget } from '../../../api/types.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';
import '../../chat/svc-chat.js';

export const AI: WidgetKind<'AI'> = {
  label: () => msg('Ask AI'),
  sizing: 'rows',
  parts: ['title'],
  render: (host, widget) => renderAi(host, widget),
};

/** An AI widget's prompts: `prompts` (a list) and `prompt`. */
function promptsOf(widget: TypedWidget<'AI'>): string[] {
  const { prompts = [], prompt } = widget.config;
  return [...prompts, prompt].filter((p): p is string => p !== undefined && p.trim() !== '');
}

/** The prompts of every AI widget of a dashboard whose config is valid (the "Ask AI" panel offers them too). */
export function dashboardPrompts(config: DashboardConfig): string[] {
  const prompts = (config.widgets ?? []).flatMap((w) => {
    const typed = checkWidget(w).widget;
    return typed?.type === 'AI' ? promptsOf(typed) : [];
  });
  return [...new Set(prompts)];
}

function renderAi(host: WidgetHost, widget: TypedWidget<'AI'>): TemplateResult {
  const title = host.titleOf(widget) || msg('Ask AI about this dashboard');
  return html`<div class="head"><h3 part="title" class="title">${title}</h3></div>
    <svc-chat
      class="ai"
      .starterPrompts=${promptsOf(widget)}
      .locale=${host.ownLocale}
      placeholder=${msg('Ask about this dashboard')}
    ></svc-chat>`;
}
