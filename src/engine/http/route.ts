// An engine route made from the operation table (api/operations.ts): the method (and Cube's GET forms), the path and
// the success status come from the table, so the engine answers at exactly the URL the transport calls. The handler
// gets the path parameters by name (typed from the path) and returns the operation's response, typed by the table —
// answered as JSON, or as nothing for a 204 — or a Response of its own (a stream, a JSON-RPC line, Cube's shapes).

import type { Context, Hono } from 'hono';
import { OPERATIONS, type OperationName, type PathParams, type ResponseOf } from '../../api/operations.js';

type Params<K extends OperationName> = { [N in keyof PathParams<K>]: string };

export type RouteHandler<K extends OperationName> = (
  c: Context,
  params: Params<K>,
) => Promise<ResponseOf<K> | Response> | ResponseOf<K> | Response;

/** Routes operation `name` of the table to `handler`. */
export function route<K extends OperationName>(app: Hono, name: K, handler: RouteHandler<K>): void {
  const op: {
    method: string;
    path: string;
    success: 200 | 204;
    responseType?: string;
    alsoAnswers?: readonly string[];
  } = OPERATIONS[name];
  const answer = async (c: Context) => {
    const result = await handler(c, c.req.param() as Params<K>);
    if (result instanceof Response) return result;
    if (op.success === 204) return c.body(null, 204);
    return c.json(result, 200, op.responseType ? { 'Content-Type': op.responseType } : {});
  };
  app.on([op.method, ...(op.alsoAnswers ?? [])], op.path, answer);
}
