// HttpTransport: the one client of the API, over any `fetch` — the network's, or the local engine's in-process
// handler. Auth headers per the spec, error mapping to ApiError, 409 retry, AbortSignal and timeouts.

import {
  ApiError,
  ChatAuthError,
  ChatStreamError,
  UPSERT_BRANCH_CHANGED,
  isErrorBody,
  isJsonRpcErrorBody,
  errorMessage,
} from '../api/errors.js';
import type {
  AbortChatRequest,
  ChatRequest,
  ChatStreamMessage,
  CreateWorkbookInput,
  CubeSqlLine,
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
import { cutoffState } from './chat.js';
import { foldOverrides, isContinueWait } from './cube-dialect.js';
import { readNdjson, type NdjsonItem } from './ndjson.js';
import {
  paginate,
  type AuthSource,
  type ChatStream,
  type ChatTarget,
  type Credentials,
  type RequestOptions,
  type StreamChatOptions,
  type Transport,
} from './transport.js';

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Attempts in all, the first included. Default 3. */
  tries?: number;
  /** Backoff grows as base·2^n, capped at maxDelayMs, with full jitter. Defaults 100 and 2000. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

export interface HttpTransportOptions {
  /** Base address of the management API, e.g. `https://acme.example.com`. */
  baseUrl: string;
  /**
   * The Chat API URL: either the full URL from the agent settings (ending in `/chat/stream-chat-state`), or a base
   * address to which `/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state` is appended. Default:
   * baseUrl.
   */
  chatUrl?: string;
  /** Account and agent for a base chatUrl; each call may override them. */
  accountName?: string;
  agentId?: string;
  /** Default: globalThis.fetch. Pass a local engine's `fetch` to run fully in-process. */
  fetch?: FetchLike;
  auth?: AuthSource;
  /** Milliseconds until a response arrives (for chat: its first line). Default 30,000; 0 disables. */
  timeoutMs?: number;
  /** Retry of 409 `upsert_branch_changed` on upsertWorkbookBySlug. */
  retry?: RetryOptions;
  /**
   * baseUrl is a Cube deployment (its REST API; auth `{ bearerToken: cubeJwt }`): loads fold a dashboard's extra
   * filters and time grain into the query, since Cube reads nothing but `query`.
   */
  cube?: boolean;
}

/** Which header an operation authenticates with (spec, Authentication). */
type AuthKind = 'bearer' | 'apiKey' | 'scim' | 'chat' | 'none';

interface Sent {
  response: Response;
  /** Clears the timeout and unlinks the caller's signal; call once the part the timeout covers has been read. */
  done: () => void;
  /** Maps a failure while reading to what the caller should see (and calls done). */
  fail: (error: unknown) => unknown;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  auth: AuthKind;
  body?: unknown;
  accept?: string;
  options?: RequestOptions;
  operation: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const STREAM_SUFFIX = '/chat/stream-chat-state';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized: the credential is missing, malformed or expired',
  403: 'Forbidden: the credential is valid but not authorized for this target',
  404: 'Not found',
  409: 'Conflict',
  500: 'Internal server error',
};

const seg = encodeURIComponent;

export class HttpTransport implements Transport {
  readonly baseUrl: string;
  readonly chatUrl: string;
  private readonly accountName: string | undefined;
  private readonly agentId: string | undefined;
  private readonly fetchImpl: FetchLike;
  private auth: AuthSource;
  private readonly timeoutMs: number;
  private readonly retry: Required<RetryOptions>;
  private readonly cube: boolean;

  constructor(options: HttpTransportOptions) {
    if (typeof options?.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl)) {
      throw new TypeError('HttpTransport: baseUrl must be an absolute http(s) URL');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.chatUrl = (options.chatUrl ?? this.baseUrl).replace(/\/+$/, '');
    this.accountName = options.accountName;
    this.agentId = options.agentId;
    const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
    if (typeof fetchImpl !== 'function') throw new TypeError('HttpTransport: no fetch available; pass options.fetch');
    this.fetchImpl = fetchImpl;
    this.auth = options.auth ?? {};
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.cube = options.cube === true;
    this.retry = {
      tries: Math.max(1, Math.floor(options.retry?.tries ?? 3)),
      baseDelayMs: options.retry?.baseDelayMs ?? 100,
      maxDelayMs: options.retry?.maxDelayMs ?? 2000,
      random: options.retry?.random ?? Math.random,
    };
  }

