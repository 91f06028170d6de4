// Every resource, request, response and stream message of the API spec (../shared/spec/api.md) and of the
// contracts ARCHITECTURE §4 fixes where the spec is silent. Names and fields follow the spec exactly.

// ─── Enumerations ────────────────────────────────────────────────────────────────────────────────────────────

export const WORKBOOK_TYPES = ['FOLDER', 'WORKBOOK', 'REPORT'] as const;
export type WorkbookType = (typeof WORKBOOK_TYPES)[number];

export const DASHBOARD_STATUSES = ['draft', 'published', 'archived'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export const DASHBOARD_KINDS = ['CLASSIC', 'APP'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

export const WIDGET_TYPES = ['CHART', 'TEXT', 'FILTER', 'AI', 'TABS_CONTAINER', 'TIME_GRAIN'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const BREAKPOINTS = ['lg', 'md', 'sm', 'xs', 'xxs'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

export const REPORT_KINDS = ['vega', 'table', 'kpi', 'html', 'map'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const COLUMN_FORMAT_TYPES = ['currency', 'percent', 'number'] as const;
export type ColumnFormatType = (typeof COLUMN_FORMAT_TYPES)[number];

export const ATTRIBUTE_TYPES = ['string', 'number', 'string_array', 'number_array'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const MEMBER_TYPES = ['string', 'number', 'time', 'boolean'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

/** Roles, lowest first (ARCHITECTURE §4). */
export const ROLES = ['viewer', 'explorer', 'ai-bi-user', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ['free', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

// ─── Workbooks ───────────────────────────────────────────────────────────────────────────────────────────────

export interface WorkspaceFolderPathEntry {
  id: number;
  name: string;
}

export interface ResourceOwner {
  id: number;
  email: string;
  firstName?: string | null;
  picture?: string | null;
}

/** Response of upsertWorkbookBySlug and of the management workbook read. */
export interface Workbook {
  id: number;
  deploymentId: number;
  name: string;
  meta: Record<string, unknown>;
  calculatedFields: Record<string, unknown>;
  type: WorkbookType;
  createdAt: string;
  updatedAt: string;
  createdBy?: number;
  slug?: string | null;
  folderId?: number | null;
  folderPath?: WorkspaceFolderPathEntry[];
  isFavorite?: boolean | null;
  dashboardDraft?: DashboardConfig | null;
  dashboardPublished?: DashboardConfig | null;
  publishedDashboard?: Dashboard | null;
  user?: ResourceOwner | null;
  userId?: number | null;
}

/** Request body of upsertWorkbookBySlug; every field optional. `meta.dashboardDraft` is a DashboardConfig. */
export interface CreateWorkbookInput {
  folderId?: number | null;
  meta?: (Record<string, unknown> & { dashboardDraft?: DashboardConfig | null }) | null;
  name?: string | null;
}

// ─── Dashboards ──────────────────────────────────────────────────────────────────────────────────────────────

export interface Dashboard {
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
  createdBy?: number | null;
  description?: string | null;
  title?: string | null;
  fromSharedWorkspace?: boolean | null;
  restrictDataDownload?: boolean | null;
  useBoardDashboards?: boolean | null;
}

/** All fields optional and nullable. */
export interface DashboardConfig {
  kind?: DashboardKind | null;
  title?: string | null;
  description?: string | null;
  app?: DashboardAppSource | null;
  layout?: DashboardLayout | null;
  settings?: Record<string, unknown> | null;
  theme?: Record<string, unknown> | null;
  widgets?: DashboardWidget[] | null;
}

export interface DashboardAppManifest {
  dependencies?: Record<string, string> | null;
  version?: number | null;
}

export interface DashboardAppSource {
  /** Max 255 characters (APP_ENTRY_MAX_LENGTH). */
  entry?: string | null;
  files?: Record<string, string> | null;
  html?: string | null;
  manifest?: DashboardAppManifest | null;
}

export type BreakpointValues<T> = { [K in Breakpoint]?: T | null };

export interface DashboardLayout {
  breakpoints?: BreakpointValues<number> | null;
  cols?: BreakpointValues<number> | null;
  containerPadding?: number[] | null;
  margin?: number[] | null;
  rowHeight?: number | null;
}

/** Grid cell coordinates; all integers. */
export interface DashboardWidgetPosition {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DashboardWidget {
  id: string;
  type: WidgetType;
  position: DashboardWidgetPosition;
  config?: Record<string, unknown> | null;
  style?: Record<string, unknown> | null;
  responsiveLayouts?: BreakpointValues<DashboardWidgetPosition> | null;
}

export interface FillMissingRows {
  member: string;
  excludedDimensions?: string[] | null;
}

export interface PeriodComparison {
  measure: string;
  timeDimension: string;
  offset: { amount: number; unit: string };
  outputs?: string[] | null;
}

export interface ColumnFormat {
  type: ColumnFormatType;
  decimalPlaces?: number | null;
}

export interface ReportPreferences {
  columnFormats?: Record<string, ColumnFormat> | null;
  [key: string]: unknown;
}

export interface ReportSnapshot {
  id: number;
  reportId: number;
  versionNumber: number;
  name?: string | null;
  title?: string | null;
  description?: string | null;
  sqlQuery?: string | null;
  kind?: ReportKind | null;
  /** `meta.query` (a LoadQuery), when present, is what the report runs (ARCHITECTURE §4). */
  meta?: (Record<string, unknown> & { query?: LoadQuery }) | null;
  spec?: string | Record<string, unknown> | null;
  fillMissingRows?: FillMissingRows | null;
  periodComparisons?: PeriodComparison[] | null;
  preferences?: ReportPreferences | null;
}

// Widget configs (DashboardWidget.config is free-form in the spec; these are ours, ARCHITECTURE §4).

export interface ChartWidgetConfig {
  reportId: number;
}
export interface TextWidgetConfig {
  markdown: string;
}
export interface FilterWidgetConfig {
  member: string;
  label?: string;
  multiple?: boolean;
  defaultValues?: (string | number | boolean)[];
}
export interface TimeGrainWidgetConfig {
  member?: string;
  grains?: TimeGranularity[];
  defaultGrain?: TimeGranularity;
}
export interface TabsContainerWidgetConfig {
  tabs: { id: string; title: string; widgetIds: string[] }[];
}
export interface AiWidgetConfig {
  prompt?: string;
}

/** Management writes of ARCHITECTURE §4. */
export interface PublishDashboardInput {
  allowEmbed?: boolean;
  title?: string | null;
  description?: string | null;
}

// ─── Embed sessions ──────────────────────────────────────────────────────────────────────────────────────────

export interface UserProfile {
  displayName?: string;
  /** Absolute http:// or https:// URL; only syntax is validated. */
  picture?: string;
}

export type UserAttributeValueType = string | number | string[] | number[] | null;

export interface UserAttributeValue {
  name: string;
  /** Must match the definition's type; null clears the value. */
  value: UserAttributeValueType;
}

export interface GroupDefinition {
  name: string;
  description?: string;
}

export interface UserAttributeDefinition {
  name: string;
  type: AttributeType;
  displayName?: string;
  defaultValue?: string;
  description?: string;
}

/** Tri-state: an omitted key inherits the account-wide setting. */
export interface SessionDisplaySettings {
  showDashboardChat?: boolean;
}

export interface GenerateSessionRequest {
  deploymentId: number;
  externalId?: string;
  internalId?: string;
  email?: string;
  userProfile?: UserProfile;
  embedTenantName?: string;
  creatorMode?: boolean;
  userAttributes?: UserAttributeValue[];
  groups?: string[];
  userAttributeDefinitions?: UserAttributeDefinition[];
  groupDefinitions?: GroupDefinition[];
  securityContext?: Record<string, unknown>;
  settings?: SessionDisplaySettings;
}

export interface GenerateSessionResponse {
  sessionId: string;
}

/** `POST /api/v1/embed/session/token` (ARCHITECTURE §4). */
export interface SessionTokenRequest {
  sessionId: string;
}
export interface SessionTokenResponse {
  token: string;
}
/** `POST /api/v1/embed/session/revoke` → 204. */
export interface RevokeSessionTokenRequest {
  token: string;
}

/** Claims of the 24 h embed session token (a JWT). */
export interface EmbedTokenClaims {
  sub: string;
  deploymentId: number;
  externalId?: string;
  internalId?: string;
  email?: string;
  userProfile?: UserProfile;
  embedTenantName?: string;
  creatorMode?: boolean;
  groups: string[];
  userAttributes: Record<string, UserAttributeValueType>;
  securityContext: Record<string, unknown>;
  settings: SessionDisplaySettings;
  scope: string[];
  iat: number;
  exp: number;
  jti?: string;
}

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

// ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ChatSessionSettings {
  externalId?: string;
  internalId?: string;
  email?: string;
  userAttributes?: { name: string; value: UserAttributeValueType }[];
  groups?: string[];
  securityContext?: Record<string, unknown>;
  isEphemeral?: boolean;
  ephemeralTtlSeconds?: number;
}

/** Body of stream-chat-state. */
export interface ChatRequest {
  input?: string;
  chatId?: string;
  /** 13 or more digits (Unix ms) followed by `-message`. */
  messageId?: string;
  /** Required with API key auth; ignored with token auth. */
  sessionSettings?: ChatSessionSettings;
  activeBranchName?: string;
  isDefaultBranch?: boolean;
}

/** Body of the abort endpoint. */
export interface AbortChatRequest {
  chatId: string;
  sessionSettings?: { externalId?: string };
}

export interface ToolCall {
  name: string;
  /** JSON string; parse with parseToolPayload(). */
  input: string;
  /** JSON string, present only when the call is complete. */
  result?: string;
}

export interface ChatCutoffState {
  isStreaming: boolean;
  chatId: string;
}

export interface ChatStateSnapshot {
  /** Opaque list of conversation messages. */
  messages?: unknown[];
  [key: string]: unknown;
}

/** One JSON object per line of the chat stream. */
export interface ChatStreamMessage {
  /** Message id; special ids `__cutoff__` and `__state__`. */
  id: string;
  role?: 'user' | 'assistant' | (string & {});
  content?: string;
  thinking?: string;
  toolCall?: ToolCall;
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  isStructuredResponse?: boolean;
  sort?: number;
  state?: ChatCutoffState | ChatStateSnapshot | Record<string, unknown>;
}

// Tool payloads (JSON strings inside toolCall.input and toolCall.result).

export interface ServiceMetaInput {
  searchQuery: string;
}

export interface ServiceMetaMember {
  name: string;
  title: string;
  description?: string;
  type: MemberType;
  aggType?: string;
}

export interface ServiceMetaCube {
  name: string;
  type: 'cube' | 'view' | (string & {});
  title: string;
  members: ServiceMetaMember[];
}

export interface ServiceMetaResult {
  searchQuery: string;
  cubes: ServiceMetaCube[];
}

export interface ServiceSqlApiInput {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  memoryId?: string;
  /** Vega-Lite v5 spec as a JSON string. */
  vegaSpec?: string;
}

export interface SchemaColumn {
  name: string;
  column_type: string;
}

export interface ServiceSqlApiResult {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  schema: SchemaColumn[];
  data: unknown[][];
  totalRows: number;
  uuid: string;
  /** Contains no data; data comes from `data`. */
  vegaSpec?: string;
}

/** A tool result that failed: the parsed result has an `error` property. */
export interface ToolErrorResult {
  error: string;
  [key: string]: unknown;
}

// ─── Data API (ARCHITECTURE §4; shapes of the vendor's public docs) ─────────────────────────────────────────

export const TIME_GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGranularity = (typeof TIME_GRANULARITIES)[number];

export const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
  'measureFilter',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface MemberFilter {
  member: string;
  operator: FilterOperator;
  values?: (string | number | boolean)[];
}
export type LoadFilter = MemberFilter | { and: LoadFilter[] } | { or: LoadFilter[] };

/** A date range: `[from, to]` or a relative phrase such as `last 6 months`. */
export type DateRange = string | [string, string];

export interface TimeDimension {
  dimension: string;
  granularity?: TimeGranularity;
  dateRange?: DateRange;
  /** Cube's period comparison: one query per range, answered as a `compareDateRangeQuery` (the data API). */
  compareDateRange?: DateRange[];
}

export type OrderDirection = 'asc' | 'desc';

export interface LoadQuery {
  measures?: string[];
  dimensions?: string[];
  segments?: string[];
  timeDimensions?: TimeDimension[];
  filters?: LoadFilter[];
  order?: Record<string, OrderDirection> | [string, OrderDirection][];
  limit?: number;
  offset?: number;
  total?: boolean;
  timezone?: string;
  /** No GROUP BY: one row per joined row (the primary key of every joined cube must be among the dimensions). */
  ungrouped?: boolean;
  /** Cube's cache bypass: the local engine has no result cache, so every query is fresh. */
  renewQuery?: boolean;
  /** Cube's explicit join paths: refused by the local engine (400). */
  joinHints?: unknown;
  /** Cube's row encoding: `compact` answers `data` as `{members, dataset}`, `columnar` as `{members, columns}`. */
  responseFormat?: 'default' | 'compact' | 'columnar';
  /** Cube's cache mode: the local engine has no result cache, so every mode reads fresh data. */
  cache?: 'stale-if-slow' | 'stale-while-revalidate' | 'must-revalidate' | 'no-cache';
}

/** Extra body fields dashboards send with a load or cubesql request. */
export interface DashboardQueryOverrides {
  filters?: LoadFilter[];
  timeGrain?: TimeGranularity;
}

export interface LoadRequest extends DashboardQueryOverrides {
  query: LoadQuery;
}

export interface MetaMember {
  name: string;
  title: string;
  shortTitle?: string;
  description?: string;
  type: MemberType | (string & {});
  aggType?: string;
  primaryKey?: boolean;
  /** Cube's display format (`percent`, `currency`, `number`, …) and the model's free-form `meta`. */
  format?: string;
  meta?: Record<string, unknown>;
  /** Measures: the members a drill-down lists (Cube's `drillMembers`, grouped as measures and dimensions). */
  drillMembers?: string[];
  drillMembersGrouped?: { measures: string[]; dimensions: string[] };
  cumulative?: boolean;
  cumulativeTotal?: boolean;
  suggestFilterValues?: boolean;
  /** Listed members are visible (Cube lists only these). */
  isVisible?: boolean;
  public?: boolean;
  /** In a load annotation of a time dimension with a granularity: that granularity. */
  granularity?: { name: string; type: 'built-in'; title: string; interval: string };
}

export interface MetaCube {
  name: string;
  type: 'cube' | 'view';
  title: string;
  description?: string;
  isVisible?: boolean;
  public?: boolean;
  meta?: Record<string, unknown>;
  measures: MetaMember[];
  dimensions: MetaMember[];
  segments: MetaMember[];
}

export interface MetaResponse {
  cubes: MetaCube[];
}

export interface LoadAnnotation {
  measures: Record<string, MetaMember>;
  dimensions: Record<string, MetaMember>;
  segments: Record<string, MetaMember>;
  timeDimensions: Record<string, MetaMember>;
}

export interface LoadResponse {
  query: LoadQuery;
  data: Record<string, unknown>[];
  annotation: LoadAnnotation;
  /** The row count without limit and offset when the query asked `total: true` (Cube: null otherwise). */
  total?: number | null;
  /** Cube's result metadata: when the data was read, from which data source and database, whether it was slow. */
  lastRefreshTime?: string;
  dataSource?: string;
  dbType?: string;
  external?: boolean;
  slowQuery?: boolean;
}

/** Cube's query types: one query, one per `compareDateRange` range, or several blended. */
export type CubeQueryType = 'regularQuery' | 'compareDateRangeQuery' | 'blendingQuery';

/** The answer to `queryType: "multi"` (what Cube's clients ask for): one result per query, and the query to pivot. */
export interface LoadMultiResponse {
  queryType: CubeQueryType;
  results: LoadResponse[];
  pivotQuery: LoadQuery & { queryType: CubeQueryType };
  slowQuery: boolean;
}

/** `/sql`: the SQL a load query runs (`sql: [text, parameters]`) and its order; an array for several queries. */
export interface CubeSqlQueryResponse {
  sql: {
    sql: [string, unknown[]];
    order: Record<string, OrderDirection>;
    dataSource: string;
    external: boolean;
    aliasNameToMember: Record<string, string>;
  };
}

/** `/dry-run`: the queries as the API reads them, without running them. */
export interface CubeDryRunResponse {
  queryType: CubeQueryType;
  normalizedQueries: LoadQuery[];
  queryOrder: Record<string, OrderDirection>[];
  transformedQueries: null[];
  pivotQuery: LoadQuery & { queryType: CubeQueryType };
}

export interface CubeSqlRequest extends DashboardQueryOverrides {
  query: string;
  /** Sent by Cube's clients; accepted (the SQL API reads dates in UTC; no result cache; no long-polling). */
  timezone?: string;
  cache?: LoadQuery['cache'];
  throwContinueWait?: boolean;
}

/** The cubesql NDJSON stream: first line `{schema}`, then `{data}` lines; `{error}` ends it. */
export type CubeSqlLine = { schema: SchemaColumn[] } | { data: unknown[][] } | { error: string };

/** The whole cubesql result once the stream is read. */
export interface CubeSqlResult {
  schema: SchemaColumn[];
  data: unknown[][];
}

// ─── Rendering reads (ARCHITECTURE §4) ───────────────────────────────────────────────────────────────────────

export interface EmbedDashboardResponse {
  dashboard: Dashboard;
  workbook: { id: number; name: string; slug: string | null };
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
