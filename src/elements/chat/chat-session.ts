// The behaviour of <svc-chat> as a reactive controller: sends questions through the transport, folds the stream into
// messages (deltas append, non-deltas replace), keeps one StreamingMarkdown per answer, and asks for at most one
// render per animation frame however fast lines arrive.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { newMessageId } from '../../api/limits.js';
import type { ChatSessionSettings, ChatStreamMessage } from '../../api/types.js';
import { applyChatMessage, finalAnswer, isControlMessage, isFinalAnswer, sortMessages } from '../../transport/chat.js';
import type { ChatTarget, Transport } from '../../transport/transport.js';
import type * as Markdown from '../shared/markdown.js';
import type { StreamingMarkdown } from '../shared/markdown.js';

type MarkdownModule = typeof Markdown;
let markdownModule: Promise<MarkdownModule> | undefined;
/** marked and DOMPurify load on first use, not with the elements entry (ARCHITECTURE §1). */
const loadMarkdown = () => (markdownModule ??= import('../shared/markdown.js'));

export interface ChatSessionOptions {
  transport(): Transport | undefined;
  target(): ChatTarget;
  sessionSettings(): ChatSessionSettings | undefined;
  onSubmitted(question: string): void;
  onCompleted(question: string, answer: string | undefined, chatId: string | undefined): void;
  onError(question: string, error: unknown): void;
  onMessage(message: ChatStreamMessage): void;
  onChatChanged(chatId: string | undefined): void;
}

export class ChatSession implements ReactiveController {
  private readonly messages = new Map<string, ChatStreamMessage>();
  private readonly markdown = new Map<string, StreamingMarkdown>();
  private frame = 0;
  private md?: MarkdownModule;
  private controller?: AbortController;
  chatId: string | undefined;
  streaming = false;
  error: string | undefined;
  lastQuestion: string | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ChatSessionOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /** Messages in order, without the bookkeeping ones. */
  get list(): ChatStreamMessage[] {
    return sortMessages(this.messages).filter((m) => !isControlMessage(m));
  }

  /** The markdown of an assistant message's content (loaded before the first answer streams). */
  markdownOf(message: ChatStreamMessage): StreamingMarkdown | undefined {
    if (!this.md) return undefined;
    let md = this.markdown.get(message.id);
    if (!md) this.markdown.set(message.id, (md = new this.md.StreamingMarkdown()));
    md.set(message.content ?? '');
    return md;
  }

  get hasFinal(): boolean {
    return [...this.messages.values()].some(isFinalAnswer);
  }

  /** One render per animation frame at most. */
  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }

  async send(text: string): Promise<void> {
    const question = text.trim();
    const transport = this.options.transport();
    if (!question || this.streaming) return;
    if (!transport) {
      this.error = 'No transport: give <svc-chat> a transport or place it inside <svc-provider>.';
      this.host.requestUpdate();
      return;
    }
    this.error = undefined;
    this.streaming = true;
    this.lastQuestion = question;
    this.controller = new AbortController();
    this.host.requestUpdate();
    this.options.onSubmitted(question);
    try {
      this.md ??= await loadMarkdown();
      const stream = await transport.streamChat(
        {
          input: question,
          messageId: newMessageId(),
          ...(this.chatId && { chatId: this.chatId }),
          ...(this.options.sessionSettings() && { sessionSettings: this.options.sessionSettings() }),
        },
        { ...this.options.target(), signal: this.controller.signal },
      );
      if (stream.chatId !== this.chatId) {
        this.chatId = stream.chatId;
        this.options.onChatChanged(this.chatId);
      }
      for await (const message of stream) {
        const merged = applyChatMessage(this.messages, message);
        if (!message.isDelta && !isControlMessage(message)) this.options.onMessage(merged);
        this.schedule();
      }
      this.options.onCompleted(question, finalAnswer(this.list)?.content, this.chatId);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        this.error = error instanceof Error ? error.message : String(error);
        this.options.onError(question, error);
      }
    } finally {
      this.streaming = false;
      this.controller = undefined;
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.host.requestUpdate();
    }
  }

  /** Stops the running answer through the abort endpoint; the stream then ends by itself. */
  async abort(): Promise<void> {
    const transport = this.options.transport();
    if (!this.streaming || !this.chatId || !transport) return;
    const settings = this.options.sessionSettings();
    try {
      await transport.abortChat(
        { chatId: this.chatId, ...(settings?.externalId && { sessionSettings: { externalId: settings.externalId } }) },
        this.options.target(),
      );
    } catch {
      this.controller?.abort(); // the endpoint failed: at least stop listening
    }
  }

  /** Starts a new thread. */
  reset(chatId?: string): void {
    this.controller?.abort();
    this.messages.clear();
    this.markdown.clear();
    this.chatId = chatId;
    this.error = undefined;
    this.options.onChatChanged(chatId);
    this.host.requestUpdate();
  }
}
