// The spec's tools a chat stream carries calls of, by `toolCall.name`: the engine's tool descriptors
// (src/engine/chat/tools/) take their names from here, and clients (transport/chat.ts, the chat element) tell the
// calls apart by them. Not re-exported by an entry: the names are the spec's, the constants ours.

export const SERVICE_META = 'serviceMeta';
export const SERVICE_SQL_API = 'serviceSqlApi';

/** Every tool name a stream's tool call may carry. */
export const STREAMED_TOOL_NAMES = [SERVICE_META, SERVICE_SQL_API] as const;
