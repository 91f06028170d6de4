// Workbooks and dashboards (spec: Workbooks, Dashboards), our widget configs, and the embed read of a published
// dashboard.

import type { LoadQuery, TimeGranularity } from './data.js';
import type {
  Breakpoint,
  ColumnFormatType,
  DashboardKind,
  DashboardStatus,
  ReportKind,
  WidgetType,
  WorkbookType,
} from './enums.js';

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
  /** `meta.query` (a LoadQuery), when present, is what the report runs. */
  meta?: (Record<string, unknown> & { query?: LoadQuery }) | null;
  spec?: string | Record<string, unknown> | null;
  fillMissingRows?: FillMissingRows | null;
  periodComparisons?: PeriodComparison[] | null;
  preferences?: ReportPreferences | null;
}

// Widget configs: DashboardWidget.config is free-form in the spec; these are ours, one per widget type
// (docs/architecture.md, "How to add a widget kind"). Every kind takes a `title`; src/api/schemas/widgets.ts checks
// them.

/** What every widget config may hold. */
export interface WidgetConfigBase {
  /** The widget's title (a CHART's default: its report's; a FILTER's: its label). */
  title?: string;
}
export interface ChartWidgetConfig extends WidgetConfigBase {
  /** A report snapshot of the dashboard, by `reportId` (or snapshot `id`). */
  reportId: number;
}
export interface TextWidgetConfig extends WidgetConfigBase {
  markdown?: string;
}
export interface FilterWidgetConfig extends WidgetConfigBase {
  member: string;
  label?: string;
  multiple?: boolean;
  defaultValues?: (string | number | boolean)[];
}
export interface TimeGrainWidgetConfig extends WidgetConfigBase {
  member?: string;
  label?: string;
  grains?: TimeGranularity[];
  defaultGrain?: TimeGranularity;
}
export interface WidgetTab {
  /** Default: the tab's index. */
  id?: string;
  /** Default: "Tab n". */
  title?: string;
  widgetIds?: string[];
}
export interface TabsContainerWidgetConfig extends WidgetConfigBase {
  tabs: WidgetTab[];
}
export interface AiWidgetConfig extends WidgetConfigBase {
  prompt?: string;
  prompts?: string[];
}

/** Each widget type's config. */
export interface WidgetConfigs {
  CHART: ChartWidgetConfig;
  TEXT: TextWidgetConfig;
  FILTER: FilterWidgetConfig;
  AI: AiWidgetConfig;
  TABS_CONTAINER: TabsContainerWidgetConfig;
  TIME_GRAIN: TimeGrainWidgetConfig;
}

/** A widget of type `T` with its config checked (src/api/schemas/widgets.ts); of several types, a union by `type`. */
export type TypedWidget<T extends WidgetType = WidgetType> = T extends WidgetType
  ? Omit<DashboardWidget, 'type' | 'config'> & { type: T; config: WidgetConfigs[T] }
  : never;

/** Management writes: publishing a dashboard. */
export interface PublishDashboardInput {
  allowEmbed?: boolean;
  title?: string | null;
  description?: string | null;
}

// ─── Rendering reads ───────────────────────────────────────────────────────────────────────────────────────

export interface EmbedDashboardResponse {
  dashboard: Dashboard;
  workbook: { id: number; name: string; slug: string | null };
}
