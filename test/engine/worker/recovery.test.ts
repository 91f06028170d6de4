// A dead engine worker is noticed and replaced: ended by the browser without an error event (terminate(), as a crash
// or a kill under memory pressure looks to the page) or with one, the calls it had end at once with a clear error —
// one whose request body was still being read too, and a chat stream with an error line and the thread's state — and
// the next call starts a new worker on the same store. Greenhouse data (greenhouse.ts), not the demo's.
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import { DEMO, type LocalEngine } from '../../../src/engine/index.js';
import { liveWorkers, setLiveness } from '../../../src/engine/worker/client.js';
import { deleteDatabase } from '../helpers.js';
import { BASE, MODES, chatRequest, messageId, open, type Mode } from './greenhouse.js';

const ADMIN = { Authorization: `Bearer ${DEMO.adminKey}`, 'Content-Type': 'application/json' };
const upsert = (engine: LocalEngine, slug: string, name: string) =>
  engine.fetch(
    new Request(`${BASE}/api/v1/deployments/1/workbooks/by-slug/${slug}`, {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ name }),
    }),
  );
const workbook = (engine: LocalEngine, id: number) =>
  engine.fetch(new Request(`${BASE}/api/v1/deployments/1/workbooks/${id}`, { headers: ADMIN }));
