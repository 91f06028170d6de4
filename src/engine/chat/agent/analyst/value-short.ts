// Values named in the user's shortened words: "univ farm" for University Farm, "wisconsin 38" for Wisconsin No. 38,
// "intl arrivals hall" for International Arrivals Hall. Each word of the value is written whole, by its start (three
// letters or more) or contracted ("intl", "mgmt"; a number always whole), in order, none left out but the words a
// name needs no saying of ("of", "the", "No." before a number). Taken only when exactly one value of the source's
// dimensions fits and at least one word is written whole; otherwise nothing is read (the planner asks or declines).

import type { Field } from './catalog.js';
import type { ValueIndex } from './value-lookup.js';
import { FUNCTION_WORDS, fold, lemma, type Token } from './text.js';

interface Short {
  field: string;
  value: string;
  /** The value's words a user must say (folded). */
  said: string[];
}

/** "No." before a number: a word names leave out ("Wisconsin 38"). */
const NUMBER_MARK = /^(no|nr|num|number)$/;

const splitWords = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The words of a value a user says, if it has two or more. */
function said(value: string): string[] {
  const ws = splitWords(value);
  return ws.filter((w, i) => !FUNCTION_WORDS.has(w) && !(NUMBER_MARK.test(w) && /^\d/.test(ws[i + 1] ?? '')));
}

/** Per value index and list of fields: the values by the first letter of their first word said and their count. */
const tables = new WeakMap<ValueIndex, Map<string, Map<string, Short[]>>>();

function table(fields: Field[], index: ValueIndex): Map<string, Short[]> {
  const key = fields.map((f) => f.name).join('\u0000');
  const cached = tables.get(index)?.get(key);
  if (cached) return cached;
  const out = new Map<string, Short[]>();
  for (const f of fields)
    for (const value of index.get(f.name) ?? []) {
      const ws = said(value);
      if (ws.length < 2 || ws.length > 6) continue;
      const list = out.get(`${ws[0][0]}${ws.length}`) ?? [];
      list.push({ field: f.name, value, said: ws });
      out.set(`${ws[0][0]}${ws.length}`, list);
    }
  if (!tables.has(index)) tables.set(index, new Map());
  tables.get(index)!.set(key, out);
  return out;
}

/** How a question word names a value's word: whole, by its start, or not at all. */
function fits(t: Token, word: string): 'whole' | 'start' | undefined {
  if (t.norm === word || t.lemma === lemma(word)) return 'whole';
  if (/\d/.test(t.norm) || /\d/.test(word)) return undefined;
  if (t.norm.length >= 3 && word.length > t.norm.length && word.startsWith(t.norm)) return 'start';
  return contraction(t.norm, word) ? 'start' : undefined;
}

/**
 * "intl" of international, "mgmt" of management, "bldg" of building: three letters or more of the word, in order, its
 * first and its last among them.
 */
function contraction(short: string, word: string): boolean {
  if (short.length < 3 || word.length <= short.length + 1 || short[0] !== word[0] || short.at(-1) !== word.at(-1))
    return false;
  let at = 0;
  for (const c of short) {
    at = word.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The one value the tokens `span` name in short (its fields: one value may be held by several), or none. `avoid`:
 * lemmas naming members, which alone are no value's words.
 */
export function shortValue(
  span: Token[],
  fields: Field[],
  index: ValueIndex,
  avoid: Set<string>,
): { field: string; value: string }[] {
  if (span.length < 2 || span.some((t) => FUNCTION_WORDS.has(t.lemma)) || span.every((t) => avoid.has(t.lemma)))
    return [];
  const fit = (table(fields, index).get(`${span[0].norm[0]}${span.length}`) ?? []).filter((v) => {
    const how = span.map((t, k) => fits(t, v.said[k]));
    if (how.some((h) => h === undefined) || !how.includes('whole')) return false;
    // Written whole word by word, it is no shortening (the exact look-up read it, or it named something else).
    return how.includes('start') || splitWords(v.value).length > v.said.length;
  });
  return new Set(fit.map((v) => fold(v.value))).size === 1 ? fit : [];
}

/**
 * "department mfg", "category furn": one word right after a word naming one dimension (its title or name), the start
 * or a contraction of exactly one of that dimension's one-word values; before the word naming it ("the mktg
 * department"), a contraction only — an adjective there ("the main category") is no value's start.
 */
export function namedShort(
  tokens: Token[],
  i: number,
  fields: Field[],
  index: ValueIndex,
  avoid: Set<string>,
): { field: string; value: string }[] {
  const t = tokens[i];
  if (t.norm.length < 3 || /\d/.test(t.norm) || avoid.has(t.lemma) || FUNCTION_WORDS.has(t.lemma)) return [];
  const names = (f: Field, j: number) => !!tokens[j] && f.keys.some((k) => k.length === 1 && k[0] === tokens[j].lemma);
  const after = fields.filter((f) => names(f, i - 1));
  const before = fields.filter((f) => names(f, i + 1));
  const named = after.length ? after : before;
  if (named.length !== 1) return [];
  const fit = (index.get(named[0].name) ?? []).filter((v) => {
    const ws = splitWords(v);
    if (ws.length !== 1) return false;
    return after.length ? fits(t, ws[0]) === 'start' : !ws[0].startsWith(t.norm) && contraction(t.norm, ws[0]);
  });
  return fit.length === 1 ? [{ field: named[0].name, value: fit[0] }] : [];
}
