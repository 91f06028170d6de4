// serviceSqlApi (the spec's tool): one SELECT of the SQL API (MEASURE() over cubes and views) run as the user, its
// first 100 rows and totalRows; a failure (a bad query, a branch the engine does not have) is the result's `error`.

import { errorMessage } from '../../../api/errors.js';
import { SQL_API_RESULT_ROWS } from '../../../api/limits.js';
import type { ServiceSqlApiInput, ServiceSqlApiResult, ToolErrorResult } from '../../../api/types.js';
import { SERVICE_SQL_API } from '../../../api/tools.js';
import { randomToken } from '../../util.js';
import { text, type ToolDescriptor } from './types.js';

type SqlToolResult = ServiceSqlApiResult | ToolErrorResult;

export const serviceSqlApi: ToolDescriptor<typeof SERVICE_SQL_API, ServiceSqlApiInput, SqlToolResult> = {
  name: SERVICE_SQL_API,
  model: {
    description: 'Run one SELECT over cubes and views with MEASURE(). Returns schema, up to 100 rows and totalRows.',
    prompt:
      'to run one SELECT in the SQL API dialect: query views and cubes by name, use MEASURE(member) for measures, and GROUP BY the dimensions.',
    parameters: {
      type: 'object',
      properties: {
        sqlQuery: { type: 'string' },
        queryTitle: { type: 'string' },
        description: { type: 'string' },
        userRequest: { type: 'string' },
        vegaSpec: { type: 'string', description: 'Optional Vega-Lite v5 spec as JSON, without data' },
      },
      required: ['sqlQuery'],
    },
  },
  streamed: true,
  // `query` is an alias of sqlQuery some models send.
  input: (args) => {
    const optional = (key: string) => (typeof args[key] === 'string' ? { [key]: args[key] } : {});
    return {
      ...optional('queryTitle'),
      ...optional('description'),
      ...optional('userRequest'),
      ...optional('vegaSpec'),
      ...optional('memoryId'),
      sqlQuery: text(args.sqlQuery) || text(args.query),
    };
  },
  async run({ data, identity, request }, input) {
    const echo = {
      sqlQuery: input.sqlQuery,
      queryTitle: input.queryTitle,
      description: input.description,
      userRequest: input.userRequest,
    };
    if (request.activeBranchName !== undefined && request.isDefaultBranch !== true) {
      return {
        ...echo,
        error: `Branch ${request.activeBranchName} does not exist: the local engine has only the default branch`,
      };
    }
    try {
      const result = await data.cubeSql(identity, { query: input.sqlQuery });
      return {
        ...echo,
        schema: result.schema,
        data: result.rows.slice(0, SQL_API_RESULT_ROWS),
        totalRows: result.rows.length,
        uuid: randomToken(12),
        ...(input.vegaSpec !== undefined && { vegaSpec: input.vegaSpec }),
        ...(result.notes && { notes: result.notes }),
      };
    } catch (error) {
      return { ...echo, error: errorMessage(error) };
    }
  },
};
