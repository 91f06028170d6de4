// The fuzzer's mutations: each takes a valid request (a Draft) and makes one thing about it wrong — method, content
// type, JSON syntax, nesting, sizes, field types, unknown fields, credentials, path parameters, query strings.

import { MAX_FILTER_DEPTH, MAX_JSON_DEPTH } from '../../src/api/limits.js';
import type { Draft, Fixtures } from './endpoints.js';
import type { Rng } from './rng.js';

type Path = (string | number)[];

/** Raw JSON text stands in the body as a marker string until the body is written (deep or non-JSON values). */
const RAW = '\u0001raw:';
function raw(d: Draft, text: string): string {
  (d.raws ??= []).push(text);
  return `${RAW}${d.raws.length - 1}`;
}

/** The body's text: the value as JSON with the raw fragments spliced in. */
export function bodyText(d: Draft): string | undefined {
  if (d.text !== undefined) return d.text;
  if (d.body === undefined) return undefined;
  const markers = new RegExp(`"${RAW.replace('\u0001', '\\\\u0001')}(\\d+)"`, 'g');
  return JSON.stringify(d.body).replace(markers, (_, i: string) => d.raws![Number(i)]);
}

/** Every path to a value in `value` (objects and arrays, up to 8 levels). */
function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (prefix.length >= 8 || typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value))
    paths(v, [...prefix, Array.isArray(value) && /^\d+$/.test(k) ? Number(k) : k], out);
  return out;
}

/** Sets (or, with `remove`, deletes) the value at `path`; the empty path replaces the whole body. */
function setAt(d: Draft, path: Path, value: unknown, remove = false): void {
  if (path.length === 0) {
    d.body = value;
    return;
  }
  let parent = d.body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove && Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (remove) delete parent[last];
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
}

const somePath = (r: Rng, d: Draft, nonEmpty = false) => {
  const all = paths(d.body).filter((p) => !nonEmpty || p.length > 0);
  return all.length === 0 ? [] : r.pick(all);
};

const deepText = (r: Rng, depth: number) =>
  r.pick([
    () => '['.repeat(depth) + ']'.repeat(depth),
    () => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    () => '{"and":['.repeat(depth) + '{"member":"sales.status","operator":"set"}' + ']}'.repeat(depth),
    () => '{"or":['.repeat(depth) + '{"member":"sales.status","operator":"set"}' + ']}'.repeat(depth),
  ])();

const OTHER_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], {}, [1, 'a', null], { a: 1 }, [[[]]]];
const BOUNDARY_NUMBERS = ['0', '-0', '-1', '1e308', '-1e308', '1e400', '9007199254740993', '2147483648', '5e-324'];
const ODD_STRINGS = [
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  'é',
  '🙂'.repeat(50),
  '\u202e',
  'a\nb\r\n',
  '%00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\\',
  '\uFEFF',
  ' ',
  'A'.repeat(300),
  'sales.count',
  '__proto__',
  '../../etc/passwd',
];
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', '', '🙂', 'toString', 'x'.repeat(200), 'and', 'or'];
const ODD_SEGMENTS = [
  '',
  '0',
  '-1',
  '1.5',
  '1e3',
  '9007199254740993',
  '%00',
  '%2F',
  '..',
  '%',
  '%zz',
  '%E2%82%AC',
  '%F0%9F%99%82',
  '%C0%AE',
  'a'.repeat(3000),
  'UPPER',
  'sp%20ace',
  '0x10',
  ' 1',
  'null',
];
const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  'json',
  '',
];
const INVALID_JSON = [
  '{',
  '}',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":"\\u12"}',
  '\u0000',
  '[1,2',
  '{"a"}',
  '"unterminated',
  'null',
  '1e999',
  '',
];

