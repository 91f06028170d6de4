// HttpTransport: the one client of the API, over any `fetch` — the network's, or the local engine's in-process
// handler. It composes the areas of the spec over the shared plumbing. Loaded with it: its options and URLs
// (http-core.ts); loading when it is built: the areas every call goes through (lazy-areas.ts: sessions, workbooks,
// data, chat, and http-send.ts's auth headers, error mapping, AbortSignal and timeouts); on first use: the admin
// areas (admin-api.ts: embed-tenant admin, SCIM), which the elements never call.

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

  async upsertWorkbookBySlug(
    d: number,
    slug: string,
    input?: CreateWorkbookInput,
    o?: RequestOptions,
  ): Promise<Workbook> {
    return (await this.areas()).upsertWorkbookBySlug(this.http, d, slug, input, o);
  }

  async getWorkbook(deploymentId: number, workbookId: number, options?: RequestOptions): Promise<Workbook> {
    return (await this.areas()).getWorkbook(this.http, deploymentId, workbookId, options);
  }

  async saveDashboardDraft(d: number, w: number, config: DashboardConfig, o?: RequestOptions): Promise<Workbook> {
    return (await this.areas()).saveDashboardDraft(this.http, d, w, config, o);
  }

  async publishDashboard(d: number, w: number, input?: PublishDashboardInput, o?: RequestOptions): Promise<Dashboard> {
    return (await this.areas()).publishDashboard(this.http, d, w, input, o);
  }

  async listDeployments(options?: RequestOptions): Promise<Deployment[]> {
    return (await this.areas()).listDeployments(this.http, options);
  }

  async getEmbedDashboard(publicId: string, options?: RequestOptions): Promise<EmbedDashboardResponse> {
    return (await this.areas()).getEmbedDashboard(this.http, publicId, options);
  }

  // ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────

  async generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<GenerateSessionResponse> {
    return (await this.areas()).generateSession(this.http, request, options);
  }

  async exchangeSessionToken(sessionId: string, options?: RequestOptions): Promise<SessionTokenResponse> {
    return (await this.areas()).exchangeSessionToken(this.http, sessionId, options);
  }

  async revokeSessionToken(token: string, options?: RequestOptions): Promise<void> {
    return (await this.areas()).revokeSessionToken(this.http, token, options);
  }

  // ─── Embed-tenant admin and SCIM (loaded on first use) ───────────────────────────────────────────────────

  async listEmbedTenantGroups(t: string, page?: PageRequest, o?: RequestOptions): Promise<Page<EmbedTenantGroup>> {
    return (await this.admin()).listEmbedTenantGroups(this.http, t, page, o);
  }

  iterateEmbedTenantGroups(t: string, o: RequestOptions & { pageSize?: number } = {}): AsyncIterable<EmbedTenantGroup> {
    return paginate((page) => this.listEmbedTenantGroups(t, page, o), o.pageSize);
  }

  async deleteEmbedTenantGroup(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await this.admin()).deleteEmbedTenantGroup(this.http, t, id, options);
  }

  async listEmbedTenantUserAttributes(
    t: string,
    page?: PageRequest,
    o?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>> {
    return (await this.admin()).listEmbedTenantUserAttributes(this.http, t, page, o);
  }

  iterateEmbedTenantUserAttributes(
    t: string,
    o: RequestOptions & { pageSize?: number } = {},
  ): AsyncIterable<EmbedTenantUserAttribute> {
    return paginate((page) => this.listEmbedTenantUserAttributes(t, page, o), o.pageSize);
  }

  async deleteEmbedTenantUserAttribute(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await this.admin()).deleteEmbedTenantUserAttribute(this.http, t, id, options);
  }

  async listScimUsers(query?: ScimListRequest, options?: RequestOptions): Promise<ScimListResponse> {
    return (await this.admin()).listScimUsers(this.http, query, options);
  }

  // ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The stream-chat-state URL for a call (the full Chat API URL, or built from a base URL). */
  chatStreamUrl(target?: ChatTarget): string {
    return chatStreamUrl(this.http, target);
  }

  async streamChat(request: ChatRequest, options?: StreamChatOptions): Promise<ChatStream> {
    return (await this.areas()).streamChat(this.http, request, options);
  }

  async abortChat(request: AbortChatRequest, options?: RequestOptions & ChatTarget): Promise<void> {
    return (await this.areas()).abortChat(this.http, request, options);
  }

  // ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────

  async loadMeta(options?: RequestOptions): Promise<MetaResponse> {
    return (await this.areas()).loadMeta(this.http, options);
  }

  async load(request: LoadRequest, options?: RequestOptions): Promise<LoadResponse> {
    return (await this.areas()).load(this.http, request, options);
  }

  async cubeSql(request: CubeSqlRequest, options?: RequestOptions): Promise<CubeSqlResult> {
    return (await this.areas()).cubeSql(this.http, request, options);
  }
}
