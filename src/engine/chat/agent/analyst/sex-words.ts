// "How many women died", "men vs women": the everyday words for the two sexes name the values a column of sex keeps
// however it writes them (Female, F, Women). English words, never a model's: a column is one of sex when its values
// are the two of a pair below (with an unknown or other value beside them at most).

const FEMALE = ['female', 'f', 'woman', 'women'];
const MALE = ['male', 'm', 'man', 'men'];
/** The words a question says each with. */
const SAID: Record<string, string[]> = {
  female: ['women', 'woman', 'female', 'females'],
  male: ['men', 'man', 'male', 'males'],
};

/** Each word a question may say → the value of `values` it names, when `values` are a column of sex. */
export function sexNames(values: string[], fold: (s: string) => string): [string, string][] {
  const female = values.filter((v) => FEMALE.includes(fold(v)));
  const male = values.filter((v) => MALE.includes(fold(v)));
  if (female.length !== 1 || male.length !== 1 || values.length > 4) return [];
  return [
    ...SAID.female.map((w): [string, string] => [w, female[0]]),
    ...SAID.male.map((w): [string, string] => [w, male[0]]),
  ];
}
