// The fuzzer's request stream: from a seed, valid requests of every endpoint family with one to three mutations
// each (a few are left valid so the state moves on). Deterministic: the same seed and fixtures, the same requests.

import { FAMILIES, TEMPLATES, type Draft, type Fixtures } from './endpoints.js';
import { MUTATIONS, MUTATION_NAMES, TEXT_MUTATIONS, bodyText } from './mutations.js';
import { Rng } from './rng.js';

export interface FuzzRequest {
  index: number;
  family: string;
  /** What the mutations did, in order ([] for a valid request). */
  mutations: string[];
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Header values must be Latin-1 (Request refuses others): anything else is sent percent-encoded. */
const latin1 = (value: string) => (/^[\u0000-\u00ff]*$/.test(value) ? value : encodeURIComponent(value));

function finish(index: number, d: Draft, mutations: string[]): FuzzRequest {
  const query = d.query.map(([k, v]) => `${k}=${v}`).join('&');
  const headers = Object.fromEntries(
    Object.entries(d.headers).map(([k, v]) => [k, latin1(v).replace(/[\r\n\0]/g, '')]),
  );
  const body = d.method === 'GET' || d.method === 'HEAD' ? undefined : bodyText(d);
  return {
    index,
    family: d.family,
    mutations,
    method: d.method,
    path: `/${d.segments.join('/')}${query ? `?${query}` : ''}`,
    headers,
    ...(body !== undefined && { body }),
  };
}

/** `count` requests from `seed`. */
export function* fuzzRequests(seed: number, count: number, fixtures: Fixtures): Generator<FuzzRequest> {
  const r = new Rng(seed);
  for (let index = 0; index < count; index++) {
    const family = FAMILIES[index % FAMILIES.length];
    const d = TEMPLATES[family](r, fixtures);
    const mutations: string[] = [];
    const n = r.chance(0.08) ? 0 : r.pick([1, 1, 1, 2, 2, 3]);
    const picked = Array.from({ length: n }, () => r.pick(MUTATION_NAMES));
    // Mutations of the body's text come last: after them the body is no longer a value to change.
    picked.sort((a, b) => Number(TEXT_MUTATIONS.includes(a)) - Number(TEXT_MUTATIONS.includes(b)));
    for (const name of picked) mutations.push(MUTATIONS[name](r, d, fixtures));
    yield finish(index, d, mutations);
  }
}

/** The request as fetch takes it. */
export function toRequest(req: FuzzRequest, base = 'https://local.svc'): Request {
  return new Request(new URL(req.path, base), { method: req.method, headers: req.headers, body: req.body });
}
