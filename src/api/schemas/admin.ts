// Query strings of the admin lists: cursor pages of embed-tenant lists, SCIM pages.

import * as v from 'valibot';
import { PAGE_MAX_SIZE } from '../limits.js';
import { object } from './common.js';

// ─── Query strings ───────────────────────────────────────────────────────────────────────────────────────────

const intParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** `first` and `after` of the embed-tenant admin lists. */
export const PageQuerySchema = object({
  first: v.optional(intParam(1, PAGE_MAX_SIZE)),
  after: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
});

/** `count` and `startIndex` of the SCIM user list. */
export const ScimListQuerySchema = object({
  count: v.optional(intParam(0, 1000)),
  startIndex: v.optional(intParam(1, Number.MAX_SAFE_INTEGER)),
});
