// SIGINT/SIGTERM stop `svc-elements serve` gracefully (issue 36, item 4): a chat stream open at the signal ends with
// its `__state__` line, a request being answered finishes, new connections are refused, the process exits 0 within
// the bound; idle, it exits 0 at once; a second signal exits at once.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { DEMO } from '../../src/engine/index.js';
import { writeGreenhouse } from '../fixtures/greenhouse.js';
import { runCli, started, type Cli } from './cli-process.js';

const env = {
  SVC_ADMIN_KEY: 'greenhouse-admin-key-0123',
  SVC_API_SECRET: 'greenhouse-secret-0123456789-abcdefghijkl',
};

async function chatToken(): Promise<string> {
  return new SignJWT({ externalId: 'grower-2', scope: ['chat'], deploymentId: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(env.SVC_API_SECRET));
}

async function serve(extra: string[] = []): Promise<{ cli: Cli; base: string }> {
  const { model, data } = await writeGreenhouse();
  const cli = runCli(['serve', '--model', model, '--data', data, '--port', '0', ...extra], env);
  return { cli, base: await started(cli) };
}

/** Posts a question; resolves once the first line of the stream arrived, with a reader of the rest. */
async function ask(base: string, input: string) {
  const response = await fetch(
    `${base}/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`,
    {
      method: 'POST',
      headers: { 'x-service-auth-token': await chatToken(), 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    },
  );
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const rest = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { first: text, rest };
}

/** A /load whose body is sent in two parts: the first now, the rest when `finish` is called. */
function slowLoad(base: string) {
  const body = JSON.stringify({ query: { measures: ['readings.count'] } });
  const req = request(`${base}/cubejs-api/v1/load`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.SVC_ADMIN_KEY}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  req.write(body.slice(0, 10));
  req.flushHeaders();
  return { answer, finish: () => req.end(body.slice(10)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('svc-elements serve stops gracefully on SIGINT/SIGTERM', () => {
  it('exits 0 at once when idle (SIGTERM and SIGINT)', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { cli, base } = await serve();
      assert.equal(
        (await fetch(`${base}/cubejs-api/v1/meta`, { headers: { authorization: `Bearer ${env.SVC_ADMIN_KEY}` } }))
          .status,
        200,
      );
      const begun = Date.now();
      cli.child.kill(signal);
      assert.deepEqual(await cli.exit, { code: 0, signal: null }, cli.err());
      const ms = Date.now() - begun;
      assert.ok(ms < 3000, `${signal}: exited in ${ms} ms`);
      assert.match(cli.out(), new RegExp(`${signal}, stopping[\\s\\S]*stopped in \\d+ ms\\n`));
      assert.equal(cli.err(), '');
    }
  });

  describe('with a chat stream open', () => {
    let cli: Cli;
    let base: string;
    before(async () => ({ cli, base } = await serve()));
    after(() => cli.child.kill('SIGKILL'));

    it('ends the stream with its __state__ line, refuses new connections, and exits 0 within the bound', async () => {
      // Answered before the signal: the same question, to compare.
      const whole = await (await ask(base, 'average celsius by sensor')).rest;
      const lines = (text: string) =>
        text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.ok(lines(whole).at(-1)!.state, whole);

      const open = await ask(base, 'how many readings by sensor?');
      const begun = Date.now();
      cli.child.kill('SIGTERM');
      const text = await open.rest;
      const last = lines(text).at(-1)!;
      assert.equal(last.id, '__state__', text);
      const messages = (last.state as { messages: { role: string }[] }).messages;
      assert.ok(
        messages.some((m) => m.role === 'user'),
        'the question is stored in the final state',
      );
      assert.ok(!lines(text).some((l) => 'error' in l), text);
      assert.deepEqual(await cli.exit, { code: 0, signal: null }, cli.err());
      const ms = Date.now() - begun;
      assert.ok(ms < 10_000, `exited in ${ms} ms`);
      await assert.rejects(fetch(`${base}/cubejs-api/v1/meta`), 'no new connection after the stop');
      assert.equal(cli.err(), '');
    });
  });

  it('lets a request being answered finish, refusing new connections meanwhile', async () => {
    const { cli, base } = await serve();
    const slow = slowLoad(base);
    await sleep(300);
    cli.child.kill('SIGTERM');
    await sleep(300);
    await assert.rejects(fetch(`${base}/cubejs-api/v1/meta`), 'no new connection during the stop');
    slow.finish();
    const { status, body } = await slow.answer;
    assert.equal(status, 200, body);
    assert.deepEqual((JSON.parse(body) as { data: unknown }).data, [{ 'readings.count': 48 }]);
    assert.deepEqual(await cli.exit, { code: 0, signal: null }, cli.err());
  });

  it('cuts what is still open at --shutdown-grace, and exits at once on a second signal', async () => {
    {
      const { cli, base } = await serve(['--shutdown-grace', '1']);
      const slow = slowLoad(base); // never finished
      await sleep(300);
      const begun = Date.now();
      cli.child.kill('SIGTERM');
      assert.deepEqual(await cli.exit, { code: 0, signal: null }, cli.err());
      const ms = Date.now() - begun;
      assert.ok(ms >= 900 && ms < 5000, `exited ${ms} ms after the signal`);
      assert.match(cli.out(), /stopped in \d+ ms, 1 requests cut at the bound/);
      await assert.rejects(slow.answer);
    }
    {
      const { cli, base } = await serve();
      slowLoad(base);
      await sleep(300);
      cli.child.kill('SIGTERM');
      await sleep(300);
      const begun = Date.now();
      cli.child.kill('SIGINT');
      assert.deepEqual(await cli.exit, { code: 130, signal: null }, cli.err());
      assert.ok(Date.now() - begun < 3000);
    }
  });
});
