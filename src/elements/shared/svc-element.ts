// The base class of every svc-elements element: shared host styles and a typed emit().

import { LitElement, css, type CSSResultGroup } from 'lit';

export class SvcElement extends LitElement {
  static override styles: CSSResultGroup = css`
    :host {
      box-sizing: border-box;
      font-family: var(--svc-font-family, system-ui, sans-serif);
      color: var(--svc-color-text, CanvasText);
    }
    :host([hidden]) {
      display: none !important;
    }
    *,
    *::before,
    *::after {
      box-sizing: inherit;
    }
  `;

  /** Dispatches `event` from this element and returns it, so callers can check `defaultPrevented`. */
  emit<E extends Event>(event: E): E {
    this.dispatchEvent(event);
    return event;
  }
}
