// The dashboard's filter state and the host actions on it: the filters (member → values) and the time grain, their
// defaults from FILTER and TIME_GRAIN widgets, each FILTER's options from the data API, and drilldown (by default a
// filter by the clicked values). Changing any of it updates the element; the data controller reloads what it concerns.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DashboardConfig, DashboardWidget, TimeGranularity } from '../../api/types.js';
import { checkWidget } from '../../api/schemas/widgets.js';
import type { Transport } from '../../transport/transport.js';
import { SvcDrilldownEvent, SvcErrorEvent, SvcFiltersChangedEvent } from '../events.js';
import { text, withFilter } from './values.js';

/** The element, as its controllers see it. */
export interface DashboardHost extends ReactiveControllerHost {
  emit<E extends Event>(event: E): E;
}

/** What the filters read from the element. */
export interface FilterSources {
  /** The transport in use, if any yet. */
  transport(): Transport | undefined;
  /** Every widget of the dashboard shown (none before it loads). */
  widgets(): DashboardWidget[];
}

/** The member a FILTER widget filters on (undefined for another widget, or one whose config is not valid). */
export const memberOf = (widget: DashboardWidget): string | undefined => {
  const typed = checkWidget(widget).widget;
  return typed?.type === 'FILTER' ? typed.config.member : undefined;
};

export class DashboardFilters implements ReactiveController {
  private values = new Map<string, string[]>();
  private grain?: TimeGranularity;
  /** Member → the values the viewer can pick (undefined while they load). */
  private readonly options = new Map<string, string[] | undefined>();
  /** Bumped when the options are dropped (another viewer), so answers for the one before are ignored. */
  private optionsGeneration = 0;

  constructor(
    private readonly host: DashboardHost,
    private readonly sources: FilterSources,
  ) {
    host.addController(this);
  }

  /** The filters (member → values), as the data controller reads them. */
  get current(): ReadonlyMap<string, readonly string[]> {
    return this.values;
  }

  /** The filters as a plain record (member → values). */
  snapshot(): Record<string, string[]> {
    return Object.fromEntries(this.values);
  }

  get timeGrain(): TimeGranularity | undefined {
    return this.grain;
  }

  set timeGrain(grain: TimeGranularity | undefined) {
    this.grain = grain;
    this.host.requestUpdate();
  }

  /** The values `member` is filtered by (none: unfiltered). */
  selected(member: string): readonly string[] {
    return this.values.get(member) ?? [];
  }

  /** The values a FILTER on `member` offers: those the data API gives the viewer (undefined while they load). */
  optionsOf(member: string): readonly string[] | undefined {
    return this.options.get(member);
  }

  /** Sets (or, with no values, clears) the filter on `member` and announces the filters (unless told not to). */
  set(member: string, values: readonly unknown[] | undefined, announce = true): void {
    const next = withFilter(this.values, member, values);
    this.values = next;
    this.host.requestUpdate();
    if (announce) this.host.emit(new SvcFiltersChangedEvent(Object.fromEntries(next)));
  }

  /** The defaults of a newly loaded dashboard's FILTER and TIME_GRAIN widgets, unless the host has set its own. */
  applyDefaults(config: DashboardConfig): void {
    for (const w of config.widgets ?? []) {
      const typed = checkWidget(w).widget;
      if (typed?.type === 'FILTER' && typed.config.member && !this.values.has(typed.config.member)) {
        const defaults = (typed.config.defaultValues ?? []).map(text);
        if (defaults.length) this.values = new Map(this.values).set(typed.config.member, defaults);
      }
      if (typed?.type === 'TIME_GRAIN' && !this.grain && typed.config.defaultGrain) {
        this.grain = typed.config.defaultGrain;
      }
    }
  }

  /** Another viewer sees other rows: the options load again (the filters stay). */
  resetOptions(): void {
    this.options.clear();
    this.optionsGeneration++;
  }

  /** A chart mark was activated: svc-drilldown, and unless cancelled, filter by its values that a FILTER offers. */
  drilldown(widgetId: string, datum: Record<string, unknown>): void {
    if (this.host.emit(new SvcDrilldownEvent(widgetId, datum)).defaultPrevented) return;
    const members = this.sources
      .widgets()
      .filter((w) => w.type === 'FILTER')
      .map(memberOf)
      .filter((m): m is string => m !== undefined && m in datum);
    for (const member of members) this.set(member, [datum[member]]);
  }

  hostUpdate(): void {
    const transport = this.sources.transport();
    if (!transport) return;
    for (const w of this.sources.widgets()) {
      const member = w.type === 'FILTER' ? memberOf(w) : undefined;
      if (member && !this.options.has(member)) void this.loadOptions(transport, member);
    }
  }

  private async loadOptions(transport: Transport, member: string): Promise<void> {
    const generation = this.optionsGeneration;
    this.options.set(member, undefined);
    try {
      const result = await transport.load({
        query: { dimensions: [member], order: { [member]: 'asc' }, limit: 1000 },
      });
      if (generation !== this.optionsGeneration) return;
      this.options.set(
        member,
        result.data.map((row) => text(row[member])),
      );
      this.host.requestUpdate();
    } catch (error) {
      if (generation !== this.optionsGeneration) return;
      this.options.set(member, []);
      this.host.requestUpdate();
      this.host.emit(new SvcErrorEvent(error));
    }
  }
}
