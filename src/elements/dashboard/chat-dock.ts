// The "Ask AI" launcher of a published dashboard and the chat panel it opens. The launcher sits in a bar of its own
// above the grid, so it never covers a widget; the panel is a modal dialog (focus moves into its message box, stays
// inside, Escape or Close ends it and focus goes back to the launcher), and its chat starts with the prompts of the
// dashboard's AI widgets.

import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import '../chat/svc-chat.js';

export class ChatDock {
  private open = false;
  private dialog?: HTMLDialogElement;
  private launcher?: HTMLButtonElement;

  constructor(private readonly requestUpdate: () => void) {}

  get isOpen(): boolean {
    return this.open;
  }

  /** `locale`: the dashboard's own (its chat follows it, like the rest of the dashboard). */
  render(prompts: string[], locale: string | undefined): TemplateResult {
    return html`<div class="chat-bar">
      <button
        part="chat-launcher"
        class="launcher"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="dashboard-chat"
        ${ref((el) => (this.launcher = el as HTMLButtonElement | undefined))}
        @click=${() => this.show()}
      >
        ${msg('Ask AI')}
      </button>
      ${
        this.open
          ? html`<dialog
              part="chat-panel"
              class="chat-panel"
              id="dashboard-chat"
              aria-modal="true"
              aria-labelledby="dashboard-chat-title"
              ${ref((el) => this.opened(el as HTMLDialogElement | undefined))}
              @close=${() => this.closed()}
            >
              <div class="head">
                <h2 class="title" id="dashboard-chat-title">${msg('Ask AI about this dashboard')}</h2>
                <button type="button" class="close" @click=${() => this.dialog?.close()}>${msg('Close')}</button>
              </div>
              <svc-chat
                placeholder=${msg('Ask about this dashboard')}
                .starterPrompts=${prompts}
                .locale=${locale}
              ></svc-chat>
            </dialog>`
          : nothing
      }
    </div>`;
  }

  private show(): void {
    this.open = true;
    this.requestUpdate();
  }

  /** The dialog was rendered: once it is in the page, show it as a modal and put the focus in its message box. */
  private opened(dialog: HTMLDialogElement | undefined): void {
    if (!dialog || dialog === this.dialog) return;
    this.dialog = dialog;
    // The ref runs before the template is in the document; showModal needs it there.
    void Promise.resolve().then(async () => {
      if (!dialog.isConnected || dialog.open) return;
      dialog.showModal();
      const chat = dialog.querySelector('svc-chat');
      await chat?.updateComplete;
      if (dialog.open) chat?.shadowRoot?.querySelector<HTMLElement>('[part~="input"]')?.focus();
    });
  }

  private closed(): void {
    this.open = false;
    this.dialog = undefined;
    this.requestUpdate();
    this.launcher?.focus();
  }
}
