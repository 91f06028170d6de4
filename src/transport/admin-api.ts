// Embed-tenant admin (Api-Key of an admin: groups and user attributes of a tenant, listed by cursor pages and
// deleted) and the SCIM users list. Never needed to render: the elements' client loads this module on first use.

import type {
  EmbedTenantGroup,
  EmbedTenantUserAttribute,
  Page,
  PageRequest,
  ScimListRequest,
  ScimListResponse,
} from '../api/types.js';
import type { HttpContext } from './http-core.js';
import { callJson } from './operation.js';
import type { RequestOptions } from './transport.js';

export const listEmbedTenantGroups = (
  http: HttpContext,
  embedTenantName: string,
  page: PageRequest = {},
  options?: RequestOptions,
): Promise<Page<EmbedTenantGroup>> =>
  callJson(http, 'listEmbedTenantGroups', {
    params: { embedTenantName },
    query: { first: page.first, after: page.after },
    options,
  });

export const listEmbedTenantUserAttributes = (
  http: HttpContext,
  embedTenantName: string,
  page: PageRequest = {},
  options?: RequestOptions,
): Promise<Page<EmbedTenantUserAttribute>> =>
  callJson(http, 'listEmbedTenantUserAttributes', {
    params: { embedTenantName },
    query: { first: page.first, after: page.after },
    options,
  });

export async function deleteEmbedTenantGroup(
  http: HttpContext,
  embedTenantName: string,
  id: number,
  options?: RequestOptions,
): Promise<void> {
  await callJson(http, 'deleteEmbedTenantGroup', { params: { embedTenantName, id }, options });
}

export async function deleteEmbedTenantUserAttribute(
  http: HttpContext,
  embedTenantName: string,
  id: number,
  options?: RequestOptions,
): Promise<void> {
  await callJson(http, 'deleteEmbedTenantUserAttribute', { params: { embedTenantName, id }, options });
}

export function listScimUsers(
  http: HttpContext,
  query: ScimListRequest = {},
  options?: RequestOptions,
): Promise<ScimListResponse> {
  return callJson(http, 'listScimUsers', { query: { count: query.count, startIndex: query.startIndex }, options });
}
