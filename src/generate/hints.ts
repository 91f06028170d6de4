// What generateDashboard reads better with, loaded from the data: how many distinct values each string dimension has
// (up to `maxValues` + 1) and the first and last value of each subject's main time dimension. One small query per
// member through the caller's transport (as the viewer it belongs to: row-level security applies); a member whose
// query fails is left out of the hints, never the cause of an error.

import type { LoadRequest, LoadResponse, MetaResponse } from '../api/types.js';
import { mainTimeDimension, subjectsOf, visible } from './subjects.js';
import type { TimeSpan } from './grain.js';

export interface DataHints {
  valueCounts: Record<string, number>;
  timeSpans: Record<string, TimeSpan>;
}

export interface DataHintOptions {
  /** Distinct values are counted up to this many plus one (default 100). */
  maxValues?: number;
  /** At most this many string dimensions are counted (default 48), the subjects' first. */
  maxDimensions?: number;
  /** Which cubes or views, by name (default: those generateDashboard covers). */
  subjects?: string[];
}

/** Anything that loads like the transport (`HttpTransport`, a viewer's or an admin's). */
export interface Loader {
  load(request: LoadRequest): Promise<Pick<LoadResponse, 'data'>>;
}

/** The hints for `meta`'s subjects: see the module comment. */
export async function loadDataHints(
  loader: Loader,
  meta: MetaResponse,
  options: DataHintOptions = {},
): Promise<DataHints> {
  const { maxValues = 100, maxDimensions = 48 } = options;
  const subjects = subjectsOf(meta, options.subjects);
  const strings = subjects
    .flatMap((c) => c.dimensions)
    .filter((d) => visible(d) && d.type === 'string' && !d.primaryKey)
    .slice(0, maxDimensions);
  const times = subjects.map(mainTimeDimension).filter((d) => d !== undefined);
  const safely = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch {
      return undefined;
    }
  };
  const [counts, spans] = await Promise.all([
    Promise.all(
      strings.map((d) =>
        safely(async () => {
          const { data } = await loader.load({ query: { dimensions: [d.name], limit: maxValues + 1 } });
          return [d.name, data.length] as const;
        }),
      ),
    ),
    Promise.all(
      times.map((d) =>
        safely(async () => {
          const end = async (order: 'asc' | 'desc') => {
            const query = {
              timeDimensions: [{ dimension: d.name, granularity: 'day' as const }],
              filters: [{ member: d.name, operator: 'set' as const }],
              order: { [d.name]: order },
              limit: 1,
            };
            const { data } = await loader.load({ query });
            const value = data[0]?.[`${d.name}.day`] ?? data[0]?.[d.name];
            return typeof value === 'string' || typeof value === 'number' ? value : undefined;
          };
          const [from, to] = await Promise.all([end('asc'), end('desc')]);
          return from !== undefined && to !== undefined ? ([d.name, { from, to }] as const) : undefined;
        }),
      ),
    ),
  ]);
  return {
    valueCounts: Object.fromEntries(counts.filter((c) => c !== undefined)),
    timeSpans: Object.fromEntries(spans.filter((s) => s !== undefined)),
  };
}
