// What a widget kind is to the dashboard: one descriptor per kind (./kinds.ts lists them) says how it is labelled,
// sized and drawn, which parts it exposes, and, when it shows a report or holds other widgets, which. Its renderer
// gets the widget with its config checked and typed (src/api/schemas/widgets.ts); a widget whose config is not valid
// shows why instead (./index.ts).

import type { TemplateResult } from 'lit';
import type { ReportSnapshot, TypedWidget, WidgetType } from '../../../api/types.js';
import type { WidgetHost } from './host.js';

/**
 * How a kind's frame is sized: `rows`, the rows its position gives; `content`, its content's height (a compact
 * filter); `grow`, its content's height but never less than its rows (a text is never clipped).
 */
export type WidgetSizing = 'rows' | 'content' | 'grow';

export interface WidgetKind<T extends WidgetType> {
  /** The kind's name in the UI language: what a widget without a title is labelled. */
  label(): string;
  sizing: WidgetSizing;
  /** The CSS parts its content may expose (each one documented on <svc-dashboard>; `widget` is the frame's). */
  parts: readonly string[];
  /** Its title when its config has none ('' for none). */
  title?(widget: TypedWidget<T>, reports: readonly ReportSnapshot[]): string;
  /** The report whose data it shows: the data controller loads them once the widget is in view. */
  report?(widget: TypedWidget<T>, reports: readonly ReportSnapshot[]): ReportSnapshot | undefined;
  /** The ids of the widgets it holds (drawn inside it, not in the top grid)… */
  holds?(widget: TypedWidget<T>): string[];
  /** …and of those it shows now (`state`: the element's per-widget UI state, e.g. a container's selected tab). */
  shows?(widget: TypedWidget<T>, state: ReadonlyMap<string, string>): string[];
  /** Its content; undefined while the module that draws it loads (the frame shows its loading state meanwhile). */
  render(host: WidgetHost, widget: TypedWidget<T>, width: number): TemplateResult | undefined;
}

/** One descriptor per widget type, keyed by it: a type without one does not compile. */
export type WidgetKinds = { readonly [T in WidgetType]: WidgetKind<T> };
