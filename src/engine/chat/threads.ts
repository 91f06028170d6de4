// Stored chat threads: a new thread's record, and an answered turn appended to the thread as stored at that moment,
// in one transaction — never the thread rewritten from a copy read before the turn ran, which would drop any turn
// stored in between.

import type { ChatStreamMessage } from '../../api/types.js';
import type { Db } from '../store/db.js';
import type { ChatOwner, ChatThreadRecord } from '../store/schema.js';
import { abortQuietly, isoAt, randomToken } from '../util.js';
import { nextSort } from './sort.js';

/** A thread with no turns yet, owned by `owner` (not stored: the caller puts it). */
export function newThreadRecord(accountName: string, agentId: string, owner: ChatOwner, nowMs: number) {
  const now = isoAt(nowMs);
  const thread: ChatThreadRecord = {
    chatId: randomToken(16),
    accountName,
    agentId,
    owner,
    messages: [],
    createdAt: now,
    updatedAt: now,
  };
  return thread;
}

/**
 * Appends one turn's messages to the stored thread `chatId` and returns the thread as stored. `upcoming` is the sort
 * the thread's next line takes after this turn; a thread that already numbers further keeps its number.
 */
export async function appendTurn(
  db: Db,
  chatId: string,
  messages: ChatStreamMessage[],
  upcoming: number,
  nowMs: number,
): Promise<ChatThreadRecord> {
  const tx = db.transaction('chatThreads', 'readwrite');
  try {
    const stored = await tx.store.get(chatId);
    if (!stored) throw new Error(`chat ${chatId} is no longer stored`);
    const saved: ChatThreadRecord = {
      ...stored,
      messages: [...stored.messages, ...messages],
      nextSort: Math.max(upcoming, nextSort(stored)),
      updatedAt: isoAt(nowMs),
    };
    await tx.store.put(saved);
    await tx.done;
    return saved;
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}
