// Request bodies of the workbooks and dashboards area: dashboard configs, report snapshots, upsert and publish.

import * as v from 'valibot';
import { APP_ENTRY_MAX_LENGTH } from '../limits.js';
import { BREAKPOINTS, COLUMN_FORMAT_TYPES, DASHBOARD_KINDS, REPORT_KINDS, WIDGET_TYPES } from '../types/enums.js';
import { bool, int, list, looseObject, nonEmptyStr, obj, object, oneOf, plain, rule, str } from './common.js';

// ─── Dashboards ──────────────────────────────────────────────────────────────────────────────────────────────

export const DashboardWidgetPositionSchema = object(
  { x: int(), y: int(), w: int(), h: int() },
  'must be an object with integers x, y, w, h',
);

const breakpointValues = <T extends v.GenericSchema>(value: T) =>
  object(
    Object.fromEntries(BREAKPOINTS.map((bp) => [bp, v.nullish(value)])) as Record<
      (typeof BREAKPOINTS)[number],
      v.NullishSchema<T, undefined>
    >,
    'must be an object keyed by lg, md, sm, xs, xxs',
  );

export const DashboardWidgetSchema = looseObject(
  {
    id: nonEmptyStr(),
    type: oneOf(WIDGET_TYPES),
    position: DashboardWidgetPositionSchema,
    config: v.nullish(obj()),
    style: v.nullish(obj()),
    responsiveLayouts: v.nullish(breakpointValues(DashboardWidgetPositionSchema)),
  },
  'must be an object',
);

export const DashboardAppSourceSchema = looseObject(
  {
    entry: v.nullish(
      v.pipe(str(), v.maxLength(APP_ENTRY_MAX_LENGTH, `must be at most ${APP_ENTRY_MAX_LENGTH} characters`)),
    ),
    files: v.nullish(plain(v.record(v.string(), str()), 'must be an object of strings')),
    html: v.nullish(str()),
    manifest: v.nullish(
      looseObject(
        {
          dependencies: v.nullish(plain(v.record(v.string(), str()), 'must be an object of strings')),
          version: v.nullish(int()),
        },
        'must be an object',
      ),
    ),
  },
  'must be an object',
);

export const DashboardLayoutSchema = looseObject(
  {
    breakpoints: v.nullish(breakpointValues(int())),
    cols: v.nullish(breakpointValues(int())),
    containerPadding: v.nullish(list(int())),
    margin: v.nullish(list(int())),
    rowHeight: v.nullish(int()),
  },
  'must be an object',
);

export const DashboardConfigSchema = v.pipe(
  looseObject(
    {
      kind: v.nullish(oneOf(DASHBOARD_KINDS)),
      title: v.nullish(str()),
      description: v.nullish(str()),
      app: v.nullish(DashboardAppSourceSchema),
      layout: v.nullish(DashboardLayoutSchema),
      settings: v.nullish(obj()),
      theme: v.nullish(obj()),
      widgets: v.nullish(list(DashboardWidgetSchema)),
    },
    'must be an object',
  ),
  rule((config) => {
    const seen = new Map<string, number>();
    for (const [i, widget] of (config.widgets ?? []).entries()) {
      const first = seen.get(widget.id);
      if (first !== undefined) return `widgets[${i}].id: duplicates widgets[${first}].id (${widget.id})`;
      seen.set(widget.id, i);
    }
    return undefined;
  }),
);

export const ReportSnapshotSchema = looseObject(
  {
    id: int(),
    reportId: int(),
    versionNumber: int(),
    name: v.nullish(str()),
    title: v.nullish(str()),
    description: v.nullish(str()),
    sqlQuery: v.nullish(str()),
    kind: v.nullish(oneOf(REPORT_KINDS)),
    meta: v.nullish(obj()),
    spec: v.nullish(v.union([str(), obj()], 'must be a string or an object')),
    fillMissingRows: v.nullish(
      object({ member: str(), excludedDimensions: v.nullish(list(str())) }, 'must be an object'),
    ),
    periodComparisons: v.nullish(
      list(
        object(
          {
            measure: str(),
            timeDimension: str(),
            offset: object({ amount: int(), unit: str() }, 'must be an object with amount and unit'),
            outputs: v.nullish(list(str())),
          },
          'must be an object',
        ),
      ),
    ),
    preferences: v.nullish(
      looseObject(
        {
          columnFormats: v.nullish(
            plain(
              v.record(
                v.string(),
                object({ type: oneOf(COLUMN_FORMAT_TYPES), decimalPlaces: v.nullish(int()) }, 'must be an object'),
              ),
            ),
          ),
        },
        'must be an object',
      ),
    ),
  },
  'must be an object',
);

// ─── Workbooks ───────────────────────────────────────────────────────────────────────────────────────────────

/** Body of upsertWorkbookBySlug; `meta.dashboardDraft` is validated as a DashboardConfig. */
export const CreateWorkbookInputSchema = looseObject(
  {
    folderId: v.nullish(int()),
    name: v.nullish(str()),
    meta: v.nullish(looseObject({ dashboardDraft: v.nullish(DashboardConfigSchema) }, 'must be an object')),
  },
  'must be a JSON object',
);

export const PublishDashboardInputSchema = object(
  { allowEmbed: v.optional(bool()), title: v.nullish(str()), description: v.nullish(str()) },
  'must be a JSON object',
);
