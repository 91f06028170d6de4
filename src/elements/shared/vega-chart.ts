// Vega-Lite charts from untrusted specs, safely (chart-compile.ts): Vega-Lite and Vega load on first use; expressions
// run through the interpreter (no eval, so charts work under a CSP without 'unsafe-eval'); nothing is loaded from the
// network. A chart is drawn in the chart worker (chart-worker-client.ts), off the page's main thread, unless it needs
// the page: a spec with parameters or selections (they listen to the pointer and to inputs on the page), a web font
// the page loaded (the worker would measure its text with another font), or no worker here. In the page it is drawn in
// stages, the main thread given back between them.

import { msg } from '@lit/localize';
import { fittedSpec, readsRows, refusingLoader, ROWS, type ChartBox } from './chart-compile.js';
import { chartTheme } from './chart-theme.js';
import { countChart, type ChartView, type EmbeddedChart } from './chart-view.js';
import { chartWorkerUsable, embedInWorker } from './chart-worker-client.js';
import { vegaLocale } from './vega-locale.js';
import { nextTask } from '../../util/next-task.js';

export { liveChartViews, type ChartView, type EmbeddedChart } from './chart-view.js';

interface VegaView extends ChartView {
  data(name: string, values: Record<string, unknown>[]): VegaView;
  width(width: number): VegaView;
  height(height: number): VegaView;
  runAsync(): Promise<unknown>;
}

export interface EmbedOptions {
  fitHeight?: boolean;
  locale?: string;
  /** The Vega config (default: the theme from the container's tokens, numbers and dates in `locale`). */
  config?: Record<string, unknown>;
  /** Where to draw: in the chart worker when it can ('auto', the default), or in the page. */
  where?: 'auto' | 'page';
}

/** Whether the spec has parameters or selections anywhere (they need the page's events and inputs). */
function interactive(spec: unknown): boolean {
  if (Array.isArray(spec)) return spec.some(interactive);
  if (!spec || typeof spec !== 'object') return false;
  return Object.entries(spec).some(([k, v]) => k === 'params' || k === 'selection' || interactive(v));
}

const unquoted = (family: string) =>
  family
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();

/** Whether the font family list names a font the page loaded itself (a web font, which the worker does not have). */
function pageFont(font: unknown): boolean {
  if (typeof font !== 'string' || typeof document === 'undefined' || !document.fonts) return false;
  const families = new Set(font.split(',').map(unquoted));
  let found = false;
  document.fonts.forEach((face) => {
    if (face.status === 'loaded' && families.has(unquoted(face.family))) found = true;
  });
  return found;
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
  { fitHeight = false, locale, config, where = 'auto' }: EmbedOptions = {},
): Promise<EmbeddedChart> {
  const refusal = msg('Charts do not load remote data');
  const theme = config ?? chartTheme(container);
  if (where === 'auto' && chartWorkerUsable() && !interactive(spec) && !pageFont(theme.font)) {
    try {
      // The locale's Vega formats (Intl's names of months and days: tens of ms at first) are made in the worker.
      const localized = config ? {} : { locale: locale ?? '' };
      return await embedInWorker(container, { spec, values, config: theme, refusal, ...localized }, fitHeight);
    } catch (error) {
      // The chart's own error is the caller's; a worker that could not start leaves the drawing to the page.
      if (chartWorkerUsable()) throw error;
    }
  }
  return embedInPage(container, spec, values, fitHeight, config ?? { ...theme, locale: vegaLocale(locale) }, refusal);
}

async function embedInPage(
  container: HTMLElement,
  spec: Record<string, unknown>,
  values: Record<string, unknown>[],
  fitHeight: boolean,
  config: Record<string, unknown>,
  refusal: string,
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
  const box: ChartBox = { width: 'container', ...(fitHeight && { height: 'container' as const }) };
  const vegaSpec = compile(fittedSpec(spec, box) as never, { config }).spec;
  await nextTask();
  // The config is in the compiled spec already; `ast: true` leaves expressions as syntax trees for the interpreter.
  const runtime = parse(vegaSpec, {}, { ast: true });
  await nextTask();
  const vega = new View(runtime, {
    renderer: 'svg',
    logLevel: Warn,
    expr: expressionInterpreter,
    loader: refusingLoader(refusal),
  });
  const end = countChart();
  const finalize = () => {
    if (end()) vega.finalize();
  };
  try {
    await nextTask();
    // The SVG element goes into the container in the task that draws its marks: never an empty chart in between.
    vega.initialize(container);
    if (readsRows(vegaSpec)) vega.data(ROWS, values);
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
