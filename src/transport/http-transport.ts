// HttpTransport: the one client of the API, over any `fetch` — the network's, or the local engine's in-process
// handler. It composes the areas of the spec over the shared plumbing. Loaded with it: its options and URLs
// (http-core.ts); loading when it is built: the areas every call goes through (lazy-areas.ts: sessions, workbooks,
// data, chat, and http-send.ts's auth headers, error mapping, AbortSignal and timeouts); on first use: the admin
// areas (admin-api.ts: embed-tenant admin, SCIM), which the elements never call. Each method is an operation of the
// table in api/operations.ts (its method, path, auth, body and response types), called through operation.ts.

import type {
  AbortChatRequest,
  ChatRequest,
  CreateWorkbookInput,
  CubeSqlRequest,
  CubeSqlResult,
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
  PageRequest,
  PublishDashboardInput,
  ScimListRequest,
  ScimListResponse,
  SessionTokenResponse,
  Workbook,
} from '../api/types.js';
import { chatStreamUrl, createContext, type HttpContext, type HttpTransportOptions } from './http-core.js';
import {
  paginate,
  type AuthSource,
  type ChatStream,
  type ChatTarget,
  type RequestOptions,
  type StreamChatOptions,
  type Transport,
} from './transport.js';

export type { FetchLike, HttpTransportOptions, RetryOptions } from './http-core.js';

export class HttpTransport implements Transport {
  readonly baseUrl: string;
  readonly chatUrl: string;
  /** Settings and credentials, as the areas read them. */
  private readonly http: HttpContext;

  constructor(options: HttpTransportOptions) {
    this.http = createContext(options);
    this.baseUrl = this.http.baseUrl;
    this.chatUrl = this.http.chatUrl;
    void this.areas().catch(() => undefined); // loading starts now; a failure shows at the first call
  }

  /** Sessions, workbooks and dashboards, data, chat. */
  private areas() {
    return import('./lazy-areas.js');
  }

  /** Embed-tenant admin and SCIM. */
  private admin() {
    return import('./admin-api.js');
  }

  /** Replaces the credentials (e.g. after a session token refresh). */
  setAuth(auth: AuthSource): void {
    this.http.auth = auth;
  }

  // ─── Workbooks and dashboards ────────────────────────────────────────────────────────────────────────────

  /**
   * Creates the workbook holding `slug` (trimmed and lowercased) in deployment `d`, or updates it: only the fields sent
   * change and `meta` is merged. `PUT /api/v1/deployments/{deploymentId}/workbooks/by-slug/{slug}` (Bearer). Retried
   * on 409 `upsert_branch_changed` (options.retry); rejects with ApiError 404 when the deployment does not exist,
   * 401/403 for the credential.
   */
  async upsertWorkbookBySlug(
    d: number,
    slug: string,
    input?: CreateWorkbookInput,
    o?: RequestOptions,
  ): Promise<Workbook> {
    return (await this.areas()).upsertWorkbookBySlug(this.http, d, slug, input, o);
  }

  /** A workbook of a deployment. `GET /api/v1/deployments/{deploymentId}/workbooks/{workbookId}` (Bearer); 404 unknown. */
  async getWorkbook(deploymentId: number, workbookId: number, options?: RequestOptions): Promise<Workbook> {
    return (await this.areas()).getWorkbook(this.http, deploymentId, workbookId, options);
  }

  /**
   * Saves `config` as the workbook's dashboard draft and returns the workbook.
   * `PUT /api/v1/deployments/{deploymentId}/workbooks/{workbookId}/dashboard` (Bearer); 400 names an invalid field.
   */
  async saveDashboardDraft(d: number, w: number, config: DashboardConfig, o?: RequestOptions): Promise<Workbook> {
    return (await this.areas()).saveDashboardDraft(this.http, d, w, config, o);
  }

  /**
   * Publishes the workbook's draft as its dashboard (`allowEmbed` for embedding).
   * `POST /api/v1/deployments/{deploymentId}/workbooks/{workbookId}/publish` (Bearer).
   */
  async publishDashboard(d: number, w: number, input?: PublishDashboardInput, o?: RequestOptions): Promise<Dashboard> {
    return (await this.areas()).publishDashboard(this.http, d, w, input, o);
  }

  /** The deployments the credential may see. `GET /api/v1/deployments` (Bearer). */
  async listDeployments(options?: RequestOptions): Promise<Deployment[]> {
    return (await this.areas()).listDeployments(this.http, options);
  }

  /**
   * A published dashboard that allows embedding, by its public id, as <svc-dashboard> renders it.
   * `GET /api/v1/embed/dashboards/{publicId}` (Bearer: the embed session token); 404 when there is none.
   */
  async getEmbedDashboard(publicId: string, options?: RequestOptions): Promise<EmbedDashboardResponse> {
    return (await this.areas()).getEmbedDashboard(this.http, publicId, options);
  }

  // ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Mints an embed session for an external or internal user (on the host's server: it needs the API key).
   * `POST /api/v1/embed/generate-session` (Api-Key); 403 for a deployment outside the key's scope, 400 for an invalid
   * body (duplicate attribute names, internalId with groups…), the spec's failure messages for unknown names.
   */
  async generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<GenerateSessionResponse> {
    return (await this.areas()).generateSession(this.http, request, options);
  }

