// The chart worker's work (chart.worker.ts carries the messages): Vega-Lite's compilation, Vega's parse and the view's
// run happen here, off the page's main thread, and the page gets the drawing as SVG markup. The page keeps what only
// it can do: putting the markup in place, and asking here what lies under a click or the pointer (Vega's own hit
// tests, on an OffscreenCanvas) and for image exports.

import type * as VegaModule from 'vega';
import type * as VegaLiteModule from 'vega-lite';
import type * as InterpreterModule from 'vega-interpreter';
import { fittedSpec, readsRows, refusingLoader, ROWS } from './chart-compile.js';
import type { ChartAnswer, ChartRequest, DrawRequest } from './chart-worker-protocol.js';
import { warmUpIntl } from './format.js';
import { vegaLocale } from './vega-locale.js';

type Vega = typeof VegaModule;
type VegaView = InstanceType<Vega['View']>;

interface Scene {
  marktype?: string;
  items?: SceneItem[];
}
interface SceneItem extends Scene {
  datum?: unknown;
  tooltip?: unknown;
}

interface Modules {
  vega: Vega;
  compile: (typeof VegaLiteModule)['compile'];
  expr: (typeof InterpreterModule)['expressionInterpreter'];
}

let modules: Promise<Modules> | undefined;

/**
 * Runs `work` with a stand-in `document` whose canvases are OffscreenCanvases, when this realm has no document (a
 * worker): Vega makes its canvases through `document.createElement('canvas')`. Gone again once `work` is done.
 */
async function withCanvasDocument<T>(work: () => Promise<T>): Promise<T> {
  const scope = globalThis as { document?: unknown };
  const standIn = scope.document === undefined && typeof OffscreenCanvas !== 'undefined';
  if (standIn) scope.document = { createElement: () => new OffscreenCanvas(1, 1) };
  try {
    return await work();
  } finally {
    if (standIn) delete scope.document;
  }
}

/**
 * Vega, Vega-Lite and the interpreter, loaded once. Vega measures label text with a canvas it makes while its module
 * loads; a worker has no document to make one with, so for that moment a stand-in makes an OffscreenCanvas: labels
 * are measured as in the page, not estimated (estimates would lay axes and legends out differently).
 */
function load(): Promise<Modules> {
  return (modules ??= withCanvasDocument(async () => {
    const [vega, { compile }, { expressionInterpreter }] = await Promise.all([
      import('vega'),
      import('vega-lite'),
      import('vega-interpreter'),
    ]);
    return { vega, compile, expr: expressionInterpreter };
  }));
}

interface Drawn {
  view: VegaView;
  rows: boolean;
  fitHeight: boolean;
}

const charts = new Map<number, Drawn>();

function drawn(chart: number): Drawn {
  const found = charts.get(chart);
  if (!found) throw new Error(`No chart ${chart} in the chart worker`);
  return found;
}

/** Whether any item of the scene (at any depth) has a tooltip. */
function anyTooltip(scene: Scene | undefined): boolean {
  return !!scene?.items?.some((item) => item.tooltip != null || (item.items ?? []).some(anyTooltip));
}

async function answer(view: VegaView): Promise<ChartAnswer> {
  const svg = await view.toSVG();
  return { svg, tooltips: anyTooltip((view.scenegraph() as unknown as { root: Scene }).root) };
}

async function draw(request: DrawRequest): Promise<ChartAnswer> {
  const { vega, compile, expr } = await load();
  const fitHeight = request.height !== undefined;
  const { locale } = request;
  const config = locale === undefined ? request.config : { ...request.config, locale: vegaLocale(locale || undefined) };
  const vegaSpec = compile(fittedSpec(request.spec, { width: request.width, height: request.height }) as never, {
    config,
  }).spec;
  // The config is in the compiled spec already; `ast: true` leaves expressions as syntax trees for the interpreter.
  const view = new vega.View(vega.parse(vegaSpec, {}, { ast: true }), {
    renderer: 'none',
    logLevel: vega.Warn,
    expr,
    loader: refusingLoader(request.refusal),
  });
  try {
    const rows = readsRows(vegaSpec);
    if (rows) view.data(ROWS, request.values);
    const out = await answer(view);
    charts.set(request.chart, { view, rows, fitHeight });
    return out;
  } catch (error) {
    view.finalize();
    throw error;
  }
}

/**
 * A chart drawn and let go of while the page waits for its data: the first drawing's compiling of Vega's code (parse,
 * dataflow, scales, axes, legend, SVG) happens here, not between the first chart's data and its drawing.
 */
