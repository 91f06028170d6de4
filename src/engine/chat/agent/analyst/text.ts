// Words of a question: accent folding, tokens with their positions, a small rule-based lemmatizer (plural/singular,
// verb forms) and a general thesaurus, so "clients", "client" and "customers" meet on one stem. Model names and
// titles go through the same functions, so a member and a question word match when their stems do.

import { IRREGULAR } from './irregular.js';
import { ownTable } from '../../../../util/own.js';

/** Lowercase, accents removed ("Zürich" → "zurich"), typographic quotes and dashes made plain. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[–—]/g, '-');
}

/** Words that mean the same thing in questions about data (each row: the stems of one meaning). */
const SYNONYMS: string[][] = [
  ['revenue', 'sales', 'turnover'],
  ['customer', 'client', 'buyer', 'shopper'],
  ['employee', 'staff', 'worker', 'personnel'],
  ['salary', 'wage', 'compensation'],
  ['cost', 'expense', 'spend', 'bill'],
  ['country', 'nation'],
  ['city', 'town'],
  ['quantity', 'unit', 'output'],
  ['doctor', 'physician'],
  ['kwh', 'kilowatt'],
  ['release', 'ship', 'launch', 'publish'],
  ['start', 'begin', 'commence'],
  ['hire', 'join', 'onboard', 'recruit'],
  ['film', 'movie', 'picture'],
  ['duration', 'length'],
  ['use', 'usage'],
  ['child', 'kid'],
  ['decease', 'die', 'dead', 'death', 'kill'],
  ['type', 'kind'],
  ['feet', 'foot', 'footage'],
  ['property', 'home'],
  ['percent', 'percentage'],
  ['gift', 'donation', 'contribution'],
  ['weight', 'weigh', 'mass'],
  ['route', 'line'],
  ['purchase', 'buy', 'bought'],
  ['attendance', 'crowd', 'turnout'],
  ['win', 'victory'],
];

/** Words the synonyms know: a typo of one is read as it ("lenght" → length). */
export const VOCABULARY: readonly string[] = SYNONYMS.flat();

/** Shorthand of business questions, read as the word it stands for ("rev by region", "qty sold"). */
const SHORTHAND: Readonly<Record<string, string>> = ownTable({
  rev: 'revenue',
  temp: 'temperature',
  ppl: 'people',
  temps: 'temperature',
  revs: 'revenue',
  qty: 'quantity',
  amt: 'amount',
  pct: 'percent',
  '%': 'percent',
  num: 'number',
  nr: 'number',
  cnt: 'count',
  yr: 'year',
  yrs: 'year',
  mth: 'month',
  mo: 'month',
  dept: 'department',
  depts: 'department',
  mgr: 'manager',
  dr: 'doctor',
  cust: 'customer',
  custs: 'customer',
  acct: 'account',
  accts: 'account',
  txn: 'transaction',
  txns: 'transaction',
  emp: 'employee',
  emps: 'employee',
  avg: 'average',
  dur: 'duration',
  dist: 'distance',
  hp: 'horsepower',
  sq: 'square',
  ha: 'hectare',
  lasted: 'duration',
  lasting: 'duration',
  ft: 'feet',
  thru: 'through',
  tix: 'ticket',
  hrs: 'hour',
  appt: 'appointment',
  appts: 'appointment',
  wat: 'what',
  wht: 'what',
  r: 'are',
  u: 'you',
  ur: 'your',
});

/**
 * A word's lemma as a value holds it: a shorthand stays itself ("MO", a state's code, is no "month"; "HP" no
 * "horsepower").
 */
export const valueLemma = (word: string): string => (SHORTHAND[fold(word)] !== undefined ? fold(word) : lemma(word));

/** Business acronyms of several words: a question reads them as the words, a member titled so is named by them. */
export const ACRONYMS: Readonly<Record<string, string>> = ownTable({
  aov: 'average order value',
});

/** Words that carry no subject ("of", "the", "them"): FUNCTION_WORDS holds their stems. */
const FUNCTION_LIST =
  `a an the of in on at to for from with without by per and or vs versus than then as into over under is are
  was were be been being do does did done have has had me my we our us you your i it its they their them this that these
  those there here all any some each every what which who whom whose when where why how`
    .split(/\s+/)
    .filter(Boolean);
const FUNCTION_SET = new Set(FUNCTION_LIST);

/**
 * A stem: plural and verb endings removed, a final e dropped (not where that leaves a function word: "theme" is no
 * "them"), a doubled final consonant made single.
 */
