// The Chat API (Api-Key with sessionSettings, or X-Service-Auth-Token): stream-chat-state read up to its __cutoff__
// before resolving, then streamed on; abort. Auth errors come as HTTP 200 with a JSON-RPC body.

import { ApiError, ChatAuthError, ChatStreamError, isErrorBody, isJsonRpcErrorBody } from '../api/errors.js';
import type { AbortChatRequest, ChatRequest, ChatStreamMessage } from '../api/types.js';
import { cutoffState } from './chat.js';
import type { HttpContext } from './http-core.js';
import { send } from './http-send.js';
import { callJson, operationCall } from './operation.js';
import { readNdjson, type NdjsonItem } from './ndjson.js';
import type { ChatStream, ChatTarget, RequestOptions, StreamChatOptions } from './transport.js';

export async function streamChat(
  http: HttpContext,
  request: ChatRequest,
  options: StreamChatOptions = {},
): Promise<ChatStream> {
  const { response, done, fail } = await send(
    http,
    operationCall(http, 'streamChat', {
      body: request,
      target: options,
      ...(options.locale && { language: languageTag(options.locale) }),
      options,
    }),
  );
  const body = response.body;
  if (!body) {
    done();
    throw new ApiError({ status: response.status, code: 'invalid_response', message: 'Chat response has no body' });
  }
  // Read up to the __cutoff__ message before resolving, so auth errors, a busy thread and a missing chatId reject
  // here; the timeout covers this first part only: a long answer may stream for minutes.
  const lines = readNdjson<unknown>(body, { signal: options.signal })[Symbol.asyncIterator]();
  const buffered: ChatStreamMessage[] = [];
  let chatId = request.chatId;
  try {
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      const message = toChatMessage(next.value, response.status, options.onMalformedLine);
      if (!message) continue;
      buffered.push(message);
      const cutoff = cutoffState(message);
      if (cutoff) {
        chatId = cutoff.chatId;
        break;
      }
    }
  } catch (error) {
    const mapped = fail(error);
    await lines.return?.().catch(() => undefined);
    throw mapped;
  }
  done();
  if (chatId === undefined) {
    await lines.return?.();
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: 'Chat stream ended without a __cutoff__ message carrying the chatId',
    });
  }
  const status = response.status;
  return {
    chatId,
    messageId: request.messageId,
    async *[Symbol.asyncIterator]() {
      yield* buffered.splice(0);
      for (;;) {
        const next = await lines.next();
        if (next.done) return;
        const message = toChatMessage(next.value, status, options.onMalformedLine);
        if (message) yield message;
      }
    },
  };
}

/** The viewer's locale as a canonical BCP 47 tag for `Accept-Language`; anything else is refused before sending. */
function languageTag(locale: string): string {
  try {
    const [tag] = Intl.getCanonicalLocales(locale);
    if (tag) return tag;
  } catch {
    // reported below
  }
  throw new RangeError(`streamChat: locale ${JSON.stringify(locale)} is not a BCP 47 language tag`);
}

export async function abortChat(
  http: HttpContext,
  request: AbortChatRequest,
  options: RequestOptions & ChatTarget = {},
): Promise<void> {
  const body: unknown = await callJson(http, 'abortChat', { body: request, target: options, options });
  // An authentication failure of the chat API is HTTP 200 with a JSON-RPC error body, for abort too.
  if (isJsonRpcErrorBody(body)) throw new ChatAuthError(body, 200);
}

/** A chat line as a message; JSON-RPC and `{"error"}` lines throw; malformed lines go to the callback. */
function toChatMessage(
  item: NdjsonItem<unknown>,
  status: number,
  onMalformed: StreamChatOptions['onMalformedLine'],
): ChatStreamMessage | undefined {
  if (!item.ok) {
    onMalformed?.(item);
    return undefined;
  }
  const value = item.value;
  if (isJsonRpcErrorBody(value)) throw new ChatAuthError(value, status);
  if (isErrorBody(value) && (value as { id?: unknown }).id === undefined)
    throw new ChatStreamError(value.error, status);
  if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'string') {
    onMalformed?.({
      ok: false,
      error: new SyntaxError('Chat line is not a message object with a string id'),
      text: JSON.stringify(value)?.slice(0, 200) ?? String(value),
      line: item.line,
    });
    return undefined;
  }
  return value as ChatStreamMessage;
}
