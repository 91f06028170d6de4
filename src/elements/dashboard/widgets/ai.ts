// AI widget: an ask box about the dashboard — a heading, its config's prompts as starter questions (one click asks),
// the message box at the bottom of the card and the answers above it.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';
import type { DashboardConfig, DashboardWidget } from '../../../api/types.js';
import { asRecord } from '../values.js';
import type { WidgetHost } from './host.js';
import '../../chat/svc-chat.js';

/** An AI widget's prompts: `prompts` (a list) and `prompt`. */
function promptsOf(widget: DashboardWidget): string[] {
  const c = asRecord(widget.config);
  const list: unknown[] = Array.isArray(c.prompts) ? c.prompts : [];
  return [...list, c.prompt].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
}

/** The prompts of every AI widget of a dashboard (the "Ask AI" panel offers them too). */
export function dashboardPrompts(config: DashboardConfig): string[] {
  return [...new Set((config.widgets ?? []).filter((w) => w.type === 'AI').flatMap(promptsOf))];
}

export function renderAi(host: WidgetHost, widget: DashboardWidget): TemplateResult {
  const title = host.titleOf(widget) || msg('Ask AI about this dashboard');
  return html`<div class="head"><h3 part="title" class="title">${title}</h3></div>
    <svc-chat
      class="ai"
      .starterPrompts=${promptsOf(widget)}
      .locale=${host.ownLocale}
      placeholder=${msg('Ask about this dashboard')}
    ></svc-chat>`;
}
