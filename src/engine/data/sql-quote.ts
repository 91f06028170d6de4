// The one way the engine writes a name into SQL: an identifier in double quotes, each `"` in it doubled (DuckDB's and
// Postgres's rule), so any table, column or alias name — spaces, quotes, keywords, any script — reads as that name.
// Text likewise: a string literal in single quotes, each `'` in it doubled.

/** `name` as a quoted SQL identifier: `my "table"` → `"my ""table"""`. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** `text` as a SQL string literal: `it's` → `'it''s'`. */
export const quoteString = (text: string): string => `'${text.replaceAll("'", "''")}'`;
