// What <svc-chat>'s charts are drawn for, as one key: the resolved text colour (it changes with the colour scheme, the
// provider's or the page's tokens) and whether the chat is narrow (legends go below the plot). The host renders again
// when it changes, so charts follow a switch to dark mode or a narrow panel.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isNarrow } from './chat-chart.js';

export class ChatLook implements ReactiveController {
  private color = '';
  private narrow = false;
  private resize?: ResizeObserver;
  private readonly scheme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Changes when charts must be drawn again. */
  get key(): string {
    return `${this.color}|${this.narrow ? 'narrow' : 'wide'}`;
  }

  /** Notes the look; true when it changed. */
  private read(): boolean {
    const color = getComputedStyle(this.host).color;
    const narrow = isNarrow(this.host.clientWidth);
    if (color === this.color && narrow === this.narrow) return false;
    this.color = color;
    this.narrow = narrow;
    return true;
  }

  private readonly check = (): void => {
    if (this.read()) this.host.requestUpdate();
  };

  hostConnected(): void {
    this.read();
    this.resize = new ResizeObserver(this.check);
    this.resize.observe(this.host);
    this.scheme?.addEventListener('change', this.check);
  }

  hostUpdated(): void {
    // A new colour scheme shows after the update that set it; draw again after this one (not inside it).
    if (this.read()) void this.host.updateComplete.then(() => this.host.requestUpdate());
  }

  hostDisconnected(): void {
    this.resize?.disconnect();
    this.scheme?.removeEventListener('change', this.check);
  }
}
