// The chart of a query in <svc-chat>, drawn by the library's chart directive (../shared/chart.ts: themed from the
// element's tokens, refit on resize, finalized when removed). The chat adds to the agent's spec what a chat needs:
// the legend below the plot when the chat is narrow, label limits, and a tooltip of the row's values formatted like
// the result table.

import type { SchemaColumn } from '../../api/types.js';
import type { ChartOptions } from '../shared/chart.js';
import { formatValue } from '../shared/format.js';
import type { ResultColumn } from './result-columns.js';

const TOOLTIP = '__svc_tooltip';

/** Whether a chat this wide puts chart legends below the plot. */
export const isNarrow = (width: number): boolean => width > 0 && width < 480;

/** The spec with the chat's config under its own, and the tooltip field unless it has a tooltip. */
function chatSpec(spec: Record<string, unknown>, narrow: boolean): Record<string, unknown> {
  const legend = { labelLimit: 120, ...(narrow && { orient: 'bottom', direction: 'horizontal', columns: 2 }) };
  const config = { axis: { labelLimit: 120, labelOverlap: true }, legend };
  const encoding = spec.encoding as Record<string, unknown> | undefined;
  return {
    ...spec,
    config: { ...config, ...(spec.config as object) },
    ...((encoding || spec.mark) && !encoding?.tooltip
      ? { encoding: { ...encoding, tooltip: { field: TOOLTIP } } }
      : {}),
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
  return {
    // A new object each time, not JSON text: the directive takes the same text as the same drawing, theme or not.
    spec: chatSpec(parsed, look.endsWith('narrow')),
    values: valuesOf(result, columns, locale),
    themeKey: look,
    locale,
    onError,
  };
}

const cache = new WeakMap<unknown[][], { locale: string | undefined; values: Record<string, unknown>[] }>();

/** Rows as objects with their tooltip text; the same array while the rows and locale are (no redraw). */
function valuesOf(
  { schema, data }: { schema: SchemaColumn[]; data: unknown[][] },
  columns: ResultColumn[],
  locale: string | undefined,
): Record<string, unknown>[] {
  const hit = cache.get(data);
  if (hit && hit.locale === locale) return hit.values;
  const values = data.map((row) => ({
    ...Object.fromEntries(schema.map((c, i) => [c.name, row[i]])),
    [TOOLTIP]: columns.map((c, i) => `${c.title}: ${formatValue(row[i], locale, c.hints)}`).join('\n'),
  }));
  cache.set(data, { locale, values });
  return values;
}
