// The last check on a plan before its SQL is written: every member it uses must be backed by the question. A plan
// whose measure nothing in the question names (the source's row count, a peak) while the question asks for another
// kind of number, or that groups by a number column the question did not ask to group by, answers a question nobody
// asked: a wrong number is worse than a decline.

import { computes, type Field } from './catalog.js';
import { FILLER, FUNCTION_WORDS, fold } from './text.js';
import { rankingWord, type Question } from './question.js';
import type { Phrases } from './phrases.js';
import type { Decline, Plan, Scored } from './plan.js';

/** The words that name a member: those of its name, title and synonyms (aggregation words aside). */
const ownWords = (f: Field) => f.keys.flat().filter((w) => !w.startsWith('agg:'));

/** "how much": an amount asked, which a count of rows never is. */
const howMuch = (q: Question) => q.tokens.some((t, i) => t.norm === 'much' && q.tokens[i - 1]?.norm === 'how');

/** Aggregations the question asks for outside its ranking words ("the most" ranks; "maximum" asks a peak). */
const askedAggs = (q: Question) => new Set([...q.aggs].filter(([i]) => !rankingWord(q, i)).map(([, a]) => a));

/**
 * Question words that name nothing the plan uses: content words (no function or filler word, no number, nothing the
 * question already read as time or aggregation) that are no word of the plan's members, of its filters' values or of
 * the source's own name.
 */
function strayWords(q: Question, plan: Plan): Question['tokens'] {
  const members = [
    plan.measure,
    ...(plan.per ? [plan.per] : []),
    ...plan.groups,
    ...plan.filters.map((f) => f.field),
    ...(plan.time ? [plan.time.field] : []),
  ];
  const known = new Set([...members.flatMap((m) => [...m.keys.flat(), ...m.described]), ...plan.source.named]);
  const values = new Set(
    plan.filters.flatMap((f) => f.values.flatMap((v) => fold(String(v)).split(/[^\p{L}\p{N}]+/u))),
  );
  return q.tokens.filter(
    (t, i) =>
      !q.taken[i] &&
      !q.aggs.has(i) &&
      !FUNCTION_WORDS.has(t.lemma) &&
      !FILLER.has(t.lemma) &&
      !/^\d/.test(t.norm) &&
      !known.has(t.lemma) &&
      !values.has(t.norm),
  );
}

/**
 * Whether the question asks a member's maximum (minimum): a word of that aggregation, or a whole name of it. Unasked:
 * after "how much" (an amount, no peak), or after "the most" (the greatest amount) with the title's extreme word
 * ("Peak", "Largest") unsaid; other superlatives ("bottom 5 by fertility", "the lightest") may well mean the peak.
 */
function peakAsked(q: Question, f: Field): boolean {
  if (q.aggs.size && [...q.aggs.values()].includes(f.agg as never)) return true;
  if (howMuch(q)) return false;
  const words = new Set(q.tokens.map((t) => t.lemma));
  const most = q.tokens.some((t) => /^(most|more)$/.test(t.norm));
  return !most || f.keys.some((k) => k.every((w) => !w.startsWith('agg:') && words.has(w)));
}

/** Whether a word of the question names the member: one of its own, or its source's for a count of rows. */
function named(q: Question, f: Field, source: Plan['source']): boolean {
  const words = new Set([...ownWords(f), ...(computes(f, 'count') ? source.named : [])]);
  return q.tokens.some((t) => words.has(t.lemma));
}

export type Unbacked =
  { kind: 'amount-count' } | { kind: 'peak' } | { kind: 'numeric-group'; group: Field; stray: Question['tokens'] };

/** What in the plan the question does not back, if anything. */
export function unbacked(q: Question, plan: Plan): Unbacked | undefined {
  const { measure } = plan;
  const asked = askedAggs(q);
  // "how much did we earn from trips": an amount, never the count of the rows.
  if (howMuch(q) && computes(measure, 'count') && !plan.per && !asked.has('count')) return { kind: 'amount-count' };
  // "total billed", "amount landed by boat": a total or an amount of a count nothing names (a verb named its date).
  const amount = asked.has('sum') || q.tokens.some((t) => /^amounts?$/.test(t.norm));
  if (amount && computes(measure, 'count') && !plan.per && !asked.has('count') && !named(q, measure, plan.source))
    return { kind: 'amount-count' };
  // A peak or least the question did not ask: "the most" ranks, "how much" asks a total; the title's extreme word
  // ("Peak", "Largest") unsaid while no word of the question asks that aggregation.
  if ((measure.agg === 'max' || measure.agg === 'min') && !measure.columnOf && !peakAsked(q, measure))
    return { kind: 'peak' };
  // A breakdown by a number column the question names in no breakdown phrase, or only after "per" (a rate asked).
  for (const g of plan.groups) {
    if (g.type !== 'number' || g.yearNumber) continue;
    const words = new Set(ownWords(g));
    const phrases = q.groupPhrases.filter((p) => p.some((i) => words.has(q.tokens[i]?.lemma)));
    const byGroup = phrases.some((p) => q.tokens[p[0] - 1]?.norm !== 'per');
    if (!byGroup) return { kind: 'numeric-group', group: g, stray: strayWords(q, plan) };
  }
  return undefined;
}

/** The decline for a plan the question does not back, in the analyst's usual wording. */
export function unbackedDecline(why: Unbacked, plan: Plan, say: Phrases): Decline {
  const { book } = say;
  const { source, measure } = plan;
  const dims = source.dimensions.filter((d) => d.type !== 'time').slice(0, 8);
  const unmapped = (words: Question['tokens']) => ({
    decline: book.unmapped(
      words.map((t) => book.quote(say.text(t.text))).join(book.comma),
      words.length,
      say.text(source.title),
      say.names(source.measures),
      dims.length ? dims.map((d) => say.text(book.inline(d.title))).join(book.comma) : undefined,
    ),
  });
  if (why.kind === 'numeric-group' && why.stray.length) return unmapped(why.stray);
  if (why.kind === 'numeric-group') return { decline: book.whichMeasure(say.names([measure, why.group])) };
  // Which of the source's other measures is meant: for an amount, those that add up or average (no count of rows);
  // for a peak nobody asked, it and those.
  const amounts = source.measures.filter((m) => m !== measure && ['sum', 'avg'].includes(m.agg ?? ''));
  const offered = why.kind === 'peak' ? [measure, ...amounts] : amounts;
  return offered.length > 1
    ? { decline: book.whichMeasure(say.names(offered)) }
    : { decline: book.noMeasure(say.text(source.title), say.names(source.measures), undefined) };
}

/** A source's plan, or the decline of what in it the question does not back. */
export function backed(q: Question, scored: Scored, say: Phrases): Scored {
  const { plan } = scored;
  if ('decline' in plan) return scored;
  const why = unbacked(q, plan);
  if (!why) return scored;
  return { plan: unbackedDecline(why, plan, say), score: scored.score - 1 };
}
