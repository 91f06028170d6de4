// Vega-Lite charts from untrusted specs, safely: Vega-Lite and Vega load on first use; expressions run through the
// interpreter (no eval, so charts work under a CSP without 'unsafe-eval'); nothing is loaded from the network — any
// data URL in the spec is removed and the loader refuses every request; the data come from the query result.
// Every view made here is counted until it is finalized (liveChartViews), so tests can tell that none is left behind.

import { msg } from '@lit/localize';
import { chartTheme } from './chart-theme.js';
import { vegaLocale } from './vega-locale.js';
import { nextTask } from '../../util/next-task.js';

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

const refuse = () => Promise.reject(new Error(msg('Charts do not load remote data')));

/** The named data set that holds the rows, so they can be replaced in place. */
const ROWS = 'svc_rows';

/** What callers use of the Vega view: clicks (drilldown), image export, data and width updates. */
export interface ChartView {
  addEventListener(
    type: 'click',
    handler: (event: unknown, item: { datum?: unknown } | null | undefined) => void,
  ): unknown;
  toImageURL(type: string): Promise<string>;
}

/** A drawn chart: its view, a way to give it other rows or another width, and the one way to end it. */
export interface EmbeddedChart {
  readonly view: ChartView;
  /** Replaces the rows (the spec stays; no new view). */
  setValues(values: Record<string, unknown>[]): Promise<void>;
  /** Sets the size the chart fits into (its container's content box, in px; the height only when it fits both). */
  setSize(width: number, height: number): Promise<void>;
  /** Finalizes the view: its timers and listeners (window ones too) go; safe to call twice. */
  finalize(): void;
}

let live = 0;

/** Vega views made and not yet finalized (a test hook). */
export const liveChartViews = (): number => live;

interface VegaView extends ChartView {
  data(name: string, values: Record<string, unknown>[]): VegaView;
  width(width: number): VegaView;
  height(height: number): VegaView;
  runAsync(): Promise<unknown>;
}

/**
 * Draws `spec` with `values` as SVG into `container`, themed from its tokens (under the spec's own config). The chart
 * fits the container's width, and its height too with `fitHeight` (a container of fixed height, like a card's body):
 * axes, titles and legends are inside that box. Numbers and dates are written in `locale` (undefined: the browser's).
 */
export async function embedChart(
  container: HTMLElement,
  spec: Record<string, unknown>,
  values: Record<string, unknown>[],
  {
    fitHeight = false,
    locale,
    config = { ...chartTheme(container), locale: vegaLocale(locale) },
  }: { fitHeight?: boolean; locale?: string; config?: Record<string, unknown> } = {},
): Promise<EmbeddedChart> {
  const [{ parse, View, Warn }, { compile }, { expressionInterpreter }] = await Promise.all([
    import('vega'),
    import('vega-lite'),
    import('vega-interpreter'),
  ]);
  // A first chart is five tasks, not one: the modules' evaluation, Vega-Lite's compilation, Vega's parse, the view's
  // dataflow (built from the parsed runtime), then its SVG element and the run that computes and draws the marks —
  // each of them tens of ms on a slow machine, together well over 100.
  await nextTask();
  const clean = withoutRemoteData(spec) as Record<string, unknown>;
  const { $schema: _schema, datasets: _datasets, ...rest } = clean;
  // The rows go into the view, not through the spec: Vega-Lite would copy and hash them while compiling, and Vega
  // copy them again while parsing.
  const vegaSpec = compile(
    {
      ...rest,
      data: { name: ROWS },
      width: 'container',
      ...(fitHeight && { height: 'container' }),
      autosize: { type: 'fit', contains: 'padding' },
    } as never,
    { config: config },
  ).spec;
  await nextTask();
  // The config is in the compiled spec already; `ast: true` leaves expressions as syntax trees for the interpreter.
  const runtime = parse(vegaSpec, {}, { ast: true });
  await nextTask();
  const vega = new View(runtime, {
    renderer: 'svg',
    logLevel: Warn,
    expr: expressionInterpreter,
    loader: { load: refuse, sanitize: refuse, http: refuse, file: refuse },
  });
  live++;
  let finalized = false;
  const finalize = () => {
    if (finalized) return;
    finalized = true;
    live--;
    vega.finalize();
  };
  try {
    await nextTask();
    // The SVG element goes into the container in the task that draws its marks: never an empty chart in between.
    vega.initialize(container);
    // A spec that never reads the rows (its own layers' data only) has no such data set.
    if (vegaSpec.data?.some((d) => d.name === ROWS)) vega.data(ROWS, values);
    await vega.runAsync();
  } catch (error) {
    finalize();
    throw error;
  }
  const view = vega as unknown as VegaView;
  return {
    view,
    setValues: async (next) => void (await view.data(ROWS, next).runAsync()),
    setSize: async (width, height) => {
      view.width(width);
      if (fitHeight && height > 0) view.height(height);
      await view.runAsync();
    },
    finalize,
  };
}
