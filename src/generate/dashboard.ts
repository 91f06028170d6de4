// generateDashboard(meta): a first dashboard over any data model, from its /cubejs-api/v1/meta response — a KPI per
// measure, each measure over the main time dimension, and the main measure by the most useful string dimensions, with
// filters on those dimensions and a time-grain control; for each visible view, then each visible cube no view shows
// whole. Hints loaded from the data (loadDataHints: distinct values, time spans) make it better: breakdowns with few
// values first (many-valued ones as their top values), and time charts at a grain that fits the data's span in a
// card. Every row of the grid is filled. Pure: no request, no DOM; the result goes to <svc-dashboard> as it is
// (`el.dashboard = generateDashboard(meta).config`) or into a workbook (`meta: { dashboardDraft: config, reports }`).
// Titles and descriptions are text: the TEXT widgets' markdown escapes them (only the heading is markup).
import type {
  DashboardConfig,
  DashboardWidget,
  MetaMember,
  MetaResponse,
  ReportSnapshot,
  TimeGranularity,
  WidgetConfigs,
} from '../api/types.js';
import { markdownText } from '../util/markdown-text.js';
import { CHART_GRAINS, grainForSpan, type TimeSpan } from './grain.js';
import { breakdownsOf, mainTimeDimension, subjectsOf, visible, type DimensionOptions } from './subjects.js';

export interface GenerateDashboardOptions extends DimensionOptions {
  /** The dashboard's title (default: the subject's title, or "Overview" over several). */
  title?: string;
  /**
   * The time charts' starting granularity. Default: from `timeSpans`, the finest grain whose periods fit a chart
   * (`chartWidth` / `pointSpacing` points); `month` without a span. The time-grain control changes it.
   */
  granularity?: TimeGranularity;
  /** The first and last value of time dimensions (`{ 'orders.created_at': { from, to } }`): see `granularity`. */
  timeSpans?: Record<string, TimeSpan>;
  /** The width a time chart is drawn at, in px (default 560: half of a 1280 px page). */
  chartWidth?: number;
  /** At least this many px between two points of a time chart (default 10). */
  pointSpacing?: number;
  /** Which cubes or views to cover, by name (default: the visible views, then the visible cubes no view shows). */
  subjects?: string[];
  /** At most this many KPIs per subject (default 12): a KPI per measure, up to it. */
  maxMeasures?: number;
  /** A breakdown of more than `maxValues` values draws this many top values (default 10). */
  topValues?: number;
}

export interface GeneratedDashboard {
  config: DashboardConfig;
  reportSnapshots: ReportSnapshot[];
}

/** A member's name as a Vega field: dots in field names are escaped, not paths. */
const field = (member: string) => member.replace(/\./g, '\\.');
const label = (m: MetaMember) => m.shortTitle || m.title || m.name.split('.').pop()!;
const slug = (name: string) => name.replace(/[^\w-]+/g, '-');

/** `count` items in rows of `perRow` across 12 columns; the last row's items share its whole width (no hole). */
function tile(count: number, perRow: number, y: number, h: number): { x: number; y: number; w: number; h: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    const w = 12 / inRow;
    return {
      x: Math.round((i % perRow) * w),
      y: y + row * h,
      w: Math.round(((i % perRow) + 1) * w) - Math.round((i % perRow) * w),
      h,
    };
  });
}

/** The measure a breakdown shows: the first additive one (a sum, then a count), else the first. */
function mainMeasure(measures: MetaMember[]): MetaMember {
  const agg = (m: MetaMember) => m.aggType ?? '';
  return measures.find((m) => agg(m) === 'sum') ?? measures.find((m) => agg(m).startsWith('count')) ?? measures[0];
}

