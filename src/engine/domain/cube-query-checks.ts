// What Cube's gateway refuses in a query before it reads the model, in its words (its Joi query schema and its time
// dimension granularities): `renewQuery`, a filter that is none of Cube's filter forms, a granularity that is none of
// Cube's predefined ones (a model here declares no custom granularities).

import * as v from 'valibot';
import { invalid } from '../errors.js';
import { FILTER_TOO_DEEP, LoadFilterSchema } from '../../api/schemas.js';
import { TIME_GRANULARITIES } from '../../api/types.js';

const refuse = invalid;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** 400 in Cube's words for what its gateway refuses in `query` (one query in Cube's input form, filters as `member`). */
export function checkCubeQuery(query: Record<string, unknown>): void {
  if ('renewQuery' in query) throw refuse('Invalid query format: "renewQuery" is not allowed');
  if (Array.isArray(query.filters))
    query.filters.forEach((filter: unknown, i) => {
      const parsed = v.safeParse(LoadFilterSchema, filter);
      // A tree nested past our depth limit is ours to refuse (Cube has none): the schema's own message says where.
      if (!parsed.success && !parsed.issues.some((issue) => issue.message === FILTER_TOO_DEEP))
        throw refuse(`Invalid query format: "filters[${i}]" does not match any of the allowed types`);
    });
  if (Array.isArray(query.timeDimensions))
    for (const td of query.timeDimensions as unknown[]) {
      if (!isObject(td) || typeof td.granularity !== 'string' || typeof td.dimension !== 'string') continue;
      if (!(TIME_GRANULARITIES as readonly string[]).includes(td.granularity))
        throw refuse(`Granularity "${td.granularity}" does not exist in dimension ${td.dimension}`);
    }
}
