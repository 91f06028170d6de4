// A grain adjective that is no breakdown: inside a measure's own title ("Avg daily rate"), or a value compared across
// "vs" with another value of its dimension ("annual vs monthly members").

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { AVERAGE, GRAIN_OF } from './grain-word.js';
import { fold, tokenize } from './text.js';
import { categorical, type ValueIndex } from './values.js';

/** The folded words of each measure title of a source, read once per source. */
const titleWords = new WeakMap<SourceInfo, string[][]>();
function titlesOf(source: SourceInfo): string[][] {
  let out = titleWords.get(source);
  if (!out) titleWords.set(source, (out = source.measures.map((m) => tokenize(m.title).map((t) => fold(t.text)))));
  return out;
}

/**
 * `q` with its grain adjective given back to the words when, with the word before or after it, it is part of a
 * measure title of `source` ("avg daily rate" names Avg daily rate: no breakdown by day); otherwise `q` itself.
 */
export function titledGrain(q: Question, source: SourceInfo): Question {
  // The adjective, or the grain's own noun alone ("commits per active day" names Commits per active day).
  const word =
    q.time.grainWord ??
    q.time.spans.find(([s, e]) =>
      q.tokens.some((t) => t.start === s && t.norm === q.time.grain && e === s + t.norm.length),
    );
  if (!word) return q;
  const i = q.tokens.findIndex((t) => t.start === word[0]);
  if (i < 0) return q;
  // The neighbour shared with the title is a word of its own, not the average beside it ("avg daily snowfall" is no
  // Avg daily spend).
  const norm = (k: number) => {
    const w = q.tokens[k]?.norm;
    return w && !AVERAGE.test(w) ? w : undefined;
  };
  const [own, before, after] = [q.tokens[i].norm, norm(i - 1), norm(i + 1)];
  // An average's title ("Avg monthly kWh per system") only where the question asks for an average: "monthly kwh
  // production" is a breakdown by month of the total.
  const averaged = q.tokens.some((t) => AVERAGE.test(t.norm));
  const titled = titlesOf(source).some((title) =>
    title.some(
      (w, k) =>
        w === own &&
        (averaged || !AVERAGE.test(title[k - 1] ?? '')) &&
        ((before !== undefined && title[k - 1] === before) || (after !== undefined && title[k + 1] === after)),
    ),
  );
  return titled ? givenBack(q, word, i, own) : q;
}

/**
 * "annual vs monthly members": a grain adjective compared, across "vs", with a word that is a value of the same
 * dimension as it (Plan: annual, monthly) is that value, no breakdown by month; otherwise `q` itself.
 */
export function valuedGrain(q: Question, source: SourceInfo, values: ValueIndex): Question {
  if (!q.time.grain) return q;
  const vs = q.tokens.findIndex((t) => /^(vs|versus)$/.test(t.norm));
  const sides = [q.tokens[vs - 1], q.tokens[vs + 1]];
  if (vs < 1 || sides.some((t) => !t || !GRAIN_OF[t.norm])) return q;
  const both = categorical(source).some((f) => {
    const folded = new Set((values.get(f.name) ?? []).map(fold));
    return sides.every((t) => folded.has(t.norm));
  });
  if (!both) return q;
  const at = new Set([vs - 1, vs + 1]);
  const starts = new Set(sides.map((t) => t.start));
  return {
    ...q,
    taken: q.taken.map((t, k) => t && !at.has(k)),
    time: {
      ...q.time,
      grain: undefined,
      trend: undefined,
      spans: q.time.spans.filter(([start]) => !starts.has(start)),
      grainWord: undefined,
    },
  };
}

/** `q` with the grain word at token `i` (its span `word`) given back to the words (and the grain it set, if it set one). */
function givenBack(q: Question, word: [number, number], i: number, own: string): Question {
  const taken = q.taken.map((t, k) => t && k !== i);
  const spans = q.time.spans.filter(([s, e]) => !(s === word[0] && e === word[1]));
  // The grain this word set, if it set one (another said as well stays).
  const grain = q.time.grain === (GRAIN_OF[own] ?? own) ? undefined : q.time.grain;
  return {
    ...q,
    taken,
    time: { ...q.time, grain, trend: grain ? q.time.trend : undefined, spans, grainWord: undefined },
  };
}
