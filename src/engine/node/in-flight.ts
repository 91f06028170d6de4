// The requests a served engine is working on, in two phases: `answering` (the handler has not yet returned its
// Response: a query, an import) and `sending` (the response body is on its way: a chat stream). A graceful shutdown
// (shutdown.ts) waits for the first, ends chat streams, then waits for the second.

export type Phase = 'answering' | 'sending';

export class InFlight {
  private readonly phases: Record<Phase, Set<Promise<unknown>>> = { answering: new Set(), sending: new Set() };
  /** Set once a shutdown began: requests that arrive later on kept-alive connections are refused. */
  draining = false;

  /** Tracks `work` in `phase` until it settles; returns it. */
  track<T>(phase: Phase, work: Promise<T>): Promise<T> {
    const set = this.phases[phase];
    set.add(work);
    const forget = () => set.delete(work);
    work.then(forget, forget);
    return work;
  }

  count(phase: Phase): number {
    return this.phases[phase].size;
  }

  /** Resolves once no request is in `phase` (those that arrive meanwhile included). */
  async idle(phase: Phase): Promise<void> {
    const set = this.phases[phase];
    while (set.size > 0) await Promise.allSettled([...set]);
  }
}

/** The in-flight requests of each server serveFetch started. */
export const IN_FLIGHT = new WeakMap<object, InFlight>();
