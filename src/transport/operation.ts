// A call of an operation of the table (api/operations.ts), as every area of the client makes it: the URL from the
// operation's host and path (its parameters filled in and encoded, its query string), its method, auth header and
// Accept, and the request body and response typed by the table. Loads with the areas (lazy-areas.ts, admin-api.ts).

import {
  OPERATIONS,
  fillPath,
  type BodyOf,
  type OperationName,
  type Operations,
  type PathParams,
  type QueryParams,
  type ResponseOf,
} from '../api/operations.js';
import { chatStreamUrl, queryString, type Call, type HttpContext } from './http-core.js';
import { requestJson } from './http-send.js';
import type { ChatTarget, RequestOptions } from './transport.js';

/** What a call of operation K takes: its path and query parameters, its body, the caller's options. */
export type CallParts<K extends OperationName> = {
  query?: QueryParams<K>;
  options?: RequestOptions;
  /** For a Chat API operation: the account and agent when the transport's chatUrl is a base URL. */
  target?: ChatTarget;
  /** The viewer's language, sent as `Accept-Language`. */
  language?: string;
} & (keyof PathParams<K> extends never
  ? { params?: undefined }
  : Operations[K]['host'] extends 'chat'
    ? { params?: undefined } // the account and agent: `target`, or the transport's own
    : { params: PathParams<K> }) &
  ([BodyOf<K>] extends [never] ? { body?: undefined } : { body: BodyOf<K> });

/** The URL of operation K. A Chat API operation's is the stream URL's with its last segment its own. */
export function operationUrl<K extends OperationName>(http: HttpContext, name: K, parts: CallParts<K>): string {
  const op = OPERATIONS[name];
  const query = parts.query ? queryString(parts.query) : '';
  if (op.host === 'chat') {
    const stream = chatStreamUrl(http, parts.target);
    return `${stream.slice(0, stream.lastIndexOf('/'))}${op.path.slice(op.path.lastIndexOf('/'))}${query}`;
  }
  return `${http.baseUrl}${fillPath(op.path, parts.params ?? {})}${query}`;
}

/** Operation K as a call for `send` (a response read as a stream). */
export function operationCall<K extends OperationName>(http: HttpContext, name: K, parts: CallParts<K>): Call {
  const op: { method: Call['method']; auth: Call['auth']; responseType?: string; accept?: string } = OPERATIONS[name];
  return {
    operation: name,
    method: op.method,
    url: operationUrl(http, name, parts),
    auth: op.auth,
    body: parts.body,
    accept: op.accept ?? op.responseType,
    ...(parts.language && { language: parts.language }),
    options: parts.options,
  };
}

/** Calls operation K and returns its JSON answer (undefined for 204). */
export function callJson<K extends OperationName>(
  http: HttpContext,
  name: K,
  parts: CallParts<K>,
): Promise<ResponseOf<K>> {
  const call = operationCall(http, name, parts);
  return requestJson<ResponseOf<K>>(http, name, call.method, call.url, call.auth, call.options, call.body, call.accept);
}
