// A module an element needs only once data is there (a chat's tool cards, a dashboard's widget renderers) or after
// its first frame (a dashboard's implementation: `afterFirstFrame` starts the load in a task after the one that drew
// it, so a bundler's preload links and the import's bookkeeping are not part of that task; `current` reads the module
// without starting anything): loaded on first use, then the host updates; until then the element renders what it
// can. A module loaded once is there at once for every later element. The host's `updateComplete` can wait for a load
// under way (`settled()`), so tests and hosts see the finished frame. A load that fails (the chunk could not be
// downloaded) updates the host too, which can show `error`; that host does not ask again until `retry()`, and a later
// host tries afresh.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextTask } from '../../util/next-task.js';

interface Load<T> {
  module?: T;
  pending?: Promise<T>;
}

/** Per loader function (pass a module-level one), shared by every host. */
const loads = new WeakMap<() => Promise<unknown>, Load<unknown>>();

export class LazyModule<T> implements ReactiveController {
  private readonly state: Load<T>;
  private failure?: { error: unknown };
  /** The load this host waits for (one callback per load, however often it renders meanwhile). */
  private watched?: Promise<T>;
  /** With `afterFirstFrame`: the task that will start the load, once the first frame is drawn. */
  private scheduled?: Promise<void>;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly load: () => Promise<T>,
    /** Start loading once the host has drawn its first frame, before it needs the module. */
    private readonly options: { afterFirstFrame?: boolean } = {},
  ) {
    host.addController(this);
    let state = loads.get(load) as Load<T> | undefined;
    if (!state) loads.set(load, (state = {}));
    this.state = state;
  }

  /** The module if it has loaded (for this or any host); starts nothing. */
  get current(): T | undefined {
    return this.state.module;
  }

  /** The module when it is there; the first call starts loading it and the host updates once it arrives or fails. */
  get(): T | undefined {
    const state = this.state;
    if (state.module || this.failure) return state.module;
    if (!state.pending) {
      state.pending = this.load().then(
        (module) => (state.module = module),
        (error: unknown) => {
          state.pending = undefined; // a later host asks again
          throw error;
        },
      );
    }
    const pending = state.pending;
    if (this.watched === pending) return undefined;
    this.watched = pending;
    pending.then(
      () => this.host.requestUpdate(),
      (error: unknown) => {
        if (this.failure || this.state.module) return;
        this.failure = { error };
        this.host.requestUpdate();
      },
    );
    return undefined;
  }

  /** Why the module could not be loaded for this host (undefined while it loads, once loaded, or after retry()). */
  get error(): unknown {
    return this.failure?.error;
  }

  /** Forgets a failed load, so the next get() tries again. */
  retry(): void {
    this.failure = undefined;
  }

  /** Resolves once a load under way has ended (at once when none is). */
  async settled(): Promise<void> {
    await this.scheduled;
    if (!this.state.module) await this.state.pending?.catch(() => undefined);
  }

  hostConnected(): void {}

  hostUpdated(): void {
    if (!this.options.afterFirstFrame || this.scheduled) return;
    if (this.state.module || this.state.pending || this.failure) return;
    this.scheduled = nextTask().then(() => {
      this.scheduled = undefined;
      if (!this.state.module && !this.failure) this.get();
    });
  }
}
