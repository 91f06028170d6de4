// ApiError and the error shapes on the wire: REST error bodies and chat's JSON-RPC and `{"error"}` lines.

import { THREAD_BUSY_MESSAGE } from './limits.js';

/** Body of every REST error response. */
export interface ErrorBody {
  error: string;
  code?: string;
}

/** A chat authentication error: HTTP 200 whose body is one JSON-RPC line. */
export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  error: { code: number; message: string; data?: unknown };
  id: string | number | null;
}

/** JSON-RPC error code the service uses for chat authentication failures. */
export const JSON_RPC_AUTH_ERROR = -32001;

export const UPSERT_BRANCH_CHANGED = 'upsert_branch_changed';

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string;
  cause?: unknown;
}

/**
 * Any failure of an API call. `status` is the HTTP status received (0 when no response arrived: network
 * failure or timeout), `code` a machine-readable code when the service or the client gives one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor({ status, message, code, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    if (code !== undefined) this.code = code;
  }

  /** The REST error body for this error (used by the engine's error mapping). */
  toBody(): ErrorBody {
    return this.code === undefined ? { error: this.message } : { error: this.message, code: this.code };
  }
}

/** Chat authentication failed: the service answered 200 with a JSON-RPC error object. */
export class ChatAuthError extends ApiError {
  readonly rpcCode: number;

  constructor(body: JsonRpcErrorBody, status = 200) {
    super({ status, message: body.error.message, code: 'chat_auth' });
    this.name = 'ChatAuthError';
    this.rpcCode = body.error.code;
  }
}

/** The chat stream carried a `{"error": …}` line (busy thread, or a failure mid-stream). */
export class ChatStreamError extends ApiError {
  constructor(message: string, status = 200) {
    super({ status, message, code: message === THREAD_BUSY_MESSAGE ? 'thread_busy' : 'stream_error' });
    this.name = 'ChatStreamError';
  }
}

/** The message of anything thrown: an Error's message, else the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `error` is the rejection of an aborted signal (the caller stopped it; not a failure to report). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}

export function isJsonRpcErrorBody(value: unknown): value is JsonRpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<JsonRpcErrorBody>;
  return v.jsonrpc === '2.0' && typeof v.error === 'object' && v.error !== null && typeof v.error.message === 'string';
}
