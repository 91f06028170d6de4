// Choosing instead of asking: when several members could serve (two measures, two dimensions of one kind, two dates,
// a value found in two dimensions), the one the question's own words support clearly best is taken, and the reading
// says which; only readings supported alike are asked back. One rule serves every such choice:
//   a reading scores the question words its names (title, column, synonyms, initials) explain, half for words only
//   its description has; it loses a point for each question word another reading explains and it does not, and a
//   point for each word of its title the question does not say that qualifies it ("Approved", "Peak", "Net": any
//   word but aggregation words, function words and the words naming the source's rows).
// A reading is chosen only when it leads the next by a clear margin and explains every word a rival explains, so a
// choice never leaves a word of the question to mean something the plan does not do.

import { computes, keyOf, type Field, type SourceInfo } from './catalog.js';
import { FILLER, FUNCTION_WORDS, editDistance, fold, lemma, lemmas, typoBudget, type Token } from './text.js';
import { rankingWord, type Question } from './question.js';
import { namesData } from './data-words.js';

/** Words saying a member is a quantity, no narrower: "Unpaid amount" is the amount unpaid ("how much … unpaid"). */
export const HEADS = new Set(lemmas('amount value number total count sum quantity figure'));

/** Aggregations of an amount: two measures of one differing only so are not the words' choice. */
const KINDS = new Set(['sum', 'avg', 'max', 'min', 'median']);

/** How far the best reading must lead the next to be chosen without asking. */
const MARGIN = 1;

/** Whether a question word and a member's word are the same word: one lemma, a typo, or a shortening. */
export function sameWord(t: Token, word: string, written: string, known?: Set<string>): boolean {
  if (t.lemma === word || t.norm === written) return true;
  // A word the model knows as written is no typo or shortening of another ("roaster" of Roaster is not "roasted").
  if (known?.has(t.lemma)) return false;
  // "deliverd" → "delivered", "temprature" → "temperature": one edit in a word of 5 letters or more.
  const budget = Math.min(typoBudget(Math.min(t.norm.length, written.length)), 1);
  if (budget && !/\d/.test(t.norm) && editDistance(t.norm, written, budget) <= budget) return true;
  // "info" → "information", "cancelled" → "cancellation": the question's word (4 letters or more) begins the member's,
  // never the other way ("country" is no word "count").
  return t.lemma.length >= 4 && !/\d/.test(t.lemma) && word.length > t.lemma.length && word.startsWith(t.lemma);
}

/** The words of a source's rows: its name's, and its one plain count's (they say what is counted, not which measure). */
function rowWords(source: SourceInfo | undefined): Set<string> {
  const out = new Set(source?.named ?? []);
  const plain = source?.measures.filter((m) => m.agg === 'count' && !m.filtered) ?? [];
  if (plain.length === 1) for (const k of plain[0].keys) if (k.length === 1) out.add(k[0]);
  return out;
}

interface Support {
  /** Question token indexes the reading explains (by its names; by its description). */
  named: Set<number>;
  described: Set<number>;
  /** Words of its title the question does not say (qualifiers). */
  unsaid: number;
}

/** "change order cost": a word right before another content word qualifies it (a row noun so says nothing). */
const modifier = (q: Question, i: number) => {
  const next = q.tokens[i + 1];
  return !!next && !FUNCTION_WORDS.has(next.lemma) && !FILLER.has(next.lemma) && !/^\d/.test(next.norm);
};

/**
 * Whether a measure computes what the question's aggregation words ask ("total wait time" is no Average wait time);
 * a ranking's words ("the most", "top") ask none. A dimension fits any.
 */
function aggregationFits(q: Question, f: Field): boolean {
  if (!f.isMeasure) return true;
  const asked = [...q.aggs].filter(([i]) => !rankingWord(q, i)).map(([, a]) => a);
  return asked.every(
    (a) => a === 'count' || f.agg === 'number' || computes(f, a) || (a === 'sum' && f.agg === 'count'),
  );
}

/**
 * Whether token `i` is in a phrase after a preposition that qualifies the rows ("mttr for sev1 incidents", "energy
 * used at sites with …", "unpaid on our invoices"): it says which rows, not which measure, so it weighs for none.
 */
function qualifying(q: Question, i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const t = q.tokens[j];
    if (/^(at|in|for|from|on|with|among|during|within|across)$/.test(t.norm)) return true;
    if (FUNCTION_WORDS.has(t.lemma) && !/^(the|a|an|our|my|their|its|all)$/.test(t.norm)) return false;
  }
  return false;
}

/** "revenue from premium members" names no Revenue per member: a word after a title's "per" counts after a "per". */
const perLoose = (q: Question, f: Field, i: number) =>
  !!f.perTail?.has(q.tokens[i].lemma) && !/^(per|each|every|an?)$/.test(q.tokens[i - 1]?.norm ?? '');

