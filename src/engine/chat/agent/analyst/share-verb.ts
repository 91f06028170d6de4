// The words of a share's part. In a share ("what pct of plots hit 40 bu/acre or more", "what % of delivered orders arrived late", "what share of
// responses said they would recommend"), the verb between the whole and the part links them: it says the part holds
// of the whole's rows and names no condition of its own. Only verbs of arriving, saying, reaching a mark or turning
// out are read so (general English, never a model's word), and only where the part's own words (a condition the plan
// applies) follow it with nothing unexplained between.

import type { Match, SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import { SHARE_LEMMA } from './plan-guards.js';
import type { Question } from './question.js';
import { ratioParts } from './share-count.js';
import { FILLER, FUNCTION_WORDS, lemma } from './text.js';

const LINKS = new Set(
  'arrive say answer report reply respond hit score turn prove land fall become remain stay'.split(' ').map(lemma),
);

/**
 * The linking verbs of a share whose part follows them: a condition (`at`: where each starts; `numeric`: whether a
 * numeric condition was applied) or the measure (`measure`: the words naming it).
 */
export function shareVerbs(
  q: Question,
  taken: boolean[],
  at: Map<Filter, number>,
  measure: number[],
  numeric: boolean,
): number[] {
  if (!q.share) return [];
  const partAt = [...at.values(), ...measure, ...(numeric ? q.numeric.map((n) => n.start) : [])];
  const loose = (j: number) => taken[j] || FUNCTION_WORDS.has(q.tokens[j].lemma) || FILLER.has(q.tokens[j].lemma);
  return q.tokens.flatMap((t, i) => {
    if (taken[i] || !taken.slice(0, i).some(Boolean) || !LINKS.has(t.lemma)) return [];
    const part = partAt.filter((p) => p > i);
    if (!part.length) return [];
    for (let j = i + 1; j < Math.min(...part); j++) if (!loose(j)) return [];
    return [i];
  });
}

/**
 * "what pct of survey responses said they would recommend us", where Recommend rate is "percent of responses that
 * would recommend us": in a share, the model's own percent of two measures whose words (its title and description,
 * its part's and whole's titles) explain every word the question has left, one at least not the whole's, is the
 * share asked — the one such percent.
 */
export function shareDescribed(q: Question, source: SourceInfo, taken: boolean[]): Match | undefined {
  if (!q.share) return undefined;
  const free = q.tokens.flatMap((t, i) =>
    taken[i] ||
    q.aggs.has(i) ||
    [FUNCTION_WORDS, FILLER, LINKS].some((w) => w.has(t.lemma)) ||
    SHARE_LEMMA.test(t.lemma)
      ? []
      : [i],
  );
  const fits = source.measures.filter((m) => {
    const r = ratioParts(m, source);
    if (!r || !free.length) return false;
    const whole = new Set([...r.whole.keys.flat(), ...source.named]);
    const words = new Set([...m.described, ...m.keys.flat(), ...r.part.keys.flat(), ...whole]);
    const lemmas = free.map((i) => q.tokens[i].lemma);
    return lemmas.every((w) => words.has(w)) && lemmas.some((w) => !whole.has(w));
  });
  return fits.length === 1 ? { field: fits[0], score: 3, used: free } : undefined;
}
