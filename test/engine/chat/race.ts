// Racing chat requests on the apiary model (test/fixtures/apiary.ts), for Node and browser tests alike: raw
// stream-chat-state requests through an engine's fetch, their lines, and the thread as stored.
import { THREAD_BUSY_MESSAGE } from '../../../src/api/limits.js';
import type { ChatStreamMessage } from '../../../src/api/types.js';
import { APIARY } from '../../fixtures/apiary.js';

export type Line = ChatStreamMessage & { error?: string };
export interface Reply {
  status: number;
  lines: Line[];
}
export type Post = (body: Record<string, unknown>) => Promise<Reply>;

const CHAT_URL = `https://apiary.test/api/v1/public/${APIARY.account}/agents/${APIARY.agentId}/chat`;
const headers = { Authorization: `Api-Key ${APIARY.adminKey}`, 'Content-Type': 'application/json' };
export const keeperSession = { externalId: 'beatrix', groups: ['keepers'] };

/**
 * Sends stream-chat-state requests (with keeperSession unless the body has its own) through `fetch`. A reply is
 * complete at its `__state__` line: the promise resolves then, as a client would act on it, without waiting for the
 * body to close.
 */
export function chatPoster(fetch: (request: Request) => Promise<Response>): Post {
  return async (body) => {
    const response = await fetch(
      new Request(`${CHAT_URL}/stream-chat-state`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sessionSettings: keeperSession, ...body }),
      }),
    );
    const lines: Line[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      const parts = (rest + (value ?? '')).split('\n');
      rest = done ? '' : parts.pop()!;
      for (const part of parts) if (part) lines.push(JSON.parse(part) as Line);
      if (done || lines.at(-1)?.id === '__state__') break;
    }
    await reader.cancel();
    return { status: response.status, lines };
  };
}

/** POST …/chat/abort for `chatId` (as keeperSession) through `fetch`; its status. */
export async function abortChat(fetch: (request: Request) => Promise<Response>, chatId: string): Promise<number> {
  const body = JSON.stringify({ chatId, sessionSettings: keeperSession });
  const response = await fetch(new Request(`${CHAT_URL}/abort`, { method: 'POST', headers, body }));
  await response.arrayBuffer();
  return response.status;
}

/** A messageId per round, message and thread, unique across a test. */
export const raceMessageId = (round: number, i: number, thread: number) =>
  `${1768435200000 + round * 100 + thread * 10 + i}-message`;

export const chatIdOf = (lines: Line[]) => (lines[0].state as { chatId: string }).chatId;
export const finalOf = (lines: Line[]) =>
  [...lines].reverse().find((m) => m.id.endsWith('-final') && m.isDelta === false)?.content;
/** The spec's busy answer: HTTP 200, one line `{"error": "Streaming for thread is in progress"}`. */
export const isBusy = (r: Reply) =>
  r.status === 200 && r.lines.length === 1 && r.lines[0].error === THREAD_BUSY_MESSAGE;
export const userIds = (messages: ChatStreamMessage[]) => messages.filter((m) => m.role === 'user').map((m) => m.id);

/** The thread as stored, through the API (a request without input): its `__state__` line's messages. */
export async function storedMessages(post: Post, chatId: string): Promise<ChatStreamMessage[]> {
  const { lines } = await post({ chatId });
  const state = lines.at(-1);
  if (state?.id !== '__state__') throw new Error(`no __state__ line: ${JSON.stringify(lines)}`);
  return (state.state as { messages: ChatStreamMessage[] }).messages;
}

/**
 * Sends `count` different messages to `chatId` at once, message i through `posts[i % posts.length]`; returns what
 * was sent, each reply, and the indices of the answered ones (every reply that is not the busy line).
 */
export async function sendAtOnce(posts: Post[], chatId: string, round: number, thread: number, count: number) {
  const sends = Array.from({ length: count }, (_, i) => ({
    input: `round ${round}, thread ${thread}, message ${i}`,
    messageId: raceMessageId(round, i, thread),
  }));
  const replies = await Promise.all(sends.map((s, i) => posts[i % posts.length]({ ...s, chatId })));
  const answered = replies.flatMap((r, i) => (isBusy(r) ? [] : [i]));
  return { sends, replies, answered, summary: JSON.stringify(replies.map((r) => r.lines[0])) };
}
