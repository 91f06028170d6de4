// The page's side of the chart worker (chart.worker.ts): one worker for all the page's charts, started with the first.
// A chart drawn there comes back as SVG markup, sanitised and put in its container; a click or the pointer over it is
// answered by the worker's hit test (the clicked row for drilldown, the tooltip as the container's title, as Vega's
// own handler does); image exports are made there too. A worker that cannot start (a CSP without worker-src, an
// error while loading) is not asked again: charts are drawn in the page instead (vega-chart.ts).

import DOMPurify from 'dompurify';
import { countChart, type ChartView, type EmbeddedChart } from './chart-view.js';
import type { ChartAnswer, ChartMessage, ChartReply, ChartRequest, DrawRequest } from './chart-worker-protocol.js';

let worker: Worker | undefined;
let broken = false;
let asked = 0;
let charts = 0;
const waiting = new Map<number, { resolve(answer: ChartAnswer): void; reject(error: Error): void }>();

/** Whether charts can be drawn in the worker here: a worker that started (or has not been tried), OffscreenCanvas. */
export const chartWorkerUsable = (): boolean =>
  !broken && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

/** The worker failed: every request waiting fails, and no chart asks it again. */
function fail(error: Error): void {
  broken = true;
  worker?.terminate();
  worker = undefined;
  for (const request of waiting.values()) request.reject(error);
  waiting.clear();
}

function chartWorker(): Worker {
  if (worker) return worker;
  // The literal `new Worker(new URL(…, import.meta.url))` is what bundlers recognise as a worker to emit.
  const started = new Worker(new URL('./chart.worker.ts', import.meta.url), { type: 'module', name: 'svc-charts' });
  started.addEventListener('message', ({ data }: MessageEvent<ChartReply>) => {
    const { id, error, ...answer } = data;
    const request = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) request?.reject(new Error(error));
    else request?.resolve(answer);
  });
  started.addEventListener('error', (event) => {
    event.preventDefault();
    fail(new Error(`The chart worker failed: ${event.message || 'its script could not be loaded'}`));
  });
  return (worker = started);
}

function ask(request: ChartRequest): Promise<ChartAnswer> {
  if (broken) return Promise.reject(new Error('The chart worker is not available'));
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    chartWorker().postMessage({ id, ...request } satisfies ChartMessage);
  });
}

/**
 * Starts the worker and has it set up Intl's formatting for `locale` and load Vega, before a first chart needs them (a
 * dashboard with charts, once loaded). Settles once the worker has done so, or could not (never rejects).
 */
export function warmChartWorker(locale?: string): Promise<void> {
  if (!chartWorkerUsable()) return Promise.resolve();
  return ask({ op: 'warm', ...(locale !== undefined && { locale }) }).then(
    () => undefined,
    () => undefined,
  );
}

/** Markdown as safe HTML, rendered in the worker (rejects when the worker cannot be used or fails). */
export async function markdownInWorker(text: string): Promise<string> {
  const { html } = await ask({ op: 'markdown', text });
  return html ?? '';
}

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** The drawing's markup as nodes of this page: SVG only, nothing that runs or loads (DOMPurify's SVG profile). */
function drawing(svg: string): DocumentFragment {
  purifier ??= DOMPurify(window);
  return purifier.sanitize(svg, {
    USE_PROFILES: { svg: true },
    // Vega's roles for screen readers (a graphics document, its marks as graphics symbols with their labels).
    ADD_ATTR: ['role'],
    FORBID_TAGS: ['a', 'image', 'foreignObject', 'style', 'use'],
    RETURN_DOM_FRAGMENT: true,
  });
}

/** The container's content box (what the chart directive's ResizeObserver reports), in whole px. */
function contentBox(el: HTMLElement): { width: number; height: number } {
  const style = getComputedStyle(el);
  const px = (name: string) => parseFloat(style.getPropertyValue(name)) || 0;
  return {
    width: Math.floor(el.clientWidth - px('padding-left') - px('padding-right')),
    height: Math.floor(el.clientHeight - px('padding-top') - px('padding-bottom')),
  };
}

type ClickHandler = (event: unknown, item: { datum?: unknown } | null | undefined) => void;

/**
 * Draws `request`'s chart in the worker and puts it in `container` (the width and height are filled in here from the
 * container). Rejects, with nothing put in the container, when the chart or the worker fails.
 */
