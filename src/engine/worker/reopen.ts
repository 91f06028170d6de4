// An engine started again on the same store after its worker died (worker/client.ts): the store is the truth. The
// `model` and `data` options are not applied again (setModel and putTable may have changed them since, and data given
// as bytes was moved to the dead worker), only the seed, which applies to an empty store alone; reset() still ends
// with the seed, the model and the tables the page can send again.

import { demoSeed } from '../demo-seed.js';
import type { LocalEngine, LocalEngineOptions } from '../options.js';

/** The seed createLocalEngine applied first: a given model and tables take the place of the seed's (in-page.ts). */
function seedOf(options: LocalEngineOptions): LocalEngineOptions['seed'] {
  const { model, data } = options;
  const given = options.seed ?? (model !== undefined || data !== undefined ? 'demo' : undefined);
  if (!given) return undefined;
  return {
    ...(given === 'demo' ? demoSeed : given),
    ...(model !== undefined && { dataModel: undefined }),
    ...(data !== undefined && { tables: undefined, data: undefined }),
  };
}

export async function reopened(
  options: LocalEngineOptions,
  create: (options: LocalEngineOptions) => Promise<LocalEngine>,
): Promise<LocalEngine> {
  const { model, data } = options;
  const engine = await create({ ...options, seed: seedOf(options), model: undefined, data: undefined });
  return {
    ...engine,
    async reset() {
      await engine.reset();
      for (const [name, source] of Object.entries(data ?? {})) await engine.putTable(name, source);
      if (model !== undefined) await engine.setModel(model);
    },
  };
}
