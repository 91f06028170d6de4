// Values a question names ("in Germany", "for enterprise customers", "returned"): the distinct values of the string
// dimensions the user may see, looked up once through the SQL API as that user and cached, then matched against
// the question's words case- and accent-insensitively, by lemma ("emergencies" → "Emergency") and with typos; a
// column of US state codes also by the states' names ("California" → CA).

import { codesAsWritten, codesOf, isCode, type Code } from './codes.js';
import type { Field } from './catalog.js';
import type { ValueIndex } from './value-lookup.js';
import {
  FILLER,
  FUNCTION_WORDS,
  editDistance,
  fold,
  lemma,
  plural,
  subjectAt,
  typoBudget,
  valueLemma,
  type Token,
} from './text.js';
import { pastForm } from './time-field.js';
import { countryNames } from './countries.js';
import { holdsStates, regionValues, stateNames } from './us-states.js';
import { elided, familyOf, headOf, joinedOf, opensName, partOf, qualifiesNext, slashSides } from './value-parts.js';
import { leadValue } from './value-lead.js';
import { wordKind } from './word-kind.js';
import { sexNames } from './sex-words.js';
import { namedShort, shortValue } from './value-short.js';
import { seasonStart } from './season-value.js';

export { categorical, createValueCache, valuesSql, type LookedUp, type ValueIndex } from './value-lookup.js';

export interface ValueHit {
  field: string;
  value: string;
  /** Token indexes [start, end). */
  start: number;
  end: number;
  edits: number;
  /** The value is a US state of a column of states (us-states.ts). */
  state?: boolean;
  /** One of the values a word and the plural after it name together ("the unlimited plans"): all of them are meant. */
  family?: boolean;
}

const words = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Values of `fields` named by the free tokens of the question (`free[i]` false: taken by something else). Longest
 * spans first; a span inside a longer one is dropped; a span may name values of several fields (the planner asks).
 */
interface Lookup {
  exact: Map<string, { field: string; value: string }[]>;
  /** Other names of values ("california" → CA): read when no value is written so. */
  aliases: Map<string, { field: string; value: string }[]>;
  /** Initials of values of several words ("icu" → Intensive Care Unit): read when no value is written so. */
  acronyms: Map<string, { field: string; value: string }[]>;
  /** Fields every value of which has several words. */
  fullNames: Set<string>;
  /** Words of values of several words ("Hopper" of "Edward Hopper"), with the values they are part of. */
  parts: Map<string, Set<string>>;
  /** Words written with an apostrophe inside, as one word ("ohare" of O'Hare): a name however it is cased. */
  elided: Set<string>;
  /** Runs of two words or more inside values of three or more ("black friday" of Black Friday Blitz). */
  runs: Map<string, Set<string>>;
  byLength: Map<number, { field: string; value: string; norm: string; bag: Int16Array }[]>;
  /** Values that are codes of names ("AMZN"). */
  codes: Code[];
  /** Words of values written as names, two words capitalized or more ("deer" of White-tailed Deer; not Chain repair). */
  named: Set<string>;
  /** Fields of US states (codes or names), and the states' names of the fields of codes ("texas" → TX). */
  states: Set<string>;
  stateAliases: Map<string, { field: string; value: string }[]>;
  regions: Map<string, { field: string; value: string }[]>;
}

const initialsOf = (ws: string[]) => ws.map((w) => w[0]).join('');

/** Letter counts of a text (a-z, 0-9, other): edits needed are at least the larger side of their difference. */
function bag(text: string): Int16Array {
  const out = new Int16Array(37);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36]++;
  }
  return out;
}

function bagDistance(a: Int16Array, b: Int16Array): number {
  let more = 0;
  let less = 0;
  for (let i = 0; i < 37; i++) {
    const d = a[i] - b[i];
    if (d > 0) more += d;
    else less -= d;
  }
  return Math.max(more, less);
}

/** Look-up tables of the values of `fields`, built once per value index and source (plans reuse them). */
const lookups = new WeakMap<ValueIndex, Map<string, Lookup>>();

