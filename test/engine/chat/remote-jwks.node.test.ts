// A deployment's remote JWKS is bounded in size and time (issue 30, finding 9): endpoints on 127.0.0.1 answer a
// valid key set padded to 100 MB — at full speed, trickled, declared in Content-Length, gzip-compressed to a few
// hundred KB — and are refused at once with a JSON-RPC error while the engine's memory stays flat; a body that
// trickles under the size cap is cut by the timeout, which covers the body; a set under the cap works.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { JWKS_MAX_BYTES } from '../../../src/engine/chat/remote-jwks.js';
import { createLocalEngine, type LocalEngine, type RemoteJwksOptions } from '../../../src/engine/index.js';
import { probeAgent } from './probe.js';
import { LocalServer, accepted, chatToken, chatWith, refused, signingKey, type SigningKey } from './token-fixtures.js';

const MB = 1024 * 1024;
const HUGE = 100 * MB;

/** Writes `head`, then `total` bytes of JSON whitespace in `chunk`-byte pieces (`delayMs` apart), then `tail`:
 * a valid key set 100 MB long. Stops when the client goes; `sent` is what was written. */
async function pad(
  res: ServerResponse,
  head: string,
  tail: string,
  { total, chunk, delayMs }: { total: number; chunk: number; delayMs: number },
): Promise<number> {
  const spaces = Buffer.alloc(chunk, 0x20);
  let sent = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  res.write(head);
  while (sent < total && !closed) {
    const ok = res.write(spaces);
    sent += chunk;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    else if (!ok)
      await new Promise<void>((resolve) => {
        const go = () => {
          res.off('drain', go).off('close', go);
          resolve();
        };
        res.on('drain', go).on('close', go);
      });
  }
  if (!closed) res.end(tail);
  return sent;
}

