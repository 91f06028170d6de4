// What a widget renderer may use of its dashboard: the loaded dashboard, its data, filters and per-widget UI state,
// the slices widgets are drawn in, the modules renderers load lazily, and the grid (for tabs). The element builds one
// WidgetHost; the renderers are plain functions of it. It imports no renderer (they import it).

import type { TemplateResult } from 'lit';
import type { DashboardWidget, TypedWidget } from '../../../api/types.js';
import type { Transport } from '../../../transport/transport.js';
import type { LazyModule } from '../../shared/lazy-module.js';
import type { AppFrames } from '../apps.js';
import type { DashboardData } from '../data.js';
import type { DashboardFilters } from '../filters.js';
import type { DrawSlices } from '../slices.js';
import type { LoadedDashboard } from '../source.js';

export interface WidgetHost {
  readonly dashboard: LoadedDashboard;
  readonly data: DashboardData;
  readonly filters: DashboardFilters;
  /**
   * A module a renderer loads with its first widget (pass a module-level loader): one LazyModule per loader and
   * element, whose `get()` starts the load and updates the element once it arrives or fails.
   */
  lazy<M>(load: () => Promise<M>): LazyModule<M>;
  /** Which widgets are drawn; the others wait for their slice. */
  readonly slices: DrawSlices;
  /** Windows of sandboxed apps and html reports the dashboard answers. */
  readonly apps: AppFrames;
  /** The locale numbers are formatted in. */
  readonly locale: string | undefined;
  /** The locale the dashboard itself sets (its nested chats take it; undefined: they follow the provider). */
  readonly ownLocale: string | undefined;
  /** What changes the charts' theme tokens (colour scheme, dashboard theme). */
  readonly themeKey: string;
  /** TABS_CONTAINER id → its selected tab id. */
  readonly activeTabs: Map<string, string>;
  /** Markdown source → safe HTML (shared/safe-renderer.ts), once rendered. */
  readonly markdown: Map<string, string>;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  transport(): Transport | undefined;
  /** A grid of `widgets` at `width` px (tabs nest one). */
  renderGrid(widgets: DashboardWidget[], width: number): TemplateResult;
  /** A widget's title. */
  titleOf(widget: TypedWidget): string;
  requestUpdate(): void;
  emit<E extends Event>(event: E): E;
}
