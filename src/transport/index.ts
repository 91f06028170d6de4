// Entry point `svc-elements/transport`: the Transport interface, HttpTransport, the NDJSON reader, chat helpers,
// ApiError and the wire types. Loads nothing but `fetch`.

export * from './transport.js';
export { HttpTransport } from './http-transport.js';
export { errorFromResponse } from './http-send.js';
export type { FetchLike, HttpTransportOptions, RetryOptions } from './http-transport.js';
export { NdjsonDecoder, readNdjson, readNdjsonBatches } from './ndjson.js';
export type { NdjsonItem, NdjsonOptions } from './ndjson.js';
export {
  applyChatMessage,
  cutoffState,
  finalAnswer,
  isControlMessage,
  isFinalAnswer,
  isServiceMetaPayload,
  isServiceSqlApiPayload,
  parseToolPayload,
  sortMessages,
  splitTurns,
} from './chat.js';
export type { ServiceMetaPayload, ServiceSqlApiPayload, ToolPayload } from './chat.js';
export * from '../api/errors.js';
export * from '../api/limits.js';
export type * from '../api/types.js';
