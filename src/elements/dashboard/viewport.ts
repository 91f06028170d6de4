// What of the dashboard the viewer can see: the element's own width (the grid lays out at it), which widget frames
// have come into view (their data load then), and how tall the content of content-sized frames is (filters, text).
// Observers start on connect and stop on disconnect.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ref } from 'lit/directives/ref.js';

export class DashboardViewport implements ReactiveController {
  /** The element's content width in whole px (0 until measured). */
  width = 0;
  /** Widgets whose frame has been in view (or within 200 px of it). */
  readonly visible = new Set<string>();
  /** The view observer has reported at least once (so `visible` is known). */
  checked = false;
  /** Widgets the view observer has reported on (in view or not); a frame just drawn is not known yet. */
  readonly reported = new Set<string>();
  /** Widget id → the height in px of its content, for frames that take their content's height. */
  readonly contentHeights = new Map<string, number>();

  private resizeObserver?: ResizeObserver;
  private viewObserver?: IntersectionObserver;
  private contentObserver?: ResizeObserver;
  private measured = new WeakSet<Element>();
  private contentFrame = 0;
  /** Frames the current view observer watches (a new observer, after reconnecting, starts empty). */
  private observed = new WeakSet<Element>();
  private frame = 0;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    // Width changes re-lay out on the next frame (updating inside the observer's callback would resize the host
    // within the same delivery: "ResizeObserver loop completed with undelivered notifications").
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1].contentRect.width);
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => {
        if (width === this.width) return;
        this.width = width;
        this.host.requestUpdate();
      });
    });
    this.resizeObserver.observe(this.host);
    this.viewObserver = new IntersectionObserver(
      (entries) => {
        let changed = !this.checked;
        this.checked = true;
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.widgetId!;
          this.reported.add(id);
          if (entry.isIntersecting && !this.visible.has(id)) {
            this.visible.add(id);
            changed = true;
          }
        }
        if (changed) this.host.requestUpdate();
      },
      { rootMargin: '200px' },
    );
    this.contentObserver = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const id = entry.target.closest<HTMLElement>('[data-widget-id]')?.dataset.widgetId;
        const height = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
        if (id === undefined || this.contentHeights.get(id) === height) continue;
        this.contentHeights.set(id, height);
        changed = true;
      }
      // On the next frame, as for the width: the new layout resizes frames, not the content measured here.
      if (changed) {
        cancelAnimationFrame(this.contentFrame);
        this.contentFrame = requestAnimationFrame(() => this.host.requestUpdate());
      }
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.contentFrame);
    this.resizeObserver?.disconnect();
    this.viewObserver?.disconnect();
    this.contentObserver?.disconnect();
    this.observed = new WeakSet();
    this.measured = new WeakSet();
  }

  /** On a widget frame (with `data-widget-id`): watches it for coming into view. */
  observe() {
    return ref((el) => {
      if (el instanceof HTMLElement && !this.observed.has(el)) {
        this.observed.add(el);
        this.viewObserver?.observe(el);
      }
    });
  }

  /** On the content of a content-sized frame: measures its height (the grid gives the frame that height). */
  measure() {
    return ref((el) => {
      if (el instanceof HTMLElement && !this.measured.has(el)) {
        this.measured.add(el);
        this.contentObserver?.observe(el);
      }
    });
  }
}
