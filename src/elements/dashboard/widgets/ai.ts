// AI widget: an inline chat, its config's prompt offered as a starter.

import { html, type TemplateResult } from 'lit';
import type { DashboardWidget } from '../../../api/types.js';
import { asRecord } from '../values.js';
import '../../chat/svc-chat.js';

export function renderAi(widget: DashboardWidget): TemplateResult {
  const prompt = asRecord(widget.config).prompt;
  return html`<svc-chat
    class="ai"
    .starterPrompts=${typeof prompt === 'string' && prompt ? [prompt] : []}
    placeholder="Ask about this dashboard"
  ></svc-chat>`;
}
