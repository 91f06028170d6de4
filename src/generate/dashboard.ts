// generateDashboard(meta): a first dashboard over any data model, from its /cubejs-api/v1/meta response alone — a KPI
// per measure, each measure over the main time dimension, and the main measure by the most useful string dimensions
// (few distinct values: from a value-count hint when the host has one, else from the members' names), with filters on
// those dimensions and a time-grain control. Pure: no request, no DOM; the result goes to <svc-dashboard> as it is
// (`el.dashboard = generateDashboard(meta)`) or into a workbook (`meta: { dashboardDraft: config, reports }`).
// Titles and descriptions are text: the TEXT widgets' markdown escapes them (only the heading is markup).
import type {
  DashboardConfig,
  DashboardWidget,
  MetaCube,
  MetaMember,
  MetaResponse,
  ReportSnapshot,
  TimeGranularity,
} from '../api/types.js';
import { markdownText } from '../util/markdown-text.js';

export interface GenerateDashboardOptions {
  /** The dashboard's title (default: the subject's title, or "Overview" over several). */
  title?: string;
  /**
   * Distinct values per string dimension (`{ 'orders.status': 4 }`), when the host knows them: dimensions with
   * between 2 and `maxValues` values are preferred, fewest-but-several first; others are left out.
   */
  valueCounts?: Record<string, number>;
  /** At most this many string dimensions per subject get a chart (default 3); the first two get a filter. */
  maxDimensions?: number;
  /** With `valueCounts`: a dimension with more values than this gets no chart (default 24). */
  maxValues?: number;
  /** The time charts' starting granularity (default `month`; the time-grain control changes it). */
  granularity?: TimeGranularity;
  /** Which cubes or views to cover, by name (default: the visible views, or the visible cubes when no view is). */
  subjects?: string[];
  /** At most this many KPIs per subject (default 12): a KPI per measure, up to it. */
  maxMeasures?: number;
}

export interface GeneratedDashboard {
  config: DashboardConfig;
  reportSnapshots: ReportSnapshot[];
}

const GRAINS: TimeGranularity[] = ['day', 'week', 'month', 'quarter', 'year'];
/** Names that identify a row or hold free text: one value per row, no use as a breakdown. */
const UNIQUE =
  /(^|_)(id|ids|uuid|guid|key|email|e_mail|phone|mobile|fax|url|uri|link|href|address|street|zip|zipcode|postcode|postal_code|description|comment|comments|note|notes|text|body|message|sku|hash|token|password|ip)$|_id$|Id$/i;
/** Names whose values are few: the breakdowns people ask for. */
const FEW =
  /(status|state|type|kind|category|categor|class|region|country|continent|segment|channel|tier|plan|genre|group|gender|level|priority|source|stage|department|team|brand|currency|language|method|mode|platform|device|format|size|season|weekday|quarter|rating|grade|outcome|result|flag)/i;
/** Names whose values are many but still readable (people, places, things): after the few-valued ones. */
const MANY = /(name|title|city|label|product|customer|user|author|company|account|store|vendor|supplier)/i;
/** Time dimensions that are seldom what a dashboard is about. */
const SECONDARY_TIME = /(updated|modified|deleted|archived|birth|dob|expire|expiry|synced|loaded|ingested)/i;

const visible = (x: { isVisible?: boolean; public?: boolean }) => x.isVisible !== false && x.public !== false;
/** A member's name as a Vega field: dots in field names are escaped, not paths. */
const field = (member: string) => member.replace(/\./g, '\\.');
const label = (m: MetaMember) => m.shortTitle || m.title || m.name.split('.').pop()!;
const slug = (name: string) => name.replace(/[^\w-]+/g, '-');

/** The subjects a dashboard covers: the named ones, else the visible views, else the visible cubes; with measures. */
function subjectsOf(meta: MetaResponse, names?: string[]): MetaCube[] {
  const withMeasures = (c: MetaCube) => c.measures.some(visible);
  if (names) return names.flatMap((n) => meta.cubes.filter((c) => c.name === n && withMeasures(c)));
  const shown = meta.cubes.filter((c) => visible(c) && withMeasures(c));
  const views = shown.filter((c) => c.type === 'view');
  return views.length > 0 ? views : shown;
}

/** The main time dimension: the first visible one, passing over update/deletion/birth times when another exists. */
export function mainTimeDimension(cube: MetaCube): MetaMember | undefined {
  const times = cube.dimensions.filter((d) => visible(d) && d.type === 'time');
  return times.find((d) => !SECONDARY_TIME.test(d.name.split('.').pop()!)) ?? times[0];
}

/**
 * The string dimensions most worth a breakdown, best first. With a count for a dimension: 2 to `maxValues` values
 * qualify, 3–12 before 2 before more; without one, the name decides (status, category, region… before names and
 * cities; identifiers, e-mails and free text never). Declaration order breaks ties.
 */
