// The heartbeat that watches an engine worker where there are no Web Locks (the lock path runs in the browser tests:
// recovery.test.ts, duckdb-death.test.ts): pings only while calls are in flight, a worker that answers is never taken
// for dead, one silent for the timeout is, once; stop() ends it all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { holdLifeLock, watchWorker } from '../../../src/engine/worker/liveness.js';

const heartbeat = { intervalMs: 20, timeoutMs: 100 };

function watched(answers: boolean) {
  const pings: number[] = [];
  const deaths: string[] = [];
  const watch = watchWorker(
    () => {
      pings.push(Date.now());
      if (answers) setTimeout(() => watch.heard(), 1);
    },
    (how) => deaths.push(how),
    heartbeat,
    undefined,
  );
  watch.begin(undefined);
  return { watch, pings, deaths };
}

describe('liveness: the heartbeat fallback', () => {
  it('an idle worker is sent nothing', async () => {
    const { watch, pings, deaths } = watched(false);
    watch.busy(0);
    await sleep(300);
    assert.equal(pings.length, 0);
    assert.deepEqual(deaths, []);
    watch.stop();
  });

  it('a worker that answers is never taken for dead; pings stop when the calls end', async () => {
    const { watch, pings, deaths } = watched(true);
    watch.busy(2);
    await sleep(500); // five timeouts
    assert.deepEqual(deaths, []);
    assert.ok(pings.length >= 10, `${pings.length} pings`);
    watch.busy(0);
    const sent = pings.length;
    await sleep(200);
    assert.equal(pings.length, sent);
    watch.stop();
  });

  it('a silent worker is dead after the timeout (and before timeout + interval), once', async () => {
    const { watch, deaths } = watched(false);
    const at = Date.now();
    watch.busy(1);
    while (deaths.length === 0 && Date.now() - at < 2000) await sleep(5);
    const after = Date.now() - at;
    assert.equal(deaths.length, 1);
    assert.match(deaths[0], /did not answer for 100 ms \(heartbeat\)/);
    assert.ok(after >= 100 && after < 100 + 20 + 200, `${after} ms`); // timers run late on a busy machine
    watch.busy(1);
    await sleep(200);
    assert.equal(deaths.length, 1);
  });

  it('stop() before the timeout: no death, no more pings', async () => {
    const { watch, pings, deaths } = watched(false);
    watch.busy(1);
    await sleep(50);
    watch.stop();
    const sent = pings.length;
    await sleep(200);
    assert.deepEqual(deaths, []);
    assert.equal(pings.length, sent);
  });

  it('without Web Locks (or a name) a worker holds no life lock, and says so', async () => {
    assert.equal(await holdLifeLock('svc-engine-life:x', undefined), false);
    assert.equal(await holdLifeLock('', undefined), false);
  });
});