const loadOnce = (engine: LocalEngine, init: RequestInit = {}) =>
  engine.fetch(
    new Request(`${BASE}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ query: { measures: ['readings.count'], dimensions: ['readings.house'] } }),
      ...init,
    }),
  );
/** A load, asked again while it answers "Continue wait" (as Cube's clients do); the first answer when it fails. */
async function load(engine: LocalEngine, init: RequestInit = {}): Promise<Response> {
  for (;;) {
    const response = await loadOnce(engine, init);
    if (response.status !== 200 || !(await response.clone().text()).includes('Continue wait')) return response;
  }
}
/** What the tests read of JSON answers: a workbook, a load's rows, an error. */
interface Answer {
  id: number;
  name: string;
  data: unknown[];
  error: string;
}
const json = (response: Response) => response.json() as Promise<Answer>;
const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: string; error?: string; state?: { messages?: unknown[]; chatId?: string } });

/** Starts an engine in its worker and returns it with a function that ends its current worker as the browser would. */
async function started(names: string[], mode: Mode = { label: 'worker', worker: true }) {
  const before = new Set(liveWorkers);
  const { engine, name } = await open(mode);
  names.push(name);
  const mine = new Set([...liveWorkers].filter((w) => !before.has(w)));
  /** terminate(): no error event, as a worker the browser killed. Returns when it happened. */
  const kill = () => {
    const current = [...liveWorkers].filter((w) => !before.has(w) || mine.has(w));
    expect(current.length, 'one live engine worker').to.equal(1);
    current[0].terminate();
    return performance.now();
  };
  return { engine, kill };
}

/** Whether this browser sends a ReadableStream as a request body (the usual feature test). */
function requestStreams(): boolean {
  let duplex = false;
  try {
    const typed = new Request(`${BASE}/x`, {
      method: 'POST',
      body: new ReadableStream(),
      get duplex() {
        duplex = true;
        return 'half';
      },
    } as RequestInit).headers.has('Content-Type');
    return duplex && !typed;
  } catch {
    return false;
  }
}

/** Time until `promise` settles, from `since`. */
async function settledAfter<T>(
  promise: Promise<T>,
  since: () => number,
): Promise<{ value?: T; error?: Error; ms: number }> {
  try {
    const value = await promise;
    return { value, ms: performance.now() - since() };
  } catch (error) {
    return { error: error as Error, ms: performance.now() - since() };
  }
}

describe('a dead engine worker is noticed and replaced', function () {
  // A hang guard, not a speed bound (the bounds are the 2 s checks): each round starts a worker and its DuckDB twice,
  // 6–8 s a round in Firefox on a loaded 2-core machine, where 40 s cut the third round short.
  this.timeout(90_000);
  const names: string[] = [];
  after(async () => {
    setLiveness({});
    for (const n of names) await deleteDatabase(n);
  });

  it('killed mid-call without an error event: the calls fail within 2 s, the next ones start a worker on the same store', async () => {
    const { engine, kill } = await started(names);
    const created = await json(await upsert(engine, 'seedlings', 'Seedlings'));
    expect(created.name).to.equal('Seedlings');
    // The first worker imported the data (its DuckDB runs): killed while idle, nothing was watching a call; the next
    // call starts a new worker all the same.
    kill();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let round = 0; round < 3; round++) {
      // A new worker that has started, its DuckDB not yet.
      expect((await workbook(engine, created.id)).status).to.equal(200);
      // In flight at the death: a data load (its DuckDB starting or running) and a method call.
      const inFlight = loadOnce(engine);
      const method = engine.tables();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const killedAt = kill();
      const answer = await settledAfter(inFlight, () => killedAt);
      const call = await settledAfter(method, () => killedAt);
      console.log(`round ${round}: the load answered ${answer.ms.toFixed(0)} ms after the death`);
      // Each worker starts its DuckDB on its first load (a second or so): the load is in flight at the death.
      expect(answer.value!.status).to.equal(503);
      expect((await json(answer.value!)).error).to.match(/The local engine's worker stopped: .*next call starts it/);
      expect(answer.ms).to.be.lessThan(2000);
      // tables() may have been answered before the death; if not, it failed with the 503 ApiError.
      if (call.error) {
        expect(call.error).to.be.instanceOf(ApiError);
        expect((call.error as ApiError).status).to.equal(503);
        expect(call.ms).to.be.lessThan(2000);
      }
      // The next calls: a new worker on the same store — the workbook is there, the data too.
      const again = await workbook(engine, created.id);
      expect(again.status).to.equal(200);
      expect((await json(again)).name).to.equal('Seedlings');
      const rows = await json(await load(engine));
      expect(rows.data.length, JSON.stringify(rows)).to.equal(3);
      expect((await engine.tables()).map((t) => t.name)).to.include('readings');
      expect((await json(await upsert(engine, 'seedlings', 'Seedlings, potted'))).id).to.equal(created.id);
      await upsert(engine, 'seedlings', 'Seedlings');
      kill(); // idle again
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await engine.close();
    expect((await load(engine)).status).to.equal(503);
  });

  it('a call whose request body is still being read when the worker dies fails with the error', async () => {
    const { engine, kill } = await started(names);
    // A big body: read after the call was made, while the worker is killed.
    const big = new Uint8Array(32 << 20).fill(32);
    const pending = engine.fetch(
      new Request(`${BASE}/api/v1/deployments/1/workbooks/by-slug/bulky`, { method: 'PUT', headers: ADMIN, body: big }),
    );
    const killedAt = kill();
    const answer = await settledAfter(pending, () => killedAt);
    expect(answer.value!.status).to.equal(503);
    expect(answer.ms).to.be.lessThan(2000);
    // A body that never ends (streams as request bodies: Chromium): the call is answered all the same.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const init = { method: 'PUT', headers: ADMIN, body: endless, duplex: 'half' } as RequestInit;
    if (requestStreams()) {
      expect((await upsert(engine, 'before', 'Before')).status).to.be.oneOf([200, 201]); // a new worker, started
      const forever = engine.fetch(new Request(`${BASE}/api/v1/deployments/1/workbooks/by-slug/endless`, init));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const at = kill();
      const cut = await settledAfter(forever, () => at);
      expect(cut.value!.status).to.equal(503);
      expect(cut.ms).to.be.lessThan(2000);
    }
    expect((await upsert(engine, 'after', 'After')).status).to.be.oneOf([200, 201]);
    await engine.close();
  });

  for (const mode of MODES.filter((m) => m.worker)) {
    it(`a chat stream cut mid-way ends with an error line and the thread's state (${mode.label})`, async () => {
      const { engine, kill } = await started(names, mode);
      // A first turn, stored.
      const first = lines(await (await engine.fetch(chatRequest('readings by house', messageId()))).text());
      const chatId = first[0].state!.chatId!;
      const stored = first.at(-1)!;
      expect(stored.id).to.equal('__state__');
      // The second is cut after its first line, while a new worker's DuckDB starts for its query (the first worker is
      // ended while idle, so the answer cannot be done and stored before the cut).
      kill();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const request = chatRequest('readings by house', messageId());
      const body = JSON.parse(await request.clone().text()) as Record<string, unknown>;
      const response = await engine.fetch(new Request(request, { body: JSON.stringify({ ...body, chatId }) }));
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('\n')) text += decoder.decode((await reader.read()).value, { stream: true });
      const killedAt = kill();
      let errorAt: number | undefined;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (errorAt === undefined && text.includes('"error"')) errorAt = performance.now() - killedAt;
      }
      const got = lines(text);
      const error = got.find((l) => l.error !== undefined);
      expect(error?.error, text).to.match(/The local engine's worker stopped/);
      expect(errorAt).to.be.lessThan(2000);
      const last = got.at(-1)!;
      expect(last.id, text).to.equal('__state__');
      // The state is the thread as kept: the first turn (the cut one was never stored).
      expect(last.state!.messages).to.deep.equal(stored.state!.messages);
      // The thread takes the next question.
      const next = lines(
        await (
          await engine.fetch(
            new Request(request, { body: JSON.stringify({ ...body, chatId, messageId: messageId() }) }),
          )
        ).text(),
      );
      expect(next.at(-1)!.id).to.equal('__state__');
      expect(next.at(-1)!.state!.messages!.length).to.be.greaterThan(stored.state!.messages!.length);
      await engine.close();
    });
  }

  it('an error event (an uncaught error in the worker): later calls start a new worker rather than answer 503', async () => {
    const { engine } = await started(names);
    const created = await json(await upsert(engine, 'errored', 'Errored'));
    for (let round = 0; round < 2; round++) {
      const [worker] = [...liveWorkers].slice(-1);
      const failed = new Promise((resolve) => worker.addEventListener('error', resolve, { once: true }));
      worker.postMessage(null); // the worker's message handler throws: an error event in the page
      await failed;
      const again = await workbook(engine, created.id);
      expect(again.status).to.equal(200);
      expect((await json(again)).name).to.equal('Errored');
    }
    await engine.close();
  });

  it('without Web Locks the heartbeat notices a silent death while calls are in flight (and not when idle)', async () => {
    setLiveness({ noLocks: true, heartbeat: { intervalMs: 200, timeoutMs: 1000 } });
    try {
      const { engine, kill } = await started(names);
      const created = await json(await upsert(engine, 'beating', 'Beating'));
      // Killed while idle: nothing is sent to an idle worker, so the next call is the first to wait for an answer.
      let killedAt = kill();
      const first = await settledAfter(workbook(engine, created.id), () => killedAt);
      console.log(`heartbeat: a call to a worker dead while idle answered ${first.ms.toFixed(0)} ms after the death`);
      expect(first.value!.status).to.equal(503);
      expect((await json(first.value!)).error).to.match(/did not answer for 1000 ms \(heartbeat\)/);
      expect((await json(await workbook(engine, created.id))).name).to.equal('Beating');
      // In flight: a load on the new worker (its DuckDB starting).
      const inFlight = loadOnce(engine);
      await new Promise((resolve) => setTimeout(resolve, 30));
      killedAt = kill();
      const answer = await settledAfter(inFlight, () => killedAt);
      console.log(`heartbeat: a load in flight answered ${answer.ms.toFixed(0)} ms after the death`);
      expect(answer.value!.status).to.equal(503);
      expect(answer.ms).to.be.lessThan(2000);
      expect((await json(await workbook(engine, created.id))).name).to.equal('Beating');
      expect((await json(await load(engine))).data.length).to.equal(3);
      await engine.close();
    } finally {
      setLiveness({});
    }
  });
});
