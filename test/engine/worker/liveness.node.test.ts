// The heartbeat that watches an engine worker where there are no Web Locks (the lock path runs in the browser tests:
// recovery.test.ts, duckdb-death.test.ts): pings only while calls are in flight, a worker that answers is never taken
// for dead, one silent for the timeout is, once; stop() ends it all.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
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
  // The clock is node:test's mock, so no bound depends on how late a busy machine runs timers (a wall-clock bound
  // failed CI: a death seen at 389 ms against 320).
  beforeEach(() => mock.timers.enable({ apis: ['setInterval', 'setTimeout', 'Date'], now: 0 }));
  afterEach(() => mock.timers.reset());

  it('an idle worker is sent nothing', () => {
    const { watch, pings, deaths } = watched(false);
    watch.busy(0);
    mock.timers.tick(300);
    assert.equal(pings.length, 0);
    assert.deepEqual(deaths, []);
    watch.stop();
  });

  it('a worker that answers is never taken for dead; pings stop when the calls end', () => {
    const { watch, pings, deaths } = watched(true);
    watch.busy(2);
    for (let t = 0; t < 500; t++) mock.timers.tick(1); // five timeouts, its answers 1 ms after each ping
    assert.deepEqual(deaths, []);
    assert.ok(pings.length >= 20, `${pings.length} pings`);
    watch.busy(0);
    const sent = pings.length;
    mock.timers.tick(200);
    assert.equal(pings.length, sent);
    watch.stop();
  });

  it('a silent worker is dead after the timeout (and before timeout + interval), once', () => {
    const { watch, deaths } = watched(false);
    watch.busy(1);
    mock.timers.tick(heartbeat.timeoutMs);
    assert.deepEqual(deaths, [], 'not before the timeout');
    mock.timers.tick(heartbeat.intervalMs);
    assert.equal(deaths.length, 1, 'by timeout + interval');
    assert.match(deaths[0], /did not answer for 100 ms \(heartbeat\)/);
    watch.busy(1);
    mock.timers.tick(10 * heartbeat.intervalMs);
    assert.equal(deaths.length, 1, 'once');
  });

  it('stop() before the timeout: no death, no more pings', () => {
    const { watch, pings, deaths } = watched(false);
    watch.busy(1);
    mock.timers.tick(50);
    watch.stop();
    const sent = pings.length;
    mock.timers.tick(200);
    assert.deepEqual(deaths, []);
    assert.equal(pings.length, sent);
  });

  it('without Web Locks (or a name) a worker holds no life lock, and says so', async () => {
    assert.equal(await holdLifeLock('svc-engine-life:x', undefined), false);
    assert.equal(await holdLifeLock('', undefined), false);
  });
});
