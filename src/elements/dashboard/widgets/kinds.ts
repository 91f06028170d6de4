// The widget kinds, one descriptor each (./kind.ts): the one list the dashboard reads to label, size, title and draw
// a widget, to find the report whose data it shows and the widgets it holds. Adding a kind: its type and config in
// src/api (docs/architecture.md, "How to add a widget kind"), then its module here with its descriptor, and one line
// in WIDGET_KINDS.

import { checkWidget } from '../../../api/schemas/widgets.js';
import type { DashboardWidget, ReportSnapshot, TypedWidget, WidgetType } from '../../../api/types.js';
import { AI } from './ai.js';
import { CHART } from './chart-kind.js';
import { FILTER } from './filter.js';
import type { WidgetKind, WidgetKinds, WidgetSizing } from './kind.js';
import { TABS_CONTAINER } from './tabs.js';
import { TEXT } from './text.js';
import { TIME_GRAIN } from './time-grain.js';

export const WIDGET_KINDS: WidgetKinds = { CHART, TEXT, FILTER, AI, TABS_CONTAINER, TIME_GRAIN };

/** The descriptor of a type (undefined for a type the API does not know). */
export function kindOf(type: string): WidgetKind<WidgetType> | undefined {
  return Object.hasOwn(WIDGET_KINDS, type) ? WIDGET_KINDS[type as WidgetType] : undefined;
}

/** A widget's kind in the UI language (the label of a widget without a title). */
export const kindLabel = (type: string): string => kindOf(type)?.label() ?? type.toLowerCase();

/** How a widget's frame is sized (a widget of an unknown type keeps its rows). */
export const sizingOf = (widget: DashboardWidget): WidgetSizing => kindOf(widget.type)?.sizing ?? 'rows';

/** A widget's title: its config's, else its kind's (a CHART's report's, a FILTER's label), else ''. */
export function titleOf(widget: TypedWidget, reports: readonly ReportSnapshot[]): string {
  return widget.config.title ?? kindOf(widget.type)?.title?.(widget, reports) ?? '';
}

/** The report whose data a widget shows (none for a kind that shows none, or a config that is not valid). */
export function widgetReport(widget: DashboardWidget, reports: readonly ReportSnapshot[]): ReportSnapshot | undefined {
  const typed = checkWidget(widget).widget;
  return typed && kindOf(typed.type)?.report?.(typed, reports);
}

/** The ids of the widgets `widget` holds (drawn inside it), or, with `state`, of those it shows now. */
export function heldBy(widget: DashboardWidget, state?: ReadonlyMap<string, string>): string[] {
  const typed = checkWidget(widget).widget;
  const kind = typed && kindOf(typed.type);
  if (!kind) return [];
  return (state ? kind.shows?.(typed, state) : kind.holds?.(typed)) ?? [];
}
