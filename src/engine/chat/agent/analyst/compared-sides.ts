// "parts vs labor cost", "copays vs plan reimbursement": two measures compared where the words around the comparison
// word name more than two (Parts cost, Labor cost and Maintenance cost all say "cost"), or name one side better than
// the other (Plan reimbursement by two words, Copays collected by one). Each side is the run of measure words next to
// the comparison word; the pair is two measures each named by the whole run of its side, by no word outside the two
// runs, and by a word of the other side only when the other is named by it too (the shared "cost" of "parts vs labor
// cost"). Of several pairs, the one sharing fewest words, then the best named. One pair is the answer; none, no pair.

import { computes, type Match } from './catalog.js';
import type { Question } from './question.js';

/** The comparison word itself: "vs", "versus", "against" ("compare" comes before both sides). */
const BETWEEN = /^(vs\.?|versus|against)$/;
/** With a breakdown, "and" too: "mean x and mean y for each series" lists both measures by series. */
const LISTED = /^(vs\.?|versus|against|and)$/;

/**
 * The two measures a question compares (or, with a breakdown, `listed` by it: "… vs … by store", "mean x and mean y
 * for each series"), if it names two: the sides of its comparison word (or "and"), else the two measures tied best.
 */
export function twoMeasures(q: Question, measures: Match[], best: Match[], listed: boolean) {
  if (!(q.compares || listed) || q.time.ranges.length > 1) return undefined;
  return comparedSides(q, measures, listed) ?? (best.length === 2 && q.compares ? (best as [Match, Match]) : undefined);
}

/**
 * Two of `measures` (the source's measures the question names), one for each side of the comparison word (or of
 * "and", when `listed`), in order.
 */
export function comparedSides(q: Question, measures: Match[], listed = false): [Match, Match] | undefined {
  const between = listed ? LISTED : BETWEEN;
  const at = q.tokens.findIndex((t) => between.test(t.norm));
  if (at < 0) return undefined;
  // By lemma: a match names a word once ("avg fine and fines collected": Fines collected used the first "fine").
  const words = new Map(
    measures.map((m) => [m, new Set(m.used.filter((u) => !q.aggs.has(u)).map((u) => q.tokens[u].lemma))]),
  );
  const lemmas = (m: Match) => words.get(m)!;
  const said = new Set([...words.values()].flatMap((w) => [...w]));
  const run = (from: number, step: number) => {
    const words = new Set<string>();
    for (let i = from; i >= 0 && said.has(q.tokens[i]?.lemma) && !q.aggs.has(i); i += step)
      words.add(q.tokens[i].lemma);
    return Object.assign(words, { start: step > 0 ? from : from - words.size + 1 });
  };
  // ("… vs avg copay": the right side's run starts after its aggregation word.)
  const [left, right] = [run(at - 1, -1), run(at + (q.aggs.has(at + 1) ? 2 : 1), 1)];
  if (!left.size || !right.size) return undefined;
  // An aggregation word before a side's run ("avg copay vs …") is what that side's measure computes.
  const aggOf = (words: { start: number }) => q.aggs.get(words.start - 1);
  const fits = (m: Match, words: { start: number }) => {
    const agg = aggOf(words);
    return agg ? computes(m.field, agg) : true;
  };
  // Named by its side's whole run, and by a word of the other side only when its partner is named by it too.
  const named = (m: Match, side: Set<string>, other: Set<string>, partner: Match) =>
    [...side].every((w) => lemmas(m).has(w)) &&
    [...lemmas(m)].every((w) => side.has(w) || (other.has(w) && lemmas(partner).has(w)));
  const pairs: [Match, Match][] = [];
  for (const a of measures)
    for (const b of measures) {
      if (a === b || !fits(a, left) || !fits(b, right)) continue;
      if (named(a, left, right, b) && named(b, right, left, a)) pairs.push([a, b]);
    }
  return pairs.length === 1 ? pairs[0] : preferred(pairs);
}

/**
 * Of several pairs, the one whose two share fewest words ("revenue vs cost": Revenue and Cost, not Revenue-to-cost
 * ratio and Cost), the best named ("copays": Copays collected by its title, not Rx revenue by its description), then
 * the one of the model's own measures that add up (Copays collected, not Avg copay).
 */
function preferred(pairs: [Match, Match][]): [Match, Match] | undefined {
  const shared = ([a, b]: [Match, Match]) => a.field.keys.flat().filter((k) => b.field.keys.flat().includes(k)).length;
  const fewest = Math.min(...pairs.map(shared));
  const apart = pairs.filter((p) => shared(p) === fewest);
  const score = ([a, b]: [Match, Match]) => a.score + b.score;
  const top = Math.max(...apart.map(score));
  const best = apart.filter((p) => score(p) === top);
  const plain = (m: Match) => m.field.isMeasure && !m.field.columnOf && ['sum', 'count'].includes(m.field.agg ?? '');
  const kept = best.length === 1 ? best : best.filter(([a, b]) => plain(a) && plain(b));
  return kept.length === 1 ? kept[0] : undefined;
}