async function practise(locale: string | undefined): Promise<void> {
  const day = Date.UTC(2024, 0, 1);
  const values = [0, 1, 2, 3].map((i) => ({ at: day + i * 86_400_000, kind: i % 2 ? 'a' : 'b', n: i + 1 }));
  const encoding = {
    x: { field: 'at', type: 'temporal' },
    y: { field: 'n', type: 'quantitative', aggregate: 'sum' },
    color: { field: 'kind', type: 'nominal' },
    tooltip: [{ field: 'n', type: 'quantitative' }],
  };
  const spec = {
    data: { name: ROWS },
    layer: [
      { mark: 'bar', encoding },
      { mark: 'line', encoding },
    ],
  };
  await draw({ op: 'draw', chart: -1, spec, values, width: 200, height: 100, config: {}, locale, refusal: '' })
    .catch(() => undefined)
    .finally(() => {
      charts.get(-1)?.view.finalize();
      charts.delete(-1);
    });
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !(v instanceof Date);

/** A scalar (a string, number, boolean or date) as text. */
const scalar = (v: unknown): string => (v instanceof Date ? v.toString() : `${v as string | number | boolean}`);

/** A value inside a tooltip as Vega writes it: nested lists and objects are elided. */
const nested = (v: unknown): string => (Array.isArray(v) ? '[…]' : isRecord(v) ? '{…}' : scalar(v));
const list = (v: unknown[]) => `[${v.map(nested).join(', ')}]`;

/** The same text Vega's own tooltip handler puts in the chart's title attribute. */
function tooltipText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return list(value);
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? list(v) : nested(v)}`)
      .join('\n');
  }
  return scalar(value);
}

let hitContext: (OffscreenCanvasRenderingContext2D & { pixelRatio?: number }) | undefined;

/** The item drawn at (x, y) of the drawing, by Vega's own hit tests (the ones its canvas renderer answers clicks by). */
async function pick(chart: number, x: number, y: number): Promise<ChartAnswer> {
  const { vega } = await load();
  const { view } = drawn(chart);
  hitContext ??= Object.assign(new OffscreenCanvas(1, 1).getContext('2d')!, { pixelRatio: 1 });
  const context = hitContext;
  const { Marks: marks } = vega as unknown as {
    Marks: Record<string, { pick: (this: unknown, ...args: unknown[]) => SceneItem | null | undefined }>;
  };
  const hits = {
    pick(scene: Scene, px: number, py: number, gx: number, gy: number): SceneItem | null | undefined {
      return marks[scene.marktype!]?.pick.call(this, context, scene, px, py, gx, gy);
    },
  };
  // Where the drawing's root group sits (its origin and padding), as Vega's renderers place it; its canvas renderer
  // leaves the context translated so, and its hit tests expect that.
  const [x0, y0] = view.origin();
  const { left = 0, top = 0 } = view.padding() as { left?: number; top?: number };
  const [ox, oy] = [x0 + left, y0 + top];
  context.setTransform(1, 0, 0, 1, ox, oy);
  const root = (view.scenegraph() as unknown as { root: Scene }).root;
  const item = hits.pick(root, x, y, x - ox, y - oy);
  const datum = item?.datum && typeof item.datum === 'object' ? { ...(item.datum as Record<string, unknown>) } : null;
  return { datum, tooltip: tooltipText(item?.tooltip) };
}

/** The drawing as an image: SVG markup, or a PNG drawn on an OffscreenCanvas. */
async function image(chart: number, type: 'svg' | 'png'): Promise<ChartAnswer> {
  const { view } = drawn(chart);
  if (type === 'svg') return { image: await view.toSVG() };
  // Vega's headless canvas renderer asks for its canvas as it draws.
  return withCanvasDocument(async () => {
    const canvas = (await view.toCanvas()) as unknown as OffscreenCanvas;
    return { image: await canvas.convertToBlob({ type: 'image/png' }) };
  });
}

/** Carries out one request of the page (see chart-worker-protocol.ts). */
export async function handle(request: ChartRequest): Promise<ChartAnswer> {
  switch (request.op) {
    case 'draw':
      return draw(request);
    case 'values': {
      const { view, rows } = drawn(request.chart);
      if (rows) view.data(ROWS, request.values);
      return answer(view);
    }
    case 'size': {
      const { view, fitHeight } = drawn(request.chart);
      view.width(request.width);
      if (fitHeight && request.height !== undefined && request.height > 0) view.height(request.height);
      return answer(view);
    }
    case 'pick':
      return pick(request.chart, request.x, request.y);
    case 'image':
      return image(request.chart, request.type);
    case 'warm':
      warmUpIntl(request.locale);
      await load();
      await practise(request.locale);
      return {};
    case 'markdown':
      return { html: (await import('./markdown.js')).renderMarkdown(request.text) };
    case 'finalize':
      charts.get(request.chart)?.view.finalize();
      charts.delete(request.chart);
      return {};
  }
}