/** What of the question (`open`: its tokens to explain) a member explains; how many of its title's words go unsaid. */
function supportOf(
  q: Question,
  open: number[],
  r: { field: Field; used?: number[] },
  rows: Set<string>,
  known: Set<string>,
): Support {
  const { tokens } = q;
  const f = r.field;
  const named = new Set<number>();
  const described = new Set<number>();
  const written = [...f.written];
  for (const i of open) {
    const t = tokens[i];
    if (perLoose(q, f, i)) continue;
    if (
      r.used?.includes(i) ||
      f.keys.some((k) => k.includes(t.lemma)) ||
      written.some((w) => sameWord(t, lemma(w), w, known))
    )
      named.add(i);
    else if (f.described.has(t.lemma)) described.add(i);
  }
  // A word of its title is said when any word of the question is it (a value's, a date's words too).
  const said = (w: string) => tokens.some((t) => sameWord(t, w, w, known));
  // A name said whole ("MTTR", a synonym) leaves nothing of the title unsaid.
  const whole = f.keys.some((k) => k.every((w) => w.startsWith('agg:') || said(w)));
  const title = keyOf(f.title.replace(/\(.*\)/, ''));
  // An average, a peak, a least in the title ("Average freight") qualifies it when the question asks no aggregation:
  // "freight by region" may be the total or the average. A total or a count is what a plain noun asks.
  const plainAgg = (w: string) => /^agg:(sum|count)$/.test(w) || q.aggs.size > 0;
  // The rows' noun in the title goes without saying ("Load revenue"), not a participle made of it ("Loaded miles").
  const participles = new Set(
    fold(f.title)
      .match(/\p{L}+ed\b/gu)
      ?.map(lemma),
  );
  const rowWord = (w: string) => rows.has(w) && !participles.has(w);
  const unsaid = whole
    ? 0
    : title.filter((w) => (w.startsWith('agg:') ? !plainAgg(w) : !rowWord(w) && !HEADS.has(w) && !said(w))).length;
  return { named, described, unsaid };
}

/**
 * Of readings the planner found alike, the one the question supports clearly best, or undefined (ask back).
 * `open`: whether a token is still to be explained by this choice (not a value, a date or a breakdown already read);
 * the words a reading's match used (`used`) are open to it.
 */
export function preferred<T extends { field: Field; used?: number[] }>(
  q: Question,
  source: SourceInfo | undefined,
  readings: T[],
  open: (i: number) => boolean = () => true,
): T | undefined {
  if (readings.length < 2) return readings[0];
  // A share's part and whole, two things compared: the question names both, and which is which is not for this rule.
  if (q.compares || q.share) return undefined;
  const rows = rowWords(source);
  const known = new Set([...rows, ...(source?.fields ?? readings.map((r) => r.field)).flatMap((f) => f.keys.flat())]);
  const matched = new Set(readings.flatMap((r) => r.used ?? []));
  const readingWord = (w: string) => readings.some((r) => r.field.keys.some((k) => k.includes(w)));
  // The words of the source's own title name the data asked about ("iowa" of Iowa electricity generation), no member.
  // A word a reading is named by stays ("deaths" of Crimean War deaths names Deaths); one of the source's description
  // qualifying the next word names the data ("british army deaths").
  const ofSource = new Set(keyOf(source?.title ?? '').filter((w) => !w.startsWith('agg:') && !readingWord(w)));
  const words = q.tokens.flatMap((t, i) =>
    (open(i) || matched.has(i)) &&
    !ofSource.has(t.lemma) &&
    !namesData(q, i, source) &&
    !q.aggs.has(i) &&
    !FUNCTION_WORDS.has(t.lemma) &&
    !FILLER.has(t.lemma) &&
    !(rows.has(t.lemma) && modifier(q, i) && !/ed$/.test(t.norm)) &&
    !/^\d/.test(t.norm) &&
    !qualifying(q, i)
      ? [i]
      : [],
  );
  const supports = readings.map((r) => supportOf(q, words, r, rows, known));
  const explained = new Set(supports.flatMap((s) => [...s.named, ...s.described]));
  const fits = readings.map((r) => aggregationFits(q, r.field));
  const scores = supports.map((s, n) => {
    if (!fits[n]) return -Infinity;
    const own = s.named.size + s.described.size / 2;
    const missed = [...explained].filter((i) => !s.named.has(i) && !s.described.has(i)).length;
    return own - missed - s.unsaid;
  });
  const order = scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  const [[top, at], [next]] = order;
  if (!Number.isFinite(top) || top - next < MARGIN) return undefined;
  // It must name something, and every word a rival explains must be its too: else the question may mean the rival.
  const best = supports[at];
  if (!best.named.size || [...explained].some((i) => !best.named.has(i) && !best.described.has(i))) return undefined;
  // Rivals: the others the question's words name at all.
  const rivals = readings
    .filter((_, n) => n !== at && Number.isFinite(scores[n]) && supports[n].named.size > 0)
    .map((r) => r.field);
  const chosen = readings[at].field;
  // A total and an average (a peak) of the same words: which one is the aggregation's question, not the words'.
  if (rivals.some((r) => KINDS.has(r.agg ?? '') && KINDS.has(chosen.agg ?? '') && r.agg !== chosen.agg))
    return undefined;
  // "quantity sold and returned quantity": every word of another's title said too (the rows' and quantity's aside), it
  // is asked as well, unless the chosen one's title has all its words ("approved credit" over Credit).
  const titleWords = (f: Field) =>
    keyOf(f.title.replace(/\(.*\)/, '')).filter((w) => !w.startsWith('agg:') && !rows.has(w) && !HEADS.has(w));
  const saidAll = (f: Field) => titleWords(f).every((w) => q.tokens.some((t) => sameWord(t, w, w, known)));
  const mine = new Set(titleWords(chosen));
  if (rivals.some((r) => saidAll(r) && !titleWords(r).every((w) => mine.has(w)))) return undefined;
  return readings[at];
}

