// The Chat API (spec: stream-chat-state, abort) and the tool payloads inside its messages.

import type { UserAttributeValueType } from './embed.js';
import type { MemberType } from './enums.js';

// ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ChatSessionSettings {
  externalId?: string;
  internalId?: string;
  email?: string;
  userAttributes?: { name: string; value: UserAttributeValueType }[];
  groups?: string[];
  securityContext?: Record<string, unknown>;
  isEphemeral?: boolean;
  ephemeralTtlSeconds?: number;
}

/** Body of stream-chat-state. */
export interface ChatRequest {
  input?: string;
  chatId?: string;
  /** 13 or more digits (Unix ms) followed by `-message`. */
  messageId?: string;
  /** Required with API key auth; ignored with token auth. */
  sessionSettings?: ChatSessionSettings;
  activeBranchName?: string;
  isDefaultBranch?: boolean;
}

/** Body of the abort endpoint. */
export interface AbortChatRequest {
  chatId: string;
  sessionSettings?: { externalId?: string };
}

export interface ToolCall {
  name: string;
  /** JSON string; parse with parseToolPayload(). */
  input: string;
  /** JSON string, present only when the call is complete. */
  result?: string;
}

export interface ChatCutoffState {
  isStreaming: boolean;
  chatId: string;
}

export interface ChatStateSnapshot {
  /** Opaque list of conversation messages. */
  messages?: unknown[];
  [key: string]: unknown;
}

/** One JSON object per line of the chat stream. */
export interface ChatStreamMessage {
  /** Message id; special ids `__cutoff__` and `__state__`. */
  id: string;
  role?: 'user' | 'assistant' | (string & {});
  content?: string;
  thinking?: string;
  toolCall?: ToolCall;
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  isStructuredResponse?: boolean;
  sort?: number;
  state?: ChatCutoffState | ChatStateSnapshot | Record<string, unknown>;
}

// Tool payloads (JSON strings inside toolCall.input and toolCall.result).

export interface ServiceMetaInput {
  searchQuery: string;
}

export interface ServiceMetaMember {
  name: string;
  title: string;
  description?: string;
  type: MemberType;
  aggType?: string;
  /** Ours: the model's display format and free-form `meta` (e.g. `synonyms`), when it gives them. */
  format?: string;
  meta?: Record<string, unknown>;
  /**
   * Ours: a segment (a named filter; type boolean). In SQL-API SQL it is a column true on the rows it keeps:
   * `WHERE "long_haul" = TRUE`.
   */
  segment?: boolean;
  /**
   * Ours, of a measure: the member of the same source it aggregates (a `sum` of Tip), whether the model filters its
   * rows, and those filters when each is a plain condition on a member (`voided` = false, `status` = completed).
   */
  over?: string;
  filtered?: boolean;
  keeps?: { member: string; value: string | boolean }[];
  /** Ours, of a percent of two measures of the same source (the part restricting the whole): their names. */
  ratio?: { part: string; whole: string };
  /** Ours, of a percent of any two other measures of the same source (collected of billed): their names. */
  percentOf?: { part: string; whole: string };
}

export interface ServiceMetaCube {
  name: string;
  type: 'cube' | 'view' | (string & {});
  title: string;
  /** Ours: the cube's or view's description and `meta`, when the model gives them. */
  description?: string;
  meta?: Record<string, unknown>;
  members: ServiceMetaMember[];
}

export interface ServiceMetaResult {
  searchQuery: string;
  cubes: ServiceMetaCube[];
}

export interface ServiceSqlApiInput {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  memoryId?: string;
  /** Vega-Lite v5 spec as a JSON string. */
  vegaSpec?: string;
}

export interface SchemaColumn {
  name: string;
  column_type: string;
}

export interface ServiceSqlApiResult {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  schema: SchemaColumn[];
  data: unknown[][];
  totalRows: number;
  uuid: string;
  /** Contains no data; data comes from `data`. */
  vegaSpec?: string;
  /** Ours: why an empty result is empty when the caller's access policy is the reason (a value it needs is unset). */
  notes?: string[];
}

/** A tool result that failed: the parsed result has an `error` property. */
export interface ToolErrorResult {
  error: string;
  [key: string]: unknown;
}
