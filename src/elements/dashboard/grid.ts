// The dashboard's grid: widgets placed absolutely at the layout core's pixels (react-grid-layout's rules: src/layout),
// each in a labelled frame that the viewport watches for coming into view; and which widgets are on screen
// (the top grid's, and those of each container's selected tab). A frame is its widget's own (keyed by id): the view
// observer reports an element once, as it starts watching it, so a frame reused for another tab's widget would leave
// that widget unreported, out of view for ever, and its data never loaded.

import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { styleMap } from 'lit/directives/style-map.js';
import { checkWidget } from '../../api/schemas/widgets.js';
import type { DashboardConfig, DashboardWidget } from '../../api/types.js';
import { computeGrid, gridOptions, type GridResult, type GridWidget } from '../../layout/index.js';
import { widgetStyle } from './css-values.js';
import { FRAME_INSET_Y } from './frame.js';
import { asRecord } from './values.js';
import type { DashboardViewport } from './viewport.js';
import type { WidgetHost } from './widgets/host.js';
import { renderWidget } from './widgets/index.js';
import { heldBy, kindLabel, sizingOf } from './widgets/kinds.js';

/** Widgets of the top grid: those no other widget holds (a tab container's). */
export function topWidgets(config: DashboardConfig): DashboardWidget[] {
  const all = config.widgets ?? [];
  const held = new Set(all.flatMap((w) => heldBy(w)));
  return all.filter((w) => !held.has(w.id));
}

/** The widgets rendered now: the top grid's and those their containers show (a selected tab's, at any depth). */
export function shownWidgets(config: DashboardConfig, activeTabs: ReadonlyMap<string, string>): DashboardWidget[] {
  const all = config.widgets ?? [];
  const out: DashboardWidget[] = [];
  const seen = new Set<string>();
  const visit = (widgets: DashboardWidget[]) => {
    for (const w of widgets) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      out.push(w);
      const shown = heldBy(w, activeTabs);
      if (shown.length) visit(all.filter((m) => shown.includes(m.id)));
    }
  };
  visit(topWidgets(config));
  return out;
}

/** Widgets whose frame takes its content's height: filters shrink to it, text grows to it (never below design). */
export const fitsContent = (widget: DashboardWidget): boolean => sizingOf(widget) !== 'rows';

/** Rows are split in this many steps, so content-sized frames need not take whole rows. */
const STEPS = 8;

/**
 * The grid of `widgets` at `width`, with content-sized frames (`heights`: widget id → content px) at their content's
 * height. The layout core lays out a grid STEPS times finer, whose step rows are exactly as tall that a widget of h
 * rows keeps its pixels (rowHeight·h + (h−1)·margin); so widgets of whole rows sit where react-grid-layout puts them,
 * and compaction moves the rest up under a compact filter or down under a long text.
 */
export function layoutGrid(
  config: DashboardConfig,
  widgets: readonly DashboardWidget[],
  width: number,
  heights: ReadonlyMap<string, number>,
): GridResult {
  const compact = asRecord(config.settings).compactType === 'none' ? 'none' : 'vertical';
  const options = gridOptions(config.layout, compact);
  const my = options.margin[1];
  let steps = STEPS;
  while (steps > 1 && (options.rowHeight + my) / steps - my <= 0) steps--;
  const step = (options.rowHeight + my) / steps; // a step row and its margin
  const fine = { ...options, rowHeight: step - my };
  const scaled = widgets.map((widget): GridWidget => {
    const content = fitsContent(widget) ? heights.get(widget.id) : undefined;
    const scale = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }) => {
      const needed = content === undefined ? 0 : Math.max(1, Math.ceil((content + FRAME_INSET_Y + my) / step));
      const designed = h * steps;
      return {
        x,
        y: y * steps,
        w,
        h: needed ? (sizingOf(widget) === 'grow' ? Math.max(designed, needed) : needed) : designed,
      };
    };
    const layouts = widget.responsiveLayouts;
    return {
      id: widget.id,
      position: scale(widget.position),
      responsiveLayouts:
        layouts && Object.fromEntries(Object.entries(layouts).map(([bp, cell]) => [bp, cell ? scale(cell) : cell])),
    };
  });
  return computeGrid(scaled, width, fine);
}

/** A frame's label: its widget's title, else its kind's name. */
function labelOf(host: WidgetHost, widget: DashboardWidget): string {
  const typed = checkWidget(widget).widget;
  return (typed && host.titleOf(typed)) || kindLabel(widget.type);
}

export function renderGrid(
  host: WidgetHost,
  viewport: DashboardViewport,
  widgets: DashboardWidget[],
  width: number,
): TemplateResult {
  const grid = layoutGrid(host.dashboard.config, widgets, width, viewport.contentHeights);
  const byId = new Map(widgets.map((w) => [w.id, w]));
  return html`<div part="grid" class="grid" style=${styleMap({ height: `${grid.height}px` })}>
    ${repeat(
      grid.items,
      (item) => item.id,
      (item) => {
        const widget = byId.get(item.id)!;
        return html`<div
          part="widget"
          class="widget"
          role="group"
          data-widget-id=${widget.id}
          data-widget-type=${widget.type}
          aria-label=${labelOf(host, widget)}
          style=${styleMap({
            // From the inline start: the grid mirrors in right-to-left languages (the first column on the right).
            'inset-inline-start': `${item.left}px`,
            top: `${item.top}px`,
            width: `${item.width}px`,
            height: `${item.height}px`,
            ...widgetStyle(widget),
          })}
          ${viewport.observe()}
        >
          ${
            fitsContent(widget)
              ? html`<div class="fit" ${viewport.measure()}>${renderWidget(host, widget, item.width)}</div>`
              : renderWidget(host, widget, item.width)
          }
        </div>`;
      },
    )}
  </div>`;
}