/** A dashboard for `meta`: see the module comment. Deterministic: the same meta and options give the same result. */
export function generateDashboard(meta: MetaResponse, options: GenerateDashboardOptions = {}): GeneratedDashboard {
  const subjects = subjectsOf(meta, options.subjects);
  const reportSnapshots: ReportSnapshot[] = [];
  const widgets: DashboardWidget[] = [];
  const addReport = (report: Omit<ReportSnapshot, 'id' | 'reportId' | 'versionNumber'>): number => {
    const id = reportSnapshots.length + 1;
    reportSnapshots.push({ id, reportId: id, versionNumber: 1, ...report });
    return id;
  };
  const title =
    options.title ??
    (subjects.length === 1 ? subjects[0].title || subjects[0].name : subjects.length ? 'Overview' : '');
  let y = 0;
  /** One time-grain control: it sets the grain of every time chart on the dashboard. */
  let grainShown = false;
  if (subjects.length === 0) {
    widgets.push({
      id: 'empty',
      type: 'TEXT',
      position: { x: 0, y: 0, w: 12, h: 1 },
      config: {
        markdown: `## ${markdownText(title || 'Overview')}\n\nThe data model has no visible measures to show.`,
      },
    });
  }
  for (const cube of subjects) {
    // Ids name their member (unique across subjects already); the title of a subject after the first names it too.
    const prefix = cube === subjects[0] ? '' : `${slug(cube.name)}-`;
    const measures = cube.measures.filter(visible).slice(0, options.maxMeasures ?? 12);
    const time = mainTimeDimension(cube);
    const breakdowns = breakdownsOf(cube, options);
    const dims = breakdowns.map((b) => b.dimension);
    const span = time && options.timeSpans?.[time.name];
    const granularity =
      options.granularity ??
      (span && grainForSpan(span, options.chartWidth ?? 560, options.pointSpacing ?? 10)) ??
      'month';
    const main = mainMeasure(measures);
    const heading = `## ${markdownText(subjects.length > 1 ? cube.title || cube.name : title)}`;
    const about = cube.description ? `\n\n${markdownText(cube.description)}` : '';
    // Header: the subject, then its controls (filters on the first two breakdowns, the dashboard's time grain).
    const controls: DashboardWidget[] = [
      ...dims.slice(0, 2).map((d): DashboardWidget => ({
        id: `filter-${slug(d.name)}`,
        type: 'FILTER',
        position: { x: 0, y, w: 3, h: 1 },
        config: { member: d.name, label: label(d) } satisfies WidgetConfigs['FILTER'],
      })),
      ...(time && !grainShown
        ? [
            {
              id: `${prefix}grain`,
              type: 'TIME_GRAIN',
              position: { x: 0, y, w: 3, h: 1 },
              config: { grains: CHART_GRAINS } satisfies WidgetConfigs['TIME_GRAIN'],
            } satisfies DashboardWidget,
          ]
        : []),
    ];
    grainShown ||= controls.some((w) => w.type === 'TIME_GRAIN');
    const textWidth = 12 - 3 * controls.length;
    widgets.push({
      id: `${prefix}title`,
      type: 'TEXT',
      position: { x: 0, y, w: textWidth, h: 1 },
      config: { markdown: `${heading}${about}` } satisfies WidgetConfigs['TEXT'],
    });
    controls.forEach((w, i) => (w.position = { x: textWidth + 3 * i, y, w: 3, h: 1 }));
    widgets.push(...controls);
    y += 1;
    // A KPI per measure, four to a row (the last row's share its width).
    const kpiCells = tile(measures.length, 4, y, 1);
    measures.forEach((m, i) => {
      const reportId = addReport({ title: label(m), kind: 'kpi', meta: { query: { measures: [m.name] } } });
      widgets.push({
        id: `kpi-${slug(m.name)}`,
        type: 'CHART',
        position: kpiCells[i],
        config: { reportId } satisfies WidgetConfigs['CHART'],
      });
    });
    y += Math.ceil(measures.length / 4);
    // Charts two to a row: each measure over time, then the main measure by each breakdown.
    const charts: { id: string; reportId: number }[] = [];
    if (time) {
      for (const m of measures) {
        const reportId = addReport({
          title: `${label(m)} over time`,
          kind: 'vega',
          meta: { query: { measures: [m.name], timeDimensions: [{ dimension: time.name, granularity }] } },
          spec: {
            mark: { type: 'line', point: true, tooltip: true },
            encoding: {
              x: { field: field(time.name), type: 'temporal', title: label(time) },
              y: { field: field(m.name), type: 'quantitative', title: label(m) },
            },
          },
        });
        charts.push({ id: `time-${slug(m.name)}`, reportId });
      }
    }
    const topValues = options.topValues ?? 10;
    for (const { dimension: d, top } of breakdowns) {
      const reportId = addReport({
        title: `${label(main)} by ${label(d)}${top ? ` (top ${topValues})` : ''}`,
        kind: 'vega',
        meta: {
          query: {
            measures: [main.name],
            dimensions: [d.name],
            order: { [main.name]: 'desc' },
            limit: top ? topValues : 25,
          },
        },
        spec: {
          mark: { type: 'bar', tooltip: true },
          encoding: {
            y: { field: field(d.name), type: 'nominal', title: label(d), sort: '-x' },
            x: { field: field(main.name), type: 'quantitative', title: label(main) },
          },
        },
      });
      charts.push({ id: `by-${slug(d.name)}`, reportId });
    }
    const chartCells = tile(charts.length, 2, y, 2);
    charts.forEach((c, i) => {
      widgets.push({
        id: c.id,
        type: 'CHART',
        position: chartCells[i],
        config: { reportId: c.reportId } satisfies WidgetConfigs['CHART'],
      });
    });
    y += Math.ceil(charts.length / 2) * 2;
  }
  return { config: { kind: 'CLASSIC', title, widgets }, reportSnapshots };
}
