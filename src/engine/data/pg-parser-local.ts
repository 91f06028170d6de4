// The Postgres parser (libpg-query, wasm) and its deparser in this thread: inside the browser's parser worker, and
// directly in Node.

import { errorMessage } from '../../api/errors.js';
import { SqlSyntaxError, type ParseResult, type PgParser } from './pg-parser-core.js';

export async function createInProcessParser(): Promise<PgParser> {
  const [pg, deparser] = await Promise.all([import('libpg-query'), import('pgsql-deparser')]);
  await pg.loadModule();
  return {
    parse: (sql) => {
      try {
        return Promise.resolve(pg.parseSync(sql) as unknown as ParseResult);
      } catch (error) {
        return Promise.reject(new SqlSyntaxError(errorMessage(error)));
      }
    },
    deparse: (ast) => deparser.deparse(ast as never),
  };
}
