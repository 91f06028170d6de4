// Enumerations shared by the areas of the API (spec).

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

/** Roles, lowest first. */
export const ROLES = ['viewer', 'explorer', 'ai-bi-user', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ['free', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
