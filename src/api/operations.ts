// Every operation of the API, each written once: its method and path, the host it is on, the header it authenticates
// with, its query parameters, what it answers on success and which failure statuses (and error codes) it answers,
// with its request body and response as types. The transport's client functions (src/transport/operation.ts) and the
// engine's routes (src/engine/http/route.ts) are both made from this table, so a path, a method or a body type cannot
// differ between the two; test/api/operations.node.test.ts checks that every endpoint of the spec is here, routed by
// the engine and called by HttpTransport. To add an endpoint: docs/architecture.md, "How to add a spec endpoint".
//
// Runtime values only (no descriptions as strings): the table loads with the transport's areas, and every byte of it
// is in the elements' lazy chunks.

import { UPSERT_BRANCH_CHANGED } from './errors.js';
import { CHAT_PATH, CHAT_STREAM_PATH } from './paths.js';
import type {
  AbortChatRequest,
  ChatRequest,
  ChatStreamMessage,
  CreateWorkbookInput,
  CubeSqlLine,
  CubeSqlRequest,
  Dashboard,
  DashboardConfig,
  Deployment,
  EmbedDashboardResponse,
  EmbedTenantGroup,
  EmbedTenantUserAttribute,
  GenerateSessionRequest,
  GenerateSessionResponse,
  LoadRequest,
  LoadResponse,
  MetaResponse,
  Page,
  PublishDashboardInput,
  RevokeSessionTokenRequest,
  ScimListResponse,
  SessionTokenRequest,
  SessionTokenResponse,
  Workbook,
} from './types.js';

export { fillPath } from './paths.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Which header an operation authenticates with (the spec's Authentication section): `bearer` the management and data
 * APIs, `apiKey` generate-session and embed-tenant admin, `scim` the SCIM API, `chat` an API key or else a service
 * token, `none` a call whose credential is in its body (the session token exchange and revoke).
 */
export type AuthKind = 'bearer' | 'apiKey' | 'scim' | 'chat' | 'none';

export interface OperationSpec {
  method: HttpMethod;
  /** The path on its host; `:name` is a path parameter (hono's syntax, which the engine routes by). */
  path: string;
  /** `base`: the management API's base URL; `chat`: the Chat API's (copied from the agent settings). */
  host: 'base' | 'chat';
  auth: AuthKind;
  /** The query parameters it reads. */
  query?: readonly string[];
  /** 200 with a body, or 204 without one. */
  success: 200 | 204;
  /** The media type of a successful answer when it is not JSON (a stream of lines, SCIM's). */
  responseType?: string;
  /** What the client asks for in `Accept` when it is not the response type (or JSON). */
  accept?: string;
  /** The failure statuses it answers. */
  errors: readonly number[];
  /** The `code` values of its error bodies that a client acts on. */
  codes?: readonly string[];
  /** Other methods the engine answers on the same path (Cube's GET forms of a POST). */
  alsoAnswers?: readonly HttpMethod[];
  /** False: only Cube's own clients call it (a route of Cube's dialect HttpTransport has no method for). */
  client?: false;
}

/** An operation's request body and response, as types only (nothing of them exists at runtime). */
export interface Typed<Body, Response> {
  readonly __body?: Body;
  readonly __response?: Response;
}

/** An entry of the table: its spec as given (literal types kept, so paths type their parameters) and its types. */
const op =
  <Body = undefined, Response = void>() =>
  <const S extends OperationSpec>(spec: S): S & Typed<Body, Response> =>
    spec;

// Failures every operation may answer: a bad credential (401), one not authorized for the target (403), a fault (500).
const AUTHED = [401, 403, 500] as const;
// A JSON body's failures: invalid (400), too large (413), not JSON (415).
const JSON_BODY = [400, 413, 415] as const;

const WORKBOOK = '/api/v1/deployments/:deploymentId/workbooks/:workbookId';
const TENANT = '/api/v1/embed-tenants/:embedTenantName';
const CUBE = '/cubejs-api/v1';
const NDJSON = 'application/x-ndjson';

