// <svc-chat>: a streaming conversation with the analyst agent — the user's questions, the agent's thinking (folded),
// its tool calls (the SQL and a result table), and the final answer, rendered as sanitised markdown.

import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { ChatSessionSettings, ChatStreamMessage, ServiceSqlApiResult } from '../../api/types.js';
import { isFinalAnswer, parseToolPayload } from '../../transport/chat.js';
import { SvcAiQueryEvent, SvcChatChangedEvent, SvcErrorEvent, SvcMessageEvent } from '../events.js';
import { viewerOf } from '../shared/context.js';
import { defineElement } from '../shared/define.js';
import type * as Highlight from '../shared/highlight.js';
import { SvcConnectedElement, SvcElement } from '../shared/svc-element.js';
import { ChatSession } from './chat-session.js';
import type { ChatEntry } from './chat-turns.js';
import { chatStyles } from './svc-chat.styles.js';
import { syncMarkdown } from './sync-markdown.js';

const charted = new WeakSet<Element>();

let highlighter: typeof Highlight | undefined;
let highlighterLoad: Promise<typeof Highlight> | undefined;
/** highlight.js loads with the first SQL shown; until then the SQL shows as plain text. */
function loadHighlighter(): Promise<typeof Highlight> {
  return (highlighterLoad ??= import('../shared/highlight.js').then((m) => (highlighter = m)));
}

/** Renders a tool result's chart into its container once (vega loads lazily). */
function chart(spec: string | undefined, result: Partial<ServiceSqlApiResult>, onError: (e: unknown) => void) {
  return ref((el) => {
    if (!(el instanceof HTMLElement) || !spec || !result.schema || !result.data || charted.has(el)) return;
    charted.add(el);
    void import('../shared/vega-chart.js')
      .then(({ renderVegaChart, rowsToValues }) =>
        renderVegaChart(el, JSON.parse(spec) as Record<string, unknown>, rowsToValues(result.schema!, result.data!)),
      )
      .catch(onError);
  });
}

