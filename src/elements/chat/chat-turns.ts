// The conversation of <svc-chat> as turns — a question and its answer, the messages of one stream (or, in a loaded
// thread, from one user message to the next). `sort` orders messages within a turn only, because a service may
// restart it for every stream; turns keep the order they were loaded or asked in. Each turn folds on its own: once
// its final answer is there its intermediate steps fold away, and the query that produced the answer stays.

import type { ChatStreamMessage, ServiceSqlApiResult } from '../../api/types.js';
import { SERVICE_SQL_API } from '../../api/tools.js';
import {
  applyChatMessage,
  isControlMessage,
  isFinalAnswer,
  parseToolPayload,
  sortMessages,
  splitTurns,
} from '../../transport/chat.js';
import type { StreamingMarkdown } from '../shared/markdown.js';

let turnCount = 0;

export class ChatTurn {
  /** Unique among the turns of the page: message ids need only be unique within a turn. */
  readonly key = ++turnCount;
  private readonly messages = new Map<string, ChatStreamMessage>();
  /** The markdown of the turn's answers, by message id. */
  readonly markdown = new Map<string, StreamingMarkdown>();
  private ordered?: ChatStreamMessage[];

  /** `history`: the turn came with a loaded thread (rather than streamed while shown). */
  constructor(readonly history = false) {}

  /** A loaded thread's messages, turn by turn. */
  static split(messages: Iterable<ChatStreamMessage>): ChatTurn[] {
    const list = [...messages].filter((m) => !isControlMessage(m));
    return splitTurns(list).map((part) => {
      const turn = new ChatTurn(true);
      for (const m of part) turn.apply(m);
      return turn;
    });
  }

  /** Folds one stream message in (see applyChatMessage); returns the merged message. */
  apply(message: ChatStreamMessage): ChatStreamMessage {
    this.ordered = undefined;
    return applyChatMessage(this.messages, message);
  }

  has(id: string): boolean {
    return this.messages.has(id);
  }

  /** Forgets the messages (a resubscription replays them from the start). */
  clear(): void {
    this.messages.clear();
    this.ordered = undefined;
    for (const md of this.markdown.values()) md.set('');
  }

  /** The turn's messages by sort, then arrival, without the bookkeeping ones. */
  get list(): ChatStreamMessage[] {
    return (this.ordered ??= sortMessages(this.messages).filter((m) => !isControlMessage(m)));
  }

  /** The query whose table and chart stay when the turn folds: its last SQL call that returned rows. */
  get answeringQuery(): string | undefined {
    return [...this.list]
      .reverse()
      .find((m) => m.toolCall?.name === SERVICE_SQL_API && m.toolCall.result && !parseToolPayload(m.toolCall).error)
      ?.id;
  }

  /** The answering query's message. */
  get answeringMessage(): ChatStreamMessage | undefined {
    const id = this.answeringQuery;
    return id === undefined ? undefined : this.messages.get(id);
  }

  /** The answering query's result (the rows its card shows), if it has one. */
  get answeringResult(): Partial<ServiceSqlApiResult> | undefined {
    const message = this.answeringMessage;
    return message?.toolCall ? parseToolPayload(message.toolCall).result : undefined;
  }
}

/** One message as the log shows it. */
export interface ChatEntry {
  /** Unique in the log. */
  key: string;
  message: ChatStreamMessage;
  turn: ChatTurn;
  /** The turn is answered and not streaming: its intermediate steps fold away. */
  folded: boolean;
  /** The message is the turn's answering query (shown even when folded). */
  keep: boolean;
}

/** The log, turn by turn. `streaming` is the turn whose answer is being written. */
export function chatEntries(turns: readonly ChatTurn[], streaming: ChatTurn | undefined): ChatEntry[] {
  return turns.flatMap((turn) => {
    const list = turn.list;
    const folded = turn !== streaming && list.some(isFinalAnswer);
    const keep = folded ? turn.answeringQuery : undefined;
    return list.map((message) => ({
      key: `${turn.key}/${message.id}`,
      message,
      turn,
      folded,
      keep: message.id === keep,
    }));
  });
}