export const OPERATIONS = {
  // ─── Workbooks and dashboards (management API) ───────────────────────────────────────────────────────────────
  /** The idempotent upsert of a workbook by its slug (trimmed, lowercased); 409 `upsert_branch_changed` is retried. */
  upsertWorkbookBySlug: op<CreateWorkbookInput, Workbook>()({
    method: 'PUT',
    path: '/api/v1/deployments/:deploymentId/workbooks/by-slug/:slug',
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: [...JSON_BODY, ...AUTHED, 404, 409],
    codes: [UPSERT_BRANCH_CHANGED],
  }),
  getWorkbook: op<undefined, Workbook>()({
    method: 'GET',
    path: WORKBOOK,
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: [400, ...AUTHED, 404],
  }),
  saveDashboardDraft: op<DashboardConfig, Workbook>()({
    method: 'PUT',
    path: `${WORKBOOK}/dashboard`,
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: [...JSON_BODY, ...AUTHED, 404],
  }),
  publishDashboard: op<PublishDashboardInput, Dashboard>()({
    method: 'POST',
    path: `${WORKBOOK}/publish`,
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: [...JSON_BODY, ...AUTHED, 404],
  }),
  listDeployments: op<undefined, Deployment[]>()({
    method: 'GET',
    path: '/api/v1/deployments',
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: AUTHED,
  }),
  /** A published dashboard that allows embedding, as <svc-dashboard> renders it (Bearer session token). */
  getEmbedDashboard: op<undefined, EmbedDashboardResponse>()({
    method: 'GET',
    path: '/api/v1/embed/dashboards/:publicId',
    host: 'base',
    auth: 'bearer',
    success: 200,
    errors: [...AUTHED, 404],
  }),

  // ─── Embed sessions ───────────────────────────────────────────────────────────────────────────────────────────
  generateSession: op<GenerateSessionRequest, GenerateSessionResponse>()({
    method: 'POST',
    path: '/api/v1/embed/generate-session',
    host: 'base',
    auth: 'apiKey',
    success: 200,
    errors: [...JSON_BODY, ...AUTHED, 404, 409],
  }),
  /** The single-use sessionId of generate-session exchanged for a session token (the sessionId is the credential). */
  exchangeSessionToken: op<SessionTokenRequest, SessionTokenResponse>()({
    method: 'POST',
    path: '/api/v1/embed/session/token',
    host: 'base',
    auth: 'none',
    success: 200,
    errors: [...JSON_BODY, 401, 500],
  }),
  revokeSessionToken: op<RevokeSessionTokenRequest, void>()({
    method: 'POST',
    path: '/api/v1/embed/session/revoke',
    host: 'base',
    auth: 'none',
    success: 204,
    errors: [...JSON_BODY, 500],
  }),

  // ─── Embed-tenant admin (an admin's API key) and SCIM ─────────────────────────────────────────────────────────
  listEmbedTenantGroups: op<undefined, Page<EmbedTenantGroup>>()({
    method: 'GET',
    path: `${TENANT}/groups`,
    host: 'base',
    auth: 'apiKey',
    query: ['first', 'after'],
    success: 200,
    errors: [400, ...AUTHED, 404],
  }),
  deleteEmbedTenantGroup: op()({
    method: 'DELETE',
    path: `${TENANT}/groups/:id`,
    host: 'base',
    auth: 'apiKey',
    success: 204,
    errors: [400, ...AUTHED, 404],
  }),
  listEmbedTenantUserAttributes: op<undefined, Page<EmbedTenantUserAttribute>>()({
    method: 'GET',
    path: `${TENANT}/user-attributes`,
    host: 'base',
    auth: 'apiKey',
    query: ['first', 'after'],
    success: 200,
    errors: [400, ...AUTHED, 404],
  }),
  deleteEmbedTenantUserAttribute: op()({
    method: 'DELETE',
    path: `${TENANT}/user-attributes/:id`,
    host: 'base',
    auth: 'apiKey',
    success: 204,
    errors: [400, ...AUTHED, 404],
  }),
  listScimUsers: op<undefined, ScimListResponse>()({
    method: 'GET',
    path: '/api/scim/v2/Users',
    host: 'base',
    auth: 'scim',
    query: ['count', 'startIndex'],
    success: 200,
    responseType: 'application/scim+json',
    accept: 'application/scim+json, application/json',
    errors: [400, ...AUTHED],
  }),

  // ─── Chat (authentication failures are HTTP 200 with a JSON-RPC error line) ───────────────────────────────────
  /** Lines of chat stream messages; a new message to a thread still answering is the line `{"error": …}`. */
  streamChat: op<ChatRequest, ChatStreamMessage>()({
    method: 'POST',
    path: CHAT_STREAM_PATH,
    host: 'chat',
    auth: 'chat',
    success: 200,
    responseType: NDJSON,
    errors: [...JSON_BODY, 404, 500],
  }),
  abortChat: op<AbortChatRequest, void>()({
    method: 'POST',
    path: `${CHAT_PATH}/abort`,
    host: 'chat',
    auth: 'chat',
    success: 204,
    errors: [...JSON_BODY, 403, 404, 500],
  }),

  // ─── The data API, in Cube's REST dialect ─────────────────────────────────────────────────────────────────────
  loadMeta: op<undefined, MetaResponse>()({
    method: 'GET',
    path: `${CUBE}/meta`,
    host: 'base',
    auth: 'bearer',
    query: ['onlyViews'],
    success: 200,
    errors: AUTHED,
  }),
  /** A query's rows; `{"error": "Continue wait"}` (200) while it still runs, to be asked again. */
  load: op<LoadRequest, LoadResponse>()({
    method: 'POST',
    path: `${CUBE}/load`,
    host: 'base',
    auth: 'bearer',
    query: ['query', 'queryType'],
    success: 200,
    alsoAnswers: ['GET'],
    errors: [...JSON_BODY, ...AUTHED],
  }),
  /** The SQL API: `{"schema"}`, then `{"data"}` lines of rows. */
  cubeSql: op<CubeSqlRequest, CubeSqlLine>()({
    method: 'POST',
    path: `${CUBE}/cubesql`,
    host: 'base',
    auth: 'bearer',
    success: 200,
    responseType: NDJSON,
    errors: [...JSON_BODY, ...AUTHED],
  }),
  /** Cube's `/subscribe`, answered once as `/load` is. */
  subscribe: op<undefined, LoadResponse>()({
    method: 'GET',
    path: `${CUBE}/subscribe`,
    host: 'base',
    auth: 'bearer',
    query: ['query', 'queryType'],
    success: 200,
    errors: [400, ...AUTHED],
    client: false,
  }),
  /** The SQL a query compiles to. */
  sql: op<{ query: unknown }, unknown>()({
    method: 'POST',
    path: `${CUBE}/sql`,
    host: 'base',
    auth: 'bearer',
    query: ['query'],
    success: 200,
    alsoAnswers: ['GET'],
    errors: [...JSON_BODY, ...AUTHED],
    client: false,
  }),
  /** A query normalized, without running it. */
  dryRun: op<{ query: unknown }, unknown>()({
    method: 'POST',
    path: `${CUBE}/dry-run`,
    host: 'base',
    auth: 'bearer',
    query: ['query'],
    success: 200,
    alsoAnswers: ['GET'],
    errors: [...JSON_BODY, ...AUTHED],
    client: false,
  }),
} as const;

export type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;

/** The names of the `:name` parameters of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An operation's path parameters by name. */
export type PathParams<K extends OperationName> = { [N in ParamNames<Operations[K]['path']>]: string | number };
/** An operation's query parameters (none required). */
export type QueryParams<K extends OperationName> = Operations[K] extends { query: readonly (infer Q extends string)[] }
  ? { [N in Q]?: string | number }
  : Record<never, never>;
export type BodyOf<K extends OperationName> = NonNullable<Operations[K]['__body']>;
export type ResponseOf<K extends OperationName> = Operations[K] extends Typed<unknown, infer R> ? R : never;
