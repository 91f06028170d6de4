// Answers loaded with a thread render when they come near the visible part of the log: opening a thread of hundreds
// of messages costs what is shown, not the whole history at once.

import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class RenderWhenNear implements ReactiveController {
  private observer?: IntersectionObserver;
  private readonly waiting = new WeakMap<Element, () => void>();

  constructor(
    host: ReactiveControllerHost,
    private readonly root: () => HTMLElement | undefined,
  ) {
    host.addController(this);
  }

  /** Runs `render` for `el` once it is within 800 px of the log's view. */
  readonly defer = (el: HTMLElement, render: () => void): void => {
    this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          this.observer!.unobserve(entry.target);
          entry.target.classList.remove('pending');
          this.waiting.get(entry.target)?.();
          this.waiting.delete(entry.target);
        }
      },
      { root: this.root() ?? null, rootMargin: '800px 0px' },
    );
    el.classList.add('pending');
    this.waiting.set(el, render);
    this.observer.observe(el);
  };

  hostConnected(): void {}

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}
