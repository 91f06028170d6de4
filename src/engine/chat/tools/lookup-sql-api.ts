// lookupSqlApi (ours): SQL of the SQL API run as the user for the agent's own use — the values a question may name —
// streaming no tool call: the user never reads it, or its failure, as the query that answered them. No model is
// offered it.

import type { ServiceSqlApiResult, ToolErrorResult } from '../../../api/types.js';
import { serviceSqlApi } from './service-sql-api.js';
import { text, type ToolDescriptor } from './types.js';

export const lookupSqlApi: ToolDescriptor<'lookupSqlApi', { sqlQuery: string }, ServiceSqlApiResult | ToolErrorResult> =
  {
    name: 'lookupSqlApi',
    streamed: false,
    input: (args) => ({ sqlQuery: text(args.sqlQuery) }),
    run: (env, { sqlQuery }) => serviceSqlApi.run(env, { sqlQuery }),
  };
