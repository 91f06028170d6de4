// What a drawn chart offers its callers, wherever it was drawn (in the page or in the chart worker), and the count of
// charts alive: each one is counted until it is finalized (liveChartViews), so tests can tell none is left behind.

/** What callers use of a chart's view: clicks (drilldown) and image export. */
export interface ChartView {
  addEventListener(
    type: 'click',
    handler: (event: unknown, item: { datum?: unknown } | null | undefined) => void,
  ): unknown;
  /** A URL of the drawing as `type` ('svg' or 'png'): a data: URL, or a blob: URL the caller may revoke. */
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
  /** The content box it was last drawn for, when drawn away from the page (the page's Vega reads its box itself). */
  readonly drawnAt?: { width: number; height: number };
}

let live = 0;

/** Charts drawn and not yet finalized (a test hook). */
export const liveChartViews = (): number => live;

/** Counts a chart as alive; the function returned counts it out, once however often it is called. */
export function countChart(): () => boolean {
  live++;
  let ended = false;
  return () => {
    if (ended) return false;
    ended = true;
    live--;
    return true;
  };
}
