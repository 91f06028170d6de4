// createLocalEngine(): in a browser page the engine runs in a dedicated Worker by default (worker/client.ts); `worker:
// false`, options that are functions, and Node keep it in this thread (in-page.ts). Its own module, apart from the
// entry's other exports (the model reader among them), so a page that only starts an engine evaluates no more.

import type { LocalEngine, LocalEngineOptions } from './options.js';
import { recipeOf } from './worker/agent-recipe.js';
import { EngineWorkerLoadError, createWorkerEngine } from './worker/client.js';

/** Options that are functions (or hold some) and so keep the engine in this thread; an agent made by the entry's
 * factories from plain options is rebuilt in the worker instead. */
function inPageOnly(options: LocalEngineOptions): string[] {
  const names: string[] = [];
  if (options.now !== undefined) names.push('now');
  if (options.hooks !== undefined) names.push('hooks');
  if (options.indexedDB !== undefined) names.push('indexedDB');
  if (options.agent !== undefined && !recipeOf(options.agent)) names.push('agent');
  return names;
}

/** A browser page: a document, and Workers to start (not Node, not already a worker). */
const inBrowserPage = (): boolean =>
  typeof Worker !== 'undefined' && typeof document !== 'undefined' && typeof window !== 'undefined';

export async function createLocalEngine(options: LocalEngineOptions = {}): Promise<LocalEngine> {
  const pinned = inPageOnly(options);
  if (options.worker === true) {
    if (!inBrowserPage()) {
      throw new TypeError('createLocalEngine: worker: true needs a browser page with Workers; leave it unset here');
    }
    if (pinned.length > 0) {
      throw new TypeError(
        `createLocalEngine: worker: true cannot take ${pinned.join(', ')} (functions do not cross to a Worker); ` +
          'leave worker unset to run the engine in this page with them',
      );
    }
  }
  const inWorker = options.worker ?? (inBrowserPage() && pinned.length === 0);
  if (inWorker) {
    try {
      return await createWorkerEngine(options);
    } catch (error) {
      // The worker's script could not load at all (a CSP without worker-src 'self', a host that does not serve it):
      // asked for explicitly, that is an error; by default the engine runs in this page instead, and says so.
      if (!(error instanceof EngineWorkerLoadError) || options.worker === true) throw error;
      console.warn(`svc-engine: the engine's worker did not load (${error.detail}); it runs in this page instead`);
    }
  }
  const { createInPageEngine } = await import('./in-page.js');
  return createInPageEngine(options);
}