  /** Replaces the credentials (e.g. after a session token refresh). */
  setAuth(auth: AuthSource): void {
    this.auth = auth;
  }

  // ─── Workbooks ───────────────────────────────────────────────────────────────────────────────────────────

  async upsertWorkbookBySlug(
    deploymentId: number,
    slug: string,
    input?: CreateWorkbookInput,
    options?: RequestOptions,
  ): Promise<Workbook> {
    const url = `${this.baseUrl}/api/v1/deployments/${deploymentId}/workbooks/by-slug/${seg(slug)}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.json<Workbook>('upsertWorkbookBySlug', 'PUT', url, 'bearer', options, input ?? {});
      } catch (error) {
        const retriable = error instanceof ApiError && error.status === 409 && error.code === UPSERT_BRANCH_CHANGED;
        if (!retriable || attempt >= this.retry.tries) throw error;
        await sleep(this.backoff(attempt), options?.signal);
      }
    }
  }

  getWorkbook(deploymentId: number, workbookId: number, options?: RequestOptions): Promise<Workbook> {
    return this.json(
      'getWorkbook',
      'GET',
      `${this.baseUrl}/api/v1/deployments/${deploymentId}/workbooks/${workbookId}`,
      'bearer',
      options,
    );
  }

  saveDashboardDraft(
    deploymentId: number,
    workbookId: number,
    config: DashboardConfig,
    options?: RequestOptions,
  ): Promise<Workbook> {
    return this.json(
      'saveDashboardDraft',
      'PUT',
      `${this.baseUrl}/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/dashboard`,
      'bearer',
      options,
      config,
    );
  }

  publishDashboard(
    deploymentId: number,
    workbookId: number,
    input?: PublishDashboardInput,
    options?: RequestOptions,
  ): Promise<Dashboard> {
    return this.json(
      'publishDashboard',
      'POST',
      `${this.baseUrl}/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`,
      'bearer',
      options,
      input ?? {},
    );
  }

  listDeployments(options?: RequestOptions): Promise<Deployment[]> {
    return this.json('listDeployments', 'GET', `${this.baseUrl}/api/v1/deployments`, 'bearer', options);
  }

  listScimUsers(query: ScimListRequest = {}, options?: RequestOptions): Promise<ScimListResponse> {
    return this.json(
      'listScimUsers',
      'GET',
      `${this.baseUrl}/api/scim/v2/Users${queryString({ count: query.count, startIndex: query.startIndex })}`,
      'scim',
      options,
      undefined,
      'application/scim+json, application/json',
    );
  }

  // ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────

  generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<GenerateSessionResponse> {
    return this.json(
      'generateSession',
      'POST',
      `${this.baseUrl}/api/v1/embed/generate-session`,
      'apiKey',
      options,
      request,
    );
  }

  exchangeSessionToken(sessionId: string, options?: RequestOptions): Promise<SessionTokenResponse> {
    return this.json('exchangeSessionToken', 'POST', `${this.baseUrl}/api/v1/embed/session/token`, 'none', options, {
      sessionId,
    });
  }

  async revokeSessionToken(token: string, options?: RequestOptions): Promise<void> {
    await this.json('revokeSessionToken', 'POST', `${this.baseUrl}/api/v1/embed/session/revoke`, 'none', options, {
      token,
    });
  }

  // ─── Embed-tenant admin ──────────────────────────────────────────────────────────────────────────────────

  listEmbedTenantGroups(
    embedTenantName: string,
    page: PageRequest = {},
    options?: RequestOptions,
  ): Promise<Page<EmbedTenantGroup>> {
    return this.listTenant(embedTenantName, 'groups', page, options);
  }

  iterateEmbedTenantGroups(
    embedTenantName: string,
    options: RequestOptions & { pageSize?: number } = {},
  ): AsyncIterable<EmbedTenantGroup> {
    return paginate((page) => this.listEmbedTenantGroups(embedTenantName, page, options), options.pageSize);
  }

  async deleteEmbedTenantGroup(embedTenantName: string, id: number, options?: RequestOptions): Promise<void> {
    await this.deleteTenant(embedTenantName, 'groups', id, options);
  }

  listEmbedTenantUserAttributes(
    embedTenantName: string,
    page: PageRequest = {},
    options?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>> {
    return this.listTenant(embedTenantName, 'user-attributes', page, options);
  }

  iterateEmbedTenantUserAttributes(
    embedTenantName: string,
    options: RequestOptions & { pageSize?: number } = {},
  ): AsyncIterable<EmbedTenantUserAttribute> {
    return paginate((page) => this.listEmbedTenantUserAttributes(embedTenantName, page, options), options.pageSize);
  }

  async deleteEmbedTenantUserAttribute(embedTenantName: string, id: number, options?: RequestOptions): Promise<void> {
    await this.deleteTenant(embedTenantName, 'user-attributes', id, options);
  }

  private listTenant<T>(
    tenant: string,
    what: 'groups' | 'user-attributes',
    page: PageRequest,
    options?: RequestOptions,
  ): Promise<Page<T>> {
    const query = queryString({ first: page.first, after: page.after });
    const operation = what === 'groups' ? 'listEmbedTenantGroups' : 'listEmbedTenantUserAttributes';
    return this.json(
      operation,
      'GET',
      `${this.baseUrl}/api/v1/embed-tenants/${seg(tenant)}/${what}${query}`,
      'apiKey',
      options,
    );
  }

  private deleteTenant(
    tenant: string,
    what: 'groups' | 'user-attributes',
    id: number,
    options?: RequestOptions,
  ): Promise<unknown> {
    const operation = what === 'groups' ? 'deleteEmbedTenantGroup' : 'deleteEmbedTenantUserAttribute';
    const url = `${this.baseUrl}/api/v1/embed-tenants/${seg(tenant)}/${what}/${seg(String(id))}`;
    return this.json(operation, 'DELETE', url, 'apiKey', options);
  }

  // ─── Rendering reads ─────────────────────────────────────────────────────────────────────────────────────

  getEmbedDashboard(publicId: string, options?: RequestOptions): Promise<EmbedDashboardResponse> {
    return this.json(
      'getEmbedDashboard',
      'GET',
      `${this.baseUrl}/api/v1/embed/dashboards/${seg(publicId)}`,
      'bearer',
      options,
    );
  }

  // ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The stream-chat-state URL for a call (the full Chat API URL, or built from a base URL). */
  chatStreamUrl(target: ChatTarget = {}): string {
    if (this.chatUrl.endsWith(STREAM_SUFFIX)) return this.chatUrl;
    const accountName = target.accountName ?? this.accountName;
    const agentId = target.agentId ?? this.agentId;
    if (!accountName || !agentId) {
      throw new TypeError(
        'HttpTransport: chat needs accountName and agentId (options or per call) unless chatUrl is the full Chat API URL',
      );
    }
    return `${this.chatUrl}/api/v1/public/${seg(accountName)}/agents/${seg(agentId)}${STREAM_SUFFIX}`;
  }

  async streamChat(request: ChatRequest, options: StreamChatOptions = {}): Promise<ChatStream> {
    const { response, done, fail } = await this.send({
      operation: 'streamChat',
      method: 'POST',
      url: this.chatStreamUrl(options),
      auth: 'chat',
      body: request,
      accept: 'application/x-ndjson',
      options,
    });
    const body = response.body;
    if (!body) {
      done();
      throw new ApiError({ status: response.status, code: 'invalid_response', message: 'Chat response has no body' });
    }
    // Read up to the __cutoff__ message before resolving, so auth errors, a busy thread and a missing chatId reject
    // here; the timeout covers this first part only: a long answer may stream for minutes.
    const lines = readNdjson<unknown>(body, { signal: options.signal })[Symbol.asyncIterator]();
    const buffered: ChatStreamMessage[] = [];
    let chatId = request.chatId;
    try {
      for (;;) {
        const next = await lines.next();
        if (next.done) break;
        const message = toChatMessage(next.value, response.status, options.onMalformedLine);
        if (!message) continue;
        buffered.push(message);
        const cutoff = cutoffState(message);
        if (cutoff) {
          chatId = cutoff.chatId;
          break;
        }
      }
    } catch (error) {
      const mapped = fail(error);
      await lines.return?.().catch(() => undefined);
      throw mapped;
    }
    done();
    if (chatId === undefined) {
      await lines.return?.();
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'Chat stream ended without a __cutoff__ message carrying the chatId',
      });
    }
    const status = response.status;
    return {
      chatId,
      messageId: request.messageId,
      async *[Symbol.asyncIterator]() {
        yield* buffered.splice(0);
        for (;;) {
          const next = await lines.next();
          if (next.done) return;
          const message = toChatMessage(next.value, status, options.onMalformedLine);
          if (message) yield message;
        }
      },
    };
  }

  async abortChat(request: AbortChatRequest, options: RequestOptions & ChatTarget = {}): Promise<void> {
    const url = this.chatStreamUrl(options).slice(0, -'stream-chat-state'.length) + 'abort';
    const body = await this.json<unknown>('abortChat', 'POST', url, 'chat', options, request);
    // An authentication failure of the chat API is HTTP 200 with a JSON-RPC error body, for abort too.
    if (isJsonRpcErrorBody(body)) throw new ChatAuthError(body, 200);
  }

  // ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────

  loadMeta(options?: RequestOptions): Promise<MetaResponse> {
    return this.json('loadMeta', 'GET', `${this.baseUrl}/cubejs-api/v1/meta`, 'bearer', options);
  }

  /** One POST (no URL length limit); a `"Continue wait"` answer (Cube's long-polling) is asked again. */
  async load(request: LoadRequest, options?: RequestOptions): Promise<LoadResponse> {
    const body = this.cube ? foldOverrides(request) : request;
    for (;;) {
      const answer = await this.json<LoadResponse>(
        'load',
        'POST',
        `${this.baseUrl}/cubejs-api/v1/load`,
        'bearer',
        options,
        body,
      );
      if (!isContinueWait(answer)) return answer;
      options?.signal?.throwIfAborted();
    }
  }

  async cubeSql(request: CubeSqlRequest, options: RequestOptions = {}): Promise<CubeSqlResult> {
    const { response, done, fail } = await this.send({
      operation: 'cubeSql',
      method: 'POST',
      url: `${this.baseUrl}/cubejs-api/v1/cubesql`,
      auth: 'bearer',
      body: request,
      accept: 'application/x-ndjson',
      options,
    });
    const result: CubeSqlResult = { schema: [], data: [] };
    try {
      if (!response.body) return result;
      for await (const item of readNdjson<CubeSqlLine>(response.body, { signal: options.signal })) {
        if (!item.ok) {
          throw new ApiError({
            status: response.status,
            code: 'invalid_response',
            message: `cubesql: ${item.error.message}`,
          });
        }
        const line = item.value;
        if ('error' in line) throw new ApiError({ status: response.status, code: 'query_error', message: line.error });
        if ('schema' in line) result.schema = line.schema;
        else if ('data' in line) for (const row of line.data) result.data.push(row);
      }
      return result;
    } catch (error) {
      throw fail(error);
    } finally {
      done();
    }
  }

  // ─── Plumbing ────────────────────────────────────────────────────────────────────────────────────────────

  /** Sends a call and returns its parsed JSON body (undefined for 204). */
  private async json<T>(
    operation: string,
    method: Call['method'],
    url: string,
    auth: AuthKind,
    options?: RequestOptions,
    body?: unknown,
    accept?: string,
  ): Promise<T> {
    const call: Call = { operation, method, url, auth, options, body, accept };
    const { response, done, fail } = await this.send(call);
    try {
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      if (text === '') return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new ApiError({
          status: response.status,
          code: 'invalid_response',
          message: `${call.operation}: response is not JSON`,
        });
      }
    } catch (error) {
      throw fail(error);
    } finally {
      done();
    }
  }

  /**
   * Sends a request with auth headers, a timeout and the caller's signal; maps non-2xx to ApiError. For streams
   * the returned `done()` must be called once the part covered by the timeout has been read.
   */
  private async send(call: Call): Promise<Sent> {
    const options = call.options ?? {};
    options.signal?.throwIfAborted();
    const headers = new Headers({ Accept: call.accept ?? 'application/json' });
    // Calls without auth (the session exchange) never ask the auth source: it may be waiting for that very call.
    if (call.auth !== 'none') applyAuth(headers, call, await resolveAuth(this.auth));
    if (call.body !== undefined) headers.set('Content-Type', 'application/json');

    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs > 0
        ? setTimeout(() => controller.abort(new ApiError(timeoutError(call.operation, timeoutMs))), timeoutMs)
        : undefined;
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    /** What to throw for a failure: the caller's abort reason, our timeout's ApiError, or the error itself. */
    const fail = (error: unknown): unknown => {
      done();
      if (options.signal?.aborted) return options.signal.reason;
      if (controller.signal.aborted) return controller.signal.reason;
      return error;
    };

    const request = new Request(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: controller.signal,
    });
    let response: Response;
    try {
      response = await this.fetchImpl(request);
    } catch (error) {
      if (controller.signal.aborted) throw fail(error);
      done();
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: `${call.operation}: ${errorMessage(error)}`,
        cause: error,
      });
    }
    if (!response.ok) throw fail(await errorFromResponse(response).catch((error: unknown) => error));
    return { response, done, fail };
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return Math.round(this.retry.random() * ceiling);
  }
}

function timeoutError(operation: string, ms: number) {
  return { status: 0, code: 'timeout', message: `${operation}: no response within ${ms} ms` };
}

async function resolveAuth(auth: AuthSource): Promise<Credentials> {
  return typeof auth === 'function' ? await auth() : auth;
}

function applyAuth(headers: Headers, call: Call, c: Credentials): void {
  const missing = (what: string) =>
    new ApiError({ status: 401, code: 'missing_credentials', message: `${call.operation} needs ${what}` });
  switch (call.auth) {
    case 'none':
      return;
    case 'bearer': {
      const token = c.bearerToken ?? c.apiKey ?? c.serviceToken;
      if (!token) throw missing('credentials: pass auth { bearerToken }, { apiKey } or { serviceToken }');
      headers.set('Authorization', `Bearer ${token}`);
      return;
    }
    case 'scim': {
      const token = c.bearerToken ?? c.apiKey;
      if (!token) throw missing('a SCIM token: pass auth { bearerToken } or { apiKey }');
      headers.set('Authorization', `Bearer ${token}`);
      return;
    }
    case 'apiKey':
      if (!c.apiKey) throw missing('an API key: pass auth { apiKey }');
      headers.set('Authorization', `Api-Key ${c.apiKey}`);
      return;
    case 'chat':
      // Authorization wins when both are configured, so the token header is not sent at all.
      if (c.apiKey) headers.set('Authorization', `Api-Key ${c.apiKey}`);
      else if (c.serviceToken) headers.set('X-Service-Auth-Token', c.serviceToken);
      else throw missing('an API key or a service token: pass auth { apiKey } or { serviceToken }');
      return;
  }
}

/** ApiError for a non-2xx response, with the body's message (`{error}`, JSON-RPC, or text) when there is one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError({ status: response.status, message: body.error, code: body.code });
  if (isJsonRpcErrorBody(body)) return new ChatAuthError(body, response.status);
  const message = text.trim() !== '' && text.length <= 500 ? text.trim() : undefined;
  return new ApiError({
    status: response.status,
    message: message ?? STATUS_MESSAGES[response.status] ?? `HTTP ${response.status} ${response.statusText}`.trim(),
  });
}

/** A chat line as a message; JSON-RPC and `{"error"}` lines throw; malformed lines go to the callback. */
function toChatMessage(
  item: NdjsonItem<unknown>,
  status: number,
  onMalformed: StreamChatOptions['onMalformedLine'],
): ChatStreamMessage | undefined {
  if (!item.ok) {
    onMalformed?.(item);
    return undefined;
  }
  const value = item.value;
  if (isJsonRpcErrorBody(value)) throw new ChatAuthError(value, status);
  if (isErrorBody(value) && (value as { id?: unknown }).id === undefined)
    throw new ChatStreamError(value.error, status);
  if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'string') {
    onMalformed?.({
      ok: false,
      error: new SyntaxError('Chat line is not a message object with a string id'),
      text: JSON.stringify(value)?.slice(0, 200) ?? String(value),
      line: item.line,
    });
    return undefined;
  }
  return value as ChatStreamMessage;
}

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