/** A result cell as text; numbers in the viewer's locale. */
function cell(v: unknown, numbers: Intl.NumberFormat): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return numbers.format(v);
  if (typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

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
  @property({ attribute: 'starter-prompts', type: Array }) starterPrompts: string[] = [];
  @property() placeholder = 'Ask a question about your data';

  @state() private announcement = '';
  /** The view follows new content until the user scrolls up; then "Jump to latest" offers the way back. */
  @state() private following = true;
  @query('textarea') private input?: HTMLTextAreaElement;
  @query('.log') private log?: HTMLElement;

  private readonly session = new ChatSession(this, {
    transport: () => this.activeTransport,
    target: () => ({
      ...(this.accountName && { accountName: this.accountName }),
      ...(this.agentId && { agentId: this.agentId }),
    }),
    sessionSettings: () => this.sessionSettings,
    onSubmitted: (q) => this.emit(new SvcAiQueryEvent('submitted', q, this.session.chatId)),
    onCompleted: (q, answer, chatId) => {
      this.announcement = answer ? `Answer: ${answer.slice(0, 300)}` : 'The answer ended.';
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

  /** Where the last automatic scroll put the view: scrolling above it is the user's doing. */
  private autoScrollTop = 0;

  protected override updated(): void {
    if (this.following && this.log) {
      this.log.scrollTop = this.log.scrollHeight;
      this.autoScrollTop = this.log.scrollTop;
    }
  }

  private readonly scrolled = (): void => {
    const log = this.log;
    if (!log) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    // Content growing under a following view is not the user scrolling away.
    const following = atBottom || (this.following && log.scrollTop >= this.autoScrollTop - 2);
    if (following !== this.following) this.following = following;
    if (following && !atBottom) {
      log.scrollTop = log.scrollHeight;
      this.autoScrollTop = log.scrollTop;
    }
  };

  private jumpToLatest(): void {
    this.following = true;
    if (this.log) this.log.scrollTop = this.log.scrollHeight;
    this.log?.focus();
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

  private readonly submit = (event: Event): void => {
    event.preventDefault();
    const text = this.input?.value ?? '';
    if (!text.trim()) return;
    if (this.input) this.input.value = '';
    void this.send(text);
  };

  private readonly keydown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) this.submit(event);
    else if (event.key === 'Escape' && this.session.streaming) {
      event.preventDefault();
      void this.abort();
    }
  };

  /** Full results loaded through the data API, by tool message id. */
  private readonly loadedRows = new Map<string, unknown[][]>();

  private async loadAll(id: string, sqlQuery: string): Promise<void> {
    try {
      const result = await this.requireTransport().cubeSql({ query: sqlQuery });
      this.loadedRows.set(id, result.data);
      this.requestUpdate();
    } catch (error) {
      this.emit(new SvcErrorEvent(error));
    }
  }

  private download(title: string, schema: ServiceSqlApiResult['schema'], rows: unknown[][]): void {
    void import('../shared/csv.js').then(({ toCsv }) => {
      const url = URL.createObjectURL(new Blob([toCsv(schema, rows)], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'result'}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });
  }

  private formatter?: { locale: string | undefined; numbers: Intl.NumberFormat };
  /** Numbers in the active locale (one formatter per locale). */
  private get numbers(): Intl.NumberFormat {
    const locale = this.activeLocale;
    if (this.formatter && this.formatter.locale === locale) return this.formatter.numbers;
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
    this.formatter = { locale, numbers };
    return numbers;
  }

  /** The message whose SQL was just copied (its button says so for a moment). */
  @state() private copied?: string;

  private async copySql(id: string, sql: string, code: HTMLElement | null): Promise<void> {
    try {
      await navigator.clipboard.writeText(sql);
    } catch {
      // No clipboard permission: select the SQL so the user can copy it with the keyboard.
      if (code) getSelection()?.selectAllChildren(code);
    }
    this.copied = id;
    setTimeout(() => {
      if (this.copied === id) this.copied = undefined;
    }, 2000);
  }

  private renderSql(id: string, sql: string): TemplateResult {
    if (!highlighter) void loadHighlighter().then(() => this.requestUpdate());
    return html`<div class="sql">
      <pre
        part="sql"
        tabindex="0"
        aria-label="SQL"
      ><code>${highlighter ? unsafeHTML(highlighter.highlightSql(sql)) : sql}</code></pre>
      <button
        part="copy"
        class="copy"
        type="button"
        aria-label=${this.copied === id ? 'SQL copied' : 'Copy SQL'}
        @click=${(e: Event) =>
          void this.copySql(id, sql, (e.currentTarget as HTMLElement).previousElementSibling as HTMLElement)}
      >
        ${this.copied === id ? 'Copied' : 'Copy'}
      </button>
    </div>`;
  }

  private renderTool(message: ChatStreamMessage): TemplateResult {
    const numbers = this.numbers;
    const payload = parseToolPayload(message.toolCall!);
    const input = payload.input as { sqlQuery?: string; queryTitle?: string; searchQuery?: string };
    const title =
      message.toolCall!.name === 'serviceSqlApi' ? (input.queryTitle ?? 'Query') : 'Searching the data model';
    const result = payload.result as Partial<ServiceSqlApiResult> | undefined;
    const spec = result?.vegaSpec ?? (input as { vegaSpec?: string }).vegaSpec;
    const rows = this.loadedRows.get(message.id) ?? result?.data ?? [];
    return html`<div part="tool-call" class="tool" role="group" aria-label=${title}>
      <header>${title}${payload.complete ? nothing : html` <span class="pending">running…</span>`}</header>
      ${input.sqlQuery ? this.renderSql(message.id, input.sqlQuery) : nothing}
      ${payload.error ? html`<p class="error" role="alert">${payload.error}</p>` : nothing}
      ${
        result?.schema && result.data
          ? html`<table part="result-table">
                <thead>
                  <tr>
                    ${result.schema.map((c) => html`<th scope="col">${c.name}</th>`)}
                  </tr>
                </thead>
                <tbody>
                  ${rows.slice(0, 20).map(
                    (row) =>
                      html`<tr>
                        ${row.map((v) => html`<td>${cell(v, numbers)}</td>`)}
                      </tr>`,
                  )}
                </tbody>
              </table>
              <p class="count">
                ${numbers.format(Math.min(20, rows.length))} of
                ${numbers.format(Math.max(result.totalRows ?? 0, rows.length))} rows
                ${
                  input.sqlQuery && (result.totalRows ?? 0) > rows.length
                    ? html`<button
                        part="load-all"
                        type="button"
                        @click=${() => void this.loadAll(message.id, input.sqlQuery!)}
                      >
                        Load all ${numbers.format(result.totalRows ?? 0)} rows
                      </button>`
                    : nothing
                }
                <button part="download" type="button" @click=${() => this.download(title, result.schema!, rows)}>
                  Download CSV
                </button>
              </p>
              ${
                spec
                  ? html`<div
                      part="chart"
                      class="chart"
                      role="img"
                      aria-label=${`Chart: ${title}`}
                      ${chart(spec, result, (e) => this.emit(new SvcErrorEvent(e)))}
                    ></div>`
                  : nothing
              }`
          : nothing
      }
    </div>`;
  }

  private renderMessage({ message, turn, folded, keep }: ChatEntry): TemplateResult | typeof nothing {
    if (message.role === 'user') return html`<div part="message user" class="user">${message.content}</div>`;
    if (message.toolCall) return folded && !keep ? nothing : this.renderTool(message);
    if (isFinalAnswer(message)) {
      return html`<div
        part="message assistant answer"
        class="answer"
        ${syncMarkdown(() => this.session.markdownOf(turn, message), turn.history ? this.renderWhenNear : undefined)}
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

  private nearObserver?: IntersectionObserver;
  private readonly waiting = new WeakMap<Element, () => void>();

  /**
   * Answers loaded with a thread render when they come near the visible part of the log: opening a thread of
   * hundreds of messages costs what is shown, not the whole history at once.
   */
  private readonly renderWhenNear = (el: HTMLElement, render: () => void): void => {
    this.nearObserver ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          this.nearObserver!.unobserve(entry.target);
          entry.target.classList.remove('pending');
          this.waiting.get(entry.target)?.();
          this.waiting.delete(entry.target);
        }
      },
      { root: this.log ?? null, rootMargin: '800px 0px' },
    );
    el.classList.add('pending');
    this.waiting.set(el, render);
    this.nearObserver.observe(el);
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.nearObserver?.disconnect();
    this.nearObserver = undefined;
  }

  override render(): TemplateResult {
    // Turn by turn; a turn's intermediate steps fold away once its final answer is there (they stay in the thread),
    // and the query that produced the answer stays, with its table and chart.
    const messages = this.session.entries;
    const streaming = this.session.streaming;
    return html`
      <div
        part="log"
        class="log"
        role="log"
        tabindex="0"
        aria-live="polite"
        aria-busy=${streaming || this.session.loading ? 'true' : 'false'}
        aria-label="Conversation"
        @scroll=${this.scrolled}
      >
        ${
          this.session.loading && messages.length === 0
            ? html`<p class="empty">Loading the conversation…</p>`
            : messages.length === 0
              ? html`<slot name="empty"
                  >${
                    this.starterPrompts.length
                      ? html`<ul class="starters" aria-label="Suggested questions">
                          ${this.starterPrompts.map((p) => html`<li><button type="button" @click=${() => void this.send(p)}>${p}</button></li>`)}
                        </ul>`
                      : html`<p class="empty">${this.placeholder}</p>`
                  }</slot
                >`
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
                        this.numbers,
                        highlighter,
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
        this.following || messages.length === 0
          ? nothing
          : html`<button part="jump" class="jump" type="button" @click=${() => this.jumpToLatest()}>
              Jump to latest
            </button>`
      }
      <form part="composer" class="composer" @submit=${this.submit}>
        <textarea
          part="input"
          rows="2"
          aria-label="Message"
          placeholder=${this.placeholder}
          @keydown=${this.keydown}
        ></textarea>
        ${
          streaming
            ? html`<button part="stop" type="button" @click=${() => void this.abort()}>Stop</button>`
            : html`<button part="send" type="submit">Send</button>`
        }
      </form>
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
