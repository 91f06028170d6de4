// The dashboard's grid: widgets placed absolutely at the layout core's pixels (react-grid-layout's rules, ARCHITECTURE
// §6), each in a labelled frame that the viewport watches for coming into view; and which widgets are on screen
// (the top grid's, and those of each container's selected tab).

import { html, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { DashboardConfig, DashboardWidget } from '../../api/types.js';
import { computeGrid, gridOptions } from '../../layout/index.js';
import { widgetStyle } from './css-values.js';
import { asRecord, tabsOf } from './values.js';
import type { DashboardViewport } from './viewport.js';
import type { WidgetHost } from './widgets/host.js';
import { renderWidget } from './widgets/index.js';
import { activeTab } from './widgets/tabs.js';

/** Widgets of the top grid: those not inside a tab. */
export function topWidgets(config: DashboardConfig): DashboardWidget[] {
  const all = config.widgets ?? [];
  const inTabs = new Set(
    all.filter((w) => w.type === 'TABS_CONTAINER').flatMap((w) => tabsOf(w).flatMap((t) => t.widgetIds)),
  );
  return all.filter((w) => !inTabs.has(w.id));
}

/** The widgets rendered now: the top grid's and, through tab containers, their selected tab's (at any depth). */
export function shownWidgets(config: DashboardConfig, activeTabs: ReadonlyMap<string, string>): DashboardWidget[] {
  const all = config.widgets ?? [];
  const out: DashboardWidget[] = [];
  const seen = new Set<string>();
  const visit = (widgets: DashboardWidget[]) => {
    for (const w of widgets) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      out.push(w);
      const tab = w.type === 'TABS_CONTAINER' ? activeTab(activeTabs, w) : undefined;
      if (tab) visit(all.filter((m) => tab.widgetIds.includes(m.id)));
    }
  };
  visit(topWidgets(config));
  return out;
}

export function renderGrid(
  host: WidgetHost,
  viewport: DashboardViewport,
  widgets: DashboardWidget[],
  width: number,
): TemplateResult {
  const config = host.dashboard.config;
  const compact = asRecord(config.settings).compactType === 'none' ? 'none' : 'vertical';
  const grid = computeGrid(widgets, width, gridOptions(config.layout, compact));
  const byId = new Map(widgets.map((w) => [w.id, w]));
  return html`<div part="grid" class="grid" style=${styleMap({ height: `${grid.height}px` })}>
    ${grid.items.map((item) => {
      const widget = byId.get(item.id)!;
      return html`<div
        part="widget"
        class="widget"
        role="group"
        data-widget-id=${widget.id}
        data-widget-type=${widget.type}
        aria-label=${host.titleOf(widget) || widget.type.toLowerCase()}
        style=${styleMap({
          left: `${item.left}px`,
          top: `${item.top}px`,
          width: `${item.width}px`,
          height: `${item.height}px`,
          ...widgetStyle(widget),
        })}
        ${viewport.observe()}
      >
        ${renderWidget(host, widget, item.width)}
      </div>`;
    })}
  </div>`;
}
