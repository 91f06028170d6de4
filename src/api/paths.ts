// What the transport needs of the operation table before any call (api/operations.ts loads with the calls): the Chat
// API's stream path, from which a base chat URL is completed and a full one recognized, and how a path's parameters
// are filled in. The table's streamChat entry is this path.

/** The Chat API's paths begin so (the table's `streamChat` and `abortChat`). */
export const CHAT_PATH = '/api/v1/public/:accountName/agents/:agentId/chat';
/** The chat stream's path on the Chat API's host (the table's `streamChat`). */
export const CHAT_STREAM_PATH = `${CHAT_PATH}/stream-chat-state` as const;

/** `path` with its `:name` parameters filled in, each URL-encoded as one segment. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${path}: no value for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
