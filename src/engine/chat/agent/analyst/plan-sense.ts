// Checks on a whole plan of one source, after it is made: a plan that computes no real number is no answer.

import type { Phrases } from './phrases.js';
import type { Filter, Plan, Scored } from './plan.js';
import type { Question } from './question.js';

/**
 * "royalties per stream" over a source whose only "stream" is its Streams measure: a measure divided by itself is
 * always 1, never what was asked (the words that named a dividend were read into the same measure). A plan whose
 * filter empties one of its measures is no answer either.
 */
export function sensible(scored: Scored, say: Phrases, sourceTitle: string): Scored {
  const plan = 'decline' in scored.plan ? scored.plan : restatesPart(scored.plan);
  if (plan !== scored.plan) scored = { ...scored, plan };
  if ('decline' in plan || !(plan.per?.name === plan.measure.name || contradicts(plan))) return scored;
  const measures = say.names(plan.source.measures);
  return { plan: { decline: say.book.noMeasure(say.text(sourceTitle), measures, undefined) }, score: scored.score - 1 };
}

/**
 * "interviews per hire" read as applications at stage interview per hire: a filter keeping only values other than
 * the one a measure of the plan counts (Hires: stage hired) leaves that measure empty, whatever the data.
 */
function contradicts(plan: Plan): boolean {
  return [plan.measure, ...(plan.per ? [plan.per] : [])].some((m) =>
    (m.keeps ?? []).some((k) =>
      plan.filters.some(
        (f) => f.field.column === k.member && f.op === '=' && f.values.length > 0 && !f.values.includes(k.value),
      ),
    ),
  );
}

/**
 * "who committed the most fouls", "which partners logged the most hours": a question asking who or which, answered
 * with no breakdown (a total, "partners" read as the role Partner), names no one; the breakdowns the source has are
 * offered instead.
 */
export function whoAsked(q: Question, scored: Scored, say: Phrases): Scored {
  const { plan } = scored;
  if ('decline' in plan || !/^(who|which)$/.test(q.tokens[0]?.norm ?? '')) return scored;
  if (plan.groups.length || plan.compare || plan.time?.grain || plan.countOf) return scored;
  const dims = plan.source.dimensions.filter((d) => d.type === 'string').slice(0, 8);
  return { plan: { decline: say.book.whichBreakdown(say.names(dims)) }, score: scored.score - 1 };
}

/**
 * "return to stock rate by store": a filter keeping only the rows a rate's part counts (RTS rate: Returned to stock of
 * Fills) would make every rate 100%; its words name that part, and the filter goes.
 */
function restatesPart(plan: Plan): Plan {
  const ratio = plan.measure.percentOf ?? plan.measure.ratio;
  const kept = (ratio && plan.source.measures.find((m) => m.column === ratio.part)?.keeps) ?? [];
  const restated = (f: Filter) =>
    f.op === '=' && f.values.length === 1 && kept.some((k) => k.member === f.field.column && k.value === f.values[0]);
  return plan.filters.some(restated) ? { ...plan, filters: plan.filters.filter((f) => !restated(f)) } : plan;
}
