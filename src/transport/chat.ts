// Helpers over chat stream messages: the final answer (spec rule 1), tool payload parsing (rule 2, `query`
// alias), the reducer that folds deltas into whole messages (docs/architecture.md), and a thread's turns.

import { CUTOFF_MESSAGE_ID, FINAL_GRAPH_NODE, STATE_MESSAGE_ID } from '../api/limits.js';
import type {
  ChatCutoffState,
  ChatStreamMessage,
  ServiceMetaInput,
  ServiceMetaResult,
  ServiceSqlApiInput,
  ServiceSqlApiResult,
  ToolCall,
} from '../api/types.js';
import { SERVICE_META, SERVICE_SQL_API } from '../api/tools.js';

/** True for a message of the final consolidated answer: assistant, graphPath `['final', …]` of length ≤ 2. */
export function isFinalAnswer(message: ChatStreamMessage): boolean {
  const path = message.graphPath;
  return message.role === 'assistant' && Array.isArray(path) && path[0] === FINAL_GRAPH_NODE && path.length <= 2;
}

/**
 * Spec rule 1: among streamed messages take those with role assistant, graphPath whose first element is `final`
 * and graphPath length at most 2; the last one is the final answer.
 */
export function finalAnswer(messages: Iterable<ChatStreamMessage>): ChatStreamMessage | undefined {
  let last: ChatStreamMessage | undefined;
  for (const m of messages) if (isFinalAnswer(m)) last = m;
  return last;
}

/** The `__cutoff__` message's state, when `message` is one. */
export function cutoffState(message: ChatStreamMessage): ChatCutoffState | undefined {
  if (message.id !== CUTOFF_MESSAGE_ID || typeof message.state !== 'object' || message.state === null) return undefined;
  const state = message.state as Partial<ChatCutoffState>;
  return typeof state.chatId === 'string'
    ? { chatId: state.chatId, isStreaming: state.isStreaming === true }
    : undefined;
}

/** True for the two bookkeeping messages `__cutoff__` and `__state__`. */
export function isControlMessage(message: ChatStreamMessage): boolean {
  return message.id === CUTOFF_MESSAGE_ID || message.id === STATE_MESSAGE_ID;
}

// ─── Tool payloads ───────────────────────────────────────────────────────────────────────────────────────────

interface ToolPayloadBase<I, R> {
  /** Parsed `toolCall.input`; for serviceSqlApi the `query` alias is normalised to `sqlQuery`. */
  input: I;
  /** Parsed `toolCall.result`; undefined while the call is in process or when it failed. */
  result?: R;
  /** The tool's error (`result.error`), or why input/result could not be parsed. */
  error?: string;
  /** True once `toolCall.result` is present. */
  complete: boolean;
}

export type ServiceMetaPayload = { name: typeof SERVICE_META } & ToolPayloadBase<
  Partial<ServiceMetaInput>,
  ServiceMetaResult
>;
export type ServiceSqlApiPayload = { name: typeof SERVICE_SQL_API } & ToolPayloadBase<
  Partial<ServiceSqlApiInput>,
  ServiceSqlApiResult
>;
/** A parsed tool call; narrow with isServiceMetaPayload() / isServiceSqlApiPayload(). */
export type ToolPayload = { name: string } & ToolPayloadBase<Record<string, unknown>, Record<string, unknown>>;

export function isServiceMetaPayload(payload: ToolPayload): payload is ToolPayload & ServiceMetaPayload {
  return payload.name === SERVICE_META;
}

export function isServiceSqlApiPayload(payload: ToolPayload): payload is ToolPayload & ServiceSqlApiPayload {
  return payload.name === SERVICE_SQL_API;
}

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

function parseObject(json: string | undefined, what: string): Parsed {
  if (json === undefined || json === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
    return { ok: false, error: `Tool ${what} is not a JSON object` };
  } catch (e) {
    return { ok: false, error: `Tool ${what} is not valid JSON: ${(e as Error).message}` };
  }
}

/** Accepts the `query` alias of the SQL tool's `sqlQuery` (spec: a stream may show the SQL under `query`). */
function withSqlAlias(value: Record<string, unknown>): Record<string, unknown> {
  if (typeof value.sqlQuery !== 'string' && typeof value.query === 'string') {
    const { query, ...rest } = value;
    return { ...rest, sqlQuery: query };
  }
  return value;
}

/**
 * Parses a tool call's `input` and `result` JSON strings (spec rule 2). A tool failure surfaces as `error` (the
 * parsed result's `error` property); malformed JSON surfaces as `error` too, never as a throw.
 */
export function parseToolPayload(toolCall: ToolCall): ToolPayload {
  const isSql = toolCall.name === SERVICE_SQL_API;
  const input = parseObject(toolCall.input, 'input');
  const complete = toolCall.result !== undefined;
  const result = complete ? parseObject(toolCall.result, 'result') : undefined;
  const payload: ToolPayloadBase<Record<string, unknown>, Record<string, unknown>> = {
    input: input.ok ? (isSql ? withSqlAlias(input.value) : input.value) : {},
    complete,
  };
  if (!input.ok) payload.error = input.error;
  if (result && !result.ok) payload.error = result.error;
  else if (result?.ok) {
    const value = isSql ? withSqlAlias(result.value) : result.value;
    if (value.error !== undefined && value.error !== null) {
      payload.error = typeof value.error === 'string' ? value.error : JSON.stringify(value.error);
    } else payload.result = value;
  }
  return { name: toolCall.name, ...payload };
}

// ─── Reducer ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Folds one stream message into `messages` (keyed by id): a delta appends its `content` and `thinking` to the
 * message with the same id, a non-delta replaces it; either way the message keeps its first `sort`. Returns the
 * merged message. Order with `sortMessages()`.
 */
export function applyChatMessage(
  messages: Map<string, ChatStreamMessage>,
  message: ChatStreamMessage,
): ChatStreamMessage {
  const previous = messages.get(message.id);
  let merged: ChatStreamMessage;
  if (message.isDelta && previous) {
    merged = { ...previous, ...message };
    merged.content = (previous.content ?? '') + (message.content ?? '');
    merged.thinking = (previous.thinking ?? '') + (message.thinking ?? '');
    if (merged.thinking === '' && previous.thinking === undefined && message.thinking === undefined)
      delete merged.thinking;
    if (merged.content === '' && previous.content === undefined && message.content === undefined) delete merged.content;
  } else {
    merged = { ...message };
  }
  // A message keeps the place where it first appeared, so a replacement never jumps in the thread.
  if (previous?.sort !== undefined) merged.sort = previous.sort;
  messages.set(message.id, merged);
  return merged;
}

/** Messages in stream order: by `sort`, then by first appearance. */
export function sortMessages(messages: Map<string, ChatStreamMessage>): ChatStreamMessage[] {
  const list = [...messages.values()];
  const position = new Map(list.map((m, i) => [m, i]));
  return list.sort((a, b) => (a.sort ?? Infinity) - (b.sort ?? Infinity) || position.get(a)! - position.get(b)!);
}

/**
 * A thread's messages (in order, as `sortMessages()` gives them) cut into turns: each user message starts one, with
 * the answer that follows it. `sort` orders messages within one stream only (a service may restart it per stream),
 * so a conversation is ordered turn by turn: loaded turns as the thread gives them, then each question's stream.
 */
export function splitTurns(messages: Iterable<ChatStreamMessage>): ChatStreamMessage[][] {
  const turns: ChatStreamMessage[][] = [];
  for (const m of messages) {
    if (m.role === 'user' || turns.length === 0) turns.push([m]);
    else turns[turns.length - 1].push(m);
  }
  return turns;
}