export function usefulDimensions(
  cube: MetaCube,
  options: Pick<GenerateDashboardOptions, 'valueCounts' | 'maxDimensions' | 'maxValues'> = {},
): MetaMember[] {
  const { valueCounts = {}, maxDimensions = 3, maxValues = 24 } = options;
  const rank = (d: MetaMember): number | undefined => {
    const count = valueCounts[d.name];
    const short = d.name.split('.').pop()!;
    if (count !== undefined) {
      if (count < 2 || count > maxValues) return undefined;
      return count <= 12 ? (count >= 3 ? 0 : 1) : 2;
    }
    if (UNIQUE.test(short)) return undefined;
    if (FEW.test(short)) return 0.5;
    return MANY.test(short) ? 3 : 2.5;
  };
  return cube.dimensions
    .filter((d) => visible(d) && d.type === 'string' && !d.primaryKey)
    .map((d, i) => ({ d, i, r: rank(d) }))
    .filter((x): x is { d: MetaMember; i: number; r: number } => x.r !== undefined)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, maxDimensions)
    .map((x) => x.d);
}

/** The measure a breakdown shows: the first additive one (a sum, then a count), else the first. */
function mainMeasure(measures: MetaMember[]): MetaMember {
  const agg = (m: MetaMember) => m.aggType ?? '';
  return measures.find((m) => agg(m) === 'sum') ?? measures.find((m) => agg(m).startsWith('count')) ?? measures[0];
}

/** A dashboard for `meta`: see the module comment. Deterministic: the same meta and options give the same result. */
export function generateDashboard(meta: MetaResponse, options: GenerateDashboardOptions = {}): GeneratedDashboard {
  const subjects = subjectsOf(meta, options.subjects);
  const granularity = options.granularity ?? 'month';
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
    const prefix = subjects.length > 1 ? `${slug(cube.name)}-` : '';
    const measures = cube.measures.filter(visible).slice(0, options.maxMeasures ?? 12);
    const time = mainTimeDimension(cube);
    const dims = usefulDimensions(cube, options);
    const main = mainMeasure(measures);
    const heading = `## ${markdownText(subjects.length > 1 ? cube.title || cube.name : title)}`;
    const about = cube.description ? `\n\n${markdownText(cube.description)}` : '';
    // Header: the subject, then its controls (filters on the first two breakdowns, the dashboard's time grain).
    const controls: DashboardWidget[] = [
      ...dims.slice(0, 2).map((d): DashboardWidget => ({
        id: `${prefix}filter-${slug(d.name)}`,
        type: 'FILTER',
        position: { x: 0, y, w: 3, h: 1 },
        config: { member: d.name, label: label(d) },
      })),
      ...(time && !grainShown
        ? [
            {
              id: `${prefix}grain`,
              type: 'TIME_GRAIN',
              position: { x: 0, y, w: 3, h: 1 },
              config: { grains: GRAINS },
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
      config: { markdown: `${heading}${about}` },
    });
    controls.forEach((w, i) => (w.position = { x: textWidth + 3 * i, y, w: 3, h: 1 }));
    widgets.push(...controls);
    y += 1;
    // A KPI per measure, four to a row.
    measures.forEach((m, i) => {
      const reportId = addReport({ title: label(m), kind: 'kpi', meta: { query: { measures: [m.name] } } });
      widgets.push({
        id: `${prefix}kpi-${slug(m.name)}`,
        type: 'CHART',
        position: { x: (i % 4) * 3, y: y + Math.floor(i / 4), w: 3, h: 1 },
        config: { reportId },
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
        charts.push({ id: `${prefix}time-${slug(m.name)}`, reportId });
      }
    }
    for (const d of dims) {
      const reportId = addReport({
        title: `${label(main)} by ${label(d)}`,
        kind: 'vega',
        meta: {
          query: { measures: [main.name], dimensions: [d.name], order: { [main.name]: 'desc' }, limit: 25 },
        },
        spec: {
          mark: { type: 'bar', tooltip: true },
          encoding: {
            y: { field: field(d.name), type: 'nominal', title: label(d), sort: '-x' },
            x: { field: field(main.name), type: 'quantitative', title: label(main) },
          },
        },
      });
      charts.push({ id: `${prefix}by-${slug(d.name)}`, reportId });
    }
    charts.forEach((c, i) => {
      widgets.push({
        id: c.id,
        type: 'CHART',
        position: { x: (i % 2) * 6, y: y + Math.floor(i / 2) * 2, w: 6, h: 2 },
        config: { reportId: c.reportId },
      });
    });
    y += Math.ceil(charts.length / 2) * 2;
  }
  return { config: { kind: 'CLASSIC', title, widgets }, reportSnapshots };
}
