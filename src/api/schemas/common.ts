// Building blocks of the request schemas (valibot, messages that name the bad field) and the parsing that turns
// a failed parse into a 400 ApiError such as `widgets[0].position.x: must be an integer`.

import * as v from 'valibot';
import { ApiError } from '../errors.js';

// ─── Building blocks ─────────────────────────────────────────────────────────────────────────────────────────

export const str = () => v.string('must be a string');
export const nonEmptyStr = () => v.pipe(str(), v.trim(), v.nonEmpty('must not be empty'));
export const num = () => v.pipe(v.number('must be a number'), v.finite('must be a finite number'));
export const int = () => v.pipe(v.number('must be an integer'), v.integer('must be an integer'));
export const bool = () => v.boolean('must be a boolean');
export const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
/** valibot's object schemas accept arrays; JSON objects must not be arrays. */
export const plain = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S, message = 'must be an object') =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), schema);
export const object = <E extends v.ObjectEntries>(entries: E, message = 'must be an object') =>
  plain(v.object(entries, message), message);
export const looseObject = <E extends v.ObjectEntries>(entries: E, message = 'must be an object') =>
  plain(v.looseObject(entries, message), message);
export const obj = () => plain(v.record(v.string(), v.unknown()));
export const oneOf = <T extends readonly string[]>(values: T) =>
  v.picklist(values, `must be one of ${values.join(', ')}`);
export const list = <T extends v.GenericSchema>(item: T) => v.array(item, 'must be an array');

/** A cross-field rule: `check` returns an error message, or nothing when the input is fine. */
export function rule<T>(check: (input: T) => string | undefined) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = check(dataset.value);
    if (message !== undefined) addIssue({ message });
  });
}

/** The first name that occurs twice in `items`, if any. */
export function firstDuplicate(items: readonly { name: string }[] | undefined): string | undefined {
  const seen = new Set<string>();
  for (const { name } of items ?? []) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

export function duplicateRule<T>(field: keyof T & string, pick: (input: T) => readonly { name: string }[] | undefined) {
  return rule<T>((input) => {
    const dup = firstDuplicate(pick(input));
    return dup === undefined ? undefined : `${field}: duplicate name ${dup}`;
  });
}

// ─── Parsing ─────────────────────────────────────────────────────────────────────────────────────────────────

/** `widgets[0].position.x` for an issue path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** A readable message for the first issue: `<path>: <message>`, or the message alone for the whole value. */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issuePath(issue);
  // A missing required key reports the object's own message at the key's path.
  const message = issue.input === undefined && issue.kind === 'schema' ? 'is required' : issue.message;
  return path === '' ? message : `${path}: ${message}`;
}

/**
 * Validates `input` against `schema` and returns the typed output, or throws a 400 ApiError naming the first bad
 * field, prefixed with `what` (e.g. `Invalid request body`).
 */
export function parseRequest<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  what = 'Invalid request body',
): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  throw new ApiError({ status: 400, message: `${what}: ${describeIssue(result.issues[0])}` });
}
