// Drawing a dashboard in slices, so the page's main thread stays free: the first frame has every widget's frame with
// its title and loading state; then one widget at a time gets its content, each in a task of its own with a yield to
// the main thread before it (scheduler.yield() where there is one) — those near the view first, the others after, so
// the keyboard still reaches every filter and tab. A widget's newly loaded data are drawn the same way, one widget per
// slice, those near the view first (Vega charts take their own turns too: the chart directive's `queued`). Slices
// start once the view has been checked (not in a hidden page, which draws nothing), pause while the element is out of
// the page, and go on when it is back.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextTask } from '../../util/next-task.js';

export class DrawSlices implements ReactiveController {
  /**
   * False draws every widget, its data and its chart at once, as before slices (the benchmark's baseline).
   * @internal
   */
  static sliced = true;

  /** Widgets whose content is drawn. */
  private readonly drawn = new Set<string>();
  /** Widgets shown as a placeholder until their slice, in the order they were rendered. */
  private readonly waiting = new Set<string>();
  /** Newly loaded data to draw, one widget per slice: widget id → what applies them. */
  private readonly commits: { id: string; apply: () => void }[] = [];
  private running = false;
  private connected = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Whether a widget is in view or near it (drawn before the others). */
    private readonly near: (id: string) => boolean,
    /** Whether the view has been checked (slices wait for it, so those near it come first). */
    private readonly viewKnown: () => boolean,
  ) {
    host.addController(this);
  }

  /** Whether `id`'s content is drawn; while rendering, a widget not drawn yet waits for its slice. */
  isDrawn(id: string): boolean {
    if (this.drawn.has(id) || !DrawSlices.sliced) return true;
    this.waiting.add(id);
    return false;
  }

  /** Applies a widget's newly loaded data in a slice of their own (the element updates right after). */
  commit(id: string, apply: () => void): void {
    if (!DrawSlices.sliced) {
      apply();
      this.host.requestUpdate();
      return;
    }
    this.commits.push({ id, apply });
    this.start();
  }

  /** Another dashboard: nothing of the one before is drawn or waiting. */
  reset(): void {
    this.drawn.clear();
    this.waiting.clear();
    this.commits.length = 0;
  }

  /** Resolves once every slice waiting now has been drawn (at once when none is). */
  idle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  hostConnected(): void {
    this.connected = true;
    this.start();
  }

  hostDisconnected(): void {
    this.connected = false; // the loop stops before its next slice
  }

  hostUpdated(): void {
    this.start();
  }

  private start(): void {
    if (this.running || !this.connected || !this.viewKnown()) return;
    if (!this.waiting.size && !this.commits.length) return;
    this.running = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    try {
      for (;;) {
        await nextTask();
        const slice = this.connected ? this.next() : undefined;
        if (!slice) break;
        slice();
        this.host.requestUpdate(); // drawn in this task, before the next yield
      }
    } finally {
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** The next slice: data near the view, widgets near it, then the other widgets and data. */
  private next(): (() => void) | undefined {
    const commit = (index: number) => () => this.commits.splice(index, 1)[0].apply();
    const draw = (id: string) => () => {
      this.waiting.delete(id);
      this.drawn.add(id);
    };
    const nearCommit = this.commits.findIndex((c) => this.near(c.id));
    if (nearCommit >= 0) return commit(nearCommit);
    for (const id of this.waiting) if (this.near(id)) return draw(id);
    const [first] = this.waiting;
    if (first !== undefined) return draw(first);
    return this.commits.length ? commit(0) : undefined;
  }
}
