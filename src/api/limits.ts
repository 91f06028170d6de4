// Patterns, limits and normalisation rules of the API spec, as named constants and small pure functions.

import { ROLES, type Role } from './types.js';

/** Workbook slugs are trimmed and lowercased before matching. */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

/** External ids (generate-session and chat) are lowercased and trimmed. */
export function normalizeExternalId(externalId: string): string {
  return externalId.trim().toLowerCase();
}

/** Longest external id chat accepts (after normalisation). */
export const EXTERNAL_ID_MAX_LENGTH = 256;

/** Why a chat external id is not acceptable (spec: lowercase, no spaces), or undefined when it is. */
export function externalIdProblem(externalId: string): string | undefined {
  const id = normalizeExternalId(externalId);
  if (id === '') return 'must not be empty';
  if (id.length > EXTERNAL_ID_MAX_LENGTH) return `must be at most ${EXTERNAL_ID_MAX_LENGTH} characters`;
  if (/[\s\p{C}]/u.test(id)) return 'must not contain spaces or control characters';
  return undefined;
}

/** embedTenantName: lowercase, 5 to 36 characters, starts with a letter, ends with a letter or digit, a-z 0-9 -. */
export const EMBED_TENANT_NAME_PATTERN = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;
export const EMBED_TENANT_NAME_MIN_LENGTH = 5;
export const EMBED_TENANT_NAME_MAX_LENGTH = 36;

/** Chat messageId: 13 or more digits (Unix milliseconds) followed by `-message`. */
export const MESSAGE_ID_PATTERN = /^\d{13,}-message$/;

/** A fresh messageId for a chat request, following MESSAGE_ID_PATTERN. */
export function newMessageId(now: number = Date.now()): string {
  return `${String(Math.floor(now)).padStart(13, '0')}-message`;
}

/** DashboardAppSource.entry maximum length. */
export const APP_ENTRY_MAX_LENGTH = 255;

/** External users per account (generate-session). */
export const MAX_EXTERNAL_USERS = 10_000;
/** Non-ephemeral external users per account (chat). */
export const MAX_NON_EPHEMERAL_EXTERNAL_USERS = 10_000;
/** Default lifetime of ephemeral chat users: one week. */
export const DEFAULT_EPHEMERAL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Rows of a serviceSqlApi result by default; totalRows tells whether more exist. */
export const SQL_API_RESULT_ROWS = 100;

/** A sessionId must be exchanged within 5 minutes; the token it yields is valid 24 h. */
export const SESSION_ID_TTL_SECONDS = 5 * 60;
export const SESSION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** Chat service tokens must carry `exp`, at most this far from `iat` (or from now): like embed session tokens. */
export const CHAT_TOKEN_MAX_LIFETIME_SECONDS = SESSION_TOKEN_TTL_SECONDS;

/** A deployment's remote JWKS (chat tokens): request timeout, refetch cooldown for unknown kids, cache lifetime. */
export const JWKS_TIMEOUT_MS = 3000;
export const JWKS_COOLDOWN_MS = 30_000;
export const JWKS_CACHE_MAX_AGE_MS = 10 * 60 * 1000;

/** cubesql row cap: default and maximum. */
export const CUBESQL_DEFAULT_ROW_LIMIT = 10_000;
export const CUBESQL_MAX_ROW_LIMIT = 50_000;

/** Request bodies: JSON nested deeper than this is refused (400) before it is validated (arrays and objects count). */
export const MAX_JSON_DEPTH = 64;

/** Largest request body the engine reads (a dashboard with its app files fits many times over). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Data API filters: and/or trees deeper than this (a top-level filter is level 1) are refused (400). */
export const MAX_FILTER_DEPTH = 16;

/** Cursor pagination of the embed-tenant admin lists: default and maximum `first`. */
export const PAGE_DEFAULT_SIZE = 50;
export const PAGE_MAX_SIZE = 500;

/** Special chat stream message ids and the main agent node. */
export const CUTOFF_MESSAGE_ID = '__cutoff__';
export const STATE_MESSAGE_ID = '__state__';
export const MAIN_AGENT_NODE = 'service_data_analyst_agent';
export const FINAL_GRAPH_NODE = 'final';

/** Chat errors of the spec, verbatim. */
export const THREAD_BUSY_MESSAGE = 'Streaming for thread is in progress';

/** userProfile.picture must be an absolute http:// or https:// URL (syntax only). */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True when `role` is `minimum` or higher in the role order viewer < explorer < ai-bi-user < developer < admin. */
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}
