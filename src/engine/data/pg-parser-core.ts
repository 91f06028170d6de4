// What the SQL API needs of the Postgres parser (libpg-query) and its deparser, wherever they run (pg-parser.ts).

export type PgNode = Record<string, unknown>;
export interface ParseResult {
  version: number;
  stmts: { stmt: PgNode }[];
}

export interface PgParser {
  /** Rejects with a {@link SqlSyntaxError} when the text does not parse. */
  parse(sql: string): Promise<ParseResult>;
  deparse(ast: ParseResult): Promise<string>;
}

/** The text is not valid SQL; the message is the parser's. */
export class SqlSyntaxError extends Error {
  override name = 'SqlSyntaxError';
}
