// Lookup tables keyed by a question's words: without a prototype, so a word such as "constructor", "toString" or
// "__proto__" (a Formula 1 model's `constructor` dimension) is looked up like any other, not found on Object.

/** `entries` as a frozen table with no prototype. */
export const wordTable = <T>(entries: Record<string, T>): Readonly<Record<string, T>> =>
  Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
