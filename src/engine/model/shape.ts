// The shape of a model given as an object (`createLocalEngine({ model: { cubes } })`, `engine.setModel(object)`):
// files are normalised key by key (normalize.ts), an object is taken as it is, so its shape is checked here first —
// lists where the engine iterates, strings where it reads names and SQL — and a wrong one is a ModelError naming the
// field (`cubes[0].measures: must be an array`), not a TypeError from deep inside the checks. Extra keys are allowed.

import * as v from 'valibot';
import { bool, describeIssue, list, looseObject, obj, oneOf, str } from '../../api/schemas/common.js';
import type { ModelProblem } from './problems.js';

const names = () => list(str());

const policy = looseObject({
  group: v.optional(str()),
  groups: v.optional(names()),
  conditions: v.optional(list(looseObject({ if: str() }))),
  member_level: v.optional(
    looseObject({
      includes: v.optional(v.union([v.literal('*'), names()], 'must be "*" or an array of names')),
      excludes: v.optional(names()),
    }),
  ),
  row_level: v.optional(looseObject({ filters: v.optional(list(obj())), allow_all: v.optional(bool()) })),
});

const cube = looseObject({
  name: str(),
  sql_table: v.optional(str()),
  sql: v.optional(str()),
  meta: v.optional(obj()),
  measures: list(
    looseObject({
      name: str(),
      type: oneOf(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'number'] as const),
      sql: v.optional(str()),
      filters: v.optional(list(looseObject({ sql: str() }))),
      drill_members: v.optional(names()),
      meta: v.optional(obj()),
    }),
  ),
  dimensions: list(
    looseObject({
      name: str(),
      type: oneOf(['string', 'number', 'time', 'boolean'] as const),
      sql: str(),
      meta: v.optional(obj()),
    }),
  ),
  joins: v.optional(
    list(
      looseObject({
        name: str(),
        relationship: oneOf(['many_to_one', 'one_to_many', 'one_to_one'] as const),
        sql: str(),
      }),
    ),
  ),
  segments: v.optional(list(looseObject({ name: str(), sql: str() }))),
  access_policy: v.optional(list(policy)),
});

const view = looseObject({
  name: str(),
  cubes: list(
    looseObject({
      join_path: str(),
      includes: v.union([v.literal('*'), names()], 'must be "*" or an array of names'),
      excludes: v.optional(names()),
      prefix: v.optional(bool()),
      alias: v.optional(str()),
    }),
  ),
  access_policy: v.optional(list(policy)),
});

const model = looseObject({ cubes: list(cube), views: v.optional(list(view)) });

/** Every field of `value` that is not a model's shape, as problems (none: an empty list). */
export function shapeProblems(value: unknown): ModelProblem[] {
  const result = v.safeParse(model, value, { abortPipeEarly: true });
  return result.success
    ? []
    : result.issues.map((issue) => ({ file: '<model>', line: 0, message: `The model's ${describeIssue(issue)}` }));
}
