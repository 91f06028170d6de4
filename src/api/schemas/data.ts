// Request bodies of the data API: load queries with nested filters, cubesql, the dashboard overrides.

import * as v from 'valibot';
import { MAX_FILTER_DEPTH } from '../limits.js';
import { FILTER_OPERATORS, TIME_GRANULARITIES, type LoadFilter } from '../types/data.js';
import { bool, int, isPlainObject, list, nonEmptyStr, object, oneOf, str } from './common.js';

// ─── Data API ────────────────────────────────────────────────────────────────────────────────────────────────

const member = () =>
  v.pipe(str(), v.regex(/^[A-Za-z_][\w]*\.[A-Za-z_][\w]*$/, 'must be a member name like cube.member'));

const memberFilter = object(
  {
    member: member(),
    operator: oneOf(FILTER_OPERATORS),
    values: v.optional(list(v.union([v.string(), v.number(), v.boolean()], 'must be a string, number or boolean'))),
  },
  'must be {member, operator, values} or {and: […]} or {or: […]}',
);

/** What a filter nested past MAX_FILTER_DEPTH is refused with (a limit of ours: Cube has none). */
export const FILTER_TOO_DEEP = `filters may nest and/or at most ${MAX_FILTER_DEPTH} levels deep (the top-level filter is level 1)`;
const tooDeep = v.custom<LoadFilter>(() => false, FILTER_TOO_DEEP);

const filterLevels: v.GenericSchema<unknown, LoadFilter>[] = [];

/**
 * A filter at nesting `level` (1: a top-level filter). It is told apart by its keys, so an issue is reported where it
 * is (`filters[0].and[1].operator: …`), and a tree deeper than MAX_FILTER_DEPTH is refused at the first filter past it.
 */
function filterAt(level: number): v.GenericSchema<unknown, LoadFilter> {
  return (filterLevels[level] ??= v.lazy((input): v.GenericSchema<unknown, LoadFilter> => {
    if (level > MAX_FILTER_DEPTH) return tooDeep;
    if (!isPlainObject(input) || !('and' in input || 'or' in input)) return memberFilter;
    if ('and' in input && 'or' in input) return v.custom<LoadFilter>(() => false, 'must have and or or, not both');
    const children = list(filterAt(level + 1));
    return 'and' in input ? object({ and: children }) : object({ or: children });
  }));
}

export const LoadFilterSchema: v.GenericSchema<unknown, LoadFilter> = filterAt(1);

const direction = v.picklist(['asc', 'desc'], 'must be asc or desc');

const CACHE_MODES = ['stale-if-slow', 'stale-while-revalidate', 'must-revalidate', 'no-cache'] as const;

export const LoadQuerySchema = object(
  {
    measures: v.optional(list(member())),
    dimensions: v.optional(list(member())),
    segments: v.optional(list(member())),
    timeDimensions: v.optional(
      list(
        object(
          {
            dimension: member(),
            granularity: v.optional(oneOf(TIME_GRANULARITIES)),
            dateRange: v.optional(
              v.union([str(), v.tuple([v.string(), v.string()])], 'must be a string or [from, to]'),
            ),
            compareDateRange: v.optional(
              list(v.union([str(), v.tuple([v.string(), v.string()])], 'must be a string or [from, to]')),
            ),
          },
          'must be an object',
        ),
      ),
    ),
    filters: v.optional(list(LoadFilterSchema)),
    order: v.optional(
      v.union(
        [v.record(v.string(), direction), v.array(v.tuple([v.string(), direction]))],
        'must be {member: asc|desc} or [[member, asc|desc], …]',
      ),
    ),
    limit: v.optional(v.pipe(int(), v.minValue(0, 'must be 0 or more'))),
    offset: v.optional(v.pipe(int(), v.minValue(0, 'must be 0 or more'))),
    total: v.optional(bool()),
    timezone: v.optional(str()),
    ungrouped: v.optional(bool()),
    renewQuery: v.optional(bool()),
    joinHints: v.optional(v.unknown()),
    responseFormat: v.optional(oneOf(['default', 'compact', 'columnar'] as const)),
    cache: v.optional(oneOf(CACHE_MODES)),
  },
  'must be an object',
);

const dashboardOverrides = {
  filters: v.optional(list(LoadFilterSchema)),
  timeGrain: v.optional(oneOf(TIME_GRANULARITIES)),
};

export const LoadRequestSchema = object({ query: LoadQuerySchema, ...dashboardOverrides }, 'must be a JSON object');

export const CubeSqlRequestSchema = object(
  {
    query: nonEmptyStr(),
    ...dashboardOverrides,
    timezone: v.optional(str()),
    cache: v.optional(oneOf(CACHE_MODES)),
    throwContinueWait: v.optional(bool()),
  },
  'must be a JSON object',
);
