// What HttpTransport needs to speak to Cube itself (not only to this library's service and engine): Cube's REST API
// reads `{query}` and nothing else, so a dashboard's extra filters and time grain are folded into the query; and a
// load still running is answered `{"error": "Continue wait"}` (HTTP 200), to be asked again.

import type { LoadFilter, LoadRequest } from '../api/types.js';

/** Cube's long-polling answer: the query is still running, ask again. */
export function isContinueWait(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    (body as { error: string }).error.includes('Continue wait')
  );
}

const sourceOf = (member: string) => member.split('.')[0];

function filterSources(filter: LoadFilter): string[] {
  if ('and' in filter) return filter.and.flatMap(filterSources);
  if ('or' in filter) return filter.or.flatMap(filterSources);
  return [sourceOf(filter.member)];
}

/**
 * A load request as one Cube query: the extra `filters` join the query's filters where every member they name is of a
 * cube or view the query reads (the rule the service applies), `timeGrain` replaces the granularity of the time
 * dimensions that have one.
 */
export function foldOverrides(request: LoadRequest): LoadRequest {
  const { query, filters, timeGrain } = request;
  if (!filters?.length && !timeGrain) return { query };
  const read = new Set(
    [
      ...(query.measures ?? []),
      ...(query.dimensions ?? []),
      ...(query.segments ?? []),
      ...(query.timeDimensions ?? []).map((td) => td.dimension),
    ].map(sourceOf),
  );
  const extra = (filters ?? []).filter((f) => filterSources(f).every((s) => read.has(s)));
  return {
    query: {
      ...query,
      ...(extra.length && { filters: [...(query.filters ?? []), ...extra] }),
      ...(timeGrain &&
        query.timeDimensions && {
          timeDimensions: query.timeDimensions.map((td) => (td.granularity ? { ...td, granularity: timeGrain } : td)),
        }),
    },
  };
}