/** The readings, or the one of them `preferred` chooses (none when the question compares two: both are asked). */
export function narrowed<T extends { field: Field }>(
  q: Question,
  source: SourceInfo | undefined,
  readings: T[],
  open?: (i: number) => boolean,
): T[] {
  if (readings.length < 2 || q.compares) return readings;
  const one = preferred(q, source, readings, open);
  return one ? [one] : readings;
}

/**
 * The measures tied best by how their names score (catalog.ts rank), or, when the question's words clearly support
 * one of all those named (prefer.ts's rule), that one: "approved change order cost" is Approved cost impact, though
 * Approved change orders has more of its words.
 */
export function supportedTie<T extends { field: Field; score: number; used?: number[] }>(
  q: Question,
  source: SourceInfo,
  ranked: T[],
  taken: boolean[],
): T[] {
  // A word a value or a date took supports no measure, though the measure's name matched it too ("nuclear +
  // renewables" are sources filtered, not Renewable generation).
  const open = (i: number) => !taken[i];
  // "commits per active day": the best match, alone, whose whole title the question writes word for word, and which
  // uses every word the others do.
  const top = ranked.filter((m) => m.score >= ranked[0].score - 1e-9);
  const covers = (m: T) => ranked.every((r) => (r.used ?? []).every((u) => m.used?.includes(u)));
  if (top.length === 1 && ranked.length > 1 && writtenWhole(q, top[0].field) && covers(top[0])) return top;
  const readings = ranked.map((r) => ({ ...r, used: r.used?.filter(open) }));
  const pick = ranked.length > 1 && !q.compares ? preferred(q, source, readings, open) : undefined;
  const one = pick && ranked[readings.indexOf(pick)];
  return one ? [one] : ranked.filter((m) => m.score >= ranked[0].score - 1e-9);
}

/**
 * Whether the question writes `f`'s title of two words or more in a row, as the title writes them (small words
 * aside): "commits per active day", not "meter reads" of Meters read.
 */
function writtenWhole(q: Question, f: Field): boolean {
  const said = q.tokens.filter((t) => !FUNCTION_WORDS.has(t.lemma)).map((t) => t.norm);
  const title = fold(f.title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FUNCTION_WORDS.has(lemma(w)));
  return title.length > 1 && said.some((_, i) => title.every((w, j) => said[i + j] === w));
}

/**
 * Whether the plan's measure stands over other quantities the question's free words name: the question's words
 * clearly support it best ("how much is still unpaid on our invoices": Unpaid amount, not Amount invoiced). Words read
 * otherwise (`taken`: a value, a date) support none: "nuclear + renewables" filters the sources, it names no measure.
 */
export const standsOver = (q: Question, source: SourceInfo, measure: Field, others: Field[], taken: boolean[]) =>
  !q.compares &&
  preferred(
    q,
    source,
    [measure, ...others].map((field) => ({ field })),
    (i) => !taken[i],
  )?.field === measure;

/**
 * Of plans over several sources the planner scored alike, the one whose source the question names ("how many
 * different clients have projects in the midwest": the projects' source): more of its name's words said than any
 * other's, else none.
 */
export function namedSource<T extends { source: SourceInfo }>(q: Question, plans: T[]): T | undefined {
  const said = plans.map(
    (p) =>
      new Set(q.tokens.filter((t) => !FUNCTION_WORDS.has(t.lemma) && p.source.named.has(t.lemma)).map((t) => t.lemma))
        .size,
  );
  const most = Math.max(...said);
  return most > 0 && said.filter((n) => n === most).length === 1 ? plans[said.indexOf(most)] : undefined;
}
