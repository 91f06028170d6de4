// The served fuzzer's wire mutations: a request of the generator (generator.ts) written as HTTP/1.1 bytes, some with
// one thing wrong that only a socket can carry — the Host header, the method, the raw target, framing headers, or a
// client that goes away mid-request. Deterministic from the Rng.

import type { FuzzRequest } from './generator.js';
import type { Rng } from './rng.js';

export interface WireRequest {
  /** The mutation's kind and what it did ('' for none). */
  kind: string;
  mutation: string;
  bytes: Buffer;
  /** The client goes away after writing (no answer is expected). */
  abort: boolean;
}

interface Parts {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
  /** Written in place of `Content-Length: <body length>` (framing mutations). */
  framing?: [string, string][];
  abort?: boolean;
  /** Bytes written instead of the whole body (a truncated upload). */
  cut?: number;
}

/** The target as a client sends it: fetch's encoding of the generator's path. */
function encodedTarget(path: string): string {
  const url = new URL(path, 'http://fuzz.invalid');
  return url.pathname + url.search;
}

const BAD_HOSTS = ['', 'a b', '[', '127.0.0.1:99999', 'x:y:z', '%zz', 'u:p@127.0.0.1', '999.1.1.1', '[::1', 'é'];
const ODD_TARGETS = ['*', '//evil.example/x', '/..%2f..%2fetc/passwd', '/%', '/?', '/%00', `/${'a'.repeat(8000)}`, 'x'];

/** Host mutations, given the right Host of this server (`host:port`). */
const HOST_MUTATIONS: ((r: Rng, p: Parts, host: string, port: number) => string)[] = [
  (r, p) => {
    const bad = r.pick(BAD_HOSTS);
    p.headers = p.headers.filter(([n]) => n !== 'Host').concat([['Host', bad]]);
    return `Host ${JSON.stringify(bad)}`;
  },
  (r, p, _, port) => {
    const evil = r.pick(['evil.example', `evil.example:${port}`, `localhost.:${port}`, `127.0.0.1:${port + 1}`]);
    p.headers = p.headers.filter(([n]) => n !== 'Host').concat([['Host', evil]]);
    return `Host ${evil}`;
  },
  (r, p) => {
    const odd = Array.from({ length: r.int(1, 12) }, () => String.fromCharCode(r.int(0x21, 0xff))).join('');
    p.headers = p.headers.filter(([n]) => n !== 'Host').concat([['Host', odd]]);
    return `Host ${JSON.stringify(odd)}`;
  },
  (_, p) => {
    p.headers = p.headers.filter(([n]) => n !== 'Host');
    return 'no Host';
  },
  (r, p, host, port) => {
    const authority = r.pick([host, `evil.example:${port}`, `u:p@${host}`]);
    p.target = `http://${authority}${p.target}`;
    return `absolute-form target via ${authority}`;
  },
  (_, p, host) => {
    p.headers.push(['Host', host]);
    return 'two Host headers';
  },
];

const METHOD_MUTATIONS: ((r: Rng, p: Parts) => string)[] = [
  (r, p) => {
    p.method = r.pick(['TRACE', 'PROPFIND', 'HEAD', 'OPTIONS', 'PURGE', 'SEARCH']);
    return `method ${p.method}`;
  },
  (r, p) => {
    p.method = r.pick(['get', 'FOO', 'G\u00c9T', '']);
    return `method ${JSON.stringify(p.method)}`;
  },
];

const TARGET_MUTATIONS: ((r: Rng, p: Parts) => string)[] = [
  (r, p) => {
    p.target = r.pick(ODD_TARGETS);
    return `target ${p.target.slice(0, 40)}`;
  },
  (r, p) => {
    const raw = Array.from({ length: r.int(1, 8) }, () => String.fromCharCode(r.int(0x80, 0xff))).join('');
    p.target += raw;
    return 'target with raw bytes';
  },
];

const FRAMING_MUTATIONS: ((r: Rng, p: Parts) => string)[] = [
  (_, p) => {
    p.framing = [
      ['Content-Length', String(p.body.length)],
      ['Content-Length', String(p.body.length + 1)],
    ];
    return 'two Content-Lengths';
  },
  (r, p) => {
    const size = r.pick(['zz', '-1', 'ffffffffffffffff', '1']);
    p.framing = [['Transfer-Encoding', 'chunked']];
    p.body = Buffer.concat([Buffer.from(`${size}\r\n`), p.body.subarray(0, 1), Buffer.from('\r\n0\r\n\r\n')]);
    // A chunk announced bigger than what follows is an upload still under way: the server rightly waits for it
    // (until Node's requestTimeout), so this client goes away instead of waiting too.
    p.abort = size === 'ffffffffffffffff';
    return `chunk size ${size}`;
  },
  (_, p) => {
    p.headers.push(['X-Big', 'x'.repeat(20_000)]);
    return 'a 20 kB header';
  },
  (r, p) => {
    p.headers.push([r.pick(['Bad Name', 'X-\u00e9', 'X-Fold']), r.pick(['v', 'a\r\n folded'])]);
    return 'a malformed header';
  },
  (_, p) => {
    p.headers.push(['Expect', '100-continue']);
    return 'Expect: 100-continue';
  },
  (_, p) => {
    p.headers.push(['Connection', 'Upgrade'], ['Upgrade', 'websocket']);
    return 'Upgrade: websocket';
  },
];

const ABORT_MUTATIONS: ((r: Rng, p: Parts) => string)[] = [
  (r, p) => {
    p.cut = r.int(0, Math.max(0, p.body.length - 1));
    p.framing = [['Content-Length', String(p.body.length + r.int(1, 1000))]];
    p.abort = true;
    return `upload cut at ${p.cut} bytes, then gone`;
  },
  (_, p) => {
    p.abort = true;
    return 'gone after sending';
  },
];

type Mutation = (r: Rng, p: Parts, host: string, port: number) => string;
/** Kinds by weight (a Host mutation twice as often: it is the served engine's own surface). */
const KINDS: [string, Mutation[]][] = [
  ['host', HOST_MUTATIONS],
  ['host', HOST_MUTATIONS],
  ['method', METHOD_MUTATIONS],
  ['target', TARGET_MUTATIONS],
  ['framing', FRAMING_MUTATIONS],
  ['framing', FRAMING_MUTATIONS],
  ['abort', ABORT_MUTATIONS],
];

function write(p: Parts): Buffer {
  const framing =
    p.framing ??
    (p.body.length > 0 || !['GET', 'HEAD'].includes(p.method) ? [['Content-Length', String(p.body.length)]] : []);
  const lines = [
    `${p.method} ${p.target} HTTP/1.1`,
    ...[...p.headers, ...framing].map(([n, v]) => `${n}: ${v}`),
    'Connection: close',
  ];
  const body = p.cut === undefined ? p.body : p.body.subarray(0, p.cut);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** `req` as bytes for the server at `port`: unchanged with probability 1 - `rate`, else with one wire mutation. */
export function toWire(r: Rng, req: FuzzRequest, port: number, rate = 0.35): WireRequest {
  const host = `127.0.0.1:${port}`;
  const p: Parts = {
    method: req.method,
    target: encodedTarget(req.path),
    headers: [['Host', host], ...Object.entries(req.headers)],
    body: Buffer.from(req.body ?? '', 'utf8'),
  };
  let kind = '';
  let mutation = '';
  if (r.chance(rate)) {
    const [name, mutations] = r.pick(KINDS);
    kind = name;
    mutation = r.pick(mutations)(r, p, host, port);
  }
  return { kind, mutation, bytes: write(p), abort: p.abort ?? false };
}
