// The CLI as a real process (`node --import tsx src/cli/run.ts serve …`): it serves a model and tables; a broken model
// exits 1 with its `file:line: message` lines; no request ends it (issue 30, finding 1); it answers only the Hosts
// naming it (finding 2, DNS rebinding); its keys come from the environment or are generated and printed once, the
// demo's public ones only with --demo.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { DEMO } from '../../src/engine/index.js';
import { SCREENINGS } from '../fixtures/cinema.js';
import { READINGS, writeGreenhouse } from '../fixtures/greenhouse.js';
import { head, rawRequest } from '../helpers/raw-http.js';

const root = new URL('../../', import.meta.url).pathname;

/** `serve` runs --ephemeral unless a test gives --state: tests never share a state folder. */
function run(args: string[], env: Record<string, string> = {}) {
  if (args[0] === 'serve' && !args.some((a) => /^--(state|ephemeral)\b/.test(a))) args = [...args, '--ephemeral'];
  const clean = { ...process.env };
  delete clean.SVC_ADMIN_KEY;
  delete clean.SVC_API_SECRET;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/run.ts', ...args], {
    cwd: root,
    env: { ...clean, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exit, out: () => out, err: () => err };
}

type Cli = ReturnType<typeof run>;

/** Waits for the start message; resolves with the base URL and port. */
async function started(cli: Cli): Promise<{ base: string; port: number }> {
  const begun = Date.now();
  while (!/on (http:\S+)/.test(cli.out()) || !/curl/.test(cli.out())) {
    if (cli.child.exitCode !== null) throw new Error(`exited ${cli.child.exitCode}: ${cli.err()}`);
    if (Date.now() - begun > 60_000) throw new Error(`no start message: ${cli.out()} ${cli.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const base = /on (http:\S+)/.exec(cli.out())![1];
  return { base, port: Number(new URL(base).port) };
}

async function stop(cli: Cli) {
  cli.child.kill();
  await cli.exit;
}

const meta = (base: string, key: string) =>
  fetch(`${base}/cubejs-api/v1/meta`, { headers: { authorization: `Bearer ${key}` } });

const loadCount = async (base: string, key: string) => {
  const response = await fetch(`${base}/cubejs-api/v1/load`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: { measures: ['readings.count'] } }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { data: Record<string, number>[] }).data[0]['readings.count'];
};

describe('svc-elements serve', () => {
  it('serves examples/model over examples/data with --demo and prints the demo keys', async () => {
    const cli = run(['serve', '--demo', '--model', 'examples/model', '--data', 'examples/data', '--port', '0']);
    try {
      const { base } = await started(cli);
      assert.match(cli.out(), /admin key: demo-admin-key \(the demo's, public: --demo\)/);
      assert.match(cli.out(), /screenings \(60 rows\)/);
      const response = await fetch(`${base}/cubejs-api/v1/load`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-admin-key', 'content-type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['box_office.tickets'] } }),
      });
      const body = (await response.json()) as { data: Record<string, number>[] };
      assert.equal(
        body.data[0]['box_office.tickets'],
        SCREENINGS.reduce((a, s) => a + s.seats_sold, 0),
      );
    } finally {
      await stop(cli);
    }
  });

  it('exits 1 with file:line lines for a broken model, serving nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    await writeFile(
      join(dir, 'broken.yml'),
      'cubes:\n  - name: shows\n    sql_table: nowhere\n    measures:\n      - name: count\n        type: count\n',
    );
    const cli = run(['serve', '--model', dir, '--data', 'examples/data', '--port', '0']);
    assert.equal(await cli.exit, 1);
    assert.equal(
      cli.err().trim(),
      `${join(dir, 'broken.yml')}:3: Cube shows: table nowhere does not exist (tables: cinemas, films, ratings, screenings, staff)`,
    );
    assert.equal(cli.out(), '');
  });

  it('exits 1 naming an unreadable data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-data-'));
    await cp(join(root, 'examples/data'), dir, { recursive: true });
    await writeFile(join(dir, 'bad.json'), '{"not": "an array"}');
    const cli = run(['serve', '--model', 'examples/model', '--data', dir, '--port', '0']);
    assert.equal(await cli.exit, 1);
    assert.match(cli.err(), /bad\.json:1: JSON: expected an array of objects/);
  });
});

describe('svc-elements serve without --demo: generated keys, guarded requests, allowed hosts', () => {
  let cli: Cli;
  let base: string;
  let port: number;
  let adminKey: string;

  before(async () => {
    const { model, data } = await writeGreenhouse();
    cli = run(['serve', '--model', model, '--data', data, '--port', '0', '--allowed-host', 'greenhouse.test']);
    ({ base, port } = await started(cli));
    adminKey = /export SVC_ADMIN_KEY=(\S+)/.exec(cli.out())![1];
  });

  after(() => stop(cli));

  it('generates an admin key and API secret, prints each once, and the key works', async () => {
    const secret = /export SVC_API_SECRET=(\S+)/.exec(cli.out())![1];
    for (const value of [adminKey, secret]) {
      assert.match(value, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
      assert.equal((cli.out() + cli.err()).split(value).length - 1, 1, 'printed exactly once');
    }
    assert.match(
      cli.out(),
      /curl -s http:\/\/127\.0\.0\.1:\d+\/cubejs-api\/v1\/meta -H "Authorization: Bearer \$SVC_ADMIN_KEY"/,
    );
    assert.equal((await meta(base, adminKey)).status, 200);
    assert.equal(await loadCount(base, adminKey), READINGS.length);
  });

  it("refuses every one of the demo's public keys", async () => {
    for (const key of [DEMO.adminKey, DEMO.deploymentKey, DEMO.developerKey, DEMO.analystKey, DEMO.viewerKey]) {
      const response = await meta(base, key);
      assert.equal(response.status, 401, key);
      assert.deepEqual(await response.json(), { error: 'Invalid API key' });
    }
    assert.doesNotMatch(cli.out(), /demo-admin-key/);
  });

  it('answers each malformed Host of finding 1 with 400 and goes on answering', async () => {
    for (const host of ['', 'a b', '[', '127.0.0.1:99999', 'x:y:z', '%zz', 'u:p@127.0.0.1', '999.1.1.1']) {
      const res = await rawRequest(port, head('GET', '/cubejs-api/v1/meta', [['Host', host]]));
      assert.equal(res.status, 400, `Host ${JSON.stringify(host)}: ${res.body}`);
      assert.match((JSON.parse(res.body) as { error: string }).error, /Host header/);
      assert.equal(cli.child.exitCode, null, `still running after Host ${JSON.stringify(host)}`);
      assert.equal((await meta(base, adminKey)).status, 200);
    }
    const trace = await rawRequest(port, head('TRACE', '/', [['Host', `127.0.0.1:${port}`]]));
    assert.equal(trace.status, 405);
    assert.equal(cli.child.exitCode, null);
    assert.equal(cli.err(), '', 'nothing went wrong inside');
  });

  it('refuses a rebound Host 421 and answers localhost, the bound address and --allowed-host', async () => {
    const get = (host: string) =>
      rawRequest(
        port,
        head('GET', '/cubejs-api/v1/meta', [
          ['Host', host],
          ['Authorization', `Bearer ${adminKey}`],
        ]),
      );
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`]) {
      const res = await get(host);
      assert.equal(res.status, 421, host);
      assert.match((JSON.parse(res.body) as { error: string }).error, /guard against DNS rebinding/);
      assert.doesNotMatch(res.body, /cubes/, 'no part of the model');
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'greenhouse.test', `greenhouse.test:${port}`])
      assert.equal((await get(host)).status, 200, host);
    assert.match(cli.out(), new RegExp(`answers Host 127\\.0\\.0\\.1:${port}, localhost:${port}, greenhouse\\.test;`));
  });
});

