// The analyst's catalogs, kept per model as the user sees it: building one (every member's words, stems and keys) is
// most of a question's planning on a large model (~5 ms of ~10 on 200 members), and the model changes far less often
// than questions come. Keyed by the metadata's content, not its object (each question asks for it afresh), so a
// changed model, or another user's view of it, gets a catalog of its own. A catalog is frozen, its objects and arrays
// (a Set's entries cannot be frozen; none is changed after the build): planning only reads it, and a change of it
// would leak into every later question.

import type { ServiceMetaResult } from '../../../../api/types.js';
import { buildCatalog, type SourceInfo } from './catalog.js';

/** Catalogs kept at once (a few users' views of a few models). */
const KEPT = 8;

/** A function from a model's metadata to its catalog, built once per distinct metadata. */
export function createCatalogCache(): (meta: ServiceMetaResult) => SourceInfo[] {
  const kept = new Map<string, SourceInfo[]>();
  return (meta) => {
    const key = JSON.stringify(meta);
    let sources = kept.get(key);
    if (sources) {
      kept.delete(key); // the most recently used last
    } else {
      sources = deepFreeze(buildCatalog(meta));
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, sources);
    return sources;
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (value instanceof Map || value instanceof Set) for (const entry of value) deepFreeze(entry);
  else for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
