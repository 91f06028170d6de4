// Booleans and segments a question names ("remote", "non remote", "long-haul flights", "wet days"), one at a time on
// words none took before. A word that only names the source or what it counts ("flights" of Long-haul flights,
// "days" of Wet days) is no filter alone; a word naming a measure is the measure's unless a boolean writes it so
// ("average delay" is no Delayed flights, "delayed flights" is).

import { namesDataPhrase } from './data-words.js';
import { byPrefixOnly, keyOf, rank, type Field, type Match, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import { rankingWord, type Question } from './question.js';
import { oppositeOf } from './otherwise.js';
import { FUNCTION_WORDS, lemma, plural, tokenize } from './text.js';
import { compoundParts } from './spelled.js';
import { keptWords } from './kept-groups.js';

/**
 * Whether a title of two words or more is written whole in the question ("in stock", "out of service"); a title with
 * a number ("Above 400 ppm") is a condition the question's bound states, read as such.
 */
const titleWritten = (q: Question, title: string) => {
  const t = tokenize(title).map((w) => w.norm);
  if (t.length < 2 || t.some((w) => /\d/.test(w))) return false;
  return q.tokens.some((_, i) => t.every((w, j) => q.tokens[i + j]?.norm === w));
};

/** Per source, how many measure titles hold each lemma (read once per catalog). */
const titleCounts = new WeakMap<SourceInfo, Map<string, number>>();
function titleWordCounts(source: SourceInfo): Map<string, number> {
  let out = titleCounts.get(source);
  if (!out) {
    out = new Map<string, number>();
    for (const m of source.measures) for (const l of new Set(keyOf(m.title))) out.set(l, (out.get(l) ?? 0) + 1);
    titleCounts.set(source, out);
  }
  return out;
}

/** The words still free, as lemmas (aggregation words as `agg:x` unless they rank). */
export function freeWords(q: Question, taken: boolean[], ranking: boolean): (string | undefined)[] {
  return q.tokens.map((t, i) => {
    const agg = q.aggs.get(i);
    if (agg && !(ranking && rankingWord(q, i))) return `agg:${agg}`;
    return taken[i] ? undefined : t.lemma;
  });
}

/** Whether a lemma names the source's only count ("days" of Days). */
export const countNames = (source: SourceInfo, lemma: string) => {
  const counts = source.measures.filter((m) => m.agg === 'count');
  return counts.length === 1 && counts[0].keys.some((k) => k.includes(lemma));
};

/** The source's one count of all its rows (no filter in the model), of several counts ("Scheduled trips"). */
export const plainCount = (source: SourceInfo) => {
  const plain = source.measures.filter((m) => m.agg === 'count' && !m.filtered);
  return plain.length === 1 ? plain[0] : undefined;
};

/**
 * What the source counts when its noun is asked: its count, or — when that count is titled as the table's rows
 * ("Population rows") — the one measure adding up the things themselves unfiltered (People), if there is one.
 */
export const thingsCounted = (source: SourceInfo, count: Field): Field => {
  if (!count.tableRows) return count;
  const sums = source.measures.filter((m) => m.agg === 'sum' && !m.filtered);
  return sums.length === 1 ? sums[0] : count;
};

/**
 * "what % of bookings were cancelled": the tokens of plural nouns the plain count's description calls the rows ("All
 * bookings") that no other measure is named by — the rows, no value (status Booked) — and that plain count.
 */
export function describedRowWords(q: Question, source: SourceInfo): { count?: Field; at: number[] } {
  const plain = plainCount(source);
  if (!plain) return { at: [] };
  const other = (l: string) => source.measures.some((m) => m !== plain && m.keys.some((k) => k.includes(l)));
  const at = q.tokens.flatMap((t, i) =>
    plural(t.norm) && plain.described.has(t.lemma) && !source.named.has(t.lemma) && !other(t.lemma) ? [i] : [],
  );
  return { count: at.length ? plain : undefined, at };
}

export const describedRows = (q: Question, source: SourceInfo) => describedRowWords(q, source).count;

/**
 * Whether a lemma is the noun of the source's plain count's title: what its rows are ("trip" of Scheduled trips
 * beside Cancelled trips, "test" of Tests ordered beside Repeated tests) — the word it shares with the other counts,
 * else its last.
 */
/**
 * The nouns the source's filtered counts qualify: their titles' words but those of what they keep ("stay" of Completed
 * stays, kept to the status completed; "zip", "code" of Zip codes in territories, kept to In a territory).
 */
export function qualifiedNouns(source: SourceInfo): Set<string> {
  const out = new Set<string>();
  for (const m of source.measures) {
    if (m.agg !== 'count' || !m.keeps?.length) continue;
    const kept = new Set(keptWords(m));
    for (const w of keyOf(m.title)) if (!kept.has(w) && !FUNCTION_WORDS.has(w)) out.add(w);
  }
  return out;
}

/** Whether a word (a lemma) names the source's rows: its own noun, its count's, or a noun its filtered counts qualify. */
export const rowsWord = (source: SourceInfo, lemma: string) =>
  source.named.has(lemma) || countNames(source, lemma) || rowNoun(source, lemma) || qualifiedNouns(source).has(lemma);

export const rowNoun = (source: SourceInfo, lemma: string) => {
  const plain = plainCount(source);
  if (!plain) return false;
  const words = keyOf(plain.title);
  const others = source.measures.filter((m) => m !== plain && m.agg === 'count').flatMap((m) => keyOf(m.title));
  const shared = words.filter((w) => others.includes(w));
  // A one-word name of its own says it too ("rides" of Trips given as a synonym).
  return (shared.length === 1 ? shared[0] : words.at(-1)) === lemma || plain.keys.some((k) => k.join() === lemma);
};

/**
 * The plain count of all the rows, when a segment is said with the rows' noun ("late trips by mode": Scheduled trips
 * it keeps) or an event of the rows' date is counted (`event`: "new signups since march" are Subscribers by Signup
 * date, not Churned subscribers).
 */
export const allRows = (source: SourceInfo, flagWords: string[], event: boolean) =>
  flagWords.some((l) => rowNoun(source, l)) || event ? plainCount(source) : undefined;

/** A boolean or segment filter read from the question: where it starts and the words it took. */
export interface Flag {
  filter: Filter;
  at: number;
  used: number[];
}

/**
 * The boolean filters the free words name (`taken` is updated), each with where its own words start (a share's part
 * comes after its verb), the tokens they used and the evidence.
 */
export function booleanFilters(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  /**
   * After the measure is chosen, the words the first reading used: a measure named whole no longer holds its words
   * back from a boolean.
   */
  earlier?: number[],
  /** Words a value's dimension is named by right after it ("neutral signal"): the value's, no segment's. */
  aside: Set<number> = new Set(),
): { filters: Flag[]; used: number[]; score: number } {
  const out: Flag[] = [];
  const used: number[] = [];
  let score = 0;
  const booleans = source.dimensions.filter((d) => d.type === 'boolean');
  const measureWords = new Set(source.measures.flatMap((m) => m.keys.flat()));
  const measureNames = new Set(source.measures.flatMap((m) => m.keys.filter((k) => k.length === 1).flat()));
  // "net jobs added": a word the titles of several measures share (jobs of Nonfarm jobs, Government jobs) is their
  // noun; alone it names no boolean in part (Jobs lost).
  const titleCount = titleWordCounts(source);
  const measureNoun = (l: string) => measureNames.has(l) || (titleCount.get(l) ?? 0) > 1;
  // "stays" of Completed stays: the noun a filtered count qualifies names the rows; alone, no segment of them (Long
  // stays).
  const qualified = qualifiedNouns(source);
  const head = (l: string) => source.named.has(l) || countNames(source, l) || rowNoun(source, l);
  const otherWords = new Set(source.fields.filter((f) => f.type !== 'boolean').flatMap((f) => f.keys.flat()));
  // "late fees": the words of a measure named whole are the measure's, not a segment's (Late returns).
  const free = freeWords(q, taken, true);
  // "what share of bookings were no-shows": in a share, a boolean named whole (No-show) is the part, not the measure
  // of the same words (No-shows) — the share is of the rows.
  const whole = (k: string[], not: string[]) =>
    k.some((w) => !w.startsWith('agg:')) &&
    k.every((w) => w.startsWith('agg:') || (free.includes(w) && !not.includes(w)));
  const part = new Set(
    q.share
      ? booleans.flatMap((b) =>
          b.keys.filter((k) => whole(k, []) && source.measures.some((m) => m.keys.some((mk) => whole(mk, k)))).flat(),
        )
      : [],
  );
  // "total cost" of Total cost: its aggregation word written too.
  const spelled = (k: string[]) =>
    k.length > 1 && k.some((w) => w.startsWith('agg:')) && k.every((w) => free.includes(w));
  const wholeWords = new Set(
    source.measures.flatMap((m) =>
      m.keys
        .filter((k) => !spelled(k))
        .map((k) => k.filter((w) => !w.startsWith('agg:')))
        .filter((k) => k.length > 1 && k.every((w) => free.includes(w)) && !k.every((w) => part.has(w)))
        .concat(m.keys.filter(spelled).map((k) => k.filter((w) => !w.startsWith('agg:'))))
        .flat(),
    ),
  );
  // "uninsured", "nonstop": un- or non- before a boolean's own word is that boolean, false.
  const boolWords = new Set(booleans.flatMap((b) => b.keys.flat()));
  const prefixed = new Map<number, string>();
  q.tokens.forEach((t, i) => {
    const rest = /^(?:un|non)(\p{L}{4,})$/u.exec(t.norm)?.[1];
    if (rest && !taken[i] && boolWords.has(lemma(rest))) prefixed.set(i, lemma(rest));
    // "out of service", "out of stock": a boolean's own word right after "out of" is that boolean, false.
    const outOf = q.tokens[i - 2]?.norm === 'out' && q.tokens[i - 1]?.norm === 'of';
    if (outOf && !taken[i] && boolWords.has(t.lemma)) prefixed.set(i, t.lemma);
  });
  // "conventional" of Organic described "otherwise conventional": that boolean, false (named by its shortest key).
  q.tokens.forEach((t, i) => {
    const b = booleans.find((x) => x.otherwise === t.lemma);
    // (Its title word whose opposite it is: "manual" of Auto-pay is not-auto.)
    const opposed = b?.keys.flat().find((w) => oppositeOf(w) === t.lemma);
    const own = b && (opposed ?? [...b.keys].sort((x, y) => x.length - y.length)[0].at(-1));
    if (own && !taken[i] && !prefixed.has(i)) prefixed.set(i, own);
  });
  // "the fields we irrigate vs the ones we don't": a negation after "vs" with no word of its own is the boolean
  // named before it, false.
  const vs = q.tokens.findIndex((t) => /^(vs|versus)$/.test(t.norm));
  const said = q.tokens.reduce((s, t, i) => (i < vs && !taken[i] && boolWords.has(t.lemma) ? i : s), -1);
  const denied = q.tokens.findIndex((t, i) => i > vs && /^(don't|dont|didn't|doesn't|aren't|isn't|not)$/.test(t.norm));
  const bare = (i: number) =>
    FUNCTION_WORDS.has(q.tokens[i].lemma) || /^(ones?|those|that|which)$/.test(q.tokens[i].norm);
  if (vs > 0 && said >= 0 && denied > vs && q.tokens.slice(vs + 1, denied).every((_, k) => bare(vs + 1 + k)))
    prefixed.set(denied, q.tokens[said].lemma);
  // "unresolved": written as the boolean's "resolved" once its prefix is off.
  const unprefixed = (i: number) =>
    prefixed.has(i) ? q.tokens[i].norm.replace(/^(?:un|non)-?/, '') : q.tokens[i].norm;
  // A boolean writes a word as said, or in the singular ("territories" of In a territory) when no measure is named by
  // that word alone ("debts" of Debts, not Has debt).
  const writes = (b: Field, i: number) =>
    b.written.has(unprefixed(i)) ||
    (plural(q.tokens[i].norm) && b.written.has(q.tokens[i].lemma) && !measureNames.has(q.tokens[i].lemma));
  // "open reqs" of Job openings: a word written as a segment's own word and as no other member's names the segment,
  // though its stem is the source's noun (open, opening).
  const spelt = (x: Match, u: number) =>
    !!x.field.segment &&
    x.field.written.has(q.tokens[u].norm) &&
    !source.fields.some((f) => f !== x.field && f.written.has(q.tokens[u].norm));
  // "incidents by severity": a word after "by" that names a dimension is the breakdown's, no segment's (High severity).
  const dimWords = new Set(
    source.dimensions.filter((d) => d.type !== 'boolean' && !d.segment).flatMap((d) => d.keys.flat()),
  );
  // So is the word a ranking counts ("top 5 states by zip codes": the states, not the segment The 50 states).
  const ranked = (p: number[]) => !!q.rank && /^(top|bottom|\d+)$/.test(q.tokens[p[0] - 1]?.norm ?? '');
  // ("which signal came up most" as well: the breakdown's.)
  const byWords = new Set(
    q.groupPhrases.filter((p) => /^(by|which)$/.test(q.tokens[p[0] - 1]?.norm ?? '') || ranked(p)).flat(),
  );
  const late = earlier !== undefined;
  const after = new Set((earlier ?? []).filter((u) => !taken[u + 1]).map((u) => u + 1));
  // "workers in farm occupations": a boolean's whole title written word for word (Farm occupations) keeps its words,
  // though a measure's words (Occupations with workers) are all said apart.
  // (A measure's name written word for word there too, "late arrivals" of Late arrivals, keeps them as before.)
  // (An aggregation word of a title is written apart: "avg year-round habitat share" of Average year-round habitat
  // share keeps its words from Has year-round habitat.)
  const runs = (fields: SourceInfo['fields'], out: Set<number>) => {
    for (const f of fields)
      for (const k of f.keys.map((key) => key.filter((w) => !w.startsWith('agg:'))))
        q.tokens.forEach((_, i) => {
          if (k.length > 1 && k.every((w, j) => !taken[i + j] && q.tokens[i + j]?.lemma === w))
            k.forEach((_w, j) => out.add(i + j));
        });
    return out;
  };
  const measured = runs(source.measures, new Set());
  const spelledOut = new Set([...runs(booleans, new Set())].filter((i) => !measured.has(i)));
  for (let left = booleans; left.length;) {
    const words = freeWords(q, taken, true)
      .map((w, i) => (w && prefixed.get(i)) ?? w)
      .map((w, i) => (namesDataPhrase(q, i, source) || aside.has(i) ? undefined : w))
      .map((w, i) =>
        w &&
        !part.has(w) &&
        !spelledOut.has(i) &&
        measureWords.has(w) &&
        ((wholeWords.has(w) && !late) || !booleans.some((b) => writes(b, i)))
          ? undefined
          : w,
      );
    // Named by its own words: a key word that is not the source's noun (a description's word is no name). A word
    // other members are named by too ("books" of Books still out, and of Book title) names the segment only with at
    // least half of the segment's own words.
    const named = (x: Match) => {
      const at = (u: number) => prefixed.get(u) ?? q.tokens[u].lemma;
      // "in stock" of In stock in a source titled Pharmacy stock: its title written whole, small words and all.
      const whole = titleWritten(q, x.field.title);
      const own = x.used.filter(
        (u) =>
          (!head(at(u)) || spelt(x, u) || prefixed.has(u) || whole) &&
          !after.has(u) &&
          !(byWords.has(u) && dimWords.has(at(u))) &&
          x.field.keys.some((k) => k.includes(at(u))),
      );
      if ((whole && own.length) || own.some((u) => !otherWords.has(at(u)) || spelt(x, u) || prefixed.has(u)))
        return own;
      // "goals scored" names no High-scoring matches: a hyphenated word's part counts only with the rest of it written.
      const compound = compoundParts(x.field.title);
      const found = new Set(own.map(at));
      const written = (l: string) => found.has(l) || q.tokens.some((t) => t.lemma === l);
      const lemmas = new Set([...found].filter((l) => (compound.get(l) ?? [l]).every(written)));
      // "draws" is the measure Draws, no Goalless draws: words that are measures' whole names name no segment in part
      // (until the measure chosen is another one).
      const enough = x.field.keys.some((k) => {
        const mine = k.filter((l) => !head(l));
        const hit = mine.filter((l) => lemmas.has(l) && !qualified.has(l));
        const measured = !late && hit.length < mine.length && hit.every(measureNoun);
        return mine.length > 0 && hit.length * 2 >= mine.length && !measured;
      });
      return enough ? own : [];
    };
    // "students enrolled" names no boolean of the joined students cube (students_international) by its prefix alone.
    // (The words as read: "veterans" is Rookie's no, "uninsured" Insured's.)
    const read = q.tokens.map((t, i) => (prefixed.has(i) ? { ...t, lemma: prefixed.get(i)! } : t));
    const m = rank(left, words).find((x) => named(x).length > 0 && !byPrefixOnly(x, read));
    if (!m) break;
    const own = named(m);
    // Its word said the other way too ("irrigate vs the ones we don't"): both are its.
    const also = [...prefixed].filter(
      ([u, l]) => !taken[u] && !own.includes(u) && m.field.keys.some((k) => k.includes(l)),
    );
    own.push(...also.map(([u]) => u));
    m.used = [...m.used, ...also.map(([u]) => u)].filter((u) => own.includes(u) || head(q.tokens[u].lemma));
    left = left.filter((b) => b !== m.field);
    used.push(...m.used);
    const not = m.used.map((u) => q.negated.get(u)).find((x) => x !== undefined);
    if (not !== undefined) taken[not] = true;
    const negative = not !== undefined || m.used.some((u) => prefixed.has(u));
    // "organic vs conventional": the boolean named both ways, true and false, for the two sides compared.
    const yes = own.filter((u) => !prefixed.has(u));
    if (q.compares && not === undefined && negative && yes.length)
      out.push({ filter: { field: m.field, op: '=', values: [true] }, at: Math.min(...yes), used: m.used });
    const no = q.compares && negative && yes.length ? own.filter((u) => prefixed.has(u)) : own;
    out.push({ filter: { field: m.field, op: '=', values: [!negative] }, at: Math.min(...no), used: m.used });
    m.used.forEach((u) => (taken[u] = true));
    // "recurring gifts": the noun right after a boolean's word is what it qualifies, no other boolean alone (Major
    // gifts).
    for (const u of m.used) if (!taken[u + 1]) after.add(u + 1);
    score += m.score;
  }
  return { filters: out, used, score };
}

/**
 * "how many checks were voided", "how many reservations were no-shows": once the measure is chosen, a boolean whose
 * words the whole title of another measure held back (Voided checks, No-shows) while the counted noun chose the plain
 * count (Checks, Reservations) still filters the rows — a word naming a member is never left aside. Adds the filters
 * (with where they start) and returns the evidence.
 */
export function lateFlags(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  earlier: number[],
  filters: Filter[],
  at: Map<Filter, number>,
  aside?: Set<number>,
): number {
  const late = booleanFilters(q, source, taken, earlier, aside).filters;
  for (const b of late) {
    filters.push(b.filter);
    at.set(b.filter, b.at);
  }
  return late.length;
}
