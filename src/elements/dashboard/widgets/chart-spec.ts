// The Vega-Lite spec a CHART widget draws: its report's (for a map report without one, points at the data's
// latitude/longitude columns), fitted to a card: labels and legends limited so that they stay inside it (the legend
// below the plot in a narrow card), and to its rows (../../shared/chart-fit.ts: time ticks, blanks, many bars,
// tooltips).

import { msg, str } from '@lit/localize';
import type { ReportSnapshot } from '../../../api/types.js';
import { fitChartOnce, type FittedChart } from '../../shared/chart-fit.js';
import type { DataColumn } from '../columns.js';
import type { ChartData } from '../chart-data.js';

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

/** The spec in a card: the card's config (label limits, the legend below a narrow plot) under the spec's own. */
export function cardSpec(spec: Record<string, unknown>, narrow: boolean): Record<string, unknown> {
  const known = fitted.get(spec)?.get(narrow);
  if (known) return known;
  const legend = {
    labelLimit: 100,
    titleLimit: 120,
    ...(narrow && { orient: 'bottom', direction: 'horizontal', columns: 2 }),
  };
  const config = { axis: { labelLimit: 100, titleLimit: 160, labelOverlap: true }, axisX: { labelAngle: 0 }, legend };
  const out = { ...spec, config: { ...config, ...(spec.config as object) } };
  fitted.set(spec, (fitted.get(spec) ?? new Map<boolean, Record<string, unknown>>()).set(narrow, out));
  return out;
}

/**
 * The chart a card draws: its spec in the card, fitted to its rows (time ticks at the data's grain, blank categories
 * labelled, many bars as the top ones and "Other", tooltips: ../../shared/chart-fit.ts). The same objects while the
 * rows, spec, columns, locale and width class are (no redraw).
 */
export function cardChart(
  spec: Record<string, unknown>,
  data: ChartData,
  columns: DataColumn[] | undefined,
  locale: string | undefined,
  narrow: boolean,
): FittedChart {
  const described = columns ?? describedOf(data);
  return fitChartOnce(cardSpec(spec, narrow), data.rows, described, { locale, narrow });
}

const plain = new WeakMap<ChartData, DataColumn[]>();
/** Columns without a description (an SQL report's before its types are read): their names as titles. */
function describedOf(data: ChartData): DataColumn[] {
  let known = plain.get(data);
  if (!known) {
    known = data.columns.map((name) => ({ name, title: name, hints: {}, numeric: false }));
    plain.set(data, known);
  }
  return known;
}
