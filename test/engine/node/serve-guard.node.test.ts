// serveFetch on a real port, sent bytes no browser would send: no request ends the process (finding 1 of issue 30:
// a malformed Host threw outside every handler), and only Hosts naming the server are answered (finding 2: DNS
// rebinding). The engine is a real one with a model of our own (greenhouse readings).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createLocalEngine, type LocalEngine } from '../../../src/engine/index.js';
import { serveFetch, type ServeOptions } from '../../../src/engine/node/serve.js';
import { GREENHOUSE_MODEL, READINGS } from '../../fixtures/greenhouse.js';
import { head, rawRequest, type RawResponse } from '../../helpers/raw-http.js';

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

/** Process-level failures while `run` runs: any is a request that could have ended the process. */
async function watchProcess<T>(run: () => Promise<T>): Promise<{ value: T; failures: unknown[] }> {
  const failures: unknown[] = [];
  const record = (error: unknown) => failures.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    const value = await run();
    await new Promise((r) => setTimeout(r, 50)); // let late rejections surface
    return { value, failures };
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
}

const json = (res: RawResponse) => JSON.parse(res.body) as { error: string };

describe('serveFetch: no request ends the process', () => {
  let engine: LocalEngine;
  let server: Server;
  let port: number;
  const meta = () => rawRequest(port, head('GET', '/cubejs-api/v1/meta', [['Host', `127.0.0.1:${port}`]]));

  before(async () => {
    engine = await createLocalEngine({
      name: `serve-guard-${process.pid}`,
      model: GREENHOUSE_MODEL,
      data: { readings: READINGS },
    });
    server = await serveFetch(engine.fetch, { port: 0 });
    port = portOf(server);
  });

  after(async () => {
    await close(server);
    await engine.close();
  });

  // The Hosts of finding 1, then more of the class: bad ports, stray brackets, paths, queries, userinfo, non-ASCII.
  const BAD_HOSTS: [string, RegExp][] = [
    ['', /^Missing Host header$/],
    ['a b', /^Bad Host header "a b": expected a host name/],
    ['[', /^Bad Host header "\[":/],
    ['127.0.0.1:99999', /^Bad Host header "127.0.0.1:99999": the port must be a number from 1 to 65535$/],
    ['x:y:z', /^Bad Host header "x:y:z":/],
    ['%zz', /^Bad Host header "%zz":/],
    ['u:p@127.0.0.1', /^Bad Host header "u:p@127.0.0.1":/],
    ['127.0.0.1:0', /the port must be/],
    ['127.0.0.1:', /the port must be/],
    ['127.0.0.1:000080', /the port must be/],
    ['[::1', /^Bad Host header/],
    ['[zz::1]', /^Bad Host header/],
    ['[::1]x', /^Bad Host header/],
    ['a/b', /^Bad Host header/],
    ['a?b', /^Bad Host header/],
    ['a#b', /^Bad Host header/],
    ['a\\b', /^Bad Host header/],
    ['\u00e9t\u00e9', /^Bad Host header/],
    ['999.1.1.1', /: not a valid host name or IP address$/],
    ['greenhouse.1', /: not a valid host name or IP address$/],
    ['x'.repeat(254), /^Bad Host header "x{100}…": a host name has at most 253 characters$/],
  ];

  it('answers each malformed Host 400 with a JSON error saying what is wrong, and then still answers', async () => {
    const { failures } = await watchProcess(async () => {
      for (const [host, message] of BAD_HOSTS) {
        const res = await rawRequest(port, head('GET', '/cubejs-api/v1/meta', [['Host', host]]));
        assert.equal(res.status, 400, `Host ${JSON.stringify(host)}: ${res.body}`);
        assert.match(res.headers['content-type'] ?? '', /application\/json/);
        assert.match(json(res).error, message);
        assert.equal((await meta()).status, 401, `after Host ${JSON.stringify(host)} the server still answers`);
      }
    });
    assert.deepEqual(failures, []);
  });

  it('answers HTTP/1.0 without a Host 400, and a target that is not a path 400', async () => {
    const noHost = await rawRequest(port, 'GET /cubejs-api/v1/meta HTTP/1.0\r\n\r\n');
    assert.equal(noHost.status, 400);
    assert.equal(json(noHost).error, 'Missing Host header');
    const star = await rawRequest(port, head('OPTIONS', '*', [['Host', `127.0.0.1:${port}`]]));
    assert.equal(star.status, 400);
    assert.match(json(star).error, /^Bad request target "\*": expected a path$/);
    const creds = await rawRequest(port, head('GET', `http://u:p@127.0.0.1:${port}/`, [['Host', `127.0.0.1:${port}`]]));
    assert.equal(creds.status, 400);
    assert.equal(json(creds).error, 'A request target may not carry credentials');
    assert.equal((await meta()).status, 401);
  });

  it("answers what Node's parser refuses with a JSON error too (control characters, 20 kB headers, bad chunks)", async () => {
    const refused: [string, number, RegExp][] = [
      [head('GET', '/cubejs-api/v1/meta', [['Host', 'a\u0001b']]), 400, /^Malformed HTTP request \(HPE_\w+\)$/],
      [
        head('GET', '/cubejs-api/v1/meta', [
          ['Host', `127.0.0.1:${port}`],
          ['X-Big', 'x'.repeat(20_000)],
        ]),
        431,
        /^Request headers too large$/,
      ],
      [
        head('POST', '/cubejs-api/v1/load', [
          ['Host', `127.0.0.1:${port}`],
          ['Transfer-Encoding', 'chunked'],
        ]) + 'zz\r\n',
        400,
        /^Malformed HTTP request \(HPE_\w+\)$/,
      ],
    ];
    for (const [bytes, status, message] of refused) {
      const res = await rawRequest(port, bytes);
      assert.equal(res.status, status, res.body);
      assert.match(json(res).error, message);
    }
    assert.equal((await meta()).status, 401);
  });

  it('answers TRACE 405 (a fetch Request cannot carry it), naming the methods it allows', async () => {
    for (const method of ['TRACE']) {
      const res = await rawRequest(port, head(method, '/cubejs-api/v1/meta', [['Host', `127.0.0.1:${port}`]]));
      assert.equal(res.status, 405, method);
      assert.equal(json(res).error, `Method ${method} is not allowed`);
      assert.equal(res.headers.allow, 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
    assert.equal((await meta()).status, 401);
  });

  it('keeps a target of //name on this server (it is a path, not another host)', async () => {
    const res = await rawRequest(
      port,
      head('GET', '//evil.example/cubejs-api/v1/meta', [['Host', `127.0.0.1:${port}`]]),
    );
    assert.equal(res.status, 404);
    assert.equal(json(res).error, 'No route for GET //evil.example/cubejs-api/v1/meta');
  });

  it('survives clients that go away mid-upload and before the answer', async () => {
    const { failures } = await watchProcess(async () => {
      const body = JSON.stringify({ query: { measures: ['readings.count'] } });
      const headers: [string, string][] = [
        ['Host', `127.0.0.1:${port}`],
        ['Content-Type', 'application/json'],
        ['Content-Length', String(body.length + 1000)],
      ];
      await Promise.all(
        Array.from({ length: 20 }, () =>
          rawRequest(port, head('POST', '/cubejs-api/v1/load', headers) + body, { abortAfterWrite: true }),
        ),
      );
      await Promise.all(
        Array.from({ length: 20 }, () =>
          rawRequest(port, head('GET', '/cubejs-api/v1/meta', [['Host', `127.0.0.1:${port}`]]), {
            abortAfterWrite: true,
          }),
        ),
      );
    });
    assert.deepEqual(failures, []);
    assert.equal((await meta()).status, 401);
  });
});

describe('serveFetch: keep-alive after an answer that left the body unread', () => {
  it('closes that connection, so the next request goes on a fresh one instead of being reset', async () => {
    const engine = await createLocalEngine({
      name: `serve-keepalive-${process.pid}`,
      model: GREENHOUSE_MODEL,
      data: { readings: READINGS },
    });
    const server = await serveFetch(engine.fetch, { port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<string>((resolve) => {
        const client = httpRequest({ agent, host: '127.0.0.1', port: portOf(server), method, path });
        client.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection}`));
        });
        client.on('error', (error: NodeJS.ErrnoException) => resolve(`${error.code}`));
        client.end(body);
      });
    try {
      for (const size of [100, 300_000, 3_000_000]) {
        // No key: refused before the body is read.
        const upload = await send('PUT', '/api/v1/deployments/1/workbooks/by-slug/big', 'x'.repeat(size));
        assert.match(upload, /^401 /, `${size} bytes`);
        assert.equal(await send('GET', '/cubejs-api/v1/meta'), '401 keep-alive', `after ${size} bytes unread`);
      }
    } finally {
      agent.destroy();
      await close(server);
      await engine.close();
    }
  });
});

describe('serveFetch: a handler that fails never ends the process', () => {
  const errors: unknown[] = [];
  let cancelled = 0;
  let server: Server;
  let port: number;
  const host = (): [string, string][] => [['Host', `127.0.0.1:${port}`]];

  const handler = (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (path === '/throw') throw new Error('thrown before any promise');
    if (path === '/reject') return Promise.reject(new Error('rejected'));
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a handler may reject with anything
    if (path === '/reject-value') return Promise.reject('not an Error');
    if (path === '/body-fails')
      return Promise.resolve(
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"partial":'));
              setTimeout(() => controller.error(new Error('the body broke')), 20);
            },
          }),
        ),
      );
    if (path === '/endless')
      return Promise.resolve(
        new Response(
          new ReadableStream({
            pull: async (controller) => {
              await new Promise((r) => setTimeout(r, 5));
              controller.enqueue(new TextEncoder().encode('tick\n'));
            },
            cancel: () => void cancelled++,
          }),
        ),
      );
    return Promise.resolve(Response.json({ ok: true, url: request.url }));
  };

  before(async () => {
    const options: ServeOptions = { port: 0, onError: (error) => errors.push(error) };
    server = await serveFetch(handler, options);
    port = portOf(server);
  });

  after(() => close(server));

  it('answers 500 for a handler that throws or rejects, and tells onError', async () => {
    const { failures } = await watchProcess(async () => {
      for (const path of ['/throw', '/reject', '/reject-value']) {
        const res = await rawRequest(port, head('GET', path, host()));
        assert.equal(res.status, 500, path);
        assert.deepEqual(JSON.parse(res.body), { error: 'Internal server error' });
      }
    });
    assert.deepEqual(failures, []);
    assert.deepEqual(
      errors.splice(0).map((e) => (e instanceof Error ? e.message : e)),
      ['thrown before any promise', 'rejected', 'not an Error'],
    );
  });

  it('cuts the connection of a body that errors midway, tells onError, and goes on', async () => {
    const { failures } = await watchProcess(async () => {
      const res = await rawRequest(port, head('GET', '/body-fails', host()));
      assert.equal(res.status, 200);
      assert.equal(res.cut, true, 'the answer is visibly incomplete');
      assert.equal(res.body, '{"partial":');
    });
    assert.deepEqual(failures, []);
    assert.deepEqual(
      errors.splice(0).map((e) => (e as Error).message),
      ['the body broke'],
    );
    assert.equal((await rawRequest(port, head('GET', '/', host()))).status, 200);
  });

  it('cancels the body of a client that goes away mid-stream, without an error', async () => {
    const { failures } = await watchProcess(async () => {
      await rawRequest(port, head('GET', '/endless', host()), { timeoutMs: 100 });
      const started = Date.now();
      while (cancelled === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
    });
    assert.deepEqual(failures, []);
    assert.equal(cancelled, 1);
    assert.deepEqual(errors, []);
  });
});
