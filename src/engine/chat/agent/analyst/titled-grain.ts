// A grain adjective inside a measure's own title ("Avg daily rate") names that measure, not a breakdown by day.

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { AVERAGE, GRAIN_OF } from './grain-word.js';
import { fold, tokenize } from './text.js';

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
  const word = q.time.grainWord;
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
  const titled = titlesOf(source).some((title) =>
    title.some(
      (w, k) =>
        w === own &&
        ((before !== undefined && title[k - 1] === before) || (after !== undefined && title[k + 1] === after)),
    ),
  );
  if (!titled) return q;
  const taken = q.taken.map((t, k) => t && k !== i);
  const spans = q.time.spans.filter(([s, e]) => !(s === word[0] && e === word[1]));
  // The grain this word set, if it set one (another said as well stays).
  const grain = q.time.grain === GRAIN_OF[own] ? undefined : q.time.grain;
  return {
    ...q,
    taken,
    time: { ...q.time, grain, trend: grain ? q.time.trend : undefined, spans, grainWord: undefined },
  };
}
