// Money a question asks for without naming a measure: "which club made the most money", "which state gives the
// most", "online vs direct mail giving", "how much did the spring appeal bring in". The source's one sum kept in a
// currency that is no outgoing (its title or description says the currency: Revenue, "USD") is what such words name.

import { tie, type Field, type Match, type SourceInfo } from './catalog.js';
import type { Filter } from './plan.js';
import { superlativeDir, type Question } from './question.js';
import { lemmas } from './text.js';

/** Lemmas of currencies a measure's title or description may name its unit by. */
const CURRENCIES = new Set(lemmas('usd eur gbp chf jpy cad aud dollars euros pounds sterling yen currency'));

/** Lemmas of money going out: "money" made or earned is never a cost ("spend" names Spend itself). */
const OUTGOINGS = new Set(
  lemmas('cost costs spend spent expense expenses budget fee fees payout refund discount loss'),
);

/** Names of the money coming in, as an account keeps it. */
const INCOME = new Set(lemmas('revenue receipts income'));

/** Words of money coming in: "money", and giving or donating (the money given), as a verb or a noun. */
const MONEY = new Set(lemmas('money give donate donation contribution'));

/** The source's one sum kept in a currency that is no outgoing, if it has exactly one (or one named revenue). */
export function moneyMeasure(source: SourceInfo): Field | undefined {
  const kept = source.measures.filter(
    (m) =>
      m.agg === 'sum' &&
      [...m.described, ...m.keys.flat()].some((w) => CURRENCIES.has(w)) &&
      !m.keys.flat().some((w) => OUTGOINGS.has(w)),
  );
  // Of several (Sales, Tips), the one named revenue (its synonyms: sales, turnover), receipts or income is the money
  // coming in.
  const revenue = kept.filter((m) => m.keys.some((k) => k.some((w) => INCOME.has(w))));
  return kept.length === 1 ? kept[0] : revenue.length === 1 ? revenue[0] : undefined;
}

/**
 * Free words asking for money: "money", "gives", "giving", "donated" — not "give me the list", where the verb asks to
 * be shown something.
 */
export function moneyWords(q: Question, taken: boolean[]): number[] {
  return q.tokens.flatMap((t, i) =>
    !taken[i] &&
    ((MONEY.has(t.lemma) && !/^(me|us)$/.test(q.tokens[i + 1]?.norm ?? '')) || spentWithUs(q, i) || earnedMost(q, i))
      ? [i]
      : [],
  );
}

/** "how much money is still outstanding": the money word right after "how much", which any sum asked answers. */
export const howMuchMoney = (q: Question, taken: boolean[]) =>
  q.tokens.flatMap((t, i) =>
    !taken[i] && /^(money|cash)$/.test(t.norm) && q.tokens[i - 1]?.norm === 'much' && q.tokens[i - 2]?.norm === 'how'
      ? [i]
      : [],
  );

/** "which party raised the most", "who earned more": a verb of money coming in, ranked with nothing named after it. */
const earnedMost = (q: Question, i: number) => {
  const next = q.tokens[i + 1]?.norm === 'the' ? i + 2 : i + 1;
  return (
    INCOMING.has(q.tokens[i].lemma) &&
    /^(most|least|more|less)$/.test(q.tokens[next]?.norm ?? '') &&
    /^(money)?$/.test(q.tokens[next + 1]?.norm ?? '')
  );
};

/**
 * "which party raised the most money" over a segment Raised money (receipts above zero): when nothing else names a
 * measure, the words a segment took that ask for money are the money measure's, and the segment goes (rows with
 * none of the money add nothing to it: it is taken out of `filters`).
 */