/** The largest rise of this process's resident memory while `run` runs, sampled every 5 ms, in MB. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ result: T; mb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, mb: (peak - base) / MB };
  } finally {
    clearInterval(timer);
  }
}

describe('remote JWKS responses are bounded in size and time (issue 30, finding 9)', () => {
  let key: SigningKey;
  let head = '';
  const sent: Record<string, number> = {};
  const jwks = new LocalServer((req, res) => {
    const path = req.url ?? '';
    const json = { 'Content-Type': 'application/json' };
    const record = (n: Promise<number>) => void n.then((bytes) => (sent[path] = bytes));
    if (path === '/fast') record(pad(res.writeHead(200, json), head, ']}', { total: HUGE, chunk: MB, delayMs: 0 }));
    else if (path === '/trickle')
      record(pad(res.writeHead(200, json), head, ']}', { total: HUGE, chunk: 16 * 1024, delayMs: 10 }));
    else if (path === '/declared')
      record(
        pad(res.writeHead(200, { ...json, 'Content-Length': String(HUGE + head.length + 2) }), head, ']}', {
          total: HUGE,
          chunk: 64 * 1024,
          delayMs: 5,
        }),
      );
    else if (path === '/gzip')
      res.writeHead(200, { ...json, 'Content-Encoding': 'gzip', 'Content-Length': gzipped.length }).end(gzipped);
    else if (path === '/slow-body')
      // 16 KB in all, well under the cap, one byte every 50 ms: only the timeout can stop it.
      record(pad(res.writeHead(200, json), head, ']}', { total: 16 * 1024, chunk: 1, delayMs: 50 }));
    else if (path === '/padded-under-cap')
      record(pad(res.writeHead(200, json), head, ']}', { total: JWKS_MAX_BYTES - 4096, chunk: 4096, delayMs: 0 }));
    else res.writeHead(404).end();
  });
  /** The padded set gzip-compressed (made once, before any measurement). */
  let gzipped = Buffer.alloc(0);

  before(async () => {
    key = await signingKey('lighthouse-2026', 'ES256');
    head = `{"keys":[${JSON.stringify(key.jwk)}`;
    gzipped = gzipSync(Buffer.concat([Buffer.from(head), Buffer.alloc(HUGE, 0x20), Buffer.from(']}')]));
    await jwks.start();
  });
  after(() => jwks.stop());

  let counter = 0;
  async function engineAt(path: string, remoteJwks?: RemoteJwksOptions): Promise<LocalEngine> {
    return createLocalEngine({
      name: `remote-jwks-${process.pid}-${++counter}`,
      seed: {
        account: { name: 'acct', plan: 'enterprise' },
        deployments: [{ id: 3, name: 'Lighthouse', jwksUrl: `${jwks.origin}${path}`, serviceTokenAuth: true }],
        users: [{ email: 'keeper@coast.test', role: 'admin' }],
        apiKeys: [{ key: 'coast-admin-key', userEmail: 'keeper@coast.test' }],
        agents: [{ id: 'lighthouse', deploymentId: 3 }],
      },
      agent: probeAgent,
      ...(remoteJwks && { remoteJwks }),
    });
  }
  const tooLarge = new RegExp(
    `^Could not load the deployment's JWKS: the response is larger than ${JWKS_MAX_BYTES} bytes \\(remoteJwks.maxBytes\\)$`,
  );

  for (const [path, how] of [
    ['/fast', 'at full speed'],
    ['/trickle', 'trickled 16 KB per 10 ms'],
    ['/declared', 'declared in Content-Length'],
    ['/gzip', 'gzip-compressed'],
  ] as const) {
    it(`a valid key set padded to 100 MB, ${how}: refused at once, memory flat`, async () => {
      const engine = await engineAt(path);
      try {
        const token = await chatToken({ sub: 'keeper', aud: 'deployment:3' }, key);
        const { result: answer, mb } = await peakRss(() => chatWith(engine, 'lighthouse', token));
        refused(answer, tooLarge);
        assert.ok(answer.ms < 1500, `${answer.ms.toFixed(0)} ms`);
        assert.ok(mb < 48, `resident memory rose ${mb.toFixed(1)} MB`);
        await new Promise((r) => setTimeout(r, 100));
        if (path !== '/gzip') assert.ok((sent[path] ?? 0) < 20 * MB, `the server sent ${sent[path]} bytes`);
        console.log(
          `${path}: refused in ${answer.ms.toFixed(0)} ms, rss +${mb.toFixed(1)} MB, ` +
            (path === '/gzip'
              ? `${gzipped.length} bytes gzipped`
              : `server wrote ${((sent[path] ?? 0) / MB).toFixed(2)} MB`),
        );
      } finally {
        await engine.close();
      }
    });
  }

  it('the timeout covers the body: a set trickling under the size cap is cut at the timeout', async () => {
    const engine = await engineAt('/slow-body', { timeoutMs: 400 });
    try {
      const answer = await chatWith(engine, 'lighthouse', await chatToken({ sub: 'keeper', aud: 'deployment:3' }, key));
      refused(answer, "Could not load the deployment's JWKS: the request timed out");
      assert.ok(answer.ms >= 350 && answer.ms < 1500, `${answer.ms.toFixed(0)} ms`);
    } finally {
      await engine.close();
    }
  });

  it('a key set under the cap is read; remoteJwks.maxBytes lowers the cap; a bad value is refused at creation', async () => {
    let engine = await engineAt('/padded-under-cap');
    try {
      accepted(await chatWith(engine, 'lighthouse', await chatToken({ sub: 'keeper', aud: 'deployment:3' }, key)));
    } finally {
      await engine.close();
    }
    engine = await engineAt('/padded-under-cap', { maxBytes: 64 * 1024 });
    try {
      refused(
        await chatWith(engine, 'lighthouse', await chatToken({ sub: 'keeper', aud: 'deployment:3' }, key)),
        "Could not load the deployment's JWKS: the response is larger than 65536 bytes (remoteJwks.maxBytes)",
      );
    } finally {
      await engine.close();
    }
    for (const maxBytes of [0, -1, 1.5, Number.NaN]) {
      await assert.rejects(engineAt('/padded-under-cap', { maxBytes }), {
        name: 'TypeError',
        message: `remoteJwks.maxBytes must be an integer ≥ 1, got ${maxBytes}`,
      });
    }
    await assert.rejects(
      engineAt('/padded-under-cap', { timeoutMs: -5 }),
      /remoteJwks.timeoutMs must be an integer ≥ 0/,
    );
  });
});
