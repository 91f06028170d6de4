// The words of a share's part. In a share ("what pct of plots hit 40 bu/acre or more", "what % of delivered orders arrived late", "what share of
// responses said they would recommend"), the verb between the whole and the part links them: it says the part holds
// of the whole's rows and names no condition of its own. Only verbs of arriving, saying, reaching a mark or turning
// out are read so (general English, never a model's word), and only where the part's own words (a condition the plan
// applies) follow it with nothing unexplained between.

import type { Field, Match, SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import type { DayRange } from './time-range.js';
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
  const period = sharePeriod(q);
  const partAt = [...at.values(), ...measure, ...(numeric ? q.numeric.map((n) => n.start) : []), ...(period?.at ?? [])];
  const loose = (j: number) => taken[j] || FUNCTION_WORDS.has(q.tokens[j].lemma) || FILLER.has(q.tokens[j].lemma);
  const verbs = q.tokens.flatMap((t, i) => {
    if (taken[i] || !taken.slice(0, i).some(Boolean) || !LINKS.has(t.lemma)) return [];
    const part = partAt.filter((p) => p > i);
    if (!part.length) return [];
    for (let j = i + 1; j < Math.min(...part); j++) if (!loose(j)) return [];
    return [i];
  });
  return [...verbs, ...(period ? [period.at[0] - 1, ...period.at] : [])];
}

const MONTHS = 'january february march april may june july august september october november december'.split(' ');

/**
 * "what pct of 2015's job gains came in december": in a share of one whole year, a month or quarter said after "in"
 * or "during" (no date of its own the reader took) is the part's period, inside that year.
 */
export function sharePeriod(q: Question): { at: number[]; range: DayRange } | undefined {
  const [r, more] = q.time.ranges;
  const year = r?.from?.slice(0, 4);
  if (!q.share || more || !year || r.from !== `${year}-01-01` || r.to !== `${year}-12-31`) return undefined;
  const dated = (i: number) => q.time.spans.some(([s, e]) => q.tokens[i].start < e && s < q.tokens[i].end);
  for (let i = 1; i < q.tokens.length; i++) {
    const w = q.tokens[i].norm;
    if (!/^(in|during)$/.test(q.tokens[i - 1].norm) || dated(i)) continue;
    // A month by its name or its first three letters ("dec", "sept"); a quarter as "q4".
    const month = MONTHS.findIndex((m) => m === w || (w.length >= 3 && m !== 'may' && m.startsWith(w)));
    const quarter = /^q([1-4])$/.exec(w);
    const [first, last] = month >= 0 ? [month, month] : quarter ? [3 * +quarter[1] - 3, 3 * +quarter[1] - 1] : [-1, -1];
    if (first < 0) continue;
    const day = (m: number, d: number) => new Date(Date.UTC(+year, m, d)).toISOString().slice(0, 10);
    return { at: [i], range: { from: day(first, 1), to: day(last + 1, 0) } };
  }
  return undefined;
}

/**
 * "what pct of survey responses said they would recommend us", where Recommend rate is "percent of responses that
 * would recommend us": in a share, the model's own percent of two measures whose words (its title and description,
 * its part's and whole's titles) explain every word the question has left, one at least not the whole's, is the
 * share asked — the one such percent.
 */
export function shareDescribed(q: Question, source: SourceInfo, taken: boolean[], stated?: Field): Match | undefined {
  // A measure whose title states the bound ("65+": People 65 and over) is the part, or the number (plan-values.ts).
  const names = new Set(stated?.keys.flat());
  if (stated)
    return {
      field: stated,
      score: 3,
      used: [...q.tokens.keys()].filter((i) => !taken[i] && names.has(q.tokens[i].lemma)),
    };
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
