// The engine's IndexedDB schema: one object store per aggregate, with the records' shapes and their indexes.

import type { DBSchema } from 'idb';
import type { JSONWebKeySet } from 'jose';
import type { FileOptions } from '../data/executor.js';
import type { TableFormat } from '../data/formats.js';
import type { DataModel } from '../data/model-types.js';
import type {
  ChatStreamMessage,
  EmbedTenantGroup,
  EmbedTenantUserAttribute,
  EmbedTokenClaims,
  DashboardConfig,
  DashboardStatus,
  Plan,
  ReportSnapshot,
  Role,
  UserAttributeValueType,
  UserProfile,
  WorkbookType,
} from '../../api/types.js';

/** Scope of groups and attribute definitions: '' is tenant-wide, otherwise an embed tenant's name. */
export type Scope = string;
export const TENANT_WIDE: Scope = '';

export type AccessLevel = 'view' | 'edit' | 'manage';

/** A grant of access to a workbook or folder, to one internal user. */
export interface Share {
  userId: number;
  level: AccessLevel;
}

export interface AccountRecord {
  key: 'account';
  name: string;
  plan: Plan;
  useCreatorMode: boolean;
  createdAt: string;
}

export interface DeploymentRecord {
  id: number;
  name: string;
  /** Secret of the deployment's session tokens (HS256) and of chat service tokens. */
  apiSecret: string;
  /** Where the deployment's JWKS for RS256/ES256 chat tokens is fetched. */
  jwksUrl?: string;
  /** The deployment's JWKS inline (wins over jwksUrl). */
  jwks?: JSONWebKeySet;
  serviceTokenAuth: boolean;
  createdAt: string;
}

export interface UserRecord {
  id: number;
  email: string;
  username: string;
  role: Role;
  firstName?: string;
  createdAt: string;
}

export interface ApiKeyRecord {
  /** SHA-256 of the key, hex: the key itself is never stored. */
  hash: string;
  userId: number;
  /** Deployments the key may act on; undefined: all. */
  deploymentIds?: number[];
  scim: boolean;
  createdAt: string;
}

export interface FolderRecord {
  id: number;
  deploymentId: number;
  name: string;
  parentId?: number;
  shares: Share[];
  createdAt: string;
}

