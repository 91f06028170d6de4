// The "Ask AI" launcher of a published dashboard and the chat panel it opens.

import { html, nothing, type TemplateResult } from 'lit';
import '../chat/svc-chat.js';

export function renderChatDock(open: boolean, toggle: () => void): TemplateResult {
  return html`<div class="chat-dock">
    <button
      part="chat-launcher"
      class="launcher"
      type="button"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls="dashboard-chat"
      @click=${toggle}
    >
      ${open ? 'Close chat' : 'Ask AI'}
    </button>
    ${
      open
        ? html`<div part="chat-panel" class="chat-panel" id="dashboard-chat" role="dialog" aria-label="Ask AI">
            <svc-chat placeholder="Ask about this dashboard"></svc-chat>
          </div>`
        : nothing
    }
  </div>`;
}
