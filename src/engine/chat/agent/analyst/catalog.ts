// What the user may see, as the planner reads it: every view and public cube serviceMeta returns, each member with
// the lemmas of its name, title, synonyms (`meta.synonyms` when the engine passes them) and description (segments
// are members too: boolean, true on the rows they keep), and the
// scoring of a member against the words of a question.

import { yearValued } from './year-column.js';
import { glossesOf } from './glosses.js';
import type { ServiceMetaCube, ServiceMetaMember, ServiceMetaResult } from '../../../../api/types.js';
import { ACRONYMS, AGG_STEMS, FUNCTION_WORDS, fold, lemma, lemmas, stem } from './text.js';
import type { Aggregation, Token } from './text.js';
import { describedRows, wholeNames } from './described.js';
import { otherwiseOf } from './otherwise.js';
import { aboutWords, ownAbout } from './about-words.js';
import { verbKeys } from './word-forms.js';

export interface Field {
  /** `source.member`. */
  name: string;
  /** The member's name inside its source (the SQL column). */
  column: string;
  source: string;
  title: string;
  type: string;
  /** A measure's aggregation (count, sum, avg, min, max, count_distinct, number). */
  agg?: string;
  isMeasure: boolean;
  /** Lemma lists that name the member: its name, title and synonyms. */
  keys: string[][];
  /** The words of its name, title and synonyms as written (folded): "delayed", where the lemma is "delay". */
  written: Set<string>;
  /** A segment: a named filter, a boolean column true on the rows it keeps. */
  segment?: boolean;
  /** A segment's description as written (the bound it may state: "5 goals or more"). */
  note?: string;
  /** Values its description glosses in brackets: [the gloss's words, the value] ("Extreme weather (storms)"). */
  glosses?: [string, string][];
  /** The stems of the verb its one noun is made from, as written ("ship" of Shipments: word-forms.ts). */
  verbs?: Set<string>;
  /** Lemmas of its description: weak evidence. */
  described: Set<string>;
  /** Its description's lemmas, when it says "per" ("tickets per order"): a "per" phrase written so names it. */
  perDescribed?: string;
  /** Lemmas after a "per" of its names ("member" of Revenue per member): they name it only after a "per". */
  perTail?: Set<string>;
  /** A count the planner makes of a dimension's distinct values (no measure of the model counts them). */
  distinctOf?: string;
  /** An aggregation the planner makes of a number column (no measure of the model computes it). */
  columnOf?: string;
  /** A measure's column (the member it aggregates) and the conditions its model filters keep, when serviceMeta says. */
  over?: string;
  filtered?: boolean;
  keeps?: { member: string; value: string | boolean }[];
  /** A percent of two other measures of the source (the part restricting the whole), by their columns. */
  ratio?: { part: string; whole: string };
  /** A percent of any two other measures of the source, by their columns (Collection rate: collected of billed). */
  percentOf?: { part: string; whole: string };
  /** The word a yes/no member's description gives its "no" ("otherwise conventional": conventional). */
  otherwise?: string;
  /** The scale and unit its title or description keeps values in ("(thousand MWh)": 1000, "mwh"). */
  scale?: [number, string];
  /** The state its description says it is empty in ("empty while the ticket is open": open), as written. */
  emptyWhen?: string;
  /** A count titled as the table's rows ("Population rows"): only "rows" names it (buildCatalog). */
  tableRows?: boolean;
  /** A number dimension of years standing for the date of a source with none (typed `time` for the planner). */
  yearNumber?: boolean;
}

/** The distinct count of a dimension's values, as a measure ("how many restaurants": restaurants' names). */
export const distinctCount = (d: Field): Field => ({
  ...d,
  isMeasure: true,
  agg: 'count_distinct',
  distinctOf: d.column,
});

/** A number column aggregated as asked ("highest sale price": MAX of Sale price, no measure computing it). */
export const columnAggregate = (d: Field, agg: 'sum' | 'avg' | 'max' | 'min', title: string): Field => ({
  ...d,
  title,
  isMeasure: true,
  agg,
  columnOf: d.column,
});

