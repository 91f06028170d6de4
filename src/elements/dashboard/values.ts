// Reading the free-form parts of a dashboard config (ARCHITECTURE §4): values as text, configs as records, a tab
// container's tabs, a widget's report and title; and filters set from such values.

import { msg, str } from '@lit/localize';
import type { DashboardWidget, ReportSnapshot } from '../../api/types.js';

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

/** A TABS_CONTAINER's tabs. */
export function tabsOf(widget: DashboardWidget): Tab[] {
  const tabs = asRecord(widget.config).tabs;
  if (!Array.isArray(tabs)) return [];
  return tabs.map((t, i) => {
    const tab = asRecord(t);
    const n = i + 1;
    return {
      id: text(tab.id) || String(i),
      title: text(tab.title) || msg(str`Tab ${n}`),
      widgetIds: Array.isArray(tab.widgetIds) ? tab.widgetIds.map(text) : [],
    };
  });
}

/** The report snapshot a CHART widget shows. */
export function reportOf(widget: DashboardWidget, reports: readonly ReportSnapshot[]): ReportSnapshot | undefined {
  const id = asRecord(widget.config).reportId;
  return reports.find((r) => r.reportId === id || r.id === id);
}

/** A widget's title: its config's, else its report's (CHART) or label (FILTER). */
export function titleOf(widget: DashboardWidget, reports: readonly ReportSnapshot[]): string {
  const c = asRecord(widget.config);
  if (typeof c.title === 'string') return c.title;
  if (widget.type === 'CHART') {
    const r = reportOf(widget, reports);
    return r?.title ?? r?.name ?? '';
  }
  if (widget.type === 'FILTER') return typeof c.label === 'string' ? c.label : '';
  return '';
}
