// Tables keyed by what a user wrote (a model's keys, a relationship, a granularity, a question's words): only a
// table's own entries count, never what every object inherits ("constructor", "toString", "__proto__" — a Formula 1
// model's `constructor` dimension is a word like any other).

/** `table[key]` when `key` is one of the table's own keys, else undefined. */
export const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** `entries` as a frozen table with no prototype, for tables read by plain indexing on a hot path. */
export const ownTable = <T>(entries: Record<string, T>): Readonly<Record<string, T>> =>
  Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
