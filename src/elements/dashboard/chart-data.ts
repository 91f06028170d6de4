// The data a CHART widget shows, as the data controller (./data.ts) loads them and the renderers and the chart spec
// (./widgets) read them: a leaf module, so that what loads the data and what draws them need not import each other.

/** A widget's data: columns in order and rows keyed by column. */
export interface ChartData {
  columns: string[];
  rows: Record<string, unknown>[];
}
