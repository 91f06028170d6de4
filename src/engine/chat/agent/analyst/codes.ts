// Short codes a dimension holds for names ("AMZN" for Amazon, "GOOG" for Google, "MSFT" for Microsoft): a word
// names the one code that starts with its first letter and whose letters it has, in order.

import { lemma, writtenForms } from './text.js';

export interface Code {
  field: string;
  value: string;
  /** The code in lowercase. */
  code: string;
}

/** Whether a value is a code: three to five capital letters ("AMZN"; two-letter codes such as states are not read). */
export const isCode = (value: string) => /^[A-Z]{3,5}$/.test(value);

/**
 * Of the values a word names through its stem, those it may name: a code that is that stem ("COD", "SUV") only as
 * written or with a plural "s" ("SUVs"; "codes" is no COD). Undefined when none is left.
 */
export function codesAsWritten<V extends { value: string }>(
  values: V[] | undefined,
  written: string,
  stem: string,
): V[] | undefined {
  const code = (v: V) => isCode(v.value) && v.value.toLowerCase() === stem;
  const kept = values?.filter((v) => !code(v) || writtenForms(written).includes(stem));
  return kept?.length ? kept : undefined;
}

const within = (code: string, word: string) => {
  let k = 0;
  for (const ch of word) if (ch === code[k]) k++;
  return k === code.length;
};

/**
 * The codes a word of five letters or more names: the one code, or none when several fit. A word whose stem is a
 * code is that word ("codes" is no COD).
 */
export function codesOf(word: string, codes: readonly Code[]): Code[] {
  if (word.length < 5 || !/^\p{L}+$/u.test(word)) return [];
  const stem = lemma(word);
  const fit = codes.filter((c) => c.code[0] === word[0] && c.code !== word && c.code !== stem && within(c.code, word));
  return fit.length === 1 ? fit : [];
}
