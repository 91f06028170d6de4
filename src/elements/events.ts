// Typed events of svc-elements: one class per event, names prefixed `svc-`, bubbling and composed (they cross
// shadow roots to reach the host page). "Request" events are cancelable.

import type { ChatStreamMessage } from '../api/types.js';

/** Something failed inside an element; `error` is usually an ApiError. */
export class SvcErrorEvent extends Event {
  static readonly type = 'svc-error';
  readonly error: unknown;

  constructor(error: unknown) {
    super(SvcErrorEvent.type, { bubbles: true, composed: true });
    this.error = error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-error': SvcErrorEvent;
  }
}

/** A question's lifecycle in <svc-chat>: submitted, completed (with its final answer), or failed. */
export class SvcAiQueryEvent extends Event {
  static readonly type = 'svc-ai-query';
  constructor(
    readonly phase: 'submitted' | 'completed' | 'error',
    readonly question: string,
    readonly chatId: string | undefined,
    readonly answer?: string,
  ) {
    super(SvcAiQueryEvent.type, { bubbles: true, composed: true });
  }
}

/** A complete message arrived in <svc-chat> (not each delta). */
export class SvcMessageEvent extends Event {
  static readonly type = 'svc-message';
  constructor(readonly message: ChatStreamMessage) {
    super(SvcMessageEvent.type, { bubbles: true, composed: true });
  }
}

/** <svc-chat> moved to another thread (a new one, or the one given). */
export class SvcChatChangedEvent extends Event {
  static readonly type = 'svc-chat-changed';
  constructor(readonly chatId: string | undefined) {
    super(SvcChatChangedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-ai-query': SvcAiQueryEvent;
    'svc-message': SvcMessageEvent;
    'svc-chat-changed': SvcChatChangedEvent;
  }
}

/** The provider's session token expires soon; cancel to skip the renewal through `fetchSession`. */
export class SvcSessionExpiringEvent extends Event {
  static readonly type = 'svc-session-expiring';
  constructor(readonly expiresAt: number) {
    super(SvcSessionExpiringEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

/** The provider's session token has expired and was not renewed: requests now fail until a new session is set. */
export class SvcSessionExpiredEvent extends Event {
  static readonly type = 'svc-session-expired';
  constructor() {
    super(SvcSessionExpiredEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-session-expiring': SvcSessionExpiringEvent;
    'svc-session-expired': SvcSessionExpiredEvent;
  }
}

/** <svc-dashboard> has its configuration and laid out its grid (data may still be loading). */
export class SvcReadyEvent extends Event {
  static readonly type = 'svc-ready';
  constructor() {
    super(SvcReadyEvent.type, { bubbles: true, composed: true });
  }
}

/** <svc-dashboard> loaded its dashboard and the data of every widget in view. */
export class SvcDashboardLoadedEvent extends Event {
  static readonly type = 'svc-dashboard-loaded';
  constructor(
    readonly widgetCount: number,
    readonly loadDurationMs: number,
  ) {
    super(SvcDashboardLoadedEvent.type, { bubbles: true, composed: true });
  }
}

/** The dashboard's filters changed (by a FILTER widget, a drilldown or setFilter): member → selected values. */
export class SvcFiltersChangedEvent extends Event {
  static readonly type = 'svc-filters-changed';
  constructor(readonly filters: Record<string, string[]>) {
    super(SvcFiltersChangedEvent.type, { bubbles: true, composed: true });
  }
}

/** A chart's mark was activated. Cancel to stop the default (filtering the dashboard by the clicked values). */
export class SvcDrilldownEvent extends Event {
  static readonly type = 'svc-drilldown';
  constructor(
    readonly widgetId: string,
    readonly datum: Record<string, unknown>,
  ) {
    super(SvcDrilldownEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

/** A download was asked for. Cancel to handle it yourself (the data are in `rows`). */
export class SvcDownloadEvent extends Event {
  static readonly type = 'svc-download';
  constructor(
    readonly widgetId: string,
    readonly format: 'csv' | 'png' | 'svg',
    readonly rows: Record<string, unknown>[],
  ) {
    super(SvcDownloadEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-ready': SvcReadyEvent;
    'svc-dashboard-loaded': SvcDashboardLoadedEvent;
    'svc-filters-changed': SvcFiltersChangedEvent;
    'svc-drilldown': SvcDrilldownEvent;
    'svc-download': SvcDownloadEvent;
  }
}
