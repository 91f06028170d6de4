// When <svc-chat> renders a stream: at most once per animation frame, and while an answer streams, spaced so that its
// renders take at most RENDER_SHARE of the main thread. A render's cost is the whole frame it caused — the update,
// then the style, layout and paint that follow it — measured up to a task queued at its end, which runs once the frame
// is drawn. After a render that cost `c` ms the next waits `c × (1 / RENDER_SHARE − 1)`: nothing much on a fast
// machine, fewer and larger steps on a slow or busy one. What a render needs that is not the DOM's — the answers'
// markdown — is prepared in a task of its own just before the frame, so neither task grows long.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextTask } from '../../util/next-task.js';

/** The most of the main thread a streaming answer's renders take (the rest is the page's). */
const RENDER_SHARE = 0.06;
/** The longest wait between two renders of a stream. */
const MAX_WAIT_MS = 200;
/** A render asked for comes this late at most where animation frames do not (a hidden page). */
const NO_FRAME_MS = 100;

export class RenderPacer implements ReactiveController {
  private frame = 0;
  /** A render put off to keep the stream's share of the main thread, or the fallback for a missing frame. */
  private wait?: ReturnType<typeof setTimeout>;
  private renderStart = 0;
  /** When the next render of a stream may come. */
  private nextRender = 0;
  /** The render just done left text of an answer for the next (set during the render). */
  behind = false;
  /** Counts the renders of a catch-up; 0 when every answer is rendered to its end. */
  backlog = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** An answer is streaming (renders are paced only then). */
    private readonly streaming: () => boolean,
    /** Work a render needs that is not the DOM's (the answers' markdown): run in a task of its own before the frame. */
    private readonly prepare: () => void = () => undefined,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** Asks for a render: in the next animation frame, or later to keep the renders' share. */
  schedule(): void {
    if (this.frame || this.wait) return;
    const frame = () => {
      this.prepare();
      // The next animation frame, or a moment later where frames do not come (a page that is not shown).
      const render = () => {
        this.clearTimers();
        this.host.requestUpdate();
      };
      this.wait = setTimeout(render, NO_FRAME_MS);
      this.frame = requestAnimationFrame(render);
    };
    // Always a task of its own: the markdown is not done in the task of a render (nor of the stream's lines).
    this.wait = setTimeout(frame, Math.max(0, this.nextRender - performance.now()));
  }

  hostUpdate(): void {
    this.renderStart = performance.now();
  }

  hostUpdated(): void {
    // Controllers added before this one (the scroll's stick-to-bottom forces layout) are in the measure.
    this.paceFrom(performance.now());
    if (this.streaming()) setTimeout(() => this.frameDrawn()); // a task after this one, which draws the frame
    if (this.behind) {
      this.behind = false;
      this.backlog++; // changes what the answers render from (see the log's guard)
      this.schedule();
    } else this.backlog = 0;
  }

  /**
   * The stream ended: what came last is prepared in a task of its own. Resolves in the task after it, where the render
   * that shows it may be asked for — neither in the task of the stream's last lines.
   */
  async settle(): Promise<void> {
    this.cancel();
    await nextTask();
    this.prepare();
    await nextTask();
  }

  /** Renders done: no catch-up, no render pending. */
  cancel(): void {
    this.backlog = 0;
    this.clearTimers();
  }

  private paceFrom(end: number): void {
    const wait = Math.min(MAX_WAIT_MS, (end - this.renderStart) * (1 / RENDER_SHARE - 1));
    this.nextRender = this.streaming() ? end + wait : 0;
  }

  /** The frame of the last render is drawn: the wait counts its style, layout and paint too. */
  private frameDrawn(): void {
    const before = this.nextRender;
    this.paceFrom(performance.now());
    // A render asked for in between (new lines came) waits for what the frame really cost.
    if (this.nextRender > before && this.frame) {
      this.clearTimers();
      this.schedule();
    }
  }

  private clearTimers(): void {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.wait);
    this.frame = 0;
    this.wait = undefined;
  }
}
