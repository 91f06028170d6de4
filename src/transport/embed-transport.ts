// EmbedTransport: the client <svc-provider> builds — what the elements call (session exchange, dashboard reads,
// data, chat) composed from the areas eagerly; the admin areas (embed-tenant admin, SCIM) load on first use, so they
// never weigh on the elements' entry. HttpTransport (http-transport.ts) is the same client with every area eager.

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
import * as chat from './chat-api.js';
import * as data from './data-api.js';
import { createContext, type HttpContext, type HttpTransportOptions } from './http-core.js';
import * as sessions from './sessions-api.js';
import {
  paginate,
  type AuthSource,
  type ChatStream,
  type ChatTarget,
  type RequestOptions,
  type StreamChatOptions,
  type Transport,
} from './transport.js';
import * as workbooks from './workbooks-api.js';

/** The admin areas, loaded on first use. */
const adminApi = () => import('./admin-api.js');

export class EmbedTransport implements Transport {
  readonly baseUrl: string;
  readonly chatUrl: string;
  /** Settings and credentials, as the areas read them. */
  protected readonly http: HttpContext;

  constructor(options: HttpTransportOptions) {
    this.http = createContext(options);
    this.baseUrl = this.http.baseUrl;
    this.chatUrl = this.http.chatUrl;
  }

  /** Replaces the credentials (e.g. after a session token refresh). */
  setAuth(auth: AuthSource): void {
    this.http.auth = auth;
  }

  // ─── Workbooks and dashboards ────────────────────────────────────────────────────────────────────────────

  upsertWorkbookBySlug(d: number, slug: string, input?: CreateWorkbookInput, o?: RequestOptions): Promise<Workbook> {
    return workbooks.upsertWorkbookBySlug(this.http, d, slug, input, o);
  }

  getWorkbook(deploymentId: number, workbookId: number, options?: RequestOptions): Promise<Workbook> {
    return workbooks.getWorkbook(this.http, deploymentId, workbookId, options);
  }

  saveDashboardDraft(d: number, w: number, config: DashboardConfig, o?: RequestOptions): Promise<Workbook> {
    return workbooks.saveDashboardDraft(this.http, d, w, config, o);
  }

  publishDashboard(d: number, w: number, input?: PublishDashboardInput, o?: RequestOptions): Promise<Dashboard> {
    return workbooks.publishDashboard(this.http, d, w, input, o);
  }

  listDeployments(options?: RequestOptions): Promise<Deployment[]> {
    return workbooks.listDeployments(this.http, options);
  }

  getEmbedDashboard(publicId: string, options?: RequestOptions): Promise<EmbedDashboardResponse> {
    return workbooks.getEmbedDashboard(this.http, publicId, options);
  }

  // ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────

  generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<GenerateSessionResponse> {
    return sessions.generateSession(this.http, request, options);
  }

  exchangeSessionToken(sessionId: string, options?: RequestOptions): Promise<SessionTokenResponse> {
    return sessions.exchangeSessionToken(this.http, sessionId, options);
  }

  revokeSessionToken(token: string, options?: RequestOptions): Promise<void> {
    return sessions.revokeSessionToken(this.http, token, options);
  }

  // ─── Embed-tenant admin and SCIM (loaded on first use) ───────────────────────────────────────────────────

  async listEmbedTenantGroups(t: string, page?: PageRequest, o?: RequestOptions): Promise<Page<EmbedTenantGroup>> {
    return (await adminApi()).listEmbedTenantGroups(this.http, t, page, o);
  }

  iterateEmbedTenantGroups(t: string, o: RequestOptions & { pageSize?: number } = {}): AsyncIterable<EmbedTenantGroup> {
    return paginate((page) => this.listEmbedTenantGroups(t, page, o), o.pageSize);
  }

  async deleteEmbedTenantGroup(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await adminApi()).deleteEmbedTenantGroup(this.http, t, id, options);
  }

  async listEmbedTenantUserAttributes(
    t: string,
    page?: PageRequest,
    o?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>> {
    return (await adminApi()).listEmbedTenantUserAttributes(this.http, t, page, o);
  }

  iterateEmbedTenantUserAttributes(
    t: string,
    o: RequestOptions & { pageSize?: number } = {},
  ): AsyncIterable<EmbedTenantUserAttribute> {
    return paginate((page) => this.listEmbedTenantUserAttributes(t, page, o), o.pageSize);
  }

  async deleteEmbedTenantUserAttribute(t: string, id: number, options?: RequestOptions): Promise<void> {
    return (await adminApi()).deleteEmbedTenantUserAttribute(this.http, t, id, options);
  }

  async listScimUsers(query?: ScimListRequest, options?: RequestOptions): Promise<ScimListResponse> {
    return (await adminApi()).listScimUsers(this.http, query, options);
  }

  // ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The stream-chat-state URL for a call (the full Chat API URL, or built from a base URL). */
  chatStreamUrl(target?: ChatTarget): string {
    return chat.chatStreamUrl(this.http, target);
  }

  streamChat(request: ChatRequest, options?: StreamChatOptions): Promise<ChatStream> {
    return chat.streamChat(this.http, request, options);
  }

  abortChat(request: AbortChatRequest, options?: RequestOptions & ChatTarget): Promise<void> {
    return chat.abortChat(this.http, request, options);
  }

  // ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────

  loadMeta(options?: RequestOptions): Promise<MetaResponse> {
    return data.loadMeta(this.http, options);
  }

  load(request: LoadRequest, options?: RequestOptions): Promise<LoadResponse> {
    return data.load(this.http, request, options);
  }

  cubeSql(request: CubeSqlRequest, options?: RequestOptions): Promise<CubeSqlResult> {
    return data.cubeSql(this.http, request, options);
  }
}
