// Typos of the words that name members ("avg outage lenght", "revenu by region", "salery"): a question word the
// source does not know, of five letters or more, is read as the one word of the source's member names, titles and
// synonyms, its own name and title (or of the analyst's own synonyms) within its typo budget — only when exactly one
// word is that close.

import type { SourceInfo } from './catalog.js';
import { misspeltAggregation } from './agg-words.js';
import type { Question } from './question.js';
import { FILLER, FUNCTION_WORDS, VOCABULARY, editDistance, fold, lemma, typoBudget } from './text.js';

/** What a word's own ending adds ("long" of "longest", "wait" of "waiting"): no cut of a longer word. */
const ENDING = /^(s|es|ed|d|ing|er|ers|est|ly|ness|ment|ments|ion|ions|al|y)$/;

const corrected = new WeakMap<Question, WeakMap<SourceInfo, Question>>();
const knownOf = new WeakMap<SourceInfo, Set<string>>();
const wordsOf = new WeakMap<SourceInfo, string[]>();

/** The lemmas a source knows (built once per catalog), a number column's unit included ("stars" of a Rating). */
function known(source: SourceInfo): Set<string> {
  let out = knownOf.get(source);
  if (!out) {
    const units = source.dimensions.filter((d) => d.type === 'number').flatMap((d) => [...d.described]);
    knownOf.set(source, (out = new Set([...source.fields.flatMap((f) => f.keys.flat()), ...source.named, ...units])));
  }
  return out;
}

/** The words a typo may be of (built once per catalog, when a word is unknown). */
function words(source: SourceInfo): string[] {
  let out = wordsOf.get(source);
  if (!out) {
    // The source's own name and title too ("resturants" of the view `restaurants`).
    const own = fold(`${source.name} ${source.title}`).split(/[^\p{L}\p{N}]+/u);
    out = [...new Set([...source.fields.flatMap((f) => [...f.written]), ...own, ...VOCABULARY])].filter(
      (w) => w.length >= 4 && !/^\d/.test(w),
    );
    wordsOf.set(source, out);
  }
  return out;
}

/**
 * The question with the lemmas of its typos corrected for `source` (the same question when there are none). A word
 * another of the `sources` knows is no typo ("yield" of a harvest source is not "field" of a field register).
 */
export function correctTypos(q: Question, source: SourceInfo, sources: SourceInfo[] = [source]): Question {
  const cached = corrected.get(q)?.get(source);
  if (cached) return cached;
  const own = known(source);
  const knows = { has: (w: string) => own.has(w) || sources.some((s) => known(s).has(w)) };
  let tokens = q.tokens;
  q.tokens.forEach((t, i) => {
    const budget = typoBudget(t.norm.length);
    if (t.norm.length < 4 || q.taken[i] || q.aggs.has(i) || knows.has(t.lemma) || /\d/.test(t.norm)) return;
    if (FUNCTION_WORDS.has(t.lemma) || FILLER.has(t.lemma)) return;
    // "unresolved", "nonstop": a negated form of a known word is no typo of it (it says the opposite).
    const negated = /^(?:un|non|dis)-?(\p{L}{4,})$/u.exec(t.norm)?.[1];
    if (negated && words(source).includes(negated)) return;
    // (A plural against the singular too: "paymnets" of Payment.)
    const close = (s: string, w: string) =>
      Math.abs(w.length - s.length) <= budget && editDistance(s, w, budget) <= budget;
    const near = words(source).filter(
      (w) => budget > 0 && (close(t.norm, w) || (/[^s]s$/.test(t.norm) && close(t.norm.slice(0, -1), w))),
    );
    // "convs", "impr": a word cut short, the start of one word only (of two letters more at least).
    const base = t.norm.replace(/s$/, '');
    const cut =
      near.length || base.length < 4 || VOCABULARY.includes(base)
        ? []
        : words(source).filter(
            (w) => w.length >= base.length + 2 && w.startsWith(base) && !ENDING.test(w.slice(base.length)),
          );
    let lemmas = new Set((near.length ? near : cut).map(lemma));
    // "deliverd": of words as close (delivered, delivery), the one it is with a letter left out.
    const dropped = near.filter(
      (w) => w.length === t.norm.length + 1 && [...w].some((_, k) => w.slice(0, k) + w.slice(k + 1) === t.norm),
    );
    if (lemmas.size > 1 && new Set(dropped.map(lemma)).size === 1) lemmas = new Set(dropped.map(lemma));
    if (lemmas.size !== 1 || near.some((w) => w === t.norm)) return;
    if (tokens === q.tokens) tokens = [...q.tokens];
    tokens[i] = { ...t, lemma: [...lemmas][0] };
  });
  const spelled = spelledAcronyms(q, source, tokens);
  // "overage charges": a word a member is named by is no misspelt aggregation word (Overage charges, not an average);
  // "combined score" of Avg combined score: an aggregation word written with the next word of a title is the title's.
  const titleWord = (i: number) =>
    source.fields.some((f) => f.keys.some((k) => k.includes(q.tokens[i].lemma) && k.includes(q.tokens[i + 1]?.lemma)));
  const named = [...q.aggs.keys()].filter(
    (i) => (misspeltAggregation(q.tokens[i].norm) && knows.has(q.tokens[i].lemma)) || titleWord(i),
  );
  const aggs = named.length ? new Map([...q.aggs].filter(([i]) => !named.includes(i))) : q.aggs;
  const same = tokens === q.tokens && !spelled && aggs === q.aggs;
  const out = same ? q : { ...q, aggs, tokens: spelled?.tokens ?? tokens, ...spelled?.rest };
  if (!corrected.has(q)) corrected.set(q, new WeakMap());
  corrected.get(q)!.set(source, out);
  return out;
}

/**
 * "click thru rate" of CTR, "return on ad spend" of ROAS: words whose initials spell a member's title written as an
 * acronym (three to five capitals) name it; the first word takes the title's lemma, the others are explained.
 */
function spelledAcronyms(q: Question, source: SourceInfo, tokens: Question['tokens']) {
  const acronyms = source.fields.filter((f) => /^[A-Z]{3,5}$/.test(f.title));
  let out: { tokens: Question['tokens']; rest: { taken: boolean[] } } | undefined;
  for (const f of acronyms) {
    const n = f.title.length;
    for (let i = 0; i + n <= tokens.length; i++) {
      const span = tokens.slice(i, i + n);
      if (span.some((t, k) => q.taken[i + k] || !/^\p{L}/u.test(t.norm))) continue;
      if (span.map((t) => t.norm[0]).join('') !== f.title.toLowerCase()) continue;
      // Its outer words are no function words ("agent had the" spells no AHT); "on" of "return on ad spend" may be.
      const plain = (k: number) =>
        FUNCTION_WORDS.has(span[k].lemma) || (FILLER.has(span[k].lemma) && !q.aggs.has(i + k));
      if (plain(0) || plain(n - 1)) continue;
      if (span.some((t) => FUNCTION_WORDS.has(t.lemma) && !/^(of|on|per|to|and|in)$/.test(t.norm))) continue;
      // The title's lemma on its last word; an aggregation word among them stays one ("average handle time").
      out ??= { tokens: [...tokens], rest: { taken: [...q.taken] } };
      out.tokens[i + n - 1] = { ...out.tokens[i + n - 1], lemma: lemma(f.title) };
      for (let k = 0; k < n - 1; k++) if (!q.aggs.has(i + k)) out.rest.taken[i + k] = true;
    }
  }
  return out;
}