export function moneyOfSegment(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  flags: { filter: Filter; used: number[] }[],
  filters: Filter[],
): Match[] {
  // Only when an amount is asked ("the most", "how much"): "which candidates raised money" asks for the segment.
  if (!q.tokens.some((_, i) => superlativeDir(q, i)) && howMuch(q) < 0) return [];
  for (const flag of flags) {
    if (!flag.filter.field.segment || flag.filter.values[0] !== true) continue;
    const freed = taken.map((t, i) => t && !flag.used.includes(i));
    const measures = moneyNamed(q, source, freed);
    if (measures.length && measures[0].used.every((u) => flag.used.includes(u))) {
      for (const u of flag.used) taken[u] = measures[0].used.includes(u);
      filters.splice(filters.indexOf(flag.filter), 1);
      return measures;
    }
  }
  return [];
}

/** "which customers spend the most with us", "spent at our stores": others' spending with us is money coming in. */
const spentWithUs = (q: Question, i: number) =>
  SPEND.has(q.tokens[i].lemma) &&
  q.tokens
    .slice(i + 1, i + 5)
    .some((t, k, after) => /^(with|at)$/.test(t.norm) && /^(us|our)$/.test(after[k + 1]?.norm ?? ''));
const SPEND = new Set(lemmas('spend spends spent spending'));

/** Verbs of money coming in ("bring in", "make", "earn"); "how much do we pay" asks for money going out. */
const INCOMING = new Set(lemmas('bring make earn generate raise collect receive gross'));

/** "how much did … bring in": "how much" and a verb of money coming in ask for an amount of money. */
const howMuch = (q: Question) => {
  const at = q.tokens.findIndex((t, i) => t.norm === 'much' && q.tokens[i - 1]?.norm === 'how');
  return at >= 0 && q.tokens.slice(at + 1).some((t) => INCOMING.has(t.lemma)) ? at : -1;
};

/** Half a point more when a money word also names the source ("giving" of Giving). */
const ownWord = (q: Question, source: SourceInfo, words: number[]) =>
  words.some((i) => source.named.has(q.tokens[i].lemma)) ? 0.5 : 0;

/**
 * The money measure, when the free words ask for money and no member names a measure ("which club made the most
 * money", "how much did the spring appeal bring in"); with two such sums, neither.
 */
export function moneyNamed(q: Question, source: SourceInfo, taken: boolean[]): Match[] {
  const words = moneyWords(q, taken);
  const much = howMuch(q);
  const money = moneyMeasure(source);
  if (!money || (!words.length && much < 0)) return [];
  return [{ field: money, score: 0.5 + ownWord(q, source, words), used: words.length ? words : [much] }];
}

/**
 * "which state gives the most", "how much did corporate donors give", "how much did express deliveries bring in",
 * "the share of the money from insured deliveries": a word of money or giving, or "how much" with a verb of money
 * coming in, asks for the money, not a count of the givers or rows it names (Donors, Deliveries) — unless a count is
 * asked ("how many donors gave"); and of the measures named, for the money one.
 */
export function moneyOverCount(q: Question, source: SourceInfo, taken: boolean[], measures: Match[]): Match[] {
  const money = moneyMeasure(source);
  // "the share of the money raised …": the money measure among those named, over another ("gifts": Gifts).
  const named = measures.find((m) => m.field === money);
  const all = moneyWords(q, taken);
  const nouns = all.filter((i) => /^(money|giving)$/.test(q.tokens[i].norm));
  if (named && nouns.length) return [{ ...named, score: measures[0].score + 0.5, used: [...named.used, ...all] }];
  const much = howMuch(q);
  const words = all.length ? all : much >= 0 ? [much] : [];
  if (!words.length || !money || !measures.length) return measures;
  const counts = tie(measures);
  if (!counts.every((m) => m.field.agg === 'count' || m.field.agg === 'count_distinct')) return measures;
  // A verb's givers come before it ("donors … give"); what follows it is what is given ("which doctor gives the most
  // prescriptions": Prescriptions stays). "money" and "giving" are nouns of the money itself.
  const verb = all.length
    ? all.find((i) => !nouns.includes(i))
    : q.tokens.findIndex((t, i) => i > much && INCOMING.has(t.lemma));
  if (verb !== undefined && counts.some((m) => m.used.some((u) => u > verb))) return measures;
  // Above the count it replaces, and more when a money word also names the source.
  return [{ field: money, score: measures[0].score + 0.5 + ownWord(q, source, words), used: words }];
}

