// Embed-tenant admin, deployments and SCIM users (shapes are ours / RFC 7644 where the spec shows none).

import type { AttributeType } from './enums.js';

// ─── Embed-tenant admin (record and page shapes are ours: the spec does not show them) ──────────────────────

export interface EmbedTenantGroup {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EmbedTenantUserAttribute {
  id: number;
  name: string;
  type: AttributeType;
  displayName: string | null;
  defaultValue: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Query of a cursor-paginated list: at most `first` items after the opaque cursor `after`. */
export interface PageRequest {
  first?: number;
  after?: string;
}

/** One page of a cursor-paginated list. */
export interface Page<T> {
  items: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

// ─── Deployments and SCIM (shapes are ours / RFC 7644: the spec does not show them) ─────────────────────────

export interface Deployment {
  id: number;
  name: string;
  createdAt: string;
}

export interface ScimListRequest {
  /** Page size. */
  count?: number;
  /** 1-based index of the first result. */
  startIndex?: number;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  userName: string;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  displayName?: string;
  emails?: { value: string; primary?: boolean }[];
  active: boolean;
  meta?: { resourceType: 'User'; created?: string; lastModified?: string };
}

export interface ScimListResponse<T = ScimUser> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}