export interface SourceInfo {
  name: string;
  type: string;
  title: string;
  /** Lemmas of the source's name and title ("shipments" names the source's count). */
  named: Set<string>;
  /** Lemmas of the source's description no other source is named by: what the data is about. */
  about?: Set<string>;
  fields: Field[];
  measures: Field[];
  dimensions: Field[];
}

/** Lemmas with aggregation words made canonical (`agg:avg`) and function words dropped. */
export function keyOf(text: string, acronyms = acronymsOf(text)): string[] {
  return lemmas(text)
    .map((l) => (AGG_STEMS[l] ? `agg:${AGG_STEMS[l]}` : l))
    .filter((l) => !FUNCTION_WORDS.has(l) || acronyms.has(l));
}

/** Acronyms of a text, as lemmas: no function words even when spelt like one ("US gross" is not just "gross"). */
const acronymsOf = (text: string) => new Set(lemmas((text.match(/\b[A-Z]{2,}\b/g) ?? []).join(' ').toLowerCase()));

/** Keys of a title's initials, for a title of three words or more. */
function initialKeys(title: string): string[][] {
  const words = fold(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const aggs = words.map((w) => AGG_STEMS[stem(w)]);
  const own = words.filter((_, i) => !aggs[i]);
  const asked = aggs.filter(Boolean).map((a) => `agg:${a}`);
  const out: string[][] = [];
  for (const ws of own.length === words.length ? [own] : [words, own])
    if (ws.length >= 3 && ws.every((w) => /^\p{L}/u.test(w)))
      out.push([...(ws === own ? asked : []), lemma(ws.map((w) => w[0]).join(''))]);
  return out;
}

/**
 * A verb and its particle written joined or hyphenated ("pickup", "pick-up"; "dropoff", "drop-off"; "sign-ups") name
 * the same member: a name with a joined word gets a key of the parts, a title or synonym with a hyphenated one a key of
 * the joined word.
 */
function particleKeys(names: string[]): string[][] {
  const out: string[][] = [];
  for (const name of names) {
    const words = name.replace(/_/g, ' ');
    const split = words.replace(/\b(\p{L}{3,}?)(up|off|out|down|back)(s?)\b/giu, '$1 $2$3');
    if (split !== words) out.push(keyOf(split));
    const joined = words.replace(/(\p{L})-(up|off|out|down|back|in|on)(s?)\b/giu, '$1$2$3');
    if (joined !== words) out.push(keyOf(joined));
  }
  return out;
}

function field(cube: ServiceMetaCube, m: ServiceMetaMember): Field {
  const column = m.name.slice(m.name.indexOf('.') + 1);
  const synonyms = ((m as { meta?: { synonyms?: unknown } }).meta?.synonyms ?? []) as unknown[];
  const acronyms = acronymsOf([m.title, ...synonyms.filter((s) => typeof s === 'string')].join(' '));
  const key = (text: string) => keyOf(text, acronyms);
  const keys = [key(column), key(m.title), ...synonyms.filter((s) => typeof s === 'string').map(key)].filter(
    (k) => k.length > 0,
  );
  // "LOS" of Average length of stay, "AOV" of Average order value: the initials of a title of three words or more
  // (aggregation words aside when the rest still has three).
  if (/\S\s+\S+\s+\S/.test(m.title)) keys.push(...initialKeys(m.title));
  // "AOV": a business acronym's words name it, as written (questions read "aov" as them).
  const spelled = [m.title, ...synonyms.filter((s) => typeof s === 'string')].flatMap((n) => ACRONYMS[fold(n)] ?? []);
  keys.push(...spelled.map((n) => keyOf(n)));
  keys.push(...particleKeys([column, m.title, ...synonyms.filter((s) => typeof s === 'string')]));
  const isMeasure = m.aggType !== undefined;
  // "Shipments" is named by "shipped" too (word-forms.ts): a title of one noun, no other word to weigh.
  const verbs = isMeasure && keyOf(m.title).filter((w) => !w.startsWith('agg:')).length === 1;
  const made = verbs ? verbKeys(keys, fold(m.title).split(/[^\p{L}]+/u)) : { keys: [], written: [] };
  keys.push(...made.keys);
  const names = [column, m.title, ...synonyms.filter((s) => typeof s === 'string'), ...spelled];
  const split = (n: string) =>
    fold(n.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/(\d),(?=\d{3}\b)/g, '$1')).split(/[^\p{L}\p{N}]+/u);
  const written = new Set(names.flatMap(split));
  const perTail = new Set(
    names.flatMap((n) => {
      const ws = split(n);
      return ws.includes('per') ? lemmas(ws.slice(ws.indexOf('per') + 1).join(' ')) : [];
    }),
  );
  return {
    name: m.name,
    column,
    source: cube.name,
    title: m.title,
    type: m.type,
    ...(isMeasure && { agg: m.aggType }),
    isMeasure,
    keys,
    written,
    ...(m.segment && { segment: true }),
    ...(m.segment && m.description && { note: m.description }),
    ...(!isMeasure && /[(=]/.test(m.description ?? '') && { glosses: glossesOf(m.description) }),
    // What a description says a member is not ("not weighted by population") describes nothing it is.
    described: new Set(
      keyOf((m.description ?? '').replace(/\b(?:not|never|excluding|except|without)\b[^,.;:()]*/gi, '')),
    ),
    ...(made.written.length > 0 && { verbs: new Set(made.written) }),
    ...(m.type === 'boolean' && otherwiseOf(m.description, m.title)),
    ...(!isMeasure && emptyState(m.description)),
    ...(m.type === 'number' && scaleOf(`${m.title} ${m.description ?? ''}`)),
    ...(perTail.size > 0 && { perTail }),
    ...(/\bper\b/i.test(m.description ?? '') && { perDescribed: lemmas(m.description!).join(' ') }),
    ...(m.over !== undefined && { over: m.over }),
    ...(m.filtered && { filtered: true }),
    ...(m.keeps && { keeps: m.keeps }),
    ...(m.ratio && { ratio: m.ratio }),
    ...(m.percentOf && { percentOf: m.percentOf }),
  };
}

/** "empty while the ticket is open", "blank when it is pending": the state a member has no value in. */
const EMPTY_WHILE =
  /\b(?:empty|blank|null|unset)\s+(?:while|when|if)\s+(?:(?:the|a|an)\s+\S+\s+|it\s+)?(?:is|are|stays|remains)\s+(?:still\s+)?(\p{L}+)/iu;
const emptyState = (description: string | undefined) => {
  const word = EMPTY_WHILE.exec(description ?? '')?.[1];
  return word ? { emptyWhen: fold(word) } : {};
};

/** "(thousand MWh)", "millions of dollars": the scale word a number's values are kept in, and the unit after it. */
const SCALE = /\b(thousand|million|billion)s?\s+(?:of\s+)?([\p{L}$€£][\p{L}\p{N}$€£]*)/iu;
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const scaleOf = (text: string): { scale?: [number, string] } => {
  const m = SCALE.exec(text);
  return m ? { scale: [SCALES[m[1].toLowerCase()], fold(m[2])] } : {};
};

/** The last word of a count's title that says it counts the table's rows, not things ("Population rows"). */
const ROW_WORD = /\s(rows|records|entries)$/i;

/**
 * "Population rows" beside People (a sum): a count titled as the table's rows counts rows, not what its other words
 * name — only "rows" ("records", "entries") names it, when another measure counts or adds up the things themselves.
 */
function tableRows(fields: Field[]): void {
  for (const f of fields) {
    const word = ROW_WORD.exec(f.title)?.[1];
    if (f.agg !== 'count' || !word) continue;
    if (!fields.some((o) => o !== f && (o.agg === 'sum' || o.agg === 'count'))) continue;
    // Its title's other words and a name of aggregation words alone (`count`, which any words would name whole) go.
    const title = keyOf(f.title);
    f.keys = f.keys
      .map((k) => (k.join() === title.join() ? [lemma(word.toLowerCase())] : k))
      .filter((k) => !k.every((w) => w.startsWith('agg:')));
    f.tableRows = true;
  }
}

const YEAR_NUMBER = { type: 'time', yearNumber: true } as const;

/** Nouns of persons a source may count, and the words that ask for persons in general. */
const PERSONS = new Set(
  lemmas(
    'employee staff customer client guest patient user member student visitor passenger person people subscriber ' +
      'traveler traveller resident athlete player donor volunteer applicant candidate contact driver rider tenant',
  ),
);
const PEOPLE = new Set(lemmas('people person individual folk'));

export function buildCatalog(meta: ServiceMetaResult): SourceInfo[] {
  const sources = meta.cubes.map((cube): SourceInfo => {
    const fields = cube.members.map((m) => field(cube, m));
    // Two members titled alike (a view's "City" of origin and of destination) are told apart by their names.
    const titles = new Map<string, number>();
    for (const f of fields) titles.set(f.title.toLowerCase(), (titles.get(f.title.toLowerCase()) ?? 0) + 1);
    for (const f of fields)
      if (titles.get(f.title.toLowerCase())! > 1 && fold(f.title) !== fold(f.column.replace(/_/g, ' ')))
        f.title = `${f.title} (${f.column.replace(/_/g, ' ')})`;
    // A description's word that names a yes/no member of the source is that member's, no evidence for another
    // ("Checks: all checks, voided ones included" does not answer "checks were voided").
    const flags = new Set(fields.filter((f) => f.type === 'boolean').flatMap((f) => f.keys.flat()));
    for (const f of fields) if (f.type !== 'boolean') for (const w of flags) f.described.delete(w);
    tableRows(fields);
    // A source's only count is what its name counts ("how many employees" → Headcount of `employees`), unless another
    // measure is titled by that name (Commits, a sum over `commits`, one row an hour).
    const counts = fields.filter((f) => f.agg === 'count' && !f.tableRows);
    const titledSo = (k: string[]) => fields.some((f) => f.isMeasure && keyOf(f.title).join() === k.join());
    if (counts.length === 1 && cube.type !== 'view')
      counts[0].keys.push(...[keyOf(cube.name), keyOf(cube.title)].filter((k) => !titledSo(k)));
    const named = new Set([...keyOf(cube.name), ...keyOf(cube.title)]);
    const plain = fields.filter((f) => f.agg === 'count' && !f.filtered);
    describedRows(fields, cube.description, plain.length === 1 ? plain[0] : undefined);
    // A source with no date but one number dimension named just "year" (a table of country-years, of seasons) is
    // dated by it: "in 2005", "the 60s", "by year" filter and group that column in whole years.
    // So is one whose name, title or description says it holds a year ("founded_year", "Year built", Founded: "year").
    const years = fields.filter((f) => !f.isMeasure && f.type === 'number' && f.keys.some((k) => k.join() === 'year'));
    if (!years.length)
      years.push(
        ...fields.filter(
          (f, i) => !f.isMeasure && f.type === 'number' && yearValued(f.column, f.title, cube.members[i].description),
        ),
      );
    if (years.length === 1 && !fields.some((f) => f.type === 'time')) Object.assign(years[0], YEAR_NUMBER);
    // A source of persons ("employees", "guests", "patients") is what "people" counts.
    if ([...named].some((l) => PERSONS.has(l))) {
      for (const l of PEOPLE) named.add(l);
      if (counts.length === 1 && cube.type !== 'view') for (const l of PEOPLE) counts[0].keys.push([l]);
    }
    return {
      name: cube.name,
      type: cube.type,
      title: cube.title,
      named,
      about: aboutWords(cube.description),
      fields,
      measures: fields.filter((f) => f.isMeasure),
      dimensions: fields.filter((f) => !f.isMeasure),
    };
  });
  ownAbout(sources);
  return sources;
}

export interface Match {
  field: Field;
  score: number;
  /** Indexes of the question tokens the match used. */
  used: number[];
}

/** Whether a match used only words of the member's column name (a view's prefix), none of its title or synonyms. */
export const byPrefixOnly = (m: Match, tokens: Token[]) =>
  m.field.column.includes('_') && !m.field.keys.slice(1).some((k) => m.used.some((u) => k.includes(tokens[u].lemma)));

/**
 * How well `words` (question lemmas by token index; undefined = taken) name `f`: distinct key lemmas found, plus the
 * best share of one key found (so "Completed orders" beats "Orders" when both words are there), plus a little for
 * description words. Matches that only share an aggregation word score 0: "average" alone names no measure.
 */
export function scoreField(f: Field, words: (string | undefined)[], claimed?: Set<string>): Match {
  const used = new Set<number>();
  let coverage = 0;
  let content = 0;
  for (const key of f.keys) {
    let found = 0;
    for (const k of key) {
      const i = words.indexOf(k);
      if (i >= 0) {
        found++;
        if (!used.has(i)) {
          used.add(i);
          if (!k.startsWith('agg:')) content++;
        }
      }
    }
    coverage = Math.max(coverage, found / key.length);
  }
  let described = 0;
  words.forEach((w, i) => {
    if (w && !used.has(i) && f.described.has(w) && !w.startsWith('agg:') && !claimed?.has(w) && described < 1) {
      described += 0.5;
      used.add(i);
      content++;
    }
  });
  if (content === 0) {
    // Only an aggregation word matched: enough for a measure named just that ("Count"), barely.
    const plain = f.isMeasure && used.size > 0 && f.keys.some((k) => k.every((w) => w.startsWith('agg:')));
    return { field: f, score: plain ? 0.5 : 0, used: plain ? [...used] : [] };
  }
  return { field: f, score: used.size - described * 2 + described + coverage, used: [...used] };
}

/** The best matches among `fields`, best first (score > 0). */
export function rank(fields: Field[], words: (string | undefined)[]): Match[] {
  const claimed = wholeNames(fields, words);
  return fields
    .map((f) => scoreField(f, words, claimed))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * Matches rescored without the words that name a ratio's divisor unasked: "revenue from premium members" names
 * Revenue, not Revenue per member — the words after a title's "per" count only after a "per", "each" or "every".
 */
export function perAsked(ms: Match[], words: (string | undefined)[], tokens: Token[]): Match[] {
  return ms
    .map((m) => {
      // (A run of them after it: "per active day".)
      const after = (u: number): boolean =>
        /^(per|each|every|an?)$/.test(tokens[u - 1]?.norm ?? '') ||
        (!!m.field.perTail?.has(tokens[u - 1]?.lemma ?? '') && after(u - 1));
      const loose = m.used.filter((u) => m.field.perTail?.has(tokens[u].lemma) && !after(u));
      return loose.length
        ? scoreField(
            m.field,
            words.map((w, i) => (loose.includes(i) ? undefined : w)),
          )
        : m;
    })
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score);
}

/** The matches tied with the best. */
export const tie = (ms: Match[]) => ms.filter((m) => m.score >= ms[0].score - 1e-9);

/** Whether a measure computes `agg` (a `number` measure is a formula: it says what it is by its name). */
export function computes(f: Field, agg: Aggregation): boolean {
  if (f.agg === agg) return true;
  if (agg === 'count' && f.agg === 'count_distinct') return true;
  return f.keys.some((k) => k.includes(`agg:${agg}`));
}

/** Whether the words name all of one of a member's names (aggregation words aside). */
export const wholly = (f: Field, words: (string | undefined)[]) =>
  f.keys.some((k) => k.every((w) => w.startsWith('agg:') || words.includes(w)));

export const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
