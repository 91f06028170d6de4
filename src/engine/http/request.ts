// Reading requests the same way in every route: JSON bodies, integer path parameters, query strings, all through
// the wire schemas so a bad request gets a 400 that names the problem.

import type { Context } from 'hono';
import type { GenericSchema, InferOutput } from 'valibot';
import { ApiError } from '../../api/errors.js';
import { parseRequest } from '../../api/schemas.js';

/** The JSON body validated by `schema`; an empty body counts as `empty` when given (an optional body). */
export async function jsonBody<S extends GenericSchema>(
  c: Context,
  schema: S,
  empty?: unknown,
): Promise<InferOutput<S>> {
  const text = await c.req.text();
  if (text.trim() === '' && empty !== undefined) return parseRequest(schema, empty);
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError({ status: 415, message: `Content-Type must be application/json, got ${type || 'none'}` });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError({ status: 400, message: 'Request body is not valid JSON' });
  }
  return parseRequest(schema, value);
}

/** A positive integer path parameter. */
export function intParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ApiError({ status: 400, message: `${name} must be a positive integer, got ${raw}` });
  }
  return Number(raw);
}

/** The query string validated by `schema` (values as strings). */
export function queryParams<S extends GenericSchema>(c: Context, schema: S): InferOutput<S> {
  return parseRequest(schema, c.req.query(), 'Invalid query');
}