  /**
   * Exchanges the single-use sessionId of generateSession for a session token (the sessionId is the credential).
   * `POST /api/v1/embed/session/token`; 401 for a sessionId unknown, used or expired.
   */
  async exchangeSessionToken(sessionId: string, options?: RequestOptions): Promise<SessionTokenResponse> {
    return (await this.areas()).exchangeSessionToken(this.http, sessionId, options);
  }

  /** Revokes a session token (the token is the credential). `POST /api/v1/embed/session/revoke`; 204. */
  async revokeSessionToken(token: string, options?: RequestOptions): Promise<void> {
    return (await this.areas()).revokeSessionToken(this.http, token, options);
  }

  // ─── Embed-tenant admin and SCIM (loaded on first use) ───────────────────────────────────────────────────

  /**
   * One page of an embed tenant's scoped groups (`page.first`, `page.after`: cursor pagination).
   * `GET /api/v1/embed-tenants/{embedTenantName}/groups` (Api-Key of an admin).
   */
  async listEmbedTenantGroups(t: string, page?: PageRequest, o?: RequestOptions): Promise<Page<EmbedTenantGroup>> {
    return (await this.admin()).listEmbedTenantGroups(this.http, t, page, o);
  }

  /** Every scoped group of an embed tenant, page after page (`pageSize` per request). */
  iterateEmbedTenantGroups(t: string, o: RequestOptions & { pageSize?: number } = {}): AsyncIterable<EmbedTenantGroup> {
    return paginate((page) => this.listEmbedTenantGroups(t, page, o), o.pageSize);
  }

  /** Deletes a scoped group. `DELETE /api/v1/embed-tenants/{embedTenantName}/groups/{id}` (Api-Key, admin); 204. */
  async deleteEmbedTenantGroup(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await this.admin()).deleteEmbedTenantGroup(this.http, t, id, options);
  }

  /**
   * One page of an embed tenant's scoped user attributes (cursor pagination).
   * `GET /api/v1/embed-tenants/{embedTenantName}/user-attributes` (Api-Key of an admin).
   */
  async listEmbedTenantUserAttributes(
    t: string,
    page?: PageRequest,
    o?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>> {
    return (await this.admin()).listEmbedTenantUserAttributes(this.http, t, page, o);
  }

  /** Every scoped user attribute of an embed tenant, page after page (`pageSize` per request). */
  iterateEmbedTenantUserAttributes(
    t: string,
    o: RequestOptions & { pageSize?: number } = {},
  ): AsyncIterable<EmbedTenantUserAttribute> {
    return paginate((page) => this.listEmbedTenantUserAttributes(t, page, o), o.pageSize);
  }

  /**
   * Deletes a scoped user attribute (the way to change a definition's type).
   * `DELETE /api/v1/embed-tenants/{embedTenantName}/user-attributes/{id}` (Api-Key, admin); 204.
   */
  async deleteEmbedTenantUserAttribute(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await this.admin()).deleteEmbedTenantUserAttribute(this.http, t, id, options);
  }

  /** The SCIM user listing (`count`, `startIndex`). `GET /api/scim/v2/Users` (Bearer SCIM token). */
  async listScimUsers(query?: ScimListRequest, options?: RequestOptions): Promise<ScimListResponse> {
    return (await this.admin()).listScimUsers(this.http, query, options);
  }

  // ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The stream-chat-state URL for a call (the full Chat API URL, or built from a base URL). */
  chatStreamUrl(target?: ChatTarget): string {
    return chatStreamUrl(this.http, target);
  }

  /**
   * Sends a chat message (or, without `input`, asks for a thread's state) and streams the answer's messages.
   * `POST …/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state` (Api-Key with sessionSettings, or
   * X-Service-Auth-Token). Resolves once the `__cutoff__` message gives the chatId; rejects with ChatAuthError for an
   * authentication failure (HTTP 200 with a JSON-RPC error), ChatStreamError for a thread still answering, ApiError
   * 400/404/500. `options.locale` is sent as `Accept-Language`.
   */
  async streamChat(request: ChatRequest, options?: StreamChatOptions): Promise<ChatStream> {
    return (await this.areas()).streamChat(this.http, request, options);
  }

  /**
   * Stops the answer streaming on a thread. `POST …/chat/abort` (auth as streamChat); 403 when the caller does not own
   * the thread, 404 when it does not exist.
   */
  async abortChat(request: AbortChatRequest, options?: RequestOptions & ChatTarget): Promise<void> {
    return (await this.areas()).abortChat(this.http, request, options);
  }

  // ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────

  /** The data model the caller may query (cubes, views, members). `GET /cubejs-api/v1/meta` (Bearer). */
  async loadMeta(options?: RequestOptions): Promise<MetaResponse> {
    return (await this.areas()).loadMeta(this.http, options);
  }

  /**
   * Runs a query (with a dashboard's extra filters and time grain) and returns its rows, asking again while the answer
   * is Cube's "Continue wait". `POST /cubejs-api/v1/load` (Bearer); 400 names what is wrong with the query.
   */
  async load(request: LoadRequest, options?: RequestOptions): Promise<LoadResponse> {
    return (await this.areas()).load(this.http, request, options);
  }

  /**
   * Runs SQL of the SQL API (MEASURE() over cubes and views) and returns its schema and rows, read from the NDJSON
   * answer. `POST /cubejs-api/v1/cubesql` (Bearer); a query error rejects with ApiError `query_error`.
   */
  async cubeSql(request: CubeSqlRequest, options?: RequestOptions): Promise<CubeSqlResult> {
    return (await this.areas()).cubeSql(this.http, request, options);
  }
}
