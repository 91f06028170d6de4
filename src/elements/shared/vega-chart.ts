// Vega-Lite charts from untrusted specs, safely: vega-embed loads on first use; expressions run through the
// interpreter (no eval, so charts work under a CSP without 'unsafe-eval'); nothing is loaded from the network — any
// data URL in the spec is removed and the loader refuses every request; the data come from the query result.

import type { SchemaColumn } from '../../api/types.js';

/** Result rows as objects keyed by column name, for a spec's `data.values`. */
export function rowsToValues(schema: SchemaColumn[], data: unknown[][]): Record<string, unknown>[] {
  return data.map((row) => Object.fromEntries(schema.map((c, i) => [c.name, row[i]])));
}

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

const refuse = () => Promise.reject(new Error('Charts do not load remote data'));

/** What callers use of the Vega view: clicks (drilldown) and image export. */
export interface ChartView {
  addEventListener(
    type: 'click',
    handler: (event: unknown, item: { datum?: unknown } | null | undefined) => void,
  ): unknown;
  toImageURL(type: string): Promise<string>;
}

/** Renders `spec` with `values` as SVG into `container`; resolves with the chart's view. */
export async function renderVegaChart(
  container: HTMLElement,
  spec: Record<string, unknown>,
  values: Record<string, unknown>[],
): Promise<ChartView> {
  const [{ default: embed }, { expressionInterpreter }] = await Promise.all([
    import('vega-embed'),
    import('vega-interpreter'),
  ]);
  const clean = withoutRemoteData(spec) as Record<string, unknown>;
  const { $schema: _schema, datasets: _datasets, ...rest } = clean;
  const result = await embed(
    container,
    { ...rest, data: { values }, width: 'container', autosize: { type: 'fit', contains: 'padding' } } as never,
    {
      renderer: 'svg',
      actions: false,
      ast: true,
      expr: expressionInterpreter,
      loader: { load: refuse, sanitize: refuse, http: refuse, file: refuse } as never,
      tooltip: false,
    },
  );
  return result.view;
}
