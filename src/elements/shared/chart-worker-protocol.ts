// The messages between the page and the chart worker (chart.worker.ts): each request carries a number its answer
// repeats; a chart is named by a number the page gives it when it asks for its drawing.

/** Drawn once: the spec, its rows, the box it fits and the Vega config (theme and locale, resolved in the page). */
export interface DrawRequest {
  op: 'draw';
  chart: number;
  spec: Record<string, unknown>;
  values: Record<string, unknown>[];
  width: number;
  /** Given: the chart fits this height too. */
  height?: number;
  config: Record<string, unknown>;
  /** Given: numbers and dates are written in this locale ('' the browser's), its formats added to the config here. */
  locale?: string;
  /** The error a request for remote data gets (in the page's language). */
  refusal: string;
}

export type ChartRequest =
  | DrawRequest
  | { op: 'values'; chart: number; values: Record<string, unknown>[] }
  | { op: 'size'; chart: number; width: number; height?: number }
  /** The item at (x, y), in px from the drawing's top left corner. */
  | { op: 'pick'; chart: number; x: number; y: number }
  | { op: 'image'; chart: number; type: 'svg' | 'png' }
  | { op: 'finalize'; chart: number }
  /**
   * Sets up Intl's formatting for `locale` (ICU's data, which the page then shares: its own first formatter is cheap),
   * then loads Vega and Vega-Lite, before the first chart asks.
   */
  | { op: 'warm'; locale?: string }
  /** Markdown to safe HTML (markdown.ts): answered at once, not after the charts' requests before it. */
  | { op: 'markdown'; text: string };

/** What an answer carries: the drawing's SVG markup, a picked item's row and tooltip, an exported image, HTML. */
export interface ChartAnswer {
  svg?: string;
  /** Whether any mark of the drawing has a tooltip (the page then asks what is under the pointer as it moves). */
  tooltips?: boolean;
  datum?: Record<string, unknown> | null;
  tooltip?: string;
  image?: Blob | string;
  html?: string;
}

export type ChartMessage = ChartRequest & { id: number };
export type ChartReply = ChartAnswer & { id: number; error?: string };
