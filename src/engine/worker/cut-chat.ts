// A chat stream cut short by the end of the engine's worker ends as the Chat API ends a stream on an error: an error
// line, then the thread's `__state__` line, read from the store by the next worker (a request without `input` on the
// same thread answers the thread's state), so the page sees the conversation as it is kept.

import { CUTOFF_MESSAGE_ID, STATE_MESSAGE_ID } from '../../api/limits.js';
import type { CutHandler } from './session.js';

const CHAT_STREAM = /\/chat\/stream-chat-state$/;
/** The longest the state line is waited for (the next worker's start); without it the stream ends after the error. */
const STATE_WAIT_MS = 15_000;

const line = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value)}\n`);

/** The thread id of a chat stream's first line (`__cutoff__`), once its bytes have come. */
function cutoffChatId(text: string): string | undefined {
  const first = text.split('\n', 1)[0];
  try {
    const message = JSON.parse(first) as { id?: string; state?: { chatId?: unknown } };
    return message.id === CUTOFF_MESSAGE_ID && typeof message.state?.chatId === 'string'
      ? message.state.chatId
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cut handler of a chat request (undefined for any other), made before the request's body is read (it keeps a
 * copy): `ask` sends the state request to the engine (which starts a worker again).
 */
export function chatCut(sent: Request, ask: (request: Request) => Promise<Response>): CutHandler | undefined {
  if (sent.method !== 'POST' || !CHAT_STREAM.test(new URL(sent.url).pathname) || sent.bodyUsed) return undefined;
  const request = sent.clone();
  const decoder = new TextDecoder();
  let head = '';
  let chatId: string | undefined;
  let looking = true;

  const state = async (): Promise<Uint8Array | undefined> => {
    if (chatId === undefined) return undefined;
    const sent = JSON.parse(await request.text()) as Record<string, unknown>;
    const { input: _input, messageId: _messageId, ...rest } = sent;
    const answer = await ask(
      new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: JSON.stringify({ ...rest, chatId }),
      }),
    );
    for (const text of (await answer.text()).split('\n')) {
      if (!text.includes(STATE_MESSAGE_ID)) continue;
      const message = JSON.parse(text) as { id?: string };
      if (message.id === STATE_MESSAGE_ID) return line(message);
    }
    return undefined;
  };

  return {
    seen(chunk) {
      if (!looking) return;
      head += decoder.decode(chunk, { stream: true });
      if (!head.includes('\n')) return;
      looking = false;
      chatId = cutoffChatId(head);
      head = '';
    },
    end(body, error) {
      body.enqueue(line({ error: error.message }));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), STATE_WAIT_MS);
      });
      void Promise.race([state().catch(() => undefined), timeout]).then((last) => {
        clearTimeout(timer);
        try {
          if (last) body.enqueue(last);
          body.close();
        } catch {
          // the reader cancelled meanwhile
        }
      });
    },
  };
}