export function stem(word: string): string {
  const w = SHORTHAND[fold(word)] ?? fold(word);
  // "1,000" and "1000" are one number.
  if (/^\d{1,3}(,\d{3})+$/.test(w)) return w.replace(/,/g, '');
  if (IRREGULAR[w]) return IRREGULAR[w] === w ? w : stem(IRREGULAR[w]);
  // A compound's irregular plural: "midwives", "salespeople", "grandchildren", "chairwomen".
  const compound = /^([a-z]{2,})(women|wives|knives|shelves|people|children)$/.exec(w);
  if (compound) return stem(`${compound[1]}${IRREGULAR[compound[2]]}`);
  if (w.length === 3 && /^[a-z]{2}s$/.test(w) && !/^(bus|gas|yes|its|his|has|was|us|ms)$/.test(w)) return w.slice(0, 2);
  if (w.length <= 3 || /\d/.test(w)) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh|us)es$/.test(s)) s = s.slice(0, -2);
  else if (/[^su]s$/.test(s) && !/(is|ss)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ing') && s.length >= 6) s = s.slice(0, -3);
  else if (s.endsWith('ied') && s.length >= 5) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('ed') && !s.endsWith('eed') && s.length >= 4) s = s.slice(0, s.length >= 6 ? -2 : -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss)$/.test(s.slice(-2)) && s.length > 3) s = s.slice(0, -1);
  else if (s.endsWith('ll') && s.length > 5) s = s.slice(0, -1);
  // A noun in -ie meets its plural in -ies: "movie" and "movies" both "movy" (as "city" and "cities" both "city").
  if (s.endsWith('ie') && s.length > 3) s = `${s.slice(0, -2)}y`;
  else if (s.endsWith('e') && s.length > 3 && (FUNCTION_SET.has(w) || !FUNCTION_SET.has(s.slice(0, -1))))
    s = s.slice(0, -1);
  return s;
}

/** A word as written and without a final "s": the forms a value written so may take ("SUVs": SUV). */
export const writtenForms = (word: string): string[] => [word, word.replace(/s$/, '')];

/** Whether a word reads as a plural: it ends in one "s" ("farmers", not "class" or "bus"). */
export function plural(word: string): boolean {
  return /[^s]s$/.test(word);
}

const CANONICAL = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CANONICAL.set(stem(word), stem(group[0]));

/** The stem a word is compared by: its stem, or the first of its synonyms. */
export function lemma(word: string): string {
  const s = stem(word);
  return CANONICAL.get(s) ?? s;
}

export interface Token {
  /** As written. */
  text: string;
  /** Folded (lowercase, no accents). */
  norm: string;
  lemma: string;
  start: number;
  end: number;
}

/** Tokens of `text` (letters, digits, `_`, inner apostrophes and dots in numbers), with their positions. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  // A "%" standing alone is a word: "tip % by order type" names Tip %. A minus sign starting a number is the number's
  // ("below -5"; not the hyphen of "2024-25" or "covid-19").
  for (const m of text.matchAll(/(?:(?<![\p{L}\p{N}_])-(?=\d))?[\p{L}\p{N}_]+(?:[.,'][\p{L}\p{N}]+)*%?|%/gu)) {
    const raw = m[0];
    const norm = fold(raw);
    const base = norm.replace(/'s$/, '');
    // "A's", "I's": capitals with 's are the letters' plural ("how many A's"), never the article or the pronoun.
    const letters = base !== norm && /^\p{Lu}{1,3}['’]s$/u.test(raw) && FUNCTION_WORDS.has(base);
    out.push({ text: raw, norm, lemma: letters ? norm : lemma(base), start: m.index, end: m.index + raw.length });
  }
  return out;
}

/**
 * Whether token `i` stands as a subject between an auxiliary and a verb ("did priya do", "does luna have"): a name,
 * not a word qualifying the noun after it ("did new customers").
 */
export function subjectAt(tokens: Token[], i: number): boolean {
  const [before, after] = [tokens[i - 1]?.lemma ?? '', tokens[i + 1]?.lemma ?? ''];
  return /^(do|hav|will|can)$/.test(before) && (FUNCTION_WORDS.has(after) || FILLER.has(after));
}

/** Lemmas of a member's name ("customers_region" → customer, region) or title. */
export function lemmas(text: string): string[] {
  return text
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/%/g, ' percent ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(lemma);
}

