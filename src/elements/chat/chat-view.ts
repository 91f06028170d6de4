// The body of <svc-chat>, loaded after its first frame (svc-chat.ts defines the element and paints the empty state
// and the composer until this is there): the conversation — sending, streaming and loading threads (chat-session.ts),
// the log turn by turn with its scrolling, and the styles of messages, cards and answers.

import { msg, str } from '@lit/localize';
import { adoptStyles, html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { nextTask } from '../../util/next-task.js';
import { isFinalAnswer } from '../../transport/chat.js';
import { SvcAiQueryEvent, SvcChatChangedEvent, SvcErrorEvent, SvcMessageEvent } from '../events.js';
import { formatNumber } from '../shared/format.js';
import { activeUiLocale } from '../shared/l10n.js';
import type { Changed } from '../shared/lazy-body.js';
import { LazyModule } from '../shared/lazy-module.js';
import { emptyState } from './chat-empty.js';
import type { ChatHost, ChatHostAccess } from './chat-host.js';
import { composer } from './chat-composer.js';
import { ChatLook } from './chat-look.js';
import { ChatScroll } from './chat-scroll.js';
import { ChatSession } from './chat-session.js';
import type * as ChatParts from './chat-parts.js';
import type { ChatEntry } from './chat-turns.js';
import { chatViewStyles } from './chat-view.styles.js';
import { MemberCatalog } from './member-catalog.js';
import { RenderWhenNear } from './render-when-near.js';
import { syncMarkdown } from './sync-markdown.js';
import { ToolActions } from './tool-actions.js';

const loadParts = () => import('./chat-parts.js');

/** Says how many lines of the answer were malformed (translations whose plurals agree with counts use a label). */
const skippedNotice = (lines: number, locale: string | undefined): string => {
  if (lines === 1) return msg('A malformed line of the answer could not be read and was skipped.');
  const count = formatNumber(lines, locale, { kind: 'integer' });
  return msg(str`${count} malformed lines of the answer could not be read and were skipped.`);
};

export class ChatView {
  private announcement = '';
  private readonly scroller: ChatScroll;
  private readonly look: ChatLook;
  private readonly near: RenderWhenNear;
  private readonly catalog: MemberCatalog;
  /** Tool cards, answer-table check, starter questions: loaded after the first frame. */
  private readonly parts: LazyModule<typeof ChatParts>;
  private readonly tools: ToolActions;
  private readonly session: ChatSession;
  /** Who the thread belongs to: another viewer starts a new thread. */
  private viewer?: string;
  /** The provider's session last seen: a new one retries what was refused for want of one. */
  private sessionSeen?: unknown;

  constructor(
    private readonly host: ChatHost,
    private readonly access: ChatHostAccess,
  ) {
    const part = (selector: string) => host.renderRoot.querySelector<HTMLElement>(selector) ?? undefined;
    const empty = () => this.session.entries.length === 0;
    this.scroller = new ChatScroll(host, () => ({ log: part('.log'), composer: part('.composer'), empty: empty() }));
    this.look = new ChatLook(host);
    this.near = new RenderWhenNear(host, () => part('.log'));
    this.catalog = new MemberCatalog(host, () => ({ transport: access.transport(), viewer: this.viewer }));
    this.parts = new LazyModule(host, loadParts, { afterFirstFrame: true });
    this.tools = new ToolActions(host, () => access.requireTransport());
    this.session = new ChatSession(host, {
      transport: () => access.transport(),
      waitsForTransport: () => access.inProvider(),
      target: () => ({
        ...(host.accountName && { accountName: host.accountName }),
        ...(host.agentId && { agentId: host.agentId }),
      }),
      // The element's (or provider's, or page's) locale, else the browser's: the language the viewer reads.
      locale: () => access.locale() ?? (typeof navigator === 'undefined' ? undefined : navigator.language),
      sessionSettings: () => host.sessionSettings,
      onSubmitted: (q) => host.emit(new SvcAiQueryEvent('submitted', q, this.session.chatId)),
      onCompleted: (q, answer, chatId) => {
        void this.announce(answer);
        host.emit(new SvcAiQueryEvent('completed', q, chatId, answer));
      },
      onError: (q, error) => {
        if (q !== undefined) host.emit(new SvcAiQueryEvent('error', q, this.session.chatId));
        host.emit(new SvcErrorEvent(error));
      },
      onMessage: (m) => host.emit(new SvcMessageEvent(m)),
      onMalformedLine: (error) => host.emit(new SvcErrorEvent(error)),
      onChatChanged: (id) => {
        host.chatId = id; // the property follows the thread shown
        host.emit(new SvcChatChangedEvent(id));
      },
    });
    const root = host.renderRoot;
    if (root instanceof ShadowRoot) {
      const own = (host.constructor as unknown as { elementStyles: Parameters<typeof adoptStyles>[1] }).elementStyles;
      adoptStyles(root, [...own, chatViewStyles]);
    }
  }

  send(text: string): Promise<void> {
    return this.session.send(text);
  }

  abort(): Promise<void> {
    return this.session.abort();
  }

  newChat(): void {
    this.session.reset();
  }

  /** The answer as plain text for the live region: no markdown syntax, tables summarised. */
  private async announce(answer: string | undefined): Promise<void> {
    await nextTask(); // not in the task of the stream's last lines, nor of the render that shows them
    if (!answer) {
      this.announcement = msg('The answer ended.');
    } else {
      const { plainTextStart } = await import('./plain-text.js');
      const text = plainTextStart(answer, 300);
      this.announcement = msg(str`Answer: ${text}`);
    }
    this.host.requestUpdate();
  }

  willUpdate(changed: Changed): void {
    const viewer = this.access.viewer();
    if (viewer !== undefined && viewer !== this.viewer) {
      if (this.viewer !== undefined) this.session.reset();
      this.viewer = viewer;
    }
    this.session.transportChanged();
    const session = this.access.session();
    if (session !== this.sessionSeen) {
      this.sessionSeen = session;
      if (session !== undefined) this.session.sessionChanged();
    }
    const { chatId } = this.host;
    if (chatId && chatId !== this.session.chatId && this.access.transport()) void this.session.load(chatId);
    else if (changed.has('chatId') && !chatId && this.session.chatId) this.session.reset();
  }

  /** Resolves once the parts loading are there and every answer is rendered to its end. */
  async settled(): Promise<void> {
    await this.parts.settled();
    // An answer that arrived faster than frames render it is complete once it is all rendered.
    while (this.session.catchingUp) {
      await new Promise((resolve) => setTimeout(resolve, 16));
      await this.host.updateComplete;
    }
  }

  private renderMessage({ message, turn, folded, keep }: ChatEntry): TemplateResult | typeof nothing {
    if (message.role === 'user') return html`<div part="message user" class="user">${message.content}</div>`;
    const parts = this.parts.get();
    if (message.toolCall) {
      if ((folded && !keep) || !parts) return nothing;
      return parts.toolCard(message, {
        locale: this.access.locale(),
        meta: this.catalog.meta,
        loadedRows: this.tools.loadedRows(message.id),
        copied: this.tools.copied === message.id,
        look: this.look.key,
        copy: (sql, code) => void this.tools.copy(message.id, parts.copySql(sql, code)),
        loadAll: (sql) => void this.tools.loadAll(message.id, sql),
        refresh: () => this.host.requestUpdate(),
        error: (e) => this.host.emit(new SvcErrorEvent(e)),
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
              parts.hideRepeatedTables(
                root,
                result?.schema?.length ?? 0,
                result?.schema ? result.data : undefined,
                result?.totalRows,
              );
            },
          },
        })}
      ></div>`;
    }
    if (!message.thinking && !message.content) return nothing;
    return folded
      ? nothing
      : html`<details part="thinking" class="thinking" ?open=${message.isInProcess === true}>
          <summary>${msg('Thinking')}</summary>
          <p>${message.thinking}${message.content}</p>
        </details>`;
  }

  private renderEmpty(): TemplateResult {
    const suggested = (meta = this.catalog.meta) => (meta && this.parts.get()?.suggestedQuestions(meta)) ?? [];
    return emptyState(
      this.host.starterPrompts.length ? this.host.starterPrompts : suggested(),
      (q) => void this.send(q),
    );
  }

  render(): TemplateResult {
    // Turn by turn; a turn's intermediate steps fold away once its final answer is there (they stay in the thread),
    // and the query that produced the answer stays, with its table and chart.
    const messages = this.session.entries;
    const { waiting } = this.session;
    const streaming = this.session.streaming || waiting !== undefined;
    const { look, catalog } = this;
    return html`
      <div
        part="log"
        class="log"
        role="log"
        tabindex="0"
        aria-live="polite"
        aria-busy=${streaming || this.session.loading ? 'true' : 'false'}
        aria-label=${msg('Conversation')}
        @scroll=${this.scroller.scrolled}
      >
        ${
          this.session.loading && messages.length === 0
            ? html`<p class="empty">${msg('Loading the conversation…')}</p>`
            : messages.length === 0 && waiting !== undefined
              ? nothing
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
                          this.tools.copied === e.message.id,
                          this.tools.loadedRows(e.message.id),
                          this.access.locale(),
                          activeUiLocale(),
                          this.parts.get()?.highlighted(),
                          look.key,
                          e.message.toolCall ? catalog.meta : this.session.backlog,
                        ],
                        () => this.renderMessage(e),
                      ),
                  )
        }
        ${
          waiting === undefined
            ? nothing
            : html`<div part="message user" class="user">${waiting}</div>
                <p class="notice">${msg('Waiting for the connection to the service…')}</p>`
        }
        ${
          this.session.skippedLines
            ? html`<p class="notice">${skippedNotice(this.session.skippedLines, this.access.locale())}</p>`
            : nothing
        }
        ${
          this.session.error
            ? html`<p class="error" role="alert">
                ${this.session.error}
                <button type="button" @click=${() => void this.session.retry()}>${msg('Retry')}</button>
              </p>`
            : nothing
        }
      </div>
      ${
        this.scroller.following || messages.length === 0
          ? nothing
          : html`<button part="jump" class="jump" type="button" @click=${() => this.scroller.jumpToLatest()}>
              ${msg('Jump to latest')}
            </button>`
      }
      ${composer({
        streaming,
        placeholder: this.host.placeholder ?? msg('Ask a question about your data'),
        send: (text) => void this.send(text),
        stop: () => void this.abort(),
      })}
      <div class="visually-hidden" role="status">${this.announcement}</div>
    `;
  }
}
