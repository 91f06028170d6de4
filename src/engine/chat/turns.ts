// The turns of a stored thread, by the messageId of their user message: a messageId is idempotent over the whole
// thread (a known one returns that turn, never a second answer), and the ids the engine picks are unique in it.

import { newMessageId } from '../../api/limits.js';
import type { ChatStreamMessage } from '../../api/types.js';

/** The stored turn whose user message has `messageId`: that message and the answer up to the next user message. */
export function storedTurn(messages: ChatStreamMessage[], messageId: string): ChatStreamMessage[] | undefined {
  const start = messages.findIndex((m) => m.role === 'user' && m.id === messageId);
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < messages.length && messages[end].role !== 'user') end++;
  return messages.slice(start, end);
}

/** A fresh messageId (MESSAGE_ID_PATTERN) that no message of the thread has yet. */
export function uniqueMessageId(messages: ChatStreamMessage[], nowMs: number): string {
  const taken = new Set(messages.map((m) => m.id));
  let t = Math.floor(nowMs);
  while (taken.has(newMessageId(t))) t++;
  return newMessageId(t);
}
