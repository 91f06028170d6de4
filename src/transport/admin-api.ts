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
import { queryString, seg, type HttpContext } from './http-core.js';
import { requestJson } from './http-send.js';
import type { RequestOptions } from './transport.js';

type TenantList = 'groups' | 'user-attributes';

function listTenant<T>(
  http: HttpContext,
  tenant: string,
  what: TenantList,
  page: PageRequest = {},
  options?: RequestOptions,
): Promise<Page<T>> {
  const query = queryString({ first: page.first, after: page.after });
  const operation = what === 'groups' ? 'listEmbedTenantGroups' : 'listEmbedTenantUserAttributes';
  const url = `${http.baseUrl}/api/v1/embed-tenants/${seg(tenant)}/${what}${query}`;
  return requestJson(http, operation, 'GET', url, 'apiKey', options);
}

async function deleteTenant(
  http: HttpContext,
  tenant: string,
  what: TenantList,
  id: number,
  options?: RequestOptions,
): Promise<void> {
  const operation = what === 'groups' ? 'deleteEmbedTenantGroup' : 'deleteEmbedTenantUserAttribute';
  const url = `${http.baseUrl}/api/v1/embed-tenants/${seg(tenant)}/${what}/${seg(String(id))}`;
  await requestJson(http, operation, 'DELETE', url, 'apiKey', options);
}

export const listEmbedTenantGroups = (
  http: HttpContext,
  tenant: string,
  page?: PageRequest,
  options?: RequestOptions,
): Promise<Page<EmbedTenantGroup>> => listTenant(http, tenant, 'groups', page, options);

export const listEmbedTenantUserAttributes = (
  http: HttpContext,
  tenant: string,
  page?: PageRequest,
  options?: RequestOptions,
): Promise<Page<EmbedTenantUserAttribute>> => listTenant(http, tenant, 'user-attributes', page, options);

export const deleteEmbedTenantGroup = (http: HttpContext, tenant: string, id: number, options?: RequestOptions) =>
  deleteTenant(http, tenant, 'groups', id, options);

export const deleteEmbedTenantUserAttribute = (
  http: HttpContext,
  tenant: string,
  id: number,
  options?: RequestOptions,
) => deleteTenant(http, tenant, 'user-attributes', id, options);

export function listScimUsers(
  http: HttpContext,
  query: ScimListRequest = {},
  options?: RequestOptions,
): Promise<ScimListResponse> {
  const url = `${http.baseUrl}/api/scim/v2/Users${queryString({ count: query.count, startIndex: query.startIndex })}`;
  return requestJson(
    http,
    'listScimUsers',
    'GET',
    url,
    'scim',
    options,
    undefined,
    'application/scim+json, application/json',
  );
}
