// What the dead-worker recovery tests share (recovery.test.ts, recovery-events.test.ts): an engine started in its
// worker with a way to end that worker as the browser would, the greenhouse's calls, and timing of a settled call.
import type { LocalEngine } from '../../../src/engine/index.js';
import { DEMO } from '../../../src/engine/index.js';
import { liveWorkers } from '../../../src/engine/worker/client.js';
import { BASE, open, type Mode } from './greenhouse.js';

export const ADMIN = { Authorization: `Bearer ${DEMO.adminKey}`, 'Content-Type': 'application/json' };
export const upsert = (engine: LocalEngine, slug: string, name: string) =>
  engine.fetch(
    new Request(`${BASE}/api/v1/deployments/1/workbooks/by-slug/${slug}`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ name }),
    }),
  );
export const workbook = (engine: LocalEngine, id: number) =>
  engine.fetch(new Request(`${BASE}/api/v1/deployments/1/workbooks/${id}`, { headers: ADMIN }));
export const loadOnce = (engine: LocalEngine, init: RequestInit = {}) =>
  engine.fetch(
    new Request(`${BASE}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ query: { measures: ['readings.count'], dimensions: ['readings.house'] } }),
      ...init,
    }),
  );
/** A load, asked again while it answers "Continue wait" (as Cube's clients do); the first answer when it fails. */
export async function load(engine: LocalEngine, init: RequestInit = {}): Promise<Response> {
  for (;;) {
    const response = await loadOnce(engine, init);
    if (response.status !== 200 || !(await response.clone().text()).includes('Continue wait')) return response;
  }
}
/** What the tests read of JSON answers: a workbook, a load's rows, an error. */
export interface Answer {
  id: number;
  name: string;
  data: unknown[];
  error: string;
}
export const json = (response: Response) => response.json() as Promise<Answer>;
export const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: string; error?: string; state?: { messages?: unknown[]; chatId?: string } });

/** Starts an engine in its worker and returns it with a function that ends its current worker as the browser would. */
export async function started(names: string[], mode: Mode = { label: 'worker', worker: true }) {
  const before = new Set(liveWorkers);
  const { engine, name } = await open(mode);
  names.push(name);
  const mine = new Set([...liveWorkers].filter((w) => !before.has(w)));
  /** terminate(): no error event, as a worker the browser killed. Returns when it happened. */
  let last: Worker | undefined;
  const kill = () => {
    const current = [...liveWorkers].filter((w) => !before.has(w) || mine.has(w));
    if (current.length !== 1) throw new Error(`one live engine worker expected, ${current.length} found`);
    last = current[0];
    last.terminate();
    return performance.now();
  };
  /**
   * Ends the worker while no call is in flight, and returns once the page has noticed (its life lock released, or
   * its heartbeat silent: a call made before then goes to the dead worker and is answered 503, as it should be).
   */
  const killIdle = async () => {
    kill();
    for (const begun = performance.now(); liveWorkers.has(last!); await new Promise((r) => setTimeout(r, 10)))
      if (performance.now() - begun > 10_000) throw new Error('the dead worker was not noticed within 10 s');
  };
  return { engine, kill, killIdle };
}

/** Time until `promise` settles, from `since`. */
export async function settledAfter<T>(
  promise: Promise<T>,
  since: () => number,
): Promise<{ value?: T; error?: Error; ms: number }> {
  try {
    const value = await promise;
    return { value, ms: performance.now() - since() };
  } catch (error) {
    return { error: error as Error, ms: performance.now() - since() };
  }
}