/**
 * "average order value", "avg booking value": the average of a count's rows' value is the money measure per row
 * counted (Sales per Orders) — the count named right before "value".
 */
export function valuePer(
  q: Question,
  source: SourceInfo,
  best: Match[],
  agg: string,
): { per: Field; money: Match } | undefined {
  const money = moneyMeasure(source);
  // A count the question names whole ("order" of Orders, not of Order lines).
  const whole = (m: Match) => m.field.keys.some((k) => k.every((w) => m.used.some((u) => q.tokens[u].lemma === w)));
  const count = best.length === 1 && best[0].field.agg === 'count' && whole(best[0]) ? best[0] : undefined;
  const at = count?.used.find((u) => q.tokens[u + 1]?.norm === 'value');
  if (agg !== 'avg' || !money || !count || at === undefined) return undefined;
  return { per: count.field, money: { field: money, score: count.score, used: [...count.used, at + 1] } };
}

/** Lemmas a measure kept in money is called or described by (its currency, or what money is in trade). */
const MONEY_WORDS = new Set([
  ...CURRENCIES,
  ...OUTGOINGS,
  ...lemmas(
    'money revenue sales price amount income salary wage pay paid payment earnings profit margin value gmv receipts ' +
      'disbursements debt cash balance fund donation gift raised invoice billed premium fare rent tip dollar',
  ),
]);

/** Whether a measure is kept in money: its title or names say what money it is, or its description the currency. */
export const inMoney = (f: Field) =>
  f.keys.flat().some((w) => MONEY_WORDS.has(w)) || [...f.described].some((w) => CURRENCIES.has(w));

/** Whether a bound's number is written as money ("under $10k", "over €5m"): a currency sign before one of its words. */
export const moneyWritten = (q: Question, n: { start: number; end: number }) =>
  q.tokens.slice(n.start, n.end).some((t) => /[$€£¥]\s*$/.test(q.text.slice(0, t.start)));

/**
 * Verbs of earning right before a bound: "making 200k or more", "earning under 10k" (not "cost", "pay" or "paid",
 * which are as often the nouns a measure is named by: "energy cost over 110000" bounds Energy cost).
 */
const EARNING = /^(earn|earns|earned|earning|make|makes|made|making)$/;

/** Whether a bound is an amount of money: written so ("$10k"), or after a verb of earning. */
export const moneyBound = (q: Question, n: { start: number; end: number }) =>
  moneyWritten(q, n) || EARNING.test(q.tokens[n.start - 1]?.norm ?? '');

/**
 * "households making 200k or more": a bound written as money, or after a verb of earning, with no column
 * named near it is on the one number column kept in money (Bracket lower bound (USD)), if there is exactly one.
 */
export function moneyColumn(q: Question, n: { start: number; end: number }, numbers: Field[]): Field | undefined {
  if (!moneyBound(q, n)) return undefined;
  const kept = numbers.filter(inMoney);
  return kept.length === 1 ? kept[0] : undefined;
}

/**
 * The money a question asks for, in steps: over the counts named (moneyOverCount, unless a count is asked), else by
 * words of money alone (moneyNamed), else by the words of a segment asked as an amount (moneyOfSegment).
 */
export function moneyAsked(
  q: Question,
  source: SourceInfo,
  taken: boolean[],
  measures: Match[],
  count: boolean,
  flags: { filter: Filter; used: number[] }[],
  filters: Filter[],
): Match[] {
  let out = count ? measures : moneyOverCount(q, source, taken, measures);
  if (!out.length) out = moneyNamed(q, source, taken);
  if (!out.length && !count) out = moneyOfSegment(q, source, taken, flags, filters);
  return out;
}
