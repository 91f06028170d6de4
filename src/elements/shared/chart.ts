// The one chart directive of the library: `<div ${vegaChart({spec, values})}>` draws a Vega-Lite chart in that
// element and owns its view — same spec, new rows: the rows change in place (no new view); another spec: the old view
// is finalized and a new one drawn; the element resized: the chart refits; the part removed or the host element
// disconnected: the view is finalized (window listeners, timers and all), and drawn again if it comes back.
// Vega and Vega-Lite load with the first chart; the theme (./chart-theme) comes from the element's tokens. Charts
// drawn with `queued` take turns across the page: one drawing (or new rows) at a time, with a yield to the main thread
// between.

import { nothing } from 'lit';
import { AsyncDirective, directive, type ElementPart } from 'lit/async-directive.js';
import type { ChartView, EmbeddedChart } from './vega-chart.js';
import { nextTask } from '../../util/next-task.js';

export type { ChartView } from './vega-chart.js';

export interface ChartOptions {
  /** The Vega-Lite spec, as an object or JSON text (untrusted: drawn without eval or remote data). */
  spec: Record<string, unknown> | string;
  /** The rows; pass the same array while they are the same (a new array updates the view's data). */
  values: Record<string, unknown>[];
  /** Fit the element's height too (an element of fixed height, like a dashboard card's body); else only its width. */
  fitHeight?: boolean;
  /** What else changes the theme's tokens (the colour scheme, the dashboard's theme): a new value redraws. */
  themeKey?: string;
  /** The locale numbers and dates are written in (undefined: the browser's); another one redraws. */
  locale?: string;
  /** Called with each new view (after it is drawn), e.g. to listen for clicks. */
  onView?: (view: ChartView) => void;
  /** The chart could not be drawn or updated. */
  onError?: (error: unknown) => void;
  /**
   * Take turns with the page's other queued charts: one drawing or update of rows at a time, with a yield to the main
   * thread before each, so many charts arriving together never block the page together.
   */
  queued?: boolean;
}

/** The end of the queue of drawings: each waits for the one before and a yield. */
let queue: Promise<void> = Promise.resolve();

/** Runs `work` now, or with `queued` in its turn (after the queued work before it and a yield). */
function inTurn<T>(queued: boolean | undefined, work: () => Promise<T>): Promise<T> {
  if (!queued) return work();
  const turn = queue.then(nextTask);
  const done = turn.then(work);
  queue = done.then(
    () => undefined,
    () => undefined,
  );
  return done;
}

/** The view drawn in a chart element, while it is alive (for exports). */
const views = new WeakMap<Element, ChartView>();
export const chartViewOf = (el: Element | null | undefined): ChartView | undefined => (el ? views.get(el) : undefined);

class VegaChartDirective extends AsyncDirective {
  private el?: HTMLElement;
  private options?: ChartOptions;
  private chart?: EmbeddedChart;
  /** What the chart shows: the spec and theme it was drawn with, and its rows. */
  private shown?: {
    key: string;
    spec: ChartOptions['spec'];
    themeKey?: string;
    locale?: string;
    values: ChartOptions['values'];
  };
  private drawing = false;
  /** Bumped whenever a drawing in progress must be dropped (disconnected, redrawn). */
  private generation = 0;
  private size = '';
  private sizes?: ResizeObserver;

  render(_options: ChartOptions): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [options]: [ChartOptions]): typeof nothing {
    this.el = part.element as HTMLElement;
    this.options = options;
    if (this.isConnected) this.sync();
    return nothing;
  }

  protected override disconnected(): void {
    this.generation++;
    this.drawing = false;
    this.release();
  }

  protected override reconnected(): void {
    this.sync();
  }

  private keyOf(options: ChartOptions): string {
    // The same spec (object or text) under the same theme and locale: the same drawing, without serialising it again.
    const { spec, themeKey, locale } = options;
    if (this.shown?.spec === spec && this.shown.themeKey === themeKey && this.shown.locale === locale) {
      return this.shown.key;
    }
    return `${themeKey ?? ''}\n${locale ?? ''}\n${typeof spec === 'string' ? spec : JSON.stringify(spec)}`;
  }

  /**
   * Brings the chart in line with the options: a new view for a new spec, new rows into the view otherwise. A spec
   * that failed to draw is not tried again until it changes or the element comes back.
   */
  private sync(): void {
    const options = this.options!;
    if (this.drawing) return; // draw() syncs again when it is done
    const key = this.keyOf(options);
    if (this.shown?.key !== key) {
      void this.draw(key, options);
    } else if (this.chart && this.shown.values !== options.values) {
      this.shown.values = options.values;
      const chart = this.chart;
      inTurn(options.queued, () => (chart === this.chart ? chart.setValues(options.values) : Promise.resolve())).catch(
        (error: unknown) => options.onError?.(error),
      );
    }
  }

  private async draw(key: string, options: ChartOptions): Promise<void> {
    const generation = ++this.generation;
    const el = this.el!;
    this.release();
    const { spec: given, themeKey, locale, values } = options;
    this.shown = { key, spec: given, themeKey, locale, values };
    this.drawing = true;
    try {
      const { embedChart } = await import('./vega-chart.js');
      if (generation !== this.generation) return;
      const spec =
        typeof options.spec === 'string' ? (JSON.parse(options.spec) as Record<string, unknown>) : options.spec;
      const chart = await inTurn(options.queued, async () =>
        // Dropped while it waited for its turn: not drawn at all.
        generation === this.generation
          ? embedChart(el, spec, values, { fitHeight: options.fitHeight, locale })
          : undefined,
      );
      if (!chart) return;
      if (generation !== this.generation) return chart.finalize(); // disconnected or redrawn meanwhile
      this.chart = chart;
      views.set(el, chart.view);
      this.size = '';
      this.sizes = new ResizeObserver(([entry]) =>
        this.resize(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height)),
      );
      this.sizes.observe(el);
      options.onView?.(chart.view);
    } catch (error) {
      if (generation === this.generation) options.onError?.(error);
    } finally {
      if (generation === this.generation) this.drawing = false;
    }
    if (generation === this.generation && this.isConnected && this.options !== options) this.sync();
  }

  private resize(width: number, height: number): void {
    const first = !this.size;
    const size = this.options?.fitHeight ? `${width}x${height}` : `${width}`;
    if (size === this.size) return;
    this.size = size;
    // The first report is the size the chart was just drawn at — unless it was drawn away from the page (the chart
    // worker) for a box that has changed since (its chart made a scrollbar appear, say).
    const at = this.chart?.drawnAt;
    const moved = !!at && (at.width !== width || (!!this.options?.fitHeight && at.height !== height));
    if ((!first || moved) && width > 0) {
      this.chart?.setSize(width, height).catch((error: unknown) => this.options?.onError?.(error));
    }
  }

  private release(): void {
    this.sizes?.disconnect();
    if (this.el) views.delete(this.el);
    this.chart?.finalize();
    this.chart = undefined;
    this.shown = undefined;
  }
}

/** Draws a Vega-Lite chart in the element it is on, and finalizes it when it goes (see the module comment). */
export const vegaChart = directive(VegaChartDirective);
