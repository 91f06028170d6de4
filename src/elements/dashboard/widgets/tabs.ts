// TABS_CONTAINER widget: a keyboard tab list (arrows, Home, End) and the selected tab's widgets in their own grid.

import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { TypedWidget } from '../../../api/types.js';
import { FRAME_INSET } from '../frame.js';
import { tabsOf, type Tab } from '../values.js';
import type { WidgetHost } from './host.js';
import type { WidgetKind } from './kind.js';

export const TABS_CONTAINER: WidgetKind<'TABS_CONTAINER'> = {
  label: () => msg('Tabs'),
  sizing: 'rows',
  parts: ['tabs', 'tab'],
  holds: (widget) => tabsOf(widget).flatMap((t) => t.widgetIds),
  shows: (widget, activeTabs) => activeTab(activeTabs, widget)?.widgetIds ?? [],
  render: (host, widget, width) => renderTabs(host, widget, width),
};

/** The tab a container shows: the one selected, else its first. */
function activeTab(activeTabs: ReadonlyMap<string, string>, widget: TypedWidget<'TABS_CONTAINER'>): Tab | undefined {
  const tabs = tabsOf(widget);
  const active = activeTabs.get(widget.id);
  return tabs.find((t) => t.id === active) ?? tabs[0];
}

function renderTabs(host: WidgetHost, widget: TypedWidget<'TABS_CONTAINER'>, width: number): TemplateResult {
  const tabs = tabsOf(widget);
  const current = activeTab(host.activeTabs, widget);
  if (!current) return html`<p class="muted">${msg('No tabs')}</p>`;
  const select = (id: string, focus: boolean) => {
    host.activeTabs.set(widget.id, id);
    host.requestUpdate();
    if (focus) {
      void host.updateComplete.then(() =>
        host.renderRoot.querySelector<HTMLElement>(`#tab-${CSS.escape(widget.id)}-${CSS.escape(id)}`)?.focus(),
      );
    }
  };
  const keydown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current.id);
    // The arrow towards the line's end goes to the next tab: ArrowLeft in a right-to-left language.
    const rtl = getComputedStyle(e.currentTarget as HTMLElement).direction === 'rtl';
    const [next, previous] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    const to =
      e.key === next
        ? (i + 1) % tabs.length
        : e.key === previous
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    select(tabs[to].id, true);
  };
  const members = (host.dashboard.config.widgets ?? []).filter((w) => current.widgetIds.includes(w.id));
  return html`<div part="tabs" class="tabs" role="tablist" @keydown=${keydown}>
      ${tabs.map(
        (t) =>
          html`<button
            part="tab"
            role="tab"
            type="button"
            id=${`tab-${widget.id}-${t.id}`}
            aria-selected=${t.id === current.id ? 'true' : 'false'}
            aria-controls=${`panel-${widget.id}`}
            tabindex=${t.id === current.id ? '0' : '-1'}
            @click=${() => select(t.id, false)}
          >
            ${t.title}
          </button>`,
      )}
    </div>
    <div
      class="panel"
      role="tabpanel"
      id=${`panel-${widget.id}`}
      aria-labelledby=${`tab-${widget.id}-${current.id}`}
      tabindex="0"
    >
      ${members.length ? host.renderGrid(members, Math.max(0, width - FRAME_INSET)) : nothing}
    </div>`;
}
