// Typed events of svc-elements: one class per event, names prefixed `svc-`, bubbling and composed (they cross
// shadow roots to reach the host page). "Request" events are cancelable.

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
