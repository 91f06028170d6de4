// The engine in its worker: abort reaches it, startup errors are the in-page ones, the page's functions are called
// back, agents made from plain options are made again there, close() ends it.
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import {
  createLocalEngine,
  createOpenAiCompatibleAgent,
  DEMO,
  LocalEngineUnavailableError,
  ModelError,
  type LocalEngineOptions,
} from '../../../src/engine/index.js';
import { setWorkerUrl } from '../../../src/engine/worker/client.js';
import { deleteDatabase } from '../helpers.js';
import { BASE, CHAT_URL, chatRequest, messageId, open, rejection } from './greenhouse.js';

describe('local engine in its worker: abort, errors at startup, options, close', function () {
  this.timeout(120_000);
  const names: string[] = [];
  after(async () => {
    for (const n of names) await deleteDatabase(n);
  });
  const start = async (extra: Partial<LocalEngineOptions> = {}) => {
    const opened = await open({ label: 'worker', worker: true }, extra);
    names.push(opened.name);
    return opened.engine;
  };

  it('aborting the signal rejects a pending fetch and errors a streaming body, as fetch does', async () => {
    const engine = await start();
    const early = new AbortController();
    const pending = engine.fetch(chatRequest('temperature by house', messageId(), { signal: early.signal }));
    early.abort(new DOMException('stop', 'AbortError'));
    expect(((await rejection(pending)) as DOMException).name).to.equal('AbortError');
    const late = new AbortController();
    const response = await engine.fetch(chatRequest('temperature by house', messageId(), { signal: late.signal }));
    const reader = response.body!.getReader();
    expect((await reader.read()).done).to.equal(false);
    late.abort(new DOMException('stop', 'AbortError'));
    expect(((await rejection(reader.read())) as DOMException).name).to.equal('AbortError');
    await engine.close();
  });

  it('rejects createLocalEngine with the in-page error: a model with problems is a ModelError with its problems', async () => {
    for (const worker of [false, true]) {
      const name = `svc-worker-bad-${worker}-${Date.now()}`;
      names.push(name);
      const error = await rejection(
        createLocalEngine({
          name,
          worker,
          model: { 'cubes/x.yml': 'cubes:\n  - name: x\n    sql_table: missing\n' },
          data: {},
        }),
      );
      expect(error, `worker: ${worker}`).to.be.instanceOf(ModelError);
      expect((error as ModelError).file).to.equal('cubes/x.yml');
      expect((error as ModelError).problems.length).to.be.greaterThan(0);
    }
  });

  it('progress events and checkChatToken calls come back to the page', async () => {
    const progress: string[] = [];
    const asked: string[] = [];
    const engine = await start({
      onProgress: (p) => progress.push(p.phase),
      checkChatToken: (token) => {
        asked.push(token);
        if (token === 'good') return { externalId: 'grower', scope: ['chat'], deploymentId: DEMO.deploymentId };
        throw new Error('not this one');
      },
    });
    const ask = (token: string) =>
      engine.fetch(
        new Request(CHAT_URL, {
          method: 'POST',
          headers: { 'X-Service-Auth-Token': token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: 'readings by house', messageId: messageId() }),
        }),
      );
    const good = await (await ask('good')).text();
    expect(good).to.contain('__cutoff__');
    const bad = await (await ask('bad')).text();
    expect(bad).to.contain('not this one');
    expect(asked).to.deep.equal(['good', 'bad']);
    expect(progress).to.include('duckdb');
    await engine.close();
  });

  it('an agent made by createOpenAiCompatibleAgent runs in the worker; worker: true refuses functions', async () => {
    const agent = createOpenAiCompatibleAgent({ baseUrl: 'http://127.0.0.1:9/v1', model: 'none' });
    const engine = await start({ agent });
    const answer = await (await engine.fetch(chatRequest('anything', messageId()))).text();
    expect(answer).to.match(/"error":"[^"]+"/); // the agent ran in the worker, and found no endpoint there
    await engine.close();
    const refused = await rejection(createLocalEngine({ worker: true, now: () => 0 }));
    expect(refused).to.be.instanceOf(TypeError);
    expect(refused.message).to.match(/worker: true cannot take now/);
  });

  it('says where it runs: its worker by default, the page with worker: false', async () => {
    const engine = await start();
    expect(engine.runsIn).to.equal('worker');
    await engine.close();
    const name = `svc-worker-page-${Date.now()}`;
    names.push(name);
    const inPage = await createLocalEngine({ name, worker: false });
    expect(inPage.runsIn).to.equal('page');
    await inPage.close();
  });

  it('close() ends the worker: fetch answers 503, the methods reject with the 503 ApiError', async () => {
    const engine = await start();
    await engine.close();
    expect((await engine.fetch(new Request(`${BASE}/api/v1/deployments`))).status).to.equal(503);
    const error = await rejection(engine.tables());
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(503);
  });

  it('a worker script that does not load: the default runs in the page and warns, worker: true rejects', async () => {
    setWorkerUrl(new URL('./no-such-engine-worker.js', import.meta.url));
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args[0]);
    try {
      const refused = await rejection(createLocalEngine({ name: 'svc-worker-never', worker: true }));
      expect(refused).to.be.instanceOf(LocalEngineUnavailableError);
      expect(refused.message).to.match(/worker's script did not load/);
      const name = `svc-worker-fallback-${Date.now()}`;
      names.push(name);
      const engine = await createLocalEngine({ name, seed: 'demo' });
      const ok = await engine.fetch(
        new Request(`${BASE}/api/v1/deployments`, { headers: { Authorization: `Bearer ${DEMO.adminKey}` } }),
      );
      expect(ok.status).to.equal(200);
      expect(String(warned[0])).to.match(/worker did not load .* runs in this page instead/);
      expect(engine.runsIn, 'the engine says where it runs, for a host to show').to.equal('page');
      await engine.close();
    } finally {
      setWorkerUrl(undefined);
      console.warn = warn;
    }
  });
});
