// Short codes a dimension holds for names ("AMZN" for Amazon, "GOOG" for Google, "MSFT" for Microsoft): a word
// names the one code that starts with its first letter and whose letters it has, in order.

export interface Code {
  field: string;
  value: string;
  /** The code in lowercase. */
  code: string;
}

/** Whether a value is a code: three to five capital letters ("AMZN"; two-letter codes such as states are not read). */
export const isCode = (value: string) => /^[A-Z]{3,5}$/.test(value);

const within = (code: string, word: string) => {
  let k = 0;
  for (const ch of word) if (ch === code[k]) k++;
  return k === code.length;
};

/** The codes a word of five letters or more names: the one code, or none when several fit. */
export function codesOf(word: string, codes: readonly Code[]): Code[] {
  if (word.length < 5 || !/^\p{L}+$/u.test(word)) return [];
  const fit = codes.filter((c) => c.code[0] === word[0] && c.code !== word && within(c.code, word));
  return fit.length === 1 ? fit : [];
}
