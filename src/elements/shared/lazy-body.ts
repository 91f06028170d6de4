// The body an element loads after its first frame (<svc-dashboard>'s implementation, <svc-chat>'s view), in the
// states @lit/task names: `pending` while its module downloads (the element paints its own first frame), `ready` once
// the body is built from it (once per element), `error` when the module could not be downloaded — `retry()` asks
// again. On the update it is built in, the body sees every reactive property the element declares as changed: the
// properties are declared once, on the element, and the body starts from all of them.

import type { PropertyValues, ReactiveElement } from 'lit';
import { LazyModule } from './lazy-module.js';

export type LazyBodyStatus = 'pending' | 'ready' | 'error';

/** What changed for a body's update (a PropertyValues map, or the set of every property on the first). */
export type Changed = Pick<ReadonlySet<PropertyKey>, 'has'>;

export interface LazyBodyRenderers<B, T> {
  pending(): T;
  ready(body: B): T;
  error(error: unknown, retry: () => void): T;
}

export class LazyBody<M, B> {
  private readonly module: LazyModule<M>;
  private body?: B;
  /** Set on the update the body is built in, so that update hands it every property. */
  private fresh = false;

  constructor(
    private readonly host: ReactiveElement,
    load: () => Promise<M>,
    private readonly build: (module: M) => B,
  ) {
    this.module = new LazyModule(host, load, { afterFirstFrame: true });
  }

  get status(): LazyBodyStatus {
    return this.body !== undefined ? 'ready' : this.module.error !== undefined ? 'error' : 'pending';
  }

  /** The body once its module is there (built on first read after it arrives); starts no load. */
  get value(): B | undefined {
    return this.attach(this.module.current);
  }

  /** The body, starting the load now if it has not started (it starts after the first frame anyway). */
  load(): B | undefined {
    return this.attach(this.module.get());
  }

  /** Why the module could not be downloaded (undefined unless the status is `error`). */
  get error(): unknown {
    return this.body === undefined ? this.module.error : undefined;
  }

  /** Asks for the module again after a failure, and updates the element. */
  retry(): void {
    this.module.retry();
    this.module.get();
    this.host.requestUpdate();
  }

  /** The body, waiting for its module; undefined when it could not be downloaded. */
  async ready(): Promise<B | undefined> {
    for (;;) {
      const body = this.load();
      if (body !== undefined || this.module.error !== undefined) return body;
      await this.module.settled();
    }
  }

  /** Resolves once a load under way has ended. */
  settled(): Promise<void> {
    return this.module.settled();
  }

  /**
   * For the element's willUpdate: the body (if it is there) and what changed for it — on the update it was built in,
   * every reactive property the element declares (and `also`), else `changed`.
   */
  update(changed: PropertyValues, also: readonly PropertyKey[] = []): { body: B; changed: Changed } | undefined {
    const body = this.value;
    if (body === undefined) return undefined;
    if (!this.fresh) return { body, changed };
    this.fresh = false;
    const declared = (this.host.constructor as typeof ReactiveElement).elementProperties.keys();
    return { body, changed: new Set([...declared, ...also, ...changed.keys()]) };
  }

  render<T>(renderers: LazyBodyRenderers<B, T>): T {
    const body = this.value;
    if (body !== undefined) return renderers.ready(body);
    const error = this.module.error;
    return error !== undefined ? renderers.error(error, () => this.retry()) : renderers.pending();
  }

  private attach(module: M | undefined): B | undefined {
    if (this.body === undefined && module !== undefined) {
      this.body = this.build(module);
      this.fresh = true;
    }
    return this.body;
  }
}