export async function embedInWorker(
  container: HTMLElement,
  request: Omit<DrawRequest, 'op' | 'chart' | 'width' | 'height'>,
  fitHeight: boolean,
): Promise<EmbeddedChart> {
  const chart = ++charts;
  let drawnAt = contentBox(container);
  const first = await ask({
    op: 'draw',
    chart,
    ...request,
    width: drawnAt.width,
    ...(fitHeight && { height: drawnAt.height }),
  });
  const end = countChart();
  let tooltips = false;
  // Drawings asked for and shown, in order (the worker answers in order): a click or the pointer over a drawing that
  // a newer one is about to replace is not asked about — the worker's view is the newer one, and its row at that
  // point would not be the one clicked (no row is better than another row).
  let asked = 1;
  let shown = 1;
  const redraw = async (request: ChartRequest) => {
    const version = ++asked;
    const answer = await ask(request);
    if (version > shown) show(answer, version);
  };
  const show = (answer: ChartAnswer, version: number) => {
    if (answer.svg === undefined) return;
    shown = version;
    container.replaceChildren(drawing(answer.svg));
    // Never wider than its box while a drawing for a new size is on its way.
    const svg = container.querySelector('svg');
    if (svg) Object.assign(svg.style, { maxWidth: '100%', height: 'auto' });
    tooltips = !!answer.tooltips;
  };
  show(first, 1);
  const current = () => shown === asked;
  const clicks: ClickHandler[] = [];
  /** Where `event` is on the drawing, in its own px. */
  const at = (event: MouseEvent) => {
    const svg = container.querySelector('svg');
    const rect = (svg ?? container).getBoundingClientRect();
    // The drawing may be shown smaller than drawn (its box narrowed, a drawing for it on its way): back to its px.
    const scale = (drawn: number, shownPx: number) => (drawn > 0 && shownPx > 0 ? drawn / shownPx : 1);
    const sx = scale(Number(svg?.getAttribute('width')), rect.width);
    const sy = scale(Number(svg?.getAttribute('height')), rect.height);
    return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sy };
  };
  const onClick = (event: MouseEvent) => {
    if (!clicks.length) return;
    if (!current()) return clicks.forEach((handler) => handler(event, null));
    void ask({ op: 'pick', chart, ...at(event) }).then(
      ({ datum }) => clicks.forEach((handler) => handler(event, datum ? { datum } : null)),
      () => undefined,
    );
  };
  // The pointer's tooltip: one question at a time, the latest position asked once the answer before is in.
  let pointer: { x: number; y: number } | undefined;
  let asking = false;
  const askTooltip = () => {
    if (asking || !pointer) return;
    if (!current()) return void container.removeAttribute('title');
    const where = pointer;
    pointer = undefined;
    asking = true;
    void ask({ op: 'pick', chart, ...where })
      .then(
        ({ tooltip }) => {
          if (tooltip) container.setAttribute('title', tooltip);
          else container.removeAttribute('title');
        },
        () => undefined,
      )
      .finally(() => {
        asking = false;
        askTooltip();
      });
  };
  const onMove = (event: PointerEvent) => {
    if (!tooltips) return;
    pointer = at(event);
    askTooltip();
  };
  container.addEventListener('click', onClick);
  container.addEventListener('pointermove', onMove);
  const view: ChartView = {
    addEventListener: (_type, handler) => clicks.push(handler),
    toImageURL: async (type) => {
      const { image } = await ask({ op: 'image', chart, type: type === 'png' ? 'png' : 'svg' });
      if (typeof image === 'string') return URL.createObjectURL(new Blob([image], { type: 'image/svg+xml' }));
      return URL.createObjectURL(image!);
    },
  };
  return {
    view,
    setValues: (values) => redraw({ op: 'values', chart, values }),
    setSize: (width, height) => {
      drawnAt = { width, height };
      return redraw({ op: 'size', chart, width, height });
    },
    get drawnAt() {
      return drawnAt;
    },
    finalize: () => {
      if (!end()) return;
      container.removeEventListener('click', onClick);
      container.removeEventListener('pointermove', onMove);
      void ask({ op: 'finalize', chart }).catch(() => undefined);
    },
  };
}
