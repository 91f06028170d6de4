// <svc-chat>: a streaming conversation with the analyst agent — the user's questions, the agent's thinking (folded),
// its tool calls (the SQL and a result table), and the final answer, rendered as sanitised markdown.

import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatSessionSettings } from '../../api/types.js';
import { isFinalAnswer } from '../../transport/chat.js';
import { SvcAiQueryEvent, SvcChatChangedEvent, SvcErrorEvent, SvcMessageEvent } from '../events.js';
import { viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import { LazyModule } from '../shared/lazy-module.js';
import { SvcConnectedElement, SvcElement } from '../shared/svc-element.js';
import { emptyState } from './chat-empty.js';
import { composer } from './chat-composer.js';
import { ChatLook } from './chat-look.js';
import { ChatScroll } from './chat-scroll.js';
import { ChatSession } from './chat-session.js';
import type { ChatEntry } from './chat-turns.js';
import { MemberCatalog } from './member-catalog.js';
import { RenderWhenNear } from './render-when-near.js';
import { chatStyles } from './svc-chat.styles.js';
import { syncMarkdown } from './sync-markdown.js';

const loadParts = () => import('./chat-parts.js');

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

  @property({ attribute: 'account-name' }) accountName?: string;
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The thread shown: set it to load and continue a thread; it follows when a new thread starts. */
  @property({ attribute: 'chat-id' }) chatId?: string;
  /** Api-Key mode: who is asking (JSON in the attribute). */
  @property({ attribute: 'session-settings', type: Object }) sessionSettings?: ChatSessionSettings;
  /** Questions offered before the first one; without any, questions about the data model are suggested. */
  @property({ attribute: 'starter-prompts', type: Array }) starterPrompts: string[] = [];
  @property() placeholder = 'Ask a question about your data';

  @state() private announcement = '';
  /** The message whose SQL was just copied (its button says so for a moment). */
  @state() private copied?: string;
  @query('.log') private log?: HTMLElement;
  @query('.composer') private composer?: HTMLElement;

  private readonly scroller = new ChatScroll(this, () => ({ log: this.log, composer: this.composer }));
  private readonly look = new ChatLook(this);
  private readonly near = new RenderWhenNear(this, () => this.log);
  private readonly catalog = new MemberCatalog(this, () => ({ transport: this.activeTransport, viewer: this.viewer }));
  /** Tool cards, answer-table check, starter questions: loaded after the first frame. */
  private readonly parts = new LazyModule(this, loadParts, { afterFirstFrame: true });
  /** Full results loaded through the data API, by tool message id. */
  private readonly loadedRows = new Map<string, unknown[][]>();

  private readonly session = new ChatSession(this, {
    transport: () => this.activeTransport,
    target: () => ({
      ...(this.accountName && { accountName: this.accountName }),
      ...(this.agentId && { agentId: this.agentId }),
    }),
    sessionSettings: () => this.sessionSettings,
    onSubmitted: (q) => this.emit(new SvcAiQueryEvent('submitted', q, this.session.chatId)),
    onCompleted: (q, answer, chatId) => {
      void this.announce(answer);
      this.emit(new SvcAiQueryEvent('completed', q, chatId, answer));
    },
    onError: (q, error) => {
      if (q !== undefined) this.emit(new SvcAiQueryEvent('error', q, this.session.chatId));
      this.emit(new SvcErrorEvent(error));
    },
    onMessage: (m) => this.emit(new SvcMessageEvent(m)),
    onMalformedLine: (error) => this.emit(new SvcErrorEvent(error)),
    onChatChanged: (id) => {
      this.chatId = id; // the property follows the thread shown
      this.emit(new SvcChatChangedEvent(id));
    },
  });

  /** Sends a question (ignored while an answer is streaming). */
  send(text: string): Promise<void> {
    return this.session.send(text);
  }

  /** Stops the answer being written. */
  abort(): Promise<void> {
    return this.session.abort();
  }

  /** Starts a new conversation. */
  newChat(): void {
    this.session.reset();
  }

  /** The answer as plain text for the live region: no markdown syntax, tables summarised. */
  private async announce(answer: string | undefined): Promise<void> {
    if (!answer) {
      this.announcement = 'The answer ended.';
      return;
    }
    const { markdownToPlainText, truncateWords } = await import('./plain-text.js');
    this.announcement = `Answer: ${truncateWords(markdownToPlainText(answer), 300)}`;
  }

  /** Who the thread belongs to (the session's subject): another viewer starts a new thread. */
  private viewer?: string;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const viewer = viewerOf(this.context?.session?.claims);
    if (viewer !== undefined && viewer !== this.viewer) {
      if (this.viewer !== undefined) this.session.reset();
      this.viewer = viewer;
    }
    if (this.chatId && this.chatId !== this.session.chatId && this.activeTransport) void this.session.load(this.chatId);
    else if (changed.has('chatId') && !this.chatId && this.session.chatId) this.session.reset();
  }

  private async loadAll(id: string, sqlQuery: string): Promise<void> {
    try {
      const result = await this.requireTransport().cubeSql({ query: sqlQuery });
      this.loadedRows.set(id, result.data);
      this.requestUpdate();
    } catch (error) {
      this.emit(new SvcErrorEvent(error));
    }
  }

  private async copy(id: string, sql: string, code: HTMLElement | null): Promise<void> {
    await this.parts.get()?.copySql(sql, code);
    this.copied = id;
    setTimeout(() => {
      if (this.copied === id) this.copied = undefined;
    }, 2000);
  }

  /** A frame that started loading the parts is complete once they are there and drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.parts.settled();
    // An answer that arrived faster than frames render it is complete once it is all rendered.
    while (this.session.catchingUp) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await super.getUpdateComplete();
    }
    return super.getUpdateComplete();
  }

  private renderMessage({ message, turn, folded, keep }: ChatEntry): TemplateResult | typeof nothing {
    if (message.role === 'user') return html`<div part="message user" class="user">${message.content}</div>`;
    const parts = this.parts.get();
    if (message.toolCall) {
      if ((folded && !keep) || !parts) return nothing;
      return parts.toolCard(message, {
        locale: this.activeLocale,
        meta: this.catalog.meta,
        loadedRows: this.loadedRows.get(message.id),
        copied: this.copied === message.id,
        look: this.look.key,
        copy: (sql, code) => void this.copy(message.id, sql, code),
        loadAll: (sql) => void this.loadAll(message.id, sql),
        refresh: () => this.requestUpdate(),
        error: (e) => this.emit(new SvcErrorEvent(e)),
      });
    }
    if (isFinalAnswer(message)) {
      // The answering query's card shows the rows: a markdown table that repeats them is hidden.
      const answering = turn.answeringMessage?.toolCall?.result;
      return html`<div
        part="message assistant answer"
        class="answer"
        ${syncMarkdown(() => this.session.markdownOf(turn, message), {
          defer: turn.history ? this.near.defer : undefined,
          keepNear: this.near.keepNear,
          check: parts && {
            key: [parts, answering],
            apply: (root) => {
              const result = turn.answeringResult;
              parts.hideRepeatedTables(root, result?.schema?.length ?? 0, result?.schema ? result.data : undefined);
            },
          },
        })}
      ></div>`;
    }
    if (!message.thinking && !message.content) return nothing;
    return folded
      ? nothing
      : html`<details part="thinking" class="thinking" ?open=${message.isInProcess === true}>
          <summary>Thinking</summary>
          <p>${message.thinking}${message.content}</p>
        </details>`;
  }

  private renderEmpty(): TemplateResult {
    const suggested = (meta = this.catalog.meta) => (meta && this.parts.get()?.suggestedQuestions(meta)) ?? [];
    return emptyState(this.starterPrompts.length ? this.starterPrompts : suggested(), (q) => void this.send(q));
  }

  override render(): TemplateResult {
    // Turn by turn; a turn's intermediate steps fold away once its final answer is there (they stay in the thread),
    // and the query that produced the answer stays, with its table and chart.
    const messages = this.session.entries;
    const streaming = this.session.streaming;
    const { look, catalog } = this;
    return html`
      <div
        part="log"
        class="log"
        role="log"
        tabindex="0"
        aria-live="polite"
        aria-busy=${streaming || this.session.loading ? 'true' : 'false'}
        aria-label="Conversation"
        @scroll=${this.scroller.scrolled}
      >
        ${
          this.session.loading && messages.length === 0
            ? html`<p class="empty">Loading the conversation…</p>`
            : messages.length === 0
              ? this.renderEmpty()
              : repeat(
                  messages,
                  (e) => e.key,
                  // A message re-renders only when it (or how it shows) changed: a frame costs O(changed), not O(thread).
                  (e) =>
                    guard(
                      [
                        e.message,
                        e.folded,
                        e.keep,
                        this.copied === e.message.id,
                        this.loadedRows.get(e.message.id),
                        this.activeLocale,
                        this.parts.get()?.highlighted(),
                        look.key,
                        e.message.toolCall ? catalog.meta : this.session.backlog,
                      ],
                      () => this.renderMessage(e),
                    ),
                )
        }
        ${
          this.session.skippedLines
            ? html`<p class="notice">
                ${this.session.skippedLines === 1 ? 'A malformed line' : `${this.session.skippedLines} malformed lines`}
                of the answer could not be read and ${this.session.skippedLines === 1 ? 'was' : 'were'} skipped.
              </p>`
            : nothing
        }
        ${
          this.session.error
            ? html`<p class="error" role="alert">
                ${this.session.error}
                <button type="button" @click=${() => void this.session.retry()}>Retry</button>
              </p>`
            : nothing
        }
      </div>
      ${
        this.scroller.following || messages.length === 0
          ? nothing
          : html`<button part="jump" class="jump" type="button" @click=${() => this.scroller.jumpToLatest()}>
              Jump to latest
            </button>`
      }
      ${composer({
        streaming,
        placeholder: this.placeholder,
        send: (text) => void this.send(text),
        stop: () => void this.abort(),
      })}
      <div class="visually-hidden" role="status">${this.announcement}</div>
    `;
  }
}

defineElement('svc-chat', SvcChat);

declare global {
  interface HTMLElementTagNameMap {
    'svc-chat': SvcChat;
  }
}