function credentials(r: Rng, f: Fixtures): string | undefined {
  const tampered = f.token.slice(0, -4) + (f.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  const [header, payload] = f.token.split('.');
  return r.pick([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    `Bearer ${f.expiredToken}`,
    `Bearer ${f.revokedToken}`,
    `Bearer ${tampered}`,
    `Bearer ${header}.${payload}.`,
    `Bearer ${header}..`,
    `Bearer a.b.c`,
    `Bearer ${'x'.repeat(8000)}`,
    `Api-Key ${f.token}`,
    `Bearer ${f.keys.viewer}`,
    `Api-Key ${f.keys.viewer}`,
    `Api-Key ${f.keys.developer}`,
    `Bearer ${f.keys.admin} extra`,
    `Api-Key wrong-key`,
    `api-key ${f.keys.admin}`,
    `Bearer ${f.keys.admin}\t`,
    `Bearer ${f.token}`,
    `Api-Key ${f.keys.admin}`,
  ]);
}

export type Mutation = (r: Rng, d: Draft, f: Fixtures) => string;

/** Each mutation changes `d` and returns a short name of what it did (for the violation report). */
export const MUTATIONS: Record<string, Mutation> = {
  method(r, d) {
    d.method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].filter((m) => m !== d.method));
    return `method ${d.method}`;
  },
  contentType(r, d) {
    const type = r.pick(CONTENT_TYPES);
    if (type === undefined) delete d.headers['content-type'];
    else d.headers['content-type'] = type;
    return `content-type ${String(type)}`;
  },
  truncate(r, d) {
    const text = bodyText(d) ?? '{}';
    d.text = text.slice(0, r.int(0, Math.max(0, text.length - 1)));
    return `truncated to ${d.text.length} chars`;
  },
  invalidJson(r, d) {
    const text = bodyText(d) ?? '{}';
    if (r.chance(0.5)) d.text = r.pick(INVALID_JSON);
    else {
      const at = r.int(0, text.length);
      d.text = text.slice(0, at) + r.pick(['"', '{', ']', ',', '\\', ':', '\u0000']) + text.slice(at);
    }
    return 'invalid JSON';
  },
  deepJson(r, d) {
    const depth = r.pick([MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH + 1, 20, 2000, 5000, 100_000]);
    const path = somePath(r, d);
    setAt(d, path, raw(d, deepText(r, depth)));
    return `${depth}-deep JSON at ${path.join('.') || 'body'}`;
  },
  deepFilter(r, d) {
    // and/or trees around the filter depth limit (deeper ones meet the JSON depth limit first).
    const depth = r.pick([MAX_FILTER_DEPTH, MAX_FILTER_DEPTH + 1, 25, 2000]);
    const key = r.pick(['and', 'or']);
    const tree =
      `{"${key}":[`.repeat(depth - 1) + '{"member":"sales.status","operator":"set"}' + ']}'.repeat(depth - 1);
    const query = d.body as { query?: unknown; filters?: unknown };
    if (typeof query?.query === 'object' && query.query !== null && r.chance(0.7)) {
      setAt(d, ['query', 'filters'], [raw(d, tree)]);
      return `${depth}-deep filter at query.filters`;
    }
    const plainBody = typeof query === 'object' && query !== null && !Array.isArray(query);
    setAt(d, plainBody ? ['filters'] : [], [raw(d, tree)]);
    return `${depth}-deep filter at filters`;
  },
  hugeString(r, d) {
    const size = r.pick([70_000, 1 << 20]);
    const path = somePath(r, d);
    setAt(d, path, r.pick(['x', '🙂', '\\"']).repeat(size / 2));
    return `huge string at ${path.join('.') || 'body'}`;
  },
  wrongType(r, d) {
    const path = somePath(r, d);
    setAt(d, path, structuredClone(r.pick(OTHER_TYPES)));
    return `wrong type at ${path.join('.') || 'body'}`;
  },
  dropField(r, d) {
    const path = somePath(r, d, true);
    if (path.length > 0) setAt(d, path, undefined, true);
    return `dropped ${path.join('.')}`;
  },
  unknownField(r, d) {
    const objects = paths(d.body).filter((p) => {
      let v = d.body as Record<string | number, unknown>;
      for (const k of p) v = v[k] as Record<string | number, unknown>;
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    });
    if (objects.length === 0) return 'no object for an unknown field';
    const key = r.pick(ODD_KEYS);
    const path = [...r.pick(objects), key];
    setAt(d, path, structuredClone(r.pick(OTHER_TYPES)));
    return `unknown field ${path.join('.')}`;
  },
  boundaryNumber(r, d) {
    const path = somePath(r, d);
    const n = r.pick(BOUNDARY_NUMBERS);
    setAt(d, path, raw(d, n));
    return `number ${n} at ${path.join('.') || 'body'}`;
  },
  oddString(r, d) {
    const path = somePath(r, d);
    setAt(d, path, r.pick(ODD_STRINGS));
    return `odd string at ${path.join('.') || 'body'}`;
  },
  credentials(r, d, f) {
    const value = credentials(r, f);
    const header =
      d.headers['x-service-auth-token'] !== undefined && r.chance(0.5) ? 'x-service-auth-token' : 'authorization';
    if (value === undefined) delete d.headers[header];
    else d.headers[header] = header === 'authorization' ? value : value.replace(/^\S+ /, '');
    return `${header}: ${value?.slice(0, 40) ?? 'absent'}`;
  },
  pathParam(r, d) {
    if (d.params.length === 0) {
      d.segments.push(r.pick(ODD_SEGMENTS));
      return 'extra path segment';
    }
    const index = r.pick(d.params);
    d.segments[index] = r.pick(ODD_SEGMENTS);
    return `path parameter ${d.segments[index].slice(0, 20)}`;
  },
  query(r, d) {
    const key = r.pick(['first', 'after', 'count', 'startIndex', 'query', '__proto__']);
    d.query.push([key, r.pick(['0', '-1', 'abc', '%zz', '%00', '99999999999999999999', '', 'aWQ6MQ', 'aWQ6-'])]);
    return `query ${key}`;
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);
/** Mutations that replace the body's text (see generator.ts: they run last). */
export const TEXT_MUTATIONS = ['truncate', 'invalidJson'];
