// The Vega-Lite spec a CHART widget draws: its report's; for a map report without one, points at the data's
// latitude/longitude columns.

import type { ReportSnapshot } from '../../../api/types.js';
import type { ChartData } from '../data.js';

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
  throw new Error(`Report ${report.reportId} has no chart spec`);
}
