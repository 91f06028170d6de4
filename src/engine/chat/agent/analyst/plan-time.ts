// The time a plan uses: the words that cannot name its event, and once its date is chosen (time-field.ts) the grain,
// range and weekdays the question says.

import type { Field, SourceInfo } from './catalog.js';
import { fold } from './text.js';
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

/**
 * Whether the question's word `i`, in a breakdown's phrase ("by …", "which …"), is as written a word of a dimension's
 * title that is no date's ("by brewer": the Brewer, not the Brewed date whose event "brew" the word shares a root
 * with). Such a word names that dimension, not an event; a word a date's title has too ("shipped": Shipped and
 * Shipped at) may still be the event, and so may any word outside a breakdown ("cancellation count last month" beside
 * a Cancellation reason).
 */
export function namesDimension(q: Question, source: SourceInfo, i: number): boolean {
  if (!q.groupPhrases.some((phrase) => phrase.includes(i))) return false;
  const word = q.tokens[i].norm;
  const written = (d: Field) => fold(d.title).split(/[^\p{L}\p{N}]+/u);
  const times = source.dimensions.filter((d) => d.type === 'time');
  if (times.some((d) => d.written.has(word) || written(d).includes(word))) return false;
  return source.dimensions.some((d) => d.type !== 'time' && !d.segment && written(d).includes(word));
}
