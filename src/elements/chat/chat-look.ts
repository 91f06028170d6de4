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

  /**
   * Whether anything asked for the key (a conversation with messages renders): until then nothing is read, so an empty
   * chat forces no style or layout work on the page (getComputedStyle and clientWidth do, mid-task).
   */
  private used = false;

  /** Changes when charts must be drawn again. */
  get key(): string {
    if (!this.used) {
      this.used = true;
      this.read();
    }
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
    if (this.used && this.read()) this.host.requestUpdate();
  };

  hostConnected(): void {
    this.resize = new ResizeObserver(this.check);
    this.resize.observe(this.host);
    this.scheme?.addEventListener('change', this.check);
  }

  hostUpdated(): void {
    // A new colour scheme shows after the update that set it; draw again after this one (not inside it).
    if (this.used && this.read()) void this.host.updateComplete.then(() => this.host.requestUpdate());
  }

  hostDisconnected(): void {
    this.resize?.disconnect();
    this.scheme?.removeEventListener('change', this.check);
  }
}
