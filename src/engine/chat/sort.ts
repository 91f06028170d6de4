// What `sort` means in the engine's chat streams: the thread's line sequence number. Every line a stream sends has a
// number higher than every line the thread sent before (across turns, not restarting per stream), except
// `__cutoff__`, which is 0 as the spec shows. A message is placed by the sort of the line it first appeared in; it is
// stored with that number, and a replay of the thread gives each message the same number it streamed with.

import { CUTOFF_MESSAGE_ID } from '../../api/limits.js';
import type { ChatStreamMessage } from '../../api/types.js';
import type { ChatThreadRecord } from '../store/schema.js';

/** Where a stored message sits: its sort (1…n by position for messages stored without one). */
export function storedSort(message: ChatStreamMessage, index: number): number {
  return message.sort ?? index + 1;
}

/** The sort of the thread's next line. */
export function nextSort(thread: Pick<ChatThreadRecord, 'messages' | 'nextSort'>): number {
  return thread.nextSort ?? thread.messages.reduce((max, m, i) => Math.max(max, storedSort(m, i)), 0) + 1;
}

/** A stream's messages as stored, in the order of their sort (as they first appeared); the sort is stable. */
export function bySort(messages: ChatStreamMessage[]): ChatStreamMessage[] {
  return [...messages].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

/** Numbers the lines of one stream of a thread, upward from after the thread's last line. */
export class StreamSorts {
  private next: number;
  private readonly first = new Map<string, number>();

  constructor(thread: Pick<ChatThreadRecord, 'messages' | 'nextSort'>) {
    this.next = nextSort(thread);
  }

  /** The line to send for `message`, with the next number (`__cutoff__`: 0). */
  line(message: ChatStreamMessage): ChatStreamMessage {
    const sort = message.id === CUTOFF_MESSAGE_ID ? 0 : this.next++;
    if (!this.first.has(message.id)) this.first.set(message.id, sort);
    return { ...message, sort };
  }

  /** `message` as stored: with the sort of the line it first appeared in. */
  stored(message: ChatStreamMessage): ChatStreamMessage {
    const sort = this.first.get(message.id);
    return sort === undefined ? message : { ...message, sort };
  }

  /** The number the stream's next line takes. */
  get upcoming(): number {
    return this.next;
  }
}
