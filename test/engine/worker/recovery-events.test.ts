// A dead engine worker, continued from recovery.test.ts: a chat stream cut mid-way by the death ends with an error
// line and the thread's state, an error event (an uncaught error in the worker) starts a new worker rather than
// answering 503, and without Web Locks a heartbeat notices a silent death while calls are in flight.
import { expect } from '@open-wc/testing';
import { liveWorkers, setLiveness } from '../../../src/engine/worker/client.js';
import { deleteDatabase } from '../helpers.js';
import { MODES, chatRequest, messageId } from './greenhouse.js';
import { json, lines, load, loadOnce, settledAfter, started, upsert, workbook } from './recovery-helpers.js';

describe('a dead engine worker: streams, error events, heartbeats', function () {
  // A hang guard, not a speed bound (the bounds are the 2 s checks): each test starts a worker and its DuckDB twice.
  this.timeout(90_000);
  const names: string[] = [];
  after(async () => {
    setLiveness({});
    for (const n of names) await deleteDatabase(n);
  });

  for (const mode of MODES.filter((m) => m.worker)) {
    it(`a chat stream cut mid-way ends with an error line and the thread's state (${mode.label})`, async () => {
      const { engine, kill, killIdle } = await started(names, mode);
      // A first turn, stored.
      const first = lines(await (await engine.fetch(chatRequest('readings by house', messageId()))).text());
      const chatId = first[0].state!.chatId!;
      const stored = first.at(-1)!;
      expect(stored.id).to.equal('__state__');
      // The second is cut after its first line, while a new worker's DuckDB starts for its query (the first worker is
      // ended while idle, so the answer cannot be done and stored before the cut).
      await killIdle();
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
    // 2.5 s of silence is death (the default is 6 s): with 1 s, a live worker starting its DuckDB in WebKit beside a
    // loaded CI run was taken for dead.
    setLiveness({ noLocks: true, heartbeat: { intervalMs: 200, timeoutMs: 2500 } });
    try {
      const { engine, kill } = await started(names);
      const created = await json(await upsert(engine, 'beating', 'Beating'));
      // Killed while idle: nothing is sent to an idle worker, so the next call is the first to wait for an answer.
      let killedAt = kill();
      const first = await settledAfter(workbook(engine, created.id), () => killedAt);
      console.log(`heartbeat: a call to a worker dead while idle answered ${first.ms.toFixed(0)} ms after the death`);
      expect(first.value!.status).to.equal(503);
      expect((await json(first.value!)).error).to.match(/did not answer for 2500 ms \(heartbeat\)/);
      expect((await json(await workbook(engine, created.id))).name).to.equal('Beating');
      // In flight: a load on the new worker (its DuckDB starting).
      const inFlight = loadOnce(engine);
      await new Promise((resolve) => setTimeout(resolve, 30));
      killedAt = kill();
      const answer = await settledAfter(inFlight, () => killedAt);
      console.log(`heartbeat: a load in flight answered ${answer.ms.toFixed(0)} ms after the death`);
      expect(answer.value!.status).to.equal(503);
      expect(answer.ms).to.be.lessThan(3500); // the 2.5 s of silence, and 1 s to spare
      expect((await json(await workbook(engine, created.id))).name).to.equal('Beating');
      expect((await json(await load(engine))).data.length).to.equal(3);
      await engine.close();
    } finally {
      setLiveness({});
    }
  });
});
