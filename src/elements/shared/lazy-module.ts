// A module an element needs only once data is there (a chat's tool cards, a dashboard's widget renderers): loaded
// on first use, then the host updates; until then the element renders what it can. A module loaded once is there at
// once for every later element. The host's `updateComplete` can wait for a load under way (`settled()`), so tests
// and hosts see the finished frame.

import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface Load<T> {
  module?: T;
  pending?: Promise<T>;
}

/** Per loader function (pass a module-level one), shared by every host. */
const loads = new WeakMap<() => Promise<unknown>, Load<unknown>>();

export class LazyModule<T> implements ReactiveController {
  private readonly state: Load<T>;

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

  /** The module when it is there; the first call starts loading it and the host updates once it arrives. */
  get(): T | undefined {
    const state = this.state;
    if (!state.module && !state.pending) {
      state.pending = this.load().then(
        (module) => (state.module = module),
        (error: unknown) => {
          state.pending = undefined; // asked again at the next use
          throw error;
        },
      );
    }
    if (!state.module) {
      state.pending!.then(
        () => this.host.requestUpdate(),
        () => undefined,
      );
    }
    return state.module;
  }

  /** Resolves once a load under way has ended (at once when none is). */
  async settled(): Promise<void> {
    if (!this.state.module) await this.state.pending?.catch(() => undefined);
  }

  hostConnected(): void {}

  hostUpdated(): void {
    if (this.options.afterFirstFrame && !this.state.module && !this.state.pending) this.get();
  }
}