function lookup(fields: Field[], index: ValueIndex): Lookup {
  const key = fields.map((f) => f.name).join('\u0000');
  const cached = lookups.get(index)?.get(key);
  if (cached) return cached;
  const out: Lookup = {
    exact: new Map(),
    aliases: new Map(),
    acronyms: new Map(),
    fullNames: new Set(),
    parts: new Map(),
    elided: new Set(),
    runs: new Map(),
    byLength: new Map(),
    codes: [],
    named: new Set(),
    states: new Set(),
    stateAliases: new Map(),
    regions: new Map(),
  };
  const { exact, aliases, acronyms, parts, byLength, stateAliases } = out;
  for (const f of fields) {
    if (holdsStates(index.get(f.name) ?? [])) out.states.add(f.name);
    // "new england": the states of a region, on a column of states (us-states.ts).
    for (const [region, held] of out.states.has(f.name) ? regionValues(index.get(f.name) ?? []) : [])
      out.regions.set(region, [...(out.regions.get(region) ?? []), ...held.map((value) => ({ field: f.name, value }))]);
    const states = stateNames(index.get(f.name) ?? []);
    for (const [code, name] of states ?? []) {
      const ws = words(name);
      const norm = ws.join(' ');
      aliases.set(norm, [...(aliases.get(norm) ?? []), { field: f.name, value: code }]);
      stateAliases.set(norm, [...(stateAliases.get(norm) ?? []), { field: f.name, value: code }]);
      byLength.set(ws.length, [
        ...(byLength.get(ws.length) ?? []),
        { field: f.name, value: code, norm, bag: bag(norm) },
      ]);
    }
    // "storms" for a value glossed so in the member's description ("Extreme weather (storms)"), as said or in the singular.
    for (const [gloss, written] of f.glosses ?? []) {
      const value = (index.get(f.name) ?? []).find((v) => fold(v) === fold(written));
      const said = words(gloss).join(' ');
      for (const name of value ? new Set([said, said.split(' ').map(lemma).join(' ')]) : [])
        aliases.set(name, [...(aliases.get(name) ?? []), { field: f.name, value: value! }]);
    }
    // Other names of a value: a country's ("Dutch": Netherlands), each side of a slash ("lawyers": Lawyer / Judge).
    for (const value of index.get(f.name) ?? [])
      for (const name of [...countryNames(words(value).join(' ')), ...slashSides(value)])
        aliases.set(name, [...(aliases.get(name) ?? []), { field: f.name, value }]);
    for (const [name, value] of sexNames(index.get(f.name) ?? [], fold))
      // "women": Female
      aliases.set(name, [...(aliases.get(name) ?? []), { field: f.name, value }]);
    // A list of full names (people) lends no acronyms when another list does: "ER" is the Emergency Room's.
    if ((index.get(f.name) ?? []).every((v) => words(v).length > 1)) out.fullNames.add(f.name);
    for (const value of index.get(f.name) ?? []) {
      if (isCode(value)) out.codes.push({ field: f.name, value, code: value.toLowerCase() });
      const ws = words(value);
      // Numbers are no names, but a season of two years is one ("2024-25": season-value.ts).
      const season = seasonStart(value) !== undefined;
      if (ws.length === 0 || ws.length > 6 || (!season && /^[\d.,:\s-]+$/.test(value))) continue;
      const norm = ws.join(' ');
      // "ebook", "ebooks" for E-book, "takeoff run" for Take-off run: a hyphenated word written as one.
      const closed = /\p{L}-\p{L}/u.test(value) ? words(value.replace(/(\p{L})-(?=\p{L})/gu, '$1')) : [];
      const joined = closed.length ? [closed.join(' '), closed.map(lemma).join(' ')] : [];
      for (const k of new Set([norm, ws.map(valueLemma).join(' '), ...joined]))
        exact.set(k, [...(exact.get(k) ?? []), { field: f.name, value }]);
      if (ws.length > 1 && !season) {
        const capitals = value.split(/[^\p{L}\p{N}]+/u).filter((w) => /^\p{Lu}/u.test(w));
        if (capitals.length > 1) for (const w of capitals) out.named.add(fold(w));
        for (const w of elided(value)) out.elided.add(w);
        for (const w of [...ws, ...elided(value)])
          if (w.length >= 3) parts.set(w, (parts.get(w) ?? new Set()).add(`${f.name}\u0000${value}`));
        for (let a = 0; a < ws.length; a++)
          for (let b = a + 2; b <= ws.length && b - a < ws.length; b++) {
            const run = ws.slice(a, b).join(' ');
            out.runs.set(run, (out.runs.get(run) ?? new Set()).add(`${f.name}\u0000${value}`));
          }
        // "ER" of Emergency Room, "ICU" of Intensive Care Unit: the initials of a value of several words.
        for (const initials of new Set([ws, ws.filter((w) => !FUNCTION_WORDS.has(w))].map(initialsOf)))
          if (initials.length >= 2)
            acronyms.set(initials, [...(acronyms.get(initials) ?? []), { field: f.name, value }]);
      }
      const list = byLength.get(ws.length) ?? [];
      list.push({ field: f.name, value, norm, bag: bag(norm) });
      byLength.set(ws.length, list);
    }
  }
  if (!lookups.has(index)) lookups.set(index, new Map());
  lookups.get(index)!.set(key, out);
  return out;
}

