// What drawing a chart means, wherever it is drawn (in the page: vega-chart.ts; in the chart worker:
// chart-worker-draw.ts): the untrusted spec without anything that could fetch, compiled by Vega-Lite with the rows as
// a named data set (so they can be replaced in place), fitted to a box, and a Vega view that runs expressions through
// the interpreter (no eval: charts work under a CSP without 'unsafe-eval') and whose loader refuses every request.

/** The named data set that holds the rows, so they can be replaced in place. */
export const ROWS = 'svc_rows';

/** A copy of the spec without anything that could fetch: `url` keys anywhere, and its own data. */
export function withoutRemoteData(spec: unknown): unknown {
  if (Array.isArray(spec)) return spec.map(withoutRemoteData);
  if (!spec || typeof spec !== 'object') return spec;
  return Object.fromEntries(
    Object.entries(spec as Record<string, unknown>)
      .filter(([k]) => k !== 'url' && k !== 'href' && k !== 'usermeta')
      .map(([k, v]) => [k, withoutRemoteData(v)]),
  );
}

/** The box a chart fits: its container's width (in px, or 'container' for Vega to read it), and its height too. */
export interface ChartBox {
  width: number | 'container';
  /** Given: the chart fits this height too (axes, titles and legends inside); else its height is its own. */
  height?: number | 'container';
}

/** The Vega-Lite spec to compile: the untrusted one, safe, reading the rows data set, fitted to `box`. */
export function fittedSpec(spec: Record<string, unknown>, box: ChartBox): Record<string, unknown> {
  const clean = withoutRemoteData(spec) as Record<string, unknown>;
  const { $schema: _schema, datasets: _datasets, ...rest } = clean;
  // The rows go into the view, not through the spec: Vega-Lite would copy and hash them while compiling, and Vega
  // copy them again while parsing.
  return {
    ...rest,
    data: { name: ROWS },
    width: box.width,
    ...(box.height !== undefined && { height: box.height }),
    autosize: { type: 'fit', contains: 'padding' },
  };
}

/** Whether the compiled Vega spec reads the rows (one that draws its own layers' data only has no such data set). */
export const readsRows = (vegaSpec: { data?: { name?: string }[] }): boolean =>
  !!vegaSpec.data?.some((d) => d.name === ROWS);

/** A loader that refuses every request, with `message` (charts never load remote data). */
export function refusingLoader(message: string): Record<'load' | 'sanitize' | 'http' | 'file', () => Promise<never>> {
  const refuse = () => Promise.reject(new Error(message));
  return { load: refuse, sanitize: refuse, http: refuse, file: refuse };
}