describe('svc-elements serve with SVC_ADMIN_KEY and SVC_API_SECRET', () => {
  const env = {
    SVC_ADMIN_KEY: 'greenhouse-admin-key-0123',
    SVC_API_SECRET: 'greenhouse-secret-0123456789-abcdefghijkl',
  };
  let cli: Cli;
  let base: string;

  before(async () => {
    const { model, data } = await writeGreenhouse();
    cli = run(['serve', '--model', model, '--data', data, '--port', '0'], env);
    ({ base } = await started(cli));
  });

  after(() => stop(cli));

  it('uses them without printing them', async () => {
    assert.match(cli.out(), /admin key: from SVC_ADMIN_KEY\n\s+API secret: from SVC_API_SECRET/);
    assert.doesNotMatch(cli.out(), /greenhouse-admin-key|greenhouse-secret|export /);
    assert.equal(await loadCount(base, env.SVC_ADMIN_KEY), READINGS.length);
    assert.equal((await meta(base, DEMO.adminKey)).status, 401);
  });

  it("verifies chat tokens with SVC_API_SECRET, not the demo's secret", async () => {
    const chat = async (secret: string) => {
      const token = await new SignJWT({ externalId: 'grower-1', scope: ['chat'], deploymentId: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
      const response = await fetch(
        `${base}/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`,
        { method: 'POST', headers: { 'x-service-auth-token': token, 'content-type': 'application/json' }, body: '{}' },
      );
      return (await response.text()).split('\n')[0];
    };
    assert.match(await chat(env.SVC_API_SECRET), /"state"/);
    assert.match(await chat(DEMO.apiSecret), /^\{"jsonrpc":"2\.0","error"/);
  });
});
