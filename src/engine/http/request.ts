// Reading requests the same way in every route: JSON bodies, integer path parameters, query strings, all through
// the wire schemas so a bad request gets a 400 that names the problem.

import type { Context } from 'hono';
import type { GenericSchema, InferOutput } from 'valibot';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../api/limits.js';
import { parseRequest } from '../../api/schemas.js';
import { DomainError, invalid } from '../errors.js';

/**
 * Whether JSON `text` nests arrays and objects deeper than `limit`: one pass over the brackets outside strings, no
 * recursion, so a 100,000-deep body costs a scan, not a stack overflow in the schemas or in IndexedDB's clone.
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The JSON body validated by `schema`; an empty body counts as `empty` when given (an optional body). */
export async function jsonBody<S extends GenericSchema>(
  c: Context,
  schema: S,
  empty?: unknown,
): Promise<InferOutput<S>> {
  const tooLarge = () => new DomainError('too_large', `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw tooLarge();
  if (text.trim() === '' && empty !== undefined) return parseRequest(schema, empty);
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new DomainError('unsupported_media', `Content-Type must be application/json, got ${type || 'none'}`);
  }
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    throw invalid(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('Request body is not valid JSON');
  }
  return parseRequest(schema, value);
}

/** A positive integer path parameter. */
export function intParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw invalid(`${name} must be a positive integer, got ${raw}`);
  }
  return Number(raw);
}

/** The query string validated by `schema` (values as strings). */
export function queryParams<S extends GenericSchema>(c: Context, schema: S): InferOutput<S> {
  return parseRequest(schema, c.req.query(), 'Invalid query');
}
