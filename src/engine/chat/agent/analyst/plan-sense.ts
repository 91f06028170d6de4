// Checks on a whole plan of one source, after it is made: a plan that computes no real number is no answer.

import type { Phrases } from './phrases.js';
import type { Scored } from './plan.js';

/**
 * "royalties per stream" over a source whose only "stream" is its Streams measure: a measure divided by itself is
 * always 1, never what was asked (the words that named a dividend were read into the same measure).
 */
export function sensible(scored: Scored, say: Phrases, sourceTitle: string): Scored {
  const { plan } = scored;
  if ('decline' in plan || !plan.per || plan.per.name !== plan.measure.name) return scored;
  const measures = say.names(plan.source.measures);
  return { plan: { decline: say.book.noMeasure(say.text(sourceTitle), measures, undefined) }, score: scored.score - 1 };
}
