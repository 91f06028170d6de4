// Lookups in tables keyed by what a user wrote (a model's keys, a relationship, a granularity): only the table's own
// entries count, never what every object inherits ("constructor", "toString", "__proto__").

/** `table[key]` when `key` is one of the table's own keys, else undefined. */
export const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