/** Function words: dropped from member names and titles, never evidence of anything. */
export const FUNCTION_WORDS = new Set(FUNCTION_LIST.map(stem));

/** Words of a question that need not map to the model (asking, showing, quantities in general). */
export const FILLER = new Set(
  `show tell give list get see find display want need sell buy purchase know like please can could would should will may
  let make bring generate produce break broken down breakdown split across among between compare compared comparison
  value number count total amount size figure toll data overall altogether so far just only also about around much many lot
  whats one thing happen occur during within since until till after before up exist there
  same both versus vs more less most least top bottom best worst rank ranking sort sorted highest lowest
  largest smallest biggest over above under below greater fewer exceeding exceed least equal exactly than percent
  percentage share proportion fraction ratio out split current currently ever far sum average mean typical
  distinct unique different maximum minimum max min peak combined
  come came coming bring brought base based locate located situate situated lie lies lying through via actually really roughly
  approximately approx exactly precisely basically recently lately single individual whole entire altogether please
  kindly look looking go went gone take took taken place happen happened occur occurred record recorded earn earned
  generate generated fewest greatest anything something everything still yet already stat stats statistic metric
  figure numbers give given provide report overview summary summarize use used using work works worked working
  people person persons folks everyone everybody someone somebody anyone anybody
  handle handled raise raised collect collected receive received process processed serve served manage managed
  submit submitted assign assigned treat treated deal dealt cover covered commit commits committed committing
  slowest slower fastest quickest
  teach taught perform performing performed drive drives drove driven driving back pay paid paying
  run ran running hold held holding host hosted offer offered conduct conducted organize organized
  live lives living lived reside resides residing put puts putting reach reached achieve achieved attain attained
  lifetime cause caused causing result resulted resulting end ended ending finish finished finishing lead led
  play played playing compete competed participate participated send sends sent sending now logged completely entirely`
    .split(/\s+/)
    .filter(Boolean)
    .map(stem),
);

/** Aggregations a question asks for, by the words that ask. */
export type Aggregation = 'sum' | 'avg' | 'count' | 'count_distinct' | 'max' | 'min' | 'median' | 'percentile';

const AGG_WORDS: [RegExp, Aggregation][] = [
  // "how many times was Asimov borrowed": the rows counted.
  [/\b(how many times|how many|number of|count of|count|nr\.? of|no\.? of)\b|#(?= ?of\b)/, 'count'],
  [/\b(distinct|unique|different)\b/, 'count_distinct'],
  [/\b(average|avg|mean|typical)\b/, 'avg'],
  [/\b(median)\b/, 'median'],
  [/\b(percentiles?|p\d\d|\d+(st|nd|rd|th) percentile)\b/, 'percentile'],
  [/\b(maximum|max|highest|largest|biggest|longest|greatest|peak|most expensive)\b/, 'max'],
  [/\b(minimum|min|lowest|smallest|shortest|least expensive|cheapest)\b/, 'min'],
  [/\b(total|sum|overall|combined)\b/, 'sum'],
];

/** The aggregation words in a (folded) question, in the order of AGG_WORDS's priority, with their spans. */
export function aggregationWords(folded: string): { agg: Aggregation; start: number; end: number }[] {
  const out: { agg: Aggregation; start: number; end: number }[] = [];
  for (const [pattern, agg] of AGG_WORDS) {
    for (const m of folded.matchAll(new RegExp(pattern.source, 'g'))) {
      out.push({ agg, start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/** Stems that name an aggregation inside member names and titles ("avg_salary", "Total cost"). */
export const AGG_STEMS: Readonly<Record<string, Aggregation>> = ownTable({
  total: 'sum',
  sum: 'sum',
  averag: 'avg',
  avg: 'avg',
  mean: 'avg',
  count: 'count',
  number: 'count',
  distinct: 'count_distinct',
  uniqu: 'count_distinct',
  max: 'max',
  maximum: 'max',
  largest: 'max',
  highest: 'max',
  biggest: 'max',
  min: 'min',
  minimum: 'min',
  smallest: 'min',
  lowest: 'min',
  median: 'median',
});

/** Damerau-Levenshtein distance (adjacent transpositions count one), stopping early above `max`. Three rows. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, prev, row] = [prev, row, before];
  }
  return prev[n];
}

/** Edits a word of this length may have and still be taken as a typo of another. */
export const typoBudget = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** Number words a question may use for counts and periods ("top five", "last thirty days"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = ownTable({
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
});
