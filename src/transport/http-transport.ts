// HttpTransport: the one client of the API, over any `fetch` — the network's, or the local engine's in-process
// handler. The areas of the spec (sessions-api.ts, workbooks-api.ts, admin-api.ts, data-api.ts, chat-api.ts) over
// the shared plumbing (http-core.ts: auth headers, error mapping, AbortSignal and timeouts), every one loaded with it.

import type {
  EmbedTenantGroup,
  EmbedTenantUserAttribute,
  Page,
  PageRequest,
  ScimListRequest,
  ScimListResponse,
} from '../api/types.js';
import * as admin from './admin-api.js';
import { EmbedTransport } from './embed-transport.js';
import type { RequestOptions } from './transport.js';

export { errorFromResponse } from './http-core.js';
export type { FetchLike, HttpTransportOptions, RetryOptions } from './http-core.js';

export class HttpTransport extends EmbedTransport {
  override listEmbedTenantGroups(t: string, page?: PageRequest, o?: RequestOptions): Promise<Page<EmbedTenantGroup>> {
    return admin.listEmbedTenantGroups(this.http, t, page, o);
  }

  override deleteEmbedTenantGroup(t: string, id: number, options?: RequestOptions): Promise<void> {
    return admin.deleteEmbedTenantGroup(this.http, t, id, options);
  }

  override listEmbedTenantUserAttributes(
    t: string,
    page?: PageRequest,
    o?: RequestOptions,
  ): Promise<Page<EmbedTenantUserAttribute>> {
    return admin.listEmbedTenantUserAttributes(this.http, t, page, o);
  }

  override deleteEmbedTenantUserAttribute(t: string, id: number, options?: RequestOptions): Promise<void> {
    return admin.deleteEmbedTenantUserAttribute(this.http, t, id, options);
  }

  override listScimUsers(query?: ScimListRequest, options?: RequestOptions): Promise<ScimListResponse> {
    return admin.listScimUsers(this.http, query, options);
  }
}
