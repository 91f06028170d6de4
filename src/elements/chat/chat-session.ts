// The behaviour of <svc-chat>: sends questions through the transport, folds each stream into the messages of its
// turn (deltas append, non-deltas replace; see chat-turns.ts for the order), keeps one StreamingMarkdown per answer
// (answer-markdown.ts), and asks for a render however fast lines arrive (render-pacer.ts says when).

import type { ReactiveControllerHost } from 'lit';
import { ApiError, ChatAuthError, errorMessage, isAbortError } from '../../api/errors.js';
import { newMessageId } from '../../api/limits.js';
import type { ChatSessionSettings, ChatStreamMessage } from '../../api/types.js';
import { finalAnswer, isControlMessage } from '../../transport/chat.js';
import type { ChatTarget, Transport } from '../../transport/transport.js';
import type { StreamingMarkdown } from '../shared/markdown.js';
import { nextTask } from '../../util/next-task.js';
import { noTransport } from '../shared/svc-element.js';
import { AnswerMarkdown } from './answer-markdown.js';
import { RESUBSCRIBE_DELAYS_MS, isDropped, requestLocale } from './chat-connection.js';
import { ChatTurn, chatEntries, type ChatEntry } from './chat-turns.js';
import { RenderPacer } from './render-pacer.js';

export interface ChatSessionOptions {
  transport(): Transport | undefined;
  /** Without a transport, a question waits for one (inside a provider that gets it later) rather than failing. */
  waitsForTransport(): boolean;
  target(): ChatTarget;
  /** The viewer's language, sent with each question (the agent answers in it where it can). */
  locale(): string | undefined;
  sessionSettings(): ChatSessionSettings | undefined;
  onSubmitted(question: string): void;
  onCompleted(question: string, answer: string | undefined, chatId: string | undefined): void;
  /** A question (or, without one, loading a thread) failed. */
  onError(question: string | undefined, error: unknown): void;
  onMessage(message: ChatStreamMessage): void;
  onChatChanged(chatId: string | undefined): void;
  /** A stream line was not valid JSON (it was skipped). */
  onMalformedLine(error: Error): void;
}

/** Messages folded per task: lines that arrive together (a whole answer in one chunk) take several short tasks. */
const SLICE_MESSAGES = 256;

