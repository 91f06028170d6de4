// The Transport interface: one method per operation of the API (the table in api/operations.ts). Elements depend on
// this interface only; HttpTransport implements it over any `fetch` (the network, or the local engine's).

import type {
  AbortChatRequest,
  ChatRequest,
  ChatStreamMessage,
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
import type { NdjsonItem } from './ndjson.js';

/**
 * Credentials a transport may hold. Each operation sends the header the spec's Authentication section gives it:
 * management and data reads `Authorization: Bearer …` (bearerToken, else apiKey, else serviceToken); generate-session
 * and embed-tenant admin `Authorization: Api-Key <apiKey>`; SCIM `Bearer` (bearerToken, else apiKey); chat
 * `Authorization: Api-Key <apiKey>` or else `X-Service-Auth-Token: <serviceToken>` — with both, Authorization wins
 * and the token header is not sent.
 */
export interface Credentials {
  /** An API key from account settings. Keep it on servers: in the embed flow browsers hold only a session token. */
  apiKey?: string;
  /** An OAuth access token or other bearer token for the management API. */
  bearerToken?: string;
  /** The embed session token (from exchangeSessionToken) or a service token for chat. */
  serviceToken?: string;
}

/** Fixed credentials, or a function asked before every request (so a token can be refreshed). */
export type AuthSource = Credentials | (() => Credentials | Promise<Credentials>);

export interface RequestOptions {
  /** Aborts the request; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the transport's timeout for this call (ms until the response, or for chat its first line). */
  timeoutMs?: number;
}

/** Where a chat request goes when the transport's chatUrl is a base URL rather than the full Chat API URL. */
export interface ChatTarget {
  accountName?: string;
  agentId?: string;
}

export interface StreamChatOptions extends RequestOptions, ChatTarget {
  /**
   * The viewer's language (a BCP 47 tag, e.g. the element's locale), sent as `Accept-Language`: the agent writes
   * its answer in it where it can.
   */
  locale?: string;
  /** Called for each line that is not valid JSON; the stream goes on. */
  onMalformedLine?: (item: Extract<NdjsonItem, { ok: false }>) => void;
}

/**
 * A running chat stream: iterate it for the messages (each line once, in order; single consumer). `chatId`
 * resolves from the `__cutoff__` message. A `{"error"}` line mid-stream makes the iteration throw ChatStreamError.
 */
export interface ChatStream extends AsyncIterable<ChatStreamMessage> {
  readonly chatId: string;
  /** The messageId sent with the request (re-POST it to resubscribe after a dropped connection). */
  readonly messageId: string | undefined;
}

export interface Transport {
  // Workbooks (management API, Bearer)
  upsertWorkbookBySlug(
    deploymentId: number,
    slug: string,
    input?: CreateWorkbookInput,
    options?: RequestOptions,
  ): Promise<Workbook>;
  getWorkbook(deploymentId: number, workbookId: number, options?: RequestOptions): Promise<Workbook>;
  saveDashboardDraft(
    deploymentId: number,
    workbookId: number,
    config: DashboardConfig,
    options?: RequestOptions,
  ): Promise<Workbook>;
  publishDashboard(
    deploymentId: number,
    workbookId: number,
    input?: PublishDashboardInput,
    options?: RequestOptions,
  ): Promise<Dashboard>;
  listDeployments(options?: RequestOptions): Promise<Deployment[]>;
  listScimUsers(query?: ScimListRequest, options?: RequestOptions): Promise<ScimListResponse>;

  // Embed sessions (Api-Key) and the session token (the sessionId or token is the credential)
  generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<GenerateSessionResponse>;
  exchangeSessionToken(sessionId: string, options?: RequestOptions): Promise<SessionTokenResponse>;
  revokeSessionToken(token: string, options?: RequestOptions): Promise<void>;

  // Embed-tenant admin (Api-Key, admin)
  listEmbedTenantGroups(
    embedTenantName: string,
    page?: PageRequest,
    options?: RequestOptions,
  ): Promise<Page<EmbedTenantGroup>>;
  iterateEmbedTenantGroups(
    embedTenantName: string,
    options?: RequestOptions & { pageSize?: number },
  ): AsyncIterable<EmbedTenantGroup>;
  deleteEmbedTenantGroup(embedTenantName: string, id: number, options?: RequestOptions): Promise<void>;
  listEmbedTenantUserAttributes(
    embedTenantName: string,
    page?: PageRequest,
    options?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>>;
  iterateEmbedTenantUserAttributes(
    embedTenantName: string,
    options?: RequestOptions & { pageSize?: number },
  ): AsyncIterable<EmbedTenantUserAttribute>;
  deleteEmbedTenantUserAttribute(embedTenantName: string, id: number, options?: RequestOptions): Promise<void>;

  // Rendering reads (Bearer session token)
  getEmbedDashboard(publicId: string, options?: RequestOptions): Promise<EmbedDashboardResponse>;

  // Chat (Api-Key with sessionSettings, or X-Service-Auth-Token)
  streamChat(request: ChatRequest, options?: StreamChatOptions): Promise<ChatStream>;
  abortChat(request: AbortChatRequest, options?: RequestOptions & ChatTarget): Promise<void>;

  // Data API (Bearer)
  loadMeta(options?: RequestOptions): Promise<MetaResponse>;
  load(request: LoadRequest, options?: RequestOptions): Promise<LoadResponse>;
  cubeSql(request: CubeSqlRequest, options?: RequestOptions): Promise<CubeSqlResult>;
}

/** Every item of a cursor-paginated list, fetching page after page while `hasNextPage`. */
export async function* paginate<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  pageSize?: number,
): AsyncGenerator<T, void, undefined> {
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage({
      ...(pageSize !== undefined && { first: pageSize }),
      ...(after !== undefined && { after }),
    });
    yield* page.items;
    if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null || page.pageInfo.endCursor === after) return;
    after = page.pageInfo.endCursor;
  }
}
