// `svc-elements serve --state <dir>` keeps the engine's state across restarts and crashes (issue 36, items 1–2): ten
// rounds of `kill -9` while workbooks are upserted and chats answered at once, each followed by a start on the same
// folder and a check that every acknowledged write is there and the store opens; the keys a folder was created with
// are the ones it answers (generated ones kept, others refused, saying so); a command line with a mistake leaves no
// folder behind. Real processes, real sockets, the greenhouse model (not the demo's).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { DEMO } from '../../src/engine/index.js';
import { writeGreenhouse } from '../fixtures/greenhouse.js';
import { runCli, started } from './cli-process.js';

const env = {
  SVC_ADMIN_KEY: 'greenhouse-admin-key-0123',
  SVC_API_SECRET: 'greenhouse-secret-0123456789-abcdefghijkl',
};
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-serve-state-'));
  folders.push(dir);
  return join(dir, 'state');
};
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function serve(state: string, keys: Record<string, string> = env) {
  const { model, data } = await writeGreenhouse();
  const cli = runCli(['serve', '--model', model, '--data', data, '--port', '0', '--state', state], keys);
  return { cli, base: await started(cli) };
}

const chatToken = () =>
  new SignJWT({ externalId: 'grower-7', scope: ['chat'], deploymentId: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(env.SVC_API_SECRET));

const admin = { authorization: `Bearer ${env.SVC_ADMIN_KEY}`, 'content-type': 'application/json' };

/** Upserts workbook `slug`; resolves with its id once the whole answer arrived (acknowledged), else undefined. */
async function upsert(base: string, slug: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${base}/api/v1/deployments/1/workbooks/by-slug/${slug}`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ name: `Bed ${slug}` }),
    });
    if (response.status !== 200 && response.status !== 201) return undefined;
    return ((await response.json()) as { id: number }).id;
  } catch {
    return undefined; // the server died under it: not acknowledged
  }
}

/** Asks on `chatId` (a new thread without); resolves with the thread's id at its `__state__` line, else undefined. */
async function ask(base: string, input: string, chatId?: string) {
  try {
    const response = await fetch(
      `${base}/api/v1/public/${DEMO.accountName}/agents/${DEMO.agentId}/chat/stream-chat-state`,
      {
        method: 'POST',
        headers: { 'x-service-auth-token': await chatToken(), 'content-type': 'application/json' },
        body: JSON.stringify({ input, ...(chatId && { chatId }) }),
      },
    );
    if (response.status !== 200) return undefined;
    let id: string | undefined = chatId;
    for (const line of (await response.text()).trim().split('\n')) {
      const message = JSON.parse(line) as {
        id?: string;
        state?: { chatId?: string; messages?: { role: string; content?: string }[] };
      };
      id ??= message.state?.chatId; // the first line names the thread
      if (message.id === '__state__' && id) return { chatId: id, messages: message.state?.messages ?? [] };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

describe('serve --state', () => {
  it('10 rounds of kill -9 during upserts and chats: every acknowledged write is there after a start', async () => {
    const state = folder();
    const workbooks = new Map<string, number>();
    const threads = new Map<string, string>(); // chatId → question
    for (let round = 0; round < 10; round++) {
      const { cli, base } = await serve(state);
      // What earlier rounds acknowledged is all there, and the store takes writes.
      for (const [slug, id] of workbooks) {
        const response = await fetch(`${base}/api/v1/deployments/1/workbooks/${id}`, { headers: admin });
        assert.equal(response.status, 200, `round ${round}: workbook ${slug} (${id}) is gone`);
        assert.equal(((await response.json()) as { name: string }).name, `Bed ${slug}`);
      }
      for (const [chatId, question] of [...threads].slice(-3)) {
        const kept = await ask(base, 'and still?', chatId);
        assert.ok(
          kept?.messages.some((m) => m.role === 'user' && m.content === question),
          `round ${round}: thread ${chatId} lost "${question}"`,
        );
      }
      // Writes at once, then a kill -9 at a moment that varies from round to round (counted from the round's first
      // acknowledged write: a loaded machine can take a while to answer the first request of a process).
      let stop = false;
      let acknowledged: () => void = () => {};
      const first = new Promise<void>((resolve) => (acknowledged = resolve));
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const slug = `r${round}-w${w}-${i}`;
          const id = await upsert(base, slug);
          if (id !== undefined) {
            workbooks.set(slug, id);
            acknowledged();
          }
        }
      });
      let answered: () => void = () => {};
      const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
      const chats = (async () => {
        for (let i = 0; !stop; i++) {
          const question = `how many readings, round ${round}, ${i}?`;
          const reply = await ask(base, question);
          if (reply) {
            threads.set(reply.chatId, question);
            answered();
          }
        }
      })();
      // Every other round waits for a chat's answer too, so answered turns are killed under as well.
      await Promise.all([first, round % 2 === 0 && firstAnswer]);
      await new Promise((resolve) => setTimeout(resolve, 50 + ((round * 137) % 400)));
      cli.child.kill('SIGKILL');
      await cli.exit;
      stop = true;
      await Promise.all([...writers, chats]);
    }
    assert.ok(workbooks.size >= 10, `only ${workbooks.size} upserts were acknowledged in 10 rounds`);
    assert.ok(threads.size >= 5, `only ${threads.size} chats were answered in 10 rounds`);
    // The last round's writes, after one more start.
    const { cli, base } = await serve(state);
    for (const [slug, id] of workbooks) {
      const response = await fetch(`${base}/api/v1/deployments/1/workbooks/${id}`, { headers: admin });
      assert.equal(response.status, 200, `workbook ${slug} (${id}) is gone after the last kill`);
    }
    cli.child.kill('SIGTERM');
    assert.deepEqual(await cli.exit, { code: 0, signal: null });
  });

  it('keeps generated keys (readable by their owner only) and answers no others; bad input leaves no folder', async () => {
    const state = folder();
    const first = await serve(state, {});
    const key = /SVC_ADMIN_KEY=(\S+)/.exec(first.cli.out())![1];
    first.cli.child.kill('SIGTERM');
    await first.cli.exit;
    assert.equal(statSync(join(state, 'credentials.json')).mode & 0o777, 0o600);
    assert.equal(
      (JSON.parse(readFileSync(join(state, 'credentials.json'), 'utf8')) as { adminKey: string }).adminKey,
      key,
    );

    const second = await serve(state, {});
    assert.match(second.cli.out(), /admin key: as first started, kept in .*credentials\.json/);
    assert.doesNotMatch(second.cli.out(), /SVC_ADMIN_KEY=/, 'a kept key is not printed again');
    const meta = await fetch(`${second.base}/cubejs-api/v1/meta`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(meta.status, 200);
    second.cli.child.kill('SIGTERM');
    await second.cli.exit;

    const other = runCli(['serve', '--demo', '--port', '0', '--state', state]);
    assert.equal((await other.exit).code, 2);
    assert.match(other.err(), /The demo's admin key is not the admin key .* was created with/);

    const fresh = folder();
    const typo = runCli(['serve', '--model', '/nonexistent/model', '--data', '/nonexistent/data', '--state', fresh]);
    assert.equal((await typo.exit).code, 1);
    assert.equal(existsSync(fresh), false, 'a command line with a mistake leaves no state folder');
    const both = runCli(['serve', '--demo', '--state', fresh, '--ephemeral']);
    assert.equal((await both.exit).code, 2);
    assert.match(both.err(), /--state and --ephemeral disagree/);
  });

  it('a second server on the same folder is refused, saying the folder is in use', async () => {
    const state = folder();
    const first = await serve(state);
    const second = runCli(['serve', '--demo', '--port', '0', '--state', state], {});
    const { code } = await second.exit;
    // The demo's keys are not the folder's: refused before the store is even opened; with the folder's keys, the lock.
    assert.equal(code, 2);
    const { model, data } = await writeGreenhouse();
    const third = runCli(['serve', '--model', model, '--data', data, '--port', '0', '--state', state], env);
    assert.equal((await third.exit).code, 1);
    assert.match(third.err(), /in use by another process/);
    first.cli.child.kill('SIGTERM');
    assert.deepEqual(await first.cli.exit, { code: 0, signal: null });
  });
});
