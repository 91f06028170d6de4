// The chart of a query in <svc-chat>, drawn by the library's chart directive (../shared/chart.ts: themed from the
// element's tokens, refit on resize, finalized when removed). The chat adds to the agent's spec what a chat needs:
// the legend below the plot when the chat is narrow and label limits; and fits it to the rows like a dashboard's card
// (../shared/chart-fit.ts: time ticks at the data's grain, blank categories labelled, many bars as the top ones and
// "Other", a tooltip of the row's values formatted like the result table).

import type { SchemaColumn } from '../../api/types.js';
import type { ChartOptions } from '../shared/chart.js';
import { fitChartOnce } from '../shared/chart-fit.js';
import type { ResultColumn } from './result-columns.js';

/** Whether a chat this wide puts chart legends below the plot. */
export const isNarrow = (width: number): boolean => width > 0 && width < 480;

/**
 * The spec with the chat's config (label limits, the legend below a narrow plot) under its own; a single number (a
 * text mark without x or y) gets the height its font needs: Vega-Lite's default view of such a chart is 20 px tall,
 * which clipped a 32 px KPI to its middle.
 */
function chatSpec(spec: Record<string, unknown>, narrow: boolean): Record<string, unknown> {
  const legend = { labelLimit: 120, ...(narrow && { orient: 'bottom', direction: 'horizontal', columns: 2 }) };
  const config = { axis: { labelLimit: 120, labelOverlap: true }, legend };
  const mark = typeof spec.mark === 'string' ? { type: spec.mark } : (spec.mark as Record<string, unknown> | undefined);
  const encoding = (spec.encoding ?? {}) as Record<string, unknown>;
  const single = mark?.type === 'text' && !encoding.x && !encoding.y && !encoding.row && spec.height === undefined;
  const size = typeof mark?.fontSize === 'number' ? mark.fontSize : 11;
  return {
    ...spec,
    ...(single && { height: Math.ceil(size * 1.5), mark: { baseline: 'middle', ...mark } }),
    config: { ...config, ...(spec.config as object) },
  };
}

/** The chart directive's options for a query's result; `look` is the chat's ChatLook key (theme and width). */
export function chatChartOptions(
  spec: string,
  result: { schema: SchemaColumn[]; data: unknown[][] },
  columns: ResultColumn[],
  locale: string | undefined,
  look: string,
  onError: (error: unknown) => void,
): ChartOptions {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(spec) as Record<string, unknown>;
  } catch (error) {
    onError(error);
  }
  const narrow = look.endsWith('narrow');
  // The spec is a new object each time, not JSON text: the directive takes the same text as the same drawing, theme
  // or not. The rows are the same array while the result, spec and locale are (no redraw).
  const fitted = fitChartOnce(chatSpec(parsed, narrow), rowsOf(result), columns, { locale, narrow });
  return { spec: { ...fitted.spec }, values: fitted.values, themeKey: look, locale, onError };
}

const rows = new WeakMap<unknown[][], Record<string, unknown>[]>();

/** A result's rows as objects keyed by column; the same array for the same result. */
function rowsOf({ schema, data }: { schema: SchemaColumn[]; data: unknown[][] }): Record<string, unknown>[] {
  let known = rows.get(data);
  if (!known) {
    known = data.map((row) => Object.fromEntries(schema.map((c, i) => [c.name, row[i]])));
    rows.set(data, known);
  }
  return known;
}
