// What the log of <svc-chat> keeps in the DOM, by distance from its view. Answers loaded with a thread render when
// they come near the visible part of the log (opening a thread of hundreds of messages costs what is shown, not the
// whole history at once), and the finished chunks of long answers leave the DOM when they are far from it and come
// back when they near it again or the browser's find-in-page matches their text, so the nodes in the DOM — and the
// style and layout work of every frame — track what is on screen, not the thread's length.

import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Browsers that find text in `hidden="until-found"` content (and fire `beforematch`). */
const untilFound = typeof HTMLElement !== 'undefined' && 'onbeforematch' in HTMLElement.prototype;

type Handler = (near: boolean, entry: IntersectionObserverEntry) => void;

export class RenderWhenNear implements ReactiveController {
  private observer?: IntersectionObserver;
  private readonly handlers = new Map<Element, Handler>();

  constructor(
    host: ReactiveControllerHost,
    private readonly root: () => HTMLElement | undefined,
  ) {
    host.addController(this);
  }

  private watch(el: Element, handler: Handler): void {
    this.handlers.set(el, handler);
    this.observe().observe(el);
  }

  private unwatch(el: Element): void {
    this.handlers.delete(el);
    this.observer?.unobserve(el);
  }

  private observe(): IntersectionObserver {
    return (this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.target.isConnected) this.unwatch(entry.target);
          else this.handlers.get(entry.target)?.(entry.isIntersecting, entry);
        }
      },
      // Within about a view's height (or 800 px, before the log has one) of what is shown.
      { root: this.root() ?? null, rootMargin: '800px 0px' },
    ));
  }

  /** Runs `render` for `el` once it is within reach of the log's view. */
  readonly defer = (el: HTMLElement, render: () => void): void => {
    el.classList.add('pending');
    this.watch(el, (near) => {
      if (!near) return;
      this.unwatch(el);
      el.classList.remove('pending');
      render();
    });
  };

  /**
   * Keeps a finished chunk of an answer in the DOM only while it is within reach of the view: away, it keeps its
   * height and, where the browser can find text in `hidden="until-found"`, its text (one node) for find-in-page;
   * `fill` puts its content back when it nears the view or a search matches it.
   */
  readonly keepNear = (chunk: HTMLElement, fill: (chunk: HTMLElement) => void): void => {
    const restore = () => {
      if (!chunk.classList.contains('away')) return;
      chunk.classList.remove('away');
      chunk.removeAttribute('hidden');
      chunk.removeAttribute('style');
      fill(chunk);
    };
    chunk.addEventListener('beforematch', () => {
      restore();
      // Watched afresh: the observer reports it again, so it leaves once more if it stays far from the view.
      this.observer?.unobserve(chunk);
      this.observer?.observe(chunk);
    });
    this.watch(chunk, (near, entry) => {
      if (near) return restore();
      const height = entry.boundingClientRect.height;
      if (chunk.classList.contains('away') || height === 0) return;
      chunk.style.height = `${height}px`;
      chunk.classList.add('away');
      if (untilFound) {
        chunk.setAttribute('hidden', 'until-found');
        chunk.replaceChildren(chunk.textContent ?? '');
      } else chunk.replaceChildren();
    });
  };

  hostConnected(): void {
    // Back in the page: watch again what was watched before.
    if (this.observer || this.handlers.size === 0) return;
    for (const el of this.handlers.keys()) this.observe().observe(el);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}
