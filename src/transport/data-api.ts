// The data API (Bearer): /meta, /load (following Cube's "Continue wait"; with `cube`, dashboard overrides folded into
// the query, cube-dialect.ts) and /cubesql read as NDJSON.

import { ApiError } from '../api/errors.js';
import type {
  CubeSqlLine,
  CubeSqlRequest,
  CubeSqlResult,
  LoadRequest,
  LoadResponse,
  MetaResponse,
} from '../api/types.js';
import { foldOverrides, isContinueWait } from './cube-dialect.js';
import type { HttpContext } from './http-core.js';
import { send } from './http-send.js';
import { callJson, operationCall } from './operation.js';
import { readNdjson } from './ndjson.js';
import type { RequestOptions } from './transport.js';

export function loadMeta(http: HttpContext, options?: RequestOptions): Promise<MetaResponse> {
  return callJson(http, 'loadMeta', { options });
}

/** One POST (no URL length limit); a `"Continue wait"` answer (Cube's long-polling) is asked again. */
export async function load(http: HttpContext, request: LoadRequest, options?: RequestOptions): Promise<LoadResponse> {
  const body = http.cube ? foldOverrides(request) : request;
  for (;;) {
    const answer = await callJson(http, 'load', { body, options });
    if (!isContinueWait(answer)) return answer;
    options?.signal?.throwIfAborted();
  }
}

export async function cubeSql(
  http: HttpContext,
  request: CubeSqlRequest,
  options: RequestOptions = {},
): Promise<CubeSqlResult> {
  const { response, done, fail } = await send(http, operationCall(http, 'cubeSql', { body: request, options }));
  const result: CubeSqlResult = { schema: [], data: [] };
  try {
    if (!response.body) return result;
    for await (const item of readNdjson<CubeSqlLine>(response.body, { signal: options.signal })) {
      if (!item.ok) {
        throw new ApiError({
          status: response.status,
          code: 'invalid_response',
          message: `cubesql: ${item.error.message}`,
        });
      }
      const line = item.value;
      if ('error' in line) throw new ApiError({ status: response.status, code: 'query_error', message: line.error });
      if ('schema' in line) result.schema = line.schema;
      else if ('data' in line) for (const row of line.data) result.data.push(row);
    }
    return result;
  } catch (error) {
    throw fail(error);
  } finally {
    done();
  }
}
