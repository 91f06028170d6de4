// From a read question to a plan over the sources the user may see: each source is planned (plan-source.ts) and the
// best-supported plan wins.

import { measureStems } from './plan-values.js';
import { planSource } from './plan-source.js';
import { sensible, whoAsked } from './plan-sense.js';
import { acrossPlan } from './plan-across.js';
import { valueNouns } from './value-nouns.js';
import { correctTypos } from './typos.js';
import { datedValues } from './dated-values.js';
import { titledGrain, valuedGrain } from './titled-grain.js';
import { currentState } from './current-state.js';
import { seasonValue } from './season-value.js';
import { describedElsewhere, titled, titledShare } from './plan-guards.js';
import { backed } from './evidence.js';
import { groupsCounted } from './count-groups.js';
import { namedSource } from './prefer.js';
import type { Question } from './question.js';
import type { Field, SourceInfo } from './catalog.js';
import { fold } from './text.js';
import type { ValueIndex } from './values.js';
import type { Phrases } from './phrases.js';
import type { Decline, Plan } from './plan.js';

/** The plan for a question over the sources the user may see: the best-supported one, a view on a tie. */
export function planQuestion(
  q: Question,
  sources: SourceInfo[],
  values: ValueIndex,
  say: Phrases,
  /** Reads a text as a question at the same instant (a question asked another way: count-groups.ts). */
  reread?: (text: string) => Question,
): Plan | Decline {
  const plan = planOnce(q, sources, values, say);
  if (!('decline' in plan) || !reread) return plan;
  // "how many stations averaged more than 40": the stations "which … averaged more than 40", counted.
  return groupsCounted(q, reread, (r) => planOnce(r, sources, values, say)) ?? plan;
}

/** What a plan breaks its measure down by: its groups, and its date when by a grain ("by census year"). */
const breakdowns = (p: Plan): Field[] => [...p.groups, ...(p.time?.grain ? [p.time.field] : [])];

function planOnce(q: Question, sources: SourceInfo[], values: ValueIndex, say: Phrases): Plan | Decline {
  const { book } = say;
  if (!sources.length) return { decline: book.noSources };
  const measured = measureStems(sources);
  const scored = sources.map((s) => {
    const read = valueNouns(
      datedValues(
        currentState(
          valuedGrain(titledGrain(titledShare(correctTypos(seasonValue(q, s, values), s, sources), s), s), s, values),
          s,
          values,
        ),
        s,
        values,
      ),
      s,
      values,
    );
    const planned = whoAsked(read, sensible(planSource(read, s, values, say, measured), say, s.title), say);
    return { source: s, read, ...backed(read, planned, say) };
  });
  // A plan whose measure only its description names, when another source titles a measure so, is no answer (the
  // question as this source read it: "fertilty" names Average fertility rate).
  const ok = scored.filter(
    (s) => !('decline' in s.plan) && !describedElsewhere(s.plan.measure, s.read, sources, breakdowns(s.plan)),
  );
  // "interviews per hire": no one source has both; one's total divided by another's.
  const across = ok.length ? undefined : acrossPlan(q, sources, (rest) => planOnce(rest, sources, values, say));
  if (across) return across;
  const pool = (ok.length ? ok : scored.filter((s) => 'decline' in s.plan)).sort(
    (a, b) => b.score - a.score || Number(b.source.type === 'view') - Number(a.source.type === 'view'),
  );
  // "how many rookies does each club have": a count the question names whole (Rookies, of the players) over a count
  // of other rows kept by the same word (Player games of rookies), half a point behind at most.
  const counted = ok.length ? namedCount(q, pool as { plan: Plan; score: number }[]) : undefined;
  if (counted) return counted.plan;
  const top = pool.filter((s) => s.score === pool[0].score);
  if (ok.length && top.length > 1) {
    const views = top.filter((s) => s.source.type === 'view');
    const measures = new Set(top.map((s) => (s.plan as Plan).measure.title));
    // "students by status": the source whose measure the question names by its whole title (Students), not in part
    // (Students enrolled).
    const whole = top.filter((s) => titled((s.plan as Plan).measure, q));
    if (views.length !== 1 && measures.size > 1 && whole.length === 1) return whole[0].plan;
    // "… clients have projects in the midwest": the source the question names.
    const named = views.length !== 1 && measures.size > 1 ? namedSource(q, top) : undefined;
    if (named) return named.plan;
    // "how many rabbits": of counts, the one source holding the values asked as its rows' own columns (the patients'
    // species), where the others hold them as a joined entity's (pets_species of the visits).
    const cols = (s: (typeof top)[number]) => (s.plan as Plan).filters.map((f) => f.field.column);
    const own = top.filter(
      (s) =>
        cols(s).length > 0 &&
        cols(s).every((c) => top.some((o) => o !== s && cols(o).some((x) => x.endsWith(`_${c}`)))),
    );
    const counts = top.every((s) => (s.plan as Plan).measure.agg === 'count');
    if (views.length !== 1 && measures.size > 1 && counts && own.length === 1) return own[0].plan;
    if (views.length !== 1 && measures.size > 1)
      return {
        decline: book.whichData(
          book.or(top.map((s) => book.measureIn(say.text((s.plan as Plan).measure.title), say.text(s.source.title)))),
        ),
      };
    if (views.length === 1) return views[0].plan;
  }
  return pool[0].plan;
}

/** Of plans scored best first, one within half a point of the first whose count the question titles, if the first's is not. */
function namedCount(q: Question, pool: { plan: Plan; score: number }[]) {
  const first = pool[0];
  const count = (p: Plan) => p.measure.agg === 'count' && !p.compare;
  const named = (m: Field) => titled(m, q) && compoundsSaid(m, q);
  if (!count(first.plan) || named(first.plan.measure)) return undefined;
  // ("how many desks do we have": Total desks of the locations, no bookings of a desk; "which industry have we invoiced
  // the most": Invoiced, no count of time entries invoiced.)
  const plain = [...q.aggs.values()].every((a) => a === 'count' || a === 'sum'); // ("how many … in total")
  const adds = (p: Plan) => count(p) || (p.measure.agg === 'sum' && plain);
  return pool.find((s) => s.score >= first.score - 0.5 && adds(s.plan) && named(s.plan.measure));
}

/**
 * Whether the question writes each hyphenated word of the measure's title whole ("plug-ins", "plugins", "plug ins"):
 * "reefer plugs" titles no Plug-ins, whose particle the keys leave out.
 */
function compoundsSaid(m: Field, q: Question): boolean {
  const folded = q.folded.replace(/[^\p{L}\p{N}]+/gu, ' ');
  return [...fold(m.title).matchAll(/(\p{L}+)-(\p{L}+)/gu)].every(([, a, b]) =>
    new RegExp(`\\b${a} ?${b.replace(/s$/, '')}`, 'u').test(folded),
  );
}
