// Typos of the words that name members ("avg outage lenght", "revenu by region", "salery"): a question word the
// source does not know, of five letters or more, is read as the one word of the source's member names, titles and
// synonyms (or of the analyst's own synonyms) within its typo budget — only when exactly one word is that close.

import type { SourceInfo } from './catalog.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, VOCABULARY, editDistance, lemma, typoBudget } from './text.js';

const corrected = new WeakMap<Question, WeakMap<SourceInfo, Question>>();
const knownOf = new WeakMap<SourceInfo, Set<string>>();
const wordsOf = new WeakMap<SourceInfo, string[]>();

/** The lemmas a source knows (built once per catalog). */
function known(source: SourceInfo): Set<string> {
  let out = knownOf.get(source);
  if (!out) knownOf.set(source, (out = new Set([...source.fields.flatMap((f) => f.keys.flat()), ...source.named])));
  return out;
}

/** The words a typo may be of (built once per catalog, when a word is unknown). */
function words(source: SourceInfo): string[] {
  let out = wordsOf.get(source);
  if (!out) {
    out = [...new Set([...source.fields.flatMap((f) => [...f.written]), ...VOCABULARY])].filter(
      (w) => w.length >= 4 && !/^\d/.test(w),
    );
    wordsOf.set(source, out);
  }
  return out;
}

/** The question with the lemmas of its typos corrected for `source` (the same question when there are none). */
export function correctTypos(q: Question, source: SourceInfo): Question {
  const cached = corrected.get(q)?.get(source);
  if (cached) return cached;
  const knows = known(source);
  let tokens = q.tokens;
  q.tokens.forEach((t, i) => {
    const budget = typoBudget(t.norm.length);
    if (!budget || q.taken[i] || q.aggs.has(i) || knows.has(t.lemma) || /\d/.test(t.norm)) return;
    if (FUNCTION_WORDS.has(t.lemma) || FILLER.has(t.lemma)) return;
    const near = words(source).filter(
      (w) => Math.abs(w.length - t.norm.length) <= budget && editDistance(t.norm, w, budget) <= budget,
    );
    const lemmas = new Set(near.map(lemma));
    if (lemmas.size !== 1 || near.some((w) => w === t.norm)) return;
    if (tokens === q.tokens) tokens = [...q.tokens];
    tokens[i] = { ...t, lemma: [...lemmas][0] };
  });
  const out = tokens === q.tokens ? q : { ...q, tokens };
  if (!corrected.has(q)) corrected.set(q, new WeakMap());
  corrected.get(q)!.set(source, out);
  return out;
}
