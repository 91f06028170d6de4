// <svc-chat>: a streaming conversation with the analyst agent — the user's questions, the agent's thinking (folded),
// its tool calls (the SQL and a result table), and the final answer, rendered as sanitised markdown. This module
// defines the element and paints its first frame (the empty state, or "loading" for a thread, and the composer); the
// body — sessions and streams, the log, its scrolling and styles — loads after it (chat-view.ts). A body that cannot
// be downloaded shows an error with Retry.

import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { ChatSessionSettings } from '../../api/types.js';
import { errorMessage } from '../../api/errors.js';
import { attachContextRoot, viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import { LazyModule } from '../shared/lazy-module.js';
import { SvcConnectedElement, SvcElement } from '../shared/svc-element.js';
import { emptyState } from './chat-empty.js';
import { composer } from './chat-composer.js';
import type * as ChatViewModule from './chat-view.js';
import type { ChatView } from './chat-view.js';
import { chatStyles } from './svc-chat.styles.js';

type ViewModule = typeof ChatViewModule;

const notLoaded = (reason: string) => msg(str`The chat could not load: ${reason}`);

/**
 * A chat with the analyst agent, streaming.
 *
 * @tagname svc-chat
 * @summary Streaming chat with an AI data analyst: thinking, SQL, result tables, final answer.
 * @slot empty - Shown before the first question (defaults to the starter prompts).
 * @csspart log - The message list (role="log").
 * @csspart message - Each message; also `user`, `assistant`, `answer`.
 * @csspart thinking - The folded reasoning of the agent.
 * @csspart tool-call - A tool call card.
 * @csspart sql - The SQL of a query (highlighted: `.hljs-keyword`, `.hljs-string`, `.hljs-number`, … inside).
 * @csspart copy - Copies the SQL.
 * @csspart result-table - The first rows of a query's result.
 * @csspart chart - The Vega-Lite chart of a query.
 * @csspart load-all - Loads every row of a result.
 * @csspart download - Downloads a result as CSV.
 * @csspart jump - "Jump to latest", shown when the user has scrolled up.
 * @csspart composer - The input form.
 * @csspart input - The message textarea.
 * @csspart send - The send button.
 * @csspart stop - The stop button, while an answer is written.
 * @cssproperty [--svc-chat-max-height=32rem] - Height of the message list before it scrolls.
 * @fires svc-ai-query - A question was submitted, completed or failed.
 * @fires svc-message - A complete message arrived.
 * @fires svc-chat-changed - The thread changed.
 * @fires svc-error - Something failed.
 */
export class SvcChat extends SvcConnectedElement {
  static override styles = [SvcElement.styles, chatStyles];
  /** @internal Loads the element's body (a test makes it fail). */
  static loadView: () => Promise<ViewModule> = () => import('./chat-view.js');

  @property({ attribute: 'account-name' }) accountName?: string;
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The thread shown: set it to load and continue a thread; it follows when a new thread starts. */
  @property({ attribute: 'chat-id' }) chatId?: string;
  /** Api-Key mode: who is asking (JSON in the attribute). */
  @property({ attribute: 'session-settings', type: Object }) sessionSettings?: ChatSessionSettings;
  /** Questions offered before the first one; without any, questions about the data model are suggested. */
  @property({ attribute: 'starter-prompts', type: Array }) starterPrompts: string[] = [];
  /** The message box's placeholder (default: "Ask a question about your data", in the UI language). */
  @property() placeholder?: string;

  private readonly body = new LazyModule(this, SvcChat.loadView, { afterFirstFrame: true });
  private view?: ChatView;

  /**
   * The body, once loaded (the first call after it arrives builds it). `load` starts loading it; an update does not,
   * so the element's first frame is not the task that starts the download (the body starts after that frame).
   */
  private attach(load = false): ChatView | undefined {
    const module = load ? this.body.get() : this.body.current;
    this.view ??= module && new module.ChatView(this, this.access);
    return this.view;
  }

  private readonly access = {
    transport: () => this.activeTransport,
    requireTransport: () => this.requireTransport(),
    inProvider: () => this.context !== undefined,
    locale: () => this.activeLocale,
    viewer: () => viewerOf(this.context?.session?.claims),
    session: () => this.context?.session,
  };

  /** The body, waiting for it to load; undefined when it could not. */
  private async ready(): Promise<ChatView | undefined> {
    for (;;) {
      const view = this.attach(true);
      if (view || this.body.error) return view;
      await this.body.settled();
    }
  }

  /** Sends a question (ignored while an answer is streaming). */
  async send(text: string): Promise<void> {
    await (await this.ready())?.send(text);
  }

  /** Stops the answer being written. */
  async abort(): Promise<void> {
    await this.view?.abort();
  }

  /** Starts a new conversation. */
  newChat(): void {
    if (this.view) this.view.newChat();
    else this.chatId = undefined;
  }

  override connectedCallback(): void {
    // A bundle may define <svc-chat> before <svc-provider> (a shared chunk runs first): its context request is then
    // kept by the document's ContextRoot and answered once the provider is there, instead of being lost.
    attachContextRoot();
    super.connectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.attach()?.willUpdate(changed);
  }

  /** A frame that started loading the body (or its parts) is complete once they are there and drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.body.settled();
    await this.view?.settled();
    return super.getUpdateComplete();
  }

  private retry(): void {
    this.body.retry();
    this.requestUpdate();
  }

  override render(): TemplateResult {
    if (this.view) return this.view.render();
    const error = this.body.error;
    return html`
      <div part="log" class="log" role="log" tabindex="0" aria-live="polite" aria-label=${msg('Conversation')}>
        ${
          error
            ? html`<p class="error" role="alert">
                ${notLoaded(errorMessage(error))}
                <button type="button" @click=${() => this.retry()}>${msg('Retry')}</button>
              </p>`
            : this.chatId
              ? html`<p class="empty">${msg('Loading the conversation…')}</p>`
              : emptyState(this.starterPrompts, (q) => void this.send(q))
        }
      </div>
      ${composer({
        streaming: false,
        placeholder: this.placeholder ?? msg('Ask a question about your data'),
        send: (text) => void this.send(text),
        stop: () => undefined,
      })}
      <div class="visually-hidden" role="status">${nothing}</div>
    `;
  }
}

defineElement('svc-chat', SvcChat);

declare global {
  interface HTMLElementTagNameMap {
    'svc-chat': SvcChat;
  }
}