/**
 * Whether a word (folded, or its lemma) is a word of a name among the values of `fields` ("deer" of White-tailed Deer):
 * it names data, so left unexplained it is asked about, never let go as a word of the data's description.
 */
export function valueWord(fields: Field[], index: ValueIndex, t: Token): boolean {
  const { named } = lookup(fields, index);
  return named.has(t.norm) || named.has(t.lemma);
}

export function matchValues(
  tokens: Token[],
  free: boolean[],
  fields: Field[],
  index: ValueIndex,
  /** Lemmas that name members of the source: never read as a part of a value. */
  avoid: Set<string> = new Set(),
  /** Lemmas naming what the source's rows are ("strikes"): "goose strikes" names the one value with "goose". */
  rows: Set<string> = new Set(),
  /** The question as written (the commas between its words). */
  text = '',
): ValueHit[] {
  const hits: ValueHit[] = [];
  const {
    exact,
    aliases,
    acronyms,
    fullNames,
    parts,
    byLength,
    codes,
    runs: lookupRuns,
    elided: elidedWords,
    states,
    stateAliases,
    regions,
  } = lookup(fields, index);
  for (let n = 6; n >= 1; n--) {
    for (let i = 0; i + n <= tokens.length; i++) {
      if (!free.slice(i, i + n).every(Boolean)) continue;
      if (hits.some((h) => h.start < i + n && i < h.end && h.end - h.start > n)) continue;
      const span = tokens.slice(i, i + n);
      const norm = span.map((t) => t.norm.replace(/'s$/, '').replace(/['.,]/g, ' ')).join(' ');
      const lem = span.map((t) => t.lemma).join(' ');
      const weak = n === 1 && (FUNCTION_WORDS.has(span[0].lemma) || FILLER.has(span[0].lemma) || norm.length <= 2);
      let family = false;
      // An acronym is one written as one ("ER", not "er") unless it is longer than two letters ("icu").
      // A common word or a member's word is no acronym unless written as one.
      const acronym = n === 1 ? acronyms.get(norm) : undefined;
      const plain = () => FUNCTION_WORDS.has(span[0].lemma) || FILLER.has(span[0].lemma) || avoid.has(span[0].lemma);
      const usable =
        acronym && (/^\p{Lu}+$/u.test(span[0].text) || (span[0].text.length > 2 && !plain())) ? acronym : undefined;
      // The lemma as written too: a word read as a typo of a member's ("ebooks" near "books") may be a value's.
      const own = () => (n === 1 && lemma(span[0].norm) !== span[0].lemma ? exact.get(lemma(span[0].norm)) : undefined);
      // A code ("COD") is named as written, never through a word's stem ("codes").
      const stemmed = (vs: { field: string; value: string }[] | undefined) =>
        n > 1 ? vs : codesAsWritten(vs, norm, lem);
      let found = (
        exact.get(norm) ??
        stemmed(exact.get(lem)) ??
        stemmed(own()) ??
        aliases.get(norm) ??
        stemmed(aliases.get(lem)) ??
        []
      ).map((v) => ({ ...v, edits: 0 }));
      // "texas" where a county is named Texas too: the state as well (the planner prefers it unless "county" is said).
      if (found.length && !found.some((v) => states.has(v.field)))
        found.push(...(stateAliases.get(norm) ?? []).map((v) => ({ ...v, edits: 0 })));
      // "across new england": every state of the region a column of states holds (of two, codes and names: one).
      const region = (found.length ? [] : (regions.get(norm) ?? [])).filter((v, _, all) => v.field === all[0].field);
      if (region.length > 1) [found, family] = [region.map((v) => ({ ...v, edits: 0 })), true];
      const byAcronym = !found.length && !!usable;
      if (byAcronym) {
        const some = usable.filter((v) => !fullNames.has(v.field));
        found = (new Set(usable.map((v) => v.field)).size > 1 && some.length ? some : usable).map((v) => ({
          ...v,
          edits: 0,
        }));
      }
      // A short or common word names a value only as written ("US", not "us").
      if (weak && !byAcronym) {
        const common = FUNCTION_WORDS.has(span[0].lemma) || FILLER.has(span[0].lemma);
        // A common word is a value as written, or when the next word names the value's dimension ("single rooms").
        const next = tokens[i + n]?.lemma;
        const names = (field: string) =>
          !!next && !!fields.find((f) => f.name === field)?.keys.some((k) => k.includes(next));
        // A common verb's past form, or a common noun's plural, is the value spelled so ("sold listings": status
        // Sold; "breakdowns": reason Breakdown).
        const end = i + n === tokens.length && /^(to|on|for|via|from|in)$/.test(tokens[i - 1]?.norm ?? '');
        const past = common && (pastForm(norm) || (/s$/.test(norm) && FILLER.has(span[0].lemma)));
        // "houston, tx": a state's code after a comma; "3d", "4k": a word with a digit (no common word); as folded.
        const comma = i > 0 && /,\s*$/.test(text.slice(tokens[i - 1].end, span[0].start));
        found = found.filter(
          (v) =>
            (v.value === span[0].text.replace(/'s$/, '') && (!common || v.value !== v.value.toLowerCase())) ||
            (common && names(v.field)) ||
            // "what share of spend went to display": the object of a preposition ending the question, as folded.
            (common && end && fold(v.value) === norm) ||
            (past && (fold(v.value) === norm || lemma(fold(v.value)) === span[0].lemma)) ||
            (((comma && states.has(v.field)) || /\d/.test(norm)) && fold(v.value) === norm),
        );
      }
      // A word that names a member is that member, no typo of a value ("by shift" is no product Shaft).
      const memberWord = span.every((t) => avoid.has(t.lemma));
      if (found.length === 0 && !weak && !memberWord && typoBudget(norm.length) > 0) {
        let best = Infinity;
        const mine = bag(norm);
        // Within b edits, one of 2b + 1 pieces of the words is left whole (an edit, a transposition included, breaks
        // at most two): a cheap test before the letter counts and the distance.
        const most = typoBudget(norm.length);
        const count = 2 * most + 1;
        const size = Math.floor(norm.length / count);
        const pieces = Array.from({ length: count }, (_, k) =>
          norm.slice(k * size, k === count - 1 ? norm.length : (k + 1) * size),
        );
        for (const v of byLength.get(n) ?? []) {
          const budget = Math.min(most, typoBudget(v.norm.length));
          if (budget === 0 || Math.abs(v.norm.length - norm.length) > budget) continue;
          if (!pieces.some((p) => v.norm.includes(p)) || bagDistance(mine, v.bag) > budget) continue;
          const d = editDistance(norm, v.norm, budget);
          if (d > budget || d > best) continue;
          if (d < best) [best, found] = [d, []];
          found.push({ field: v.field, value: v.value, edits: d });
        }
      }
      // "the black friday campaign": two words or more, in order, of one value only (Black Friday Blitz).
      // Of several, the one whose dimension the next word names ("black friday campaign": Campaign, not Ad group).
      const inRun = n > 1 && !found.length ? [...(lookupRuns.get(norm) ?? [])].map((k) => k.split('\u0000')) : [];
      const after = tokens[i + n]?.lemma;
      const namedNext = inRun.filter(([field]) =>
        fields.find((f) => f.name === field)?.keys.some((k) => k.includes(after)),
      );
      const run = inRun.length === 1 ? inRun : namedNext.length === 1 ? namedNext : [];
      if (run.length && !span.every((t) => FUNCTION_WORDS.has(t.lemma) || FILLER.has(t.lemma)))
        found = [{ field: run[0][0], value: run[0][1], edits: 1 }];
      // "univ farm": University Farm, each word by its start; "wisconsin 38": Wisconsin No. 38 (value-short.ts) — not
      // after "by", where shortened words name a breakdown ("by prod line").
      const grouped = /^(by|per|each)$/.test(tokens[i - 1]?.norm ?? '');
      if (!found.length && n > 1 && !grouped)
        found = shortValue(span, fields, index, avoid).map((v) => ({ ...v, edits: 1 }));
      const open = (t: Token) => !FUNCTION_WORDS.has(t.lemma) && !FILLER.has(t.lemma) && !avoid.has(t.lemma);
      if (!found.length && n === 2 && !grouped && span.every(open))
        found = joinedOf(span[0].norm, span[1].norm, lemma, exact, parts);
      if (found.length === 0 && n === 1 && !weak && !avoid.has(span[0].lemma)) {
        // "Swedish sites": a demonym unless the next word names another dimension ("Portuguese guests" is no hotel
        // country); "Hopper": a part of a name written as a name (capitalized), not "grand" of Aurora Grand.
        const next = tokens[i + 1]?.lemma;
        const names = (f: Field) => !!next && f.keys.some((k) => k.includes(next));
        const owns = (field: string) =>
          fields.some((f) => f.name === field && names(f)) || !fields.some((f) => f.name !== field && names(f));
        // "dr tanaka", "did priya do": a name's part in lowercase after a word naming its dimension, or as a subject.
        const prev = tokens[i - 1]?.lemma;
        const written = (field: string) =>
          /^\p{Lu}/u.test(span[0].text) ||
          elidedWords.has(norm) ||
          (norm.length >= 4 && rows.has(next ?? '')) ||
          subjectAt(tokens, i) ||
          opensName(tokens, i, parts) ||
          (!!prev && !!fields.find((f) => f.name === field)?.keys.some((k) => k.includes(prev)));
        // A part of three letters only as a name is written, not opening the question ("by Raj": Raj Patel).
        const short = norm.length === 3 && !(i > 0 && /^\p{Lu}\p{Ll}/u.test(span[0].text));
        // "how many ribeyes": the plural of a part of one value counted is that value (Ribeye Steak).
        const counted = tokens[i - 1]?.norm === 'many' && plural(norm);
        const named = (field: string) =>
          subjectAt(tokens, i) &&
          tokens.some(
            (t, j) => j !== i && fields.find((f) => f.name === field)?.keys.some((k) => k.join() === t.lemma),
          );
        found = short ? [] : partOf(norm, exact, parts, owns, written, named);
        const nextValues = exact.get(tokens[i + 1]?.lemma ?? '') ?? exact.get(tokens[i + 1]?.norm ?? '') ?? [];
        const otherNext = (f: string) => nextValues.some((v) => v.field !== f);
        const nextNames = (f: string) => !!fields.find((x) => x.name === f && names(x));
        if (!found.length && !short)
          found = leadValue(tokens, i, parts, fold, (f) => !otherNext(f) && owns(f), nextNames);
        if (!found.length && !short && counted) found = partOf(norm.slice(0, -1), exact, parts, owns, () => true);
        // "the deer", "the hawks": the last word of one value of several words (value-parts.ts) — not a word
        // qualifying a plural noun ("long trips", "young players": no Anna Long), nor one after "how" ("how long").
        const kind = wordKind(tokens, i);
        const qualifies = qualifiesNext(tokens, i);
        if (!found.length && !grouped && !qualifies && (kind === 'noun' || kind === 'adjective'))
          found = headOf(norm, span[0].lemma, parts, nextNames);
        // "the unlimited plans": every value of the field named next that the word is a name's word of.
        if (!found.length && !grouped && plural(tokens[i + 1]?.norm ?? ''))
          family = (found = familyOf(norm, parts, nextNames)).length > 1;
        // "dept mktg": the start or a contraction of the one value of the dimension named next to it (value-short.ts).
        if (!found.length) found = namedShort(tokens, i, fields, index, avoid).map((v) => ({ ...v, edits: 1 }));
        // "amazon stock": the one code of a name (AMZN).
        if (!found.length) found = codesOf(norm, codes).map((c) => ({ field: c.field, value: c.value, edits: 0 }));
        // "printer tickets": the one-word activity its agent noun names (Printing), not any value of its stem.
        if (!found.length && /^\p{L}{4,}er$/u.test(norm))
          found = (exact.get(lemma(norm.slice(0, -2))) ?? [])
            .filter((v) => /^\p{L}+ing$/iu.test(v.value))
            .map((v) => ({ ...v, edits: 0 }));
      }
      const seen = new Set<string>();
      for (const v of found) {
        const k = `${v.field}\u0000${v.value}`;
        const state = states.has(v.field) || undefined;
        const hit = { field: v.field, value: v.value, start: i, end: i + n, edits: v.edits, state };
        if (!seen.has(k)) hits.push(family ? { ...hit, family } : hit);
        seen.add(k);
      }
    }
  }
  return hits;
}