export interface WorkbookRecord {
  id: number;
  deploymentId: number;
  name: string;
  /** Normalised slug; absent for workbooks without one (absent keys are not indexed). */
  slug?: string;
  type: WorkbookType;
  meta: Record<string, unknown>;
  calculatedFields: Record<string, unknown>;
  folderId: number | null;
  createdBy: number;
  shares: Share[];
  isFavorite: boolean | null;
  dashboardDraft: DashboardConfig | null;
  publishedDashboardId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface DashboardRecord {
  id: number;
  publicId: string;
  deploymentId: number;
  workbookId: number;
  status: DashboardStatus;
  allowEmbed: boolean;
  config: DashboardConfig;
  versionNumber: number;
  versionId: number;
  reportSnapshots: ReportSnapshot[];
  createdBy: number | null;
  title: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DashboardVersionRecord {
  id: number;
  dashboardId: number;
  versionNumber: number;
  config: DashboardConfig;
  reportSnapshots: ReportSnapshot[];
  createdAt: string;
}

/** A group: the embed-tenant admin shape plus the scope it belongs to. */
export interface GroupRecord extends EmbedTenantGroup {
  scope: Scope;
}

/** An attribute definition: the embed-tenant admin shape plus the scope it belongs to. */
export interface AttributeRecord extends EmbedTenantUserAttribute {
  scope: Scope;
}

export interface EmbedTenantRecord {
  name: string;
  useCreatorMode: boolean;
  createdAt: string;
}

export interface ExternalUserRecord {
  id: number;
  /** '' for the account's own tenant, otherwise the embed tenant's name. */
  tenant: Scope;
  externalId: string;
  email: string | null;
  profile: UserProfile;
  /** Attribute values by attribute name. */
  attributes: Record<string, UserAttributeValueType>;
  /** Group names of the user's memberships, sorted. */
  groups: string[];
  isEphemeral: boolean;
  /** Epoch ms after which an ephemeral user is removed; null for persistent users. */
  expiresAt: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A minted embed session, waiting to be exchanged (single use, 5 minutes). */
export interface SessionRecord {
  sessionId: string;
  deploymentId: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  claims: SessionClaims;
}

/** What a session grants; copied into the token's claims at exchange (the token adds sub, iat, exp, jti). */
export type SessionClaims = Omit<EmbedTokenClaims, 'sub' | 'iat' | 'exp' | 'jti'>;

export interface RevokedTokenRecord {
  jti: string;
  revokedAt: number;
  /** Epoch ms: after this the token is expired anyway and the record can go. */
  expiresAt: number;
}

/**
 * A table of the data plane: the source of truth DuckDB ingests from. Either Arrow IPC (generated and seed tables,
 * and imports DuckDB did not read itself) or, for CSV and TSV, the file as it was given (a DataFileRecord) with what
 * DuckDB's read_csv is called with again to read it back.
 */
export interface DataTableRecord {
  name: string;
  /** Bumped on every change, so executors know to re-ingest. */
  version: number;
  /** A Blob for imported tables (IndexedDB keeps it without a copy on the page's thread), bytes for generated ones. */
  ipc?: Uint8Array | Blob;
  /** The original file (dataFiles `id`) and the reader's format and options, for a format kept as its file. */
  file?: { id: number; format: TableFormat; options: FileOptions };
  /**
   * A file on this machine the table was read from (Node: a `file:` URL, `svc-elements serve --data`): nothing of it
   * is kept, it is read again where it is when a DuckDB needs the table (refused when it changed: data/path-table.ts).
   */
  path?: { path: string; format: string; options: FileOptions };
  rowCount: number;
  /** Imported tables (engine.putTable, `data`): DuckDB's column types, and what was read (to skip an unchanged one). */
  columns?: { name: string; type: string }[];
  /**
   * What was read: `fingerprint` is `url:` and the URL, or a hash of bytes kept as IPC; without it (a kept file) the
   * bytes themselves are compared.
   */
  source?: { format: string; fingerprint?: string; size: number };
  /**
   * A random id given to this version of the table when it is stored (or first put into a kept database): a browser's
   * database in OPFS serves its copy of the table only while the copy's stamp equals this (data/opfs-kept.ts).
   */
  stamp?: string;
}

/** An imported file as it was given: a Blob where IndexedDB takes one, else its bytes. `table` is whose it is. */
export interface DataFileRecord {
  id?: number;
  table: string;
  bytes: Blob | Uint8Array;
  /** The Web Lock its import holds while it runs (data/file-sweep.ts); none where there are no Web Locks. */
  lock?: string;
}

/** The data plane's settings: the data model and, for the demo seed, what to generate on first use. */
export interface DataModelRecord {
  key: 'default';
  model: DataModel;
  /** Generate the demo dataset (this many orders, ending at this day) when no tables are stored yet. */
  generate?: { orders: number; anchorMs: number };
  /** Version of each stored table (kept here so a query reads this small record, not the tables, to check). */
  tableVersions: Record<string, number>;
}

/** Who owns a chat thread: an external user (of a tenant) or an internal user. */
export interface ChatOwner {
  kind: 'external' | 'internal';
  id: string;
  tenant: string;
}

/** A chat thread: its completed messages (the conversation) and whether a stream is running. */
export interface ChatThreadRecord {
  chatId: string;
  accountName: string;
  agentId: string;
  owner: ChatOwner;
  messages: ChatStreamMessage[];
  /** The `sort` of the thread's next stream line (chat/sort.ts); absent on threads stored before it was kept. */
  nextSort?: number;
  createdAt: string;
  updatedAt: string;
}

export interface AgentRecord {
  id: string;
  deploymentId: number;
  name: string;
}

export interface EngineDB extends DBSchema {
  agents: { key: string; value: AgentRecord };
  chatThreads: { key: string; value: ChatThreadRecord };
  /** `kept`: [name, version, stamp] of the records with a stamp (a start checks them without reading their rows). */
  dataTables: { key: string; value: DataTableRecord; indexes: { kept: [string, number, string] } };
  dataFiles: { key: number; value: DataFileRecord; indexes: { table: string } };
  dataModels: { key: string; value: DataModelRecord };
  meta: { key: string; value: AccountRecord };
  deployments: { key: number; value: DeploymentRecord };
  users: { key: number; value: UserRecord; indexes: { email: string; username: string } };
  apiKeys: { key: string; value: ApiKeyRecord };
  folders: { key: number; value: FolderRecord; indexes: { deploymentId: number } };
  workbooks: {
    key: number;
    value: WorkbookRecord;
    indexes: { deploymentSlug: [number, string]; deploymentId: number };
  };
  dashboards: { key: number; value: DashboardRecord; indexes: { publicId: string; workbookId: number } };
  dashboardVersions: { key: number; value: DashboardVersionRecord; indexes: { dashboardId: number } };
  groups: { key: number; value: GroupRecord; indexes: { scopeName: [string, string]; scope: string } };
  attributes: { key: number; value: AttributeRecord; indexes: { scopeName: [string, string]; scope: string } };
  embedTenants: { key: string; value: EmbedTenantRecord };
  externalUsers: {
    key: number;
    value: ExternalUserRecord;
    indexes: { tenantExternalId: [string, string]; tenant: string; expiresAt: number };
  };
  sessions: { key: string; value: SessionRecord };
  revokedTokens: { key: string; value: RevokedTokenRecord };
}

export type StoreName =
  | 'agents'
  | 'chatThreads'
  | 'dataTables'
  | 'dataFiles'
  | 'dataModels'
  | 'meta'
  | 'deployments'
  | 'users'
  | 'apiKeys'
  | 'folders'
  | 'workbooks'
  | 'dashboards'
  | 'dashboardVersions'
  | 'groups'
  | 'attributes'
  | 'embedTenants'
  | 'externalUsers'
  | 'sessions'
  | 'revokedTokens';
