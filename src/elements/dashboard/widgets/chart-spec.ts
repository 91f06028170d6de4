// The Vega-Lite spec a CHART widget draws: its report's (for a map report without one, points at the data's
// latitude/longitude columns), fitted to a card: labels and legends limited so that they stay inside it (the legend
// below the plot in a narrow card), and a tooltip of the row's values formatted like the dashboard's tables.

import { msg, str } from '@lit/localize';
import type { ReportSnapshot } from '../../../api/types.js';
import { formatValue } from '../../shared/format.js';
import type { DataColumn } from '../columns.js';
import type { ChartData } from '../data.js';

const TOOLTIP = '__svc_tooltip';

export function chartSpec(report: ReportSnapshot, data: ChartData): Record<string, unknown> {
  const spec = typeof report.spec === 'string' ? (JSON.parse(report.spec) as unknown) : report.spec;
  if (spec && typeof spec === 'object' && Object.keys(spec).length) return spec as Record<string, unknown>;
  const lat = data.columns.find((c) => /(^|[._])lat(itude)?$/i.test(c));
  const lon = data.columns.find((c) => /(^|[._])(lon|lng|longitude)$/i.test(c));
  if (report.kind === 'map' && lat && lon) {
    const field = (c: string) => c.replace(/\./g, '\\.');
    return {
      mark: 'circle',
      projection: { type: 'mercator' },
      encoding: {
        latitude: { field: field(lat), type: 'quantitative' },
        longitude: { field: field(lon), type: 'quantitative' },
      },
    };
  }
  const id = report.reportId;
  throw new Error(msg(str`Report ${id} has no chart spec`));
}

/** Whether a card this wide (content px) puts legends below the plot. */
export const isNarrow = (width: number): boolean => width > 0 && width < 420;

const fitted = new WeakMap<object, Map<boolean, Record<string, unknown>>>();

/** The spec in a card: the card's config under the spec's own, and the tooltip field unless it has a tooltip. */
export function cardSpec(spec: Record<string, unknown>, narrow: boolean): Record<string, unknown> {
  const known = fitted.get(spec)?.get(narrow);
  if (known) return known;
  const legend = {
    labelLimit: 100,
    titleLimit: 120,
    ...(narrow && { orient: 'bottom', direction: 'horizontal', columns: 2 }),
  };
  const config = { axis: { labelLimit: 100, titleLimit: 160, labelOverlap: true }, axisX: { labelAngle: 0 }, legend };
  const encoding = spec.encoding as Record<string, unknown> | undefined;
  const out = {
    ...spec,
    config: { ...config, ...(spec.config as object) },
    ...(encoding && !encoding.tooltip ? { encoding: { ...encoding, tooltip: { field: TOOLTIP } } } : {}),
  };
  fitted.set(spec, (fitted.get(spec) ?? new Map<boolean, Record<string, unknown>>()).set(narrow, out));
  return out;
}

const withTooltips = new WeakMap<object, { locale: string | undefined; values: Record<string, unknown>[] }>();

/** The rows with their tooltip text; the same array while the rows and the locale are (no redraw). */
export function tooltipRows(
  data: ChartData,
  columns: DataColumn[] | undefined,
  locale: string | undefined,
): Record<string, unknown>[] {
  const known = withTooltips.get(data.rows);
  if (known && known.locale === locale) return known.values;
  const described = columns ?? data.columns.map((name) => ({ name, title: name, hints: {} }));
  const values = data.rows.map((row) => ({
    ...row,
    [TOOLTIP]: described.map((c) => `${c.title}: ${formatValue(row[c.name], locale, c.hints)}`).join('\n'),
  }));
  withTooltips.set(data.rows, { locale, values });
  return values;
}

/** A clicked mark's datum without the tooltip text (as the report's rows have it). */
export function rowOf(datum: Record<string, unknown>): Record<string, unknown> {
  const { [TOOLTIP]: _tooltip, ...row } = datum;
  return row;
}
