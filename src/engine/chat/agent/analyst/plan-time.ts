// The time a plan uses, once its date is chosen (time-field.ts): the grain, range and weekdays the question says.

import type { Field } from './catalog.js';
import type { TimeUse } from './plan.js';
import type { Question } from './question.js';

/**
 * The plan's use of `field`: only rows where it is set when `present` ("canceled bookings"); by day when the question
 * breaks down by its date with no grain (`byDate`); a dimension of year numbers is by year whatever the grain.
 */
export function timeUse(q: Question, field: Field, present: boolean | undefined, byDate: boolean): TimeUse {
  const grain = q.time.grain ?? (byDate ? 'day' : undefined);
  return {
    field,
    ...(present && { present }),
    ...(grain && { grain: field.yearNumber ? 'year' : grain }),
    ...(q.time.ranges.length === 1 && { range: q.time.ranges[0] }),
    ...(q.time.weekdays && { weekdays: q.time.weekdays }),
  };
}
