// <svc-chat>: a streaming conversation with the analyst agent — the user's questions, the agent's thinking (folded),
// its tool calls (the SQL and a result table), and the final answer, in safe markdown. This module
// defines the element and paints its first frame (the empty state, or "loading" for a thread, and the composer); the
// body — sessions and streams, the log, its scrolling and styles — loads after it (chat-view.ts). A body that cannot
// be downloaded shows an error with Retry.

import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorMessage } from '../../api/errors.js';
import { attachContextRoot, viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import { LazyBody } from '../shared/lazy-body.js';
import { SvcElement } from '../shared/svc-element.js';
import { emptyState } from './chat-empty.js';
import { composer } from './chat-composer.js';
import type * as ChatViewModule from './chat-view.js';
import { ChatProperties } from './properties.js';
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
export class SvcChat extends ChatProperties {
  static override styles = [SvcElement.styles, chatStyles];
  /** @internal Loads the element's body (a test makes it fail). */
  static loadView: () => Promise<ViewModule> = () => import('./chat-view.js');

  /** The body: loaded after the first frame (an update does not start it; a question does). */
  private readonly body = new LazyBody(this, SvcChat.loadView, (module) => new module.ChatView(this, this.access));

  private readonly access = {
    transport: () => this.activeTransport,
    requireTransport: () => this.requireTransport(),
    inProvider: () => this.context !== undefined,
    locale: () => this.activeLocale,
    viewer: () => viewerOf(this.context?.session?.claims),
    session: () => this.context?.session,
  };

  /** Sends a question (ignored while an answer is streaming). */
  async send(text: string): Promise<void> {
    await (await this.body.ready())?.send(text);
  }

  /** Stops the answer being written (one asked for by a send() just before included). */
  async abort(): Promise<void> {
    await (await this.body.ready())?.abort();
  }

  /** Starts a new conversation. */
  newChat(): void {
    const view = this.body.value;
    if (view) view.newChat();
    else this.chatId = undefined;
  }

  override connectedCallback(): void {
    // A bundle may define <svc-chat> before <svc-provider> (a shared chunk runs first): its context request is then
    // kept by the document's ContextRoot and answered once the provider is there, instead of being lost.
    attachContextRoot();
    super.connectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const next = this.body.update(changed);
    next?.body.willUpdate(next.changed);
  }

  /** A frame that started loading the body (or its parts) is complete once they are there and drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.body.settled();
    await this.body.value?.settled();
    return super.getUpdateComplete();
  }

  override render(): TemplateResult {
    return this.body.render({
      ready: (view) => view.render(),
      pending: () => this.firstFrame(),
      error: (error, retry) => this.firstFrame({ error, retry }),
    });
  }

  /** The empty state (or "loading" for a thread) and the composer, until the body is there; or why it is not. */
  private firstFrame(failed?: { error: unknown; retry: () => void }): TemplateResult {
    return html`
      <div part="log" class="log" role="log" tabindex="0" aria-live="polite" aria-label=${msg('Conversation')}>
        ${
          failed
            ? html`<p class="error" role="alert">
                ${notLoaded(errorMessage(failed.error))}
                <button type="button" @click=${failed.retry}>${msg('Retry')}</button>
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
