// What <svc-chat> shows before the first question: a line saying what it is for and starter questions — the host's
// `starter-prompts`, or, without any, questions built from the data model the viewer can see (chat-suggestions.ts,
// loaded with the data model), so the first step is one click.

import { msg } from '@lit/localize';
import { html, type TemplateResult } from 'lit';

/** The empty state; `slot="empty"` content replaces it. */
export function emptyState(starters: string[], ask: (question: string) => void): TemplateResult {
  return html`<slot name="empty">
    <div class="empty">
      <p class="intro">
        ${starters.length ? msg('Try one of these, or ask in your own words:') : msg('Ask in your own words.')}
        ${msg('Each answer shows the query it ran, its rows and a chart.')}
      </p>
      ${
        starters.length
          ? html`<ul class="starters" aria-label=${msg('Suggested questions')}>
              ${starters.map((p) => html`<li><button type="button" @click=${() => ask(p)}>${p}</button></li>`)}
            </ul>`
          : ''
      }
    </div>
  </slot>`;
}
