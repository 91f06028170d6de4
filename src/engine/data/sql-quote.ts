// The one way the engine writes a name into SQL: an identifier in double quotes, each `"` in it doubled (DuckDB's and
// Postgres's rule), so any table, column or alias name — spaces, quotes, keywords, any script — reads as that name.

/** `name` as a quoted SQL identifier: `my "table"` → `"my ""table"""`. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