export class ChatSession {
  /** The conversation, turn by turn. */
  private turns: ChatTurn[] = [];
  /** The turn whose answer is being written. */
  private active?: ChatTurn;
  private readonly pacer: RenderPacer;
  private readonly markdown: AnswerMarkdown;
  private controller?: AbortController;
  /** Where the running answer is: its stream has not begun (Stop then waits for it: abort()), or has. */
  private stop: 'none' | 'asked' | 'begun' = 'none';
  chatId: string | undefined;
  streaming = false;
  error: string | undefined;
  /** Malformed lines skipped in the current answer. */
  skippedLines = 0;
  /** The history of a thread is being loaded. */
  loading = false;
  /** What failed was refused for its credentials (a new session may let it through: sessionChanged). */
  private refused = false;
  /** A question asked before there was a transport: sent once there is one (transportChanged). */
  waiting: string | undefined;
  private retryAction?: () => Promise<void>;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ChatSessionOptions,
  ) {
    this.pacer = new RenderPacer(
      host,
      () => this.streaming,
      () => this.markdown.prepare(this.turns[this.turns.length - 1]),
    );
    this.markdown = new AnswerMarkdown(host, () => (this.pacer.behind = true));
  }

  /** The log: messages turn by turn, without the bookkeeping ones. */
  get entries(): ChatEntry[] {
    return chatEntries(this.turns, this.active);
  }

  /** The markdown of an assistant message's content (loaded before the first answer streams). */
  markdownOf(turn: ChatTurn, message: ChatStreamMessage): StreamingMarkdown | undefined {
    return this.markdown.of(turn, message);
  }

  /** Answers have text not rendered yet (a render is asked for each frame until they have none). */
  get catchingUp(): boolean {
    return this.pacer.backlog !== 0;
  }

  /** Counts the renders of a catch-up (what the answers render from changes with it). */
  get backlog(): number {
    return this.pacer.backlog;
  }

  async send(text: string): Promise<void> {
    const question = text.trim();
    const transport = this.options.transport();
    if (!question || this.streaming || this.waiting !== undefined) return;
    if (!transport) {
      if (this.options.waitsForTransport()) this.waiting = question;
      else this.error = noTransport('svc-chat');
      this.retryAction = () => this.send(question);
      this.host.requestUpdate();
      return;
    }
    this.error = undefined;
    this.streaming = true;
    this.retryAction = () => this.send(question);
    this.skippedLines = 0;
    this.stop = 'none';
    const controller = (this.controller = new AbortController());
    this.host.requestUpdate();
    this.options.onSubmitted(question);
    const messageId = newMessageId();
    const turn = (this.active = new ChatTurn());
    this.turns.push(turn);
    let outcome: () => void = () => undefined;
    try {
      await this.markdown.ready();
      for (let attempt = 0; ; attempt++) {
        try {
          await this.receive(transport, question, messageId, turn, controller.signal);
          break;
        } catch (error) {
          // A dropped connection: POST the same messageId again, which resubscribes to the running answer.
          if (!isDropped(error) || attempt >= RESUBSCRIBE_DELAYS_MS.length || controller.signal.aborted) throw error;
          await new Promise((r) => setTimeout(r, RESUBSCRIBE_DELAYS_MS[attempt]));
          controller.signal.throwIfAborted();
        }
      }
      outcome = () => this.options.onCompleted(question, finalAnswer(turn.list)?.content, this.chatId);
    } catch (error) {
      outcome = () => this.fail(question, error);
    } finally {
      await this.pacer.settle(); // what came last: prepared in a task of its own, shown from the next
      this.streaming = false;
      if (this.active === turn) this.active = undefined;
      if (this.controller === controller) this.controller = undefined;
      this.host.requestUpdate();
      outcome(); // told once the render that shows it is asked for
    }
  }

  /** The transport may have come (the host updated): a question waiting for it is sent now. */
  transportChanged(): void {
    const question = this.waiting;
    if (question === undefined || !this.options.transport()) return;
    this.waiting = undefined;
    queueMicrotask(() => void this.send(question));
  }

  /** A new session came: what its lack (or the one before) made fail is tried again. */
  sessionChanged(): void {
    if (!this.refused || this.streaming || this.loading) return;
    this.refused = false;
    queueMicrotask(() => void this.retry());
  }

  /** One connection to the answer's stream. */
  private async receive(
    transport: Transport,
    question: string,
    messageId: string,
    turn: ChatTurn,
    signal: AbortSignal,
  ): Promise<void> {
    const settings = this.options.sessionSettings();
    const stream = await transport.streamChat(
      {
        input: question,
        messageId,
        ...(this.chatId && { chatId: this.chatId }),
        ...(settings && { sessionSettings: settings }),
      },
      this.streamOptions(signal),
    );
    if (stream.chatId !== this.chatId) {
      this.chatId = stream.chatId;
      this.options.onChatChanged(this.chatId);
    }
    // The service runs the answer now: a Stop pressed before is asked of it.
    if (this.stop === 'asked') void this.stopAnswer(transport);
    this.stop = 'begun';
    let first = true;
    let folded = 0;
    for await (const message of stream) {
      if (++folded % SLICE_MESSAGES === 0) await nextTask();
      if (isControlMessage(message)) continue;
      // The service replays a resubscribed answer from its start: drop what the turn had, so nothing doubles.
      if (first && turn.has(message.id)) turn.clear();
      first = false;
      const merged = turn.apply(message);
      if (!message.isDelta) this.options.onMessage(merged);
      this.pacer.schedule();
    }
  }

  private streamOptions(signal: AbortSignal) {
    const onMalformedLine = (item: { error: SyntaxError; line: number }) => this.malformed(item);
    return { ...this.options.target(), ...requestLocale(this.options.locale()), signal, onMalformedLine };
  }

  /** Lines that are not JSON are skipped; the first few are reported, all are counted. */
  private malformed(item: { error: SyntaxError; line: number }): void {
    this.skippedLines++;
    if (this.skippedLines <= 5) {
      this.options.onMalformedLine(new Error(`Skipped malformed chat line ${item.line}: ${item.error.message}`));
    }
    this.pacer.schedule();
  }

  /** Shows an existing thread: its messages so far (a POST without input answers with the conversation). */
  async load(chatId: string): Promise<void> {
    const transport = this.options.transport();
    if (!transport) return;
    this.reset(chatId);
    this.error = undefined;
    this.loading = true;
    this.retryAction = () => this.load(chatId);
    const controller = (this.controller = new AbortController());
    this.host.requestUpdate();
    try {
      await this.markdown.ready();
      const settings = this.options.sessionSettings();
      const stream = await transport.streamChat(
        { chatId, ...(settings && { sessionSettings: settings }) },
        this.streamOptions(controller.signal),
      );
      const thread = new ChatTurn(true);
      let folded = 0;
      for await (const message of stream) {
        if (++folded % SLICE_MESSAGES === 0) await nextTask();
        thread.apply(message);
      }
      // Questions sent while the thread loaded come after it.
      this.turns = [...ChatTurn.split(thread.list), ...this.turns];
    } catch (error) {
      this.fail(undefined, error);
    } finally {
      this.loading = false;
      if (this.controller === controller) this.controller = undefined;
      this.host.requestUpdate();
    }
  }

  /** Shows and reports a failure (a stop the user asked for is none). */
  private fail(question: string | undefined, error: unknown): void {
    if (isAbortError(error)) return;
    this.error = errorMessage(error);
    this.refused = error instanceof ChatAuthError || (error instanceof ApiError && error.status === 401);
    this.options.onError(question, error);
  }

  /** Repeats what failed: loading the thread, or sending the last question. */
  retry(): Promise<void> {
    return this.retryAction?.() ?? Promise.resolve();
  }

  /**
   * Stops the running answer through the abort endpoint; the stream then ends by itself. Before its stream has begun
   * (no chat id yet, or the service not yet running this answer) the stop is asked as soon as it begins.
   */
  async abort(): Promise<void> {
    if (this.waiting !== undefined) {
      this.waiting = undefined; // not sent yet: nothing to stop but the wait
      this.host.requestUpdate();
      return;
    }
    const transport = this.options.transport();
    if (this.streaming && transport && this.stop === 'begun') await this.stopAnswer(transport);
    else if (this.streaming) this.stop = 'asked';
  }

  private async stopAnswer(transport: Transport): Promise<void> {
    const settings = this.options.sessionSettings();
    try {
      await transport.abortChat(
        { chatId: this.chatId!, ...(settings?.externalId && { sessionSettings: { externalId: settings.externalId } }) },
        this.options.target(),
      );
    } catch {
      this.controller?.abort(); // the endpoint failed: at least stop listening
    }
  }

  /** Starts a new thread. */
  reset(chatId?: string): void {
    this.controller?.abort();
    this.turns = [];
    this.active = undefined;
    this.chatId = chatId;
    this.error = undefined;
    this.waiting = undefined;
    this.refused = false;
    this.options.onChatChanged(chatId);
    this.host.requestUpdate();
  }
}
