// Each widget type's config (DashboardWidget.config, free-form in the spec; the interfaces are in
// ../types/workbooks.ts): one schema per type, keyed by the type, so a type without one does not compile. The API
// stores configs as given; a dashboard checks each widget's as it draws it, and a widget whose config is not valid
// shows why (`FILTER widget "region": config.member: must be a string`) while the others render.

import * as v from 'valibot';
import { TIME_GRANULARITIES } from '../types/data.js';
import type { WidgetType } from '../types/enums.js';
import type { DashboardWidget, TypedWidget, WidgetConfigs } from '../types/workbooks.js';
import { bool, describeIssue, int, issuePath, list, looseObject, oneOf, str } from './common.js';

const title = { title: v.optional(str()) };
const grain = () => oneOf(TIME_GRANULARITIES);

export const WIDGET_CONFIG_SCHEMAS: { readonly [T in WidgetType]: v.GenericSchema<unknown, WidgetConfigs[T]> } = {
  CHART: looseObject({ ...title, reportId: int() }),
  TEXT: looseObject({ ...title, markdown: v.optional(str()) }),
  FILTER: looseObject({
    ...title,
    member: str(),
    label: v.optional(str()),
    multiple: v.optional(bool()),
    defaultValues: v.optional(
      list(v.union([v.string(), v.number(), v.boolean()], 'must be a string, a number or a boolean')),
    ),
  }),
  AI: looseObject({ ...title, prompt: v.optional(str()), prompts: v.optional(list(str())) }),
  TABS_CONTAINER: looseObject({
    ...title,
    tabs: list(looseObject({ id: v.optional(str()), title: v.optional(str()), widgetIds: v.optional(list(str())) })),
  }),
  TIME_GRAIN: looseObject({
    ...title,
    member: v.optional(str()),
    label: v.optional(str()),
    grains: v.optional(list(grain())),
    defaultGrain: v.optional(grain()),
  }),
};

export type CheckedWidget = { widget: TypedWidget; error?: undefined } | { widget?: undefined; error: string };

const checked = new WeakMap<DashboardWidget, CheckedWidget>();

/**
 * `widget` with its config checked against its type's schema (no config reads as `{}`), or why it is not valid:
 * the type, the widget's id and the first bad field. The same answer for the same widget object.
 */
export function checkWidget(widget: DashboardWidget): CheckedWidget {
  const known = checked.get(widget);
  if (known) return known;
  const schema: v.GenericSchema | undefined = Object.hasOwn(WIDGET_CONFIG_SCHEMAS, widget.type)
    ? WIDGET_CONFIG_SCHEMAS[widget.type]
    : undefined;
  let out: CheckedWidget;
  if (!schema) {
    out = { error: `Unknown widget type ${String(widget.type)} (widget ${JSON.stringify(widget.id)})` };
  } else {
    const result = v.safeParse(schema, widget.config ?? {}, { abortEarly: true });
    const where = `${widget.type} widget ${JSON.stringify(widget.id)}`;
    out = result.success
      ? { widget: { ...widget, config: result.output } as TypedWidget }
      : { error: `${where}: config${issuePath(result.issues[0]) ? '.' : ': '}${describeIssue(result.issues[0])}` };
  }
  checked.set(widget, out);
  return out;
}
