// Reading the free-form parts of a dashboard config: values as text, records; a tab container's tabs and a chart's
// report from their typed configs; and filters set from such values.

import { msg, str } from '@lit/localize';
import type { ReportSnapshot, TypedWidget } from '../../api/types.js';

/** A config value as text ('' for none; objects as JSON). */
export const text = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
        ? String(v)
        : JSON.stringify(v);

/** `filters` with the filter on `member` set to `values` as text (or, with none, without it). */
export function withFilter(
  filters: ReadonlyMap<string, string[]>,
  member: string,
  values: readonly unknown[] | undefined,
): Map<string, string[]> {
  const next = new Map(filters);
  const list = (values ?? []).map(text);
  if (list.length) next.set(member, list);
  else next.delete(member);
  return next;
}

/** A config value as a record ({} when it is not one). */
export const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export interface Tab {
  id: string;
  title: string;
  widgetIds: string[];
}

/** A TABS_CONTAINER's tabs, their ids and titles defaulted (its index, "Tab n"). */
export function tabsOf(widget: TypedWidget<'TABS_CONTAINER'>): Tab[] {
  return widget.config.tabs.map((tab, i) => {
    const n = i + 1;
    return { id: tab.id || String(i), title: tab.title || msg(str`Tab ${n}`), widgetIds: tab.widgetIds ?? [] };
  });
}

/** The report snapshot a CHART widget shows: by `reportId`, else by snapshot `id`. */
export function reportOf(widget: TypedWidget<'CHART'>, reports: readonly ReportSnapshot[]): ReportSnapshot | undefined {
  const id = widget.config.reportId;
  return reports.find((r) => r.reportId === id || r.id === id);
}
